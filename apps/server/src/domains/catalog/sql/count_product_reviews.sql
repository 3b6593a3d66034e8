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
