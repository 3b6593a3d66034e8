ALTER TABLE "product_comments" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "product_comments" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "product_comments" ADD COLUMN "status" text DEFAULT 'publicada' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_comments" ADD COLUMN "store_reply" text;--> statement-breakpoint
ALTER TABLE "product_comments" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_comments" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "product_comments_one_per_order_line" ON "product_comments" USING btree ("order_id","product_id") WHERE "product_comments"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "product_comments_status_created_at_index" ON "product_comments" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "product_comments" ADD CONSTRAINT "product_comments_status" CHECK ("product_comments"."status" in ('publicada', 'pendiente', 'oculta'));--> statement-breakpoint
ALTER TABLE "product_comments" ADD CONSTRAINT "product_comments_order_review_title" CHECK ("product_comments"."order_id" is null or "product_comments"."title" is not null);--> statement-breakpoint
ALTER TABLE "product_comments" ADD CONSTRAINT "product_comments_reply" CHECK (("product_comments"."store_reply" is null) = ("product_comments"."replied_at" is null));--> statement-breakpoint
-- A buyer's review names a line of the order it comes from (decision 025). Declared here rather than in
-- catalog/tables.ts: the orders sit above the catalogue in the domains' map, so that file cannot name them.
ALTER TABLE "product_comments" ADD CONSTRAINT "product_comments_order_line_fk"
  FOREIGN KEY ("order_id", "product_id") REFERENCES "order_lines" ("order_id", "product_id");
--> statement-breakpoint
-- Only published comments count (catalog/sql/count_product_reviews.sql).
-- Stars from real reviews (issue 16): a product's rating (`calificacion`, 0 to 5) is the average of
-- its comments' ratings, 0 without comments. It used to be a seeded figure of its own, so a product
-- nobody had reviewed showed 4.5 stars beside "Sin opiniones". The database now counts each
-- product's comments and sums their ratings as comments are written, changed or deleted, so every
-- list (pages of 12 to 100 products, searches, favourites) reads the average from the product row
-- without aggregating comments; the counts are integers, changed by addition under the row's lock,
-- so two comments written at once are both counted. The catalogue divides (product-rows.ts).
-- Buyers' reviews (issue 35, decision 025): only published comments count. A review waiting for the
-- back office (`pendiente`) or hidden by it (`oculta`) leaves the counts alone; publishing it adds
-- it, hiding it takes it away again (the trigger also fires on a change of `status`).
CREATE OR REPLACE FUNCTION count_product_reviews() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'publicada' THEN
    UPDATE products SET review_count = review_count - 1, rating_total = rating_total - OLD.rating
      WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'publicada' THEN
    UPDATE products SET review_count = review_count + 1, rating_total = rating_total + NEW.rating
      WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "product_comments_count_reviews" ON "product_comments";
--> statement-breakpoint
CREATE TRIGGER product_comments_count_reviews
  AFTER INSERT OR DELETE OR UPDATE OF product_id, rating, status ON product_comments
  FOR EACH ROW EXECUTE FUNCTION count_product_reviews();
