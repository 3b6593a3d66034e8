-- The back office's order list (issue 17): newest first, over all orders or one state, paged by the database.
CREATE INDEX "orders_created_at_index" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_status_id_created_at_index" ON "orders" USING btree ("status_id","created_at");