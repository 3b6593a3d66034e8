-- Each product's low-stock threshold (issue 17): below it the back office lists the product as low on stock.
ALTER TABLE "products" DROP CONSTRAINT "products_stock_nonnegative";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_nonnegative" CHECK ("products"."stock" >= 0 and "products"."low_stock_threshold" >= 0);--> statement-breakpoint

-- The back office searches its products with the shop's search (issue 17), those not for sale included:
-- `search_products(store, terms, true)`. The shop's calls pass two arguments and still find active ones only.
DROP FUNCTION search_products(integer, text[]);
--> statement-breakpoint
CREATE FUNCTION search_products(p_store_id integer, p_terms text[], p_with_hidden boolean DEFAULT false)
RETURNS TABLE (product_id integer, score double precision)
LANGUAGE plpgsql STABLE
SET pg_trgm.similarity_threshold = 0.35
ROWS 100
AS $$
BEGIN
  RETURN QUERY
  WITH phrases AS (
    SELECT sp.phrase AS text, sp.weight, sp.place FROM search_phrases(p_terms) sp
  ),
  corrections AS (
    SELECT p.place, c.word, c.closeness, c.rank_in_phrase
    FROM phrases p
    CROSS JOIN LATERAL (
      SELECT w.word, similarity(w.word, p.text)::float8 AS closeness,
        row_number() OVER (ORDER BY similarity(w.word, p.text) DESC, w.word) AS rank_in_phrase
      FROM search_words w
      WHERE w.word % p.text
      ORDER BY similarity(w.word, p.text) DESC, w.word
      LIMIT 3
    ) c
    WHERE char_length(p.text) >= 4 AND strpos(p.text, ' ') = 0
  ),
  queries AS (
    SELECT p.text, p.weight, p.place, 0::bigint AS rank_in_phrase FROM phrases p
    UNION ALL
    SELECT c.word, p.weight * c.closeness, c.place, c.rank_in_phrase
    FROM corrections c JOIN phrases p ON p.place = c.place
    WHERE NOT EXISTS (SELECT 1 FROM corrections k WHERE k.place = c.place AND k.word = p.text)
  ),
  matches AS (
    SELECT pr.id AS hit, (ts_rank(pr.search_vector, tq.query) * 10)::float8 * q.weight AS points,
      q.place, q.rank_in_phrase
    FROM queries q
    CROSS JOIN LATERAL plainto_tsquery('spanish', q.text) AS tq(query)
    JOIN products pr ON pr.search_vector @@ tq.query
    WHERE pr.store_id = p_store_id AND (pr.active OR p_with_hidden)
  )
  SELECT m.hit, sum(m.points ORDER BY m.place, m.rank_in_phrase) FROM matches m GROUP BY m.hit;
END
$$;
