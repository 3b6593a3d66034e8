-- The back office's lists at 20,000 products and 100,000 orders (issue 17, bench:admin): products by last change,
-- a reference or an order's receiver found by part of it (pg_trgm).
CREATE INDEX "products_store_id_updated_at_id_index" ON "products" USING btree ("store_id","updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_reference_trgm_idx" ON "products" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_receiver_name_trgm_idx" ON "orders" USING gin ("receiver_name" gin_trgm_ops);