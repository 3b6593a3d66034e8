-- Emptying the comments (alone) empties the counts.
CREATE OR REPLACE FUNCTION forget_product_reviews() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET review_count = 0, rating_total = 0 WHERE review_count <> 0;
  RETURN NULL;
END $$;
