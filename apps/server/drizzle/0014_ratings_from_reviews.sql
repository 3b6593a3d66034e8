ALTER TABLE "products" DROP CONSTRAINT "products_rating_range";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "rating";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reviews_range" CHECK ("products"."review_count" >= 0 and "products"."rating_total" between "products"."review_count" and 5 * "products"."review_count");--> statement-breakpoint
-- Stars from real reviews (issue 16): a product's rating (`calificacion`, 0 to 5) is the average of
-- its comments' ratings, 0 without comments. It used to be a seeded figure of its own, so a product
-- nobody had reviewed showed 4.5 stars beside "Sin opiniones". The database now counts each
-- product's comments and sums their ratings as comments are written, changed or deleted, so every
-- list (pages of 12 to 100 products, searches, favourites) reads the average from the product row
-- without aggregating comments; the counts are integers, changed by addition under the row's lock,
-- so two comments written at once are both counted. The catalogue divides (product-rows.ts).
CREATE FUNCTION count_product_reviews() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE products SET review_count = review_count - 1, rating_total = rating_total - OLD.rating
      WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE products SET review_count = review_count + 1, rating_total = rating_total + NEW.rating
      WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_comments_count_reviews
  AFTER INSERT OR DELETE OR UPDATE OF product_id, rating ON product_comments
  FOR EACH ROW EXECUTE FUNCTION count_product_reviews();
--> statement-breakpoint
-- Emptying the comments (alone) empties the counts.
CREATE FUNCTION forget_product_reviews() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET review_count = 0, rating_total = 0 WHERE review_count <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_comments_forget_reviews
  AFTER TRUNCATE ON product_comments
  FOR EACH STATEMENT EXECUTE FUNCTION forget_product_reviews();
--> statement-breakpoint
-- The comments already stored.
UPDATE products p SET review_count = c.reviews, rating_total = c.total
  FROM (SELECT product_id, count(*)::int AS reviews, sum(rating)::int AS total
        FROM product_comments GROUP BY product_id) c
  WHERE c.product_id = p.id;
