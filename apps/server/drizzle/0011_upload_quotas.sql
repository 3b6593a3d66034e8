ALTER TABLE "photo_consents" ADD COLUMN "purpose" text DEFAULT 'subida' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "skin_analyses" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "photo_consents_ip_accepted_at_index" ON "photo_consents" USING btree ("ip","accepted_at");--> statement-breakpoint
CREATE INDEX "photos_ip_created_at_index" ON "photos" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "skin_analyses_ip_created_at_index" ON "skin_analyses" USING btree ("ip","created_at");