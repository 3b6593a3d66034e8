-- The database's functions get a home (issue 34): each one's definition is now the file
-- apps/server/src/domains/<domain>/sql/<name>.sql, and a test (domains/sql-functions.test.ts) holds
-- the migrated database equal to the files. A new version of a function is written in its file and
-- carried here by a new migration, as below.
-- The tiers' price choice, written six times as CASE expressions in reserve_stock (0006), is one
-- function, tier_prices, that reserve_stock reads (catalog/sql/tier_prices.sql). Same answers.
CREATE OR REPLACE FUNCTION tier_prices(p_tier text, p products, OUT price integer, OUT discount integer, OUT iva integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT
    CASE WHEN p_tier = 'corporate' THEN p.corporate_price ELSE p.price END,
    CASE WHEN p_tier = 'corporate' THEN p.corporate_discount ELSE p.discount END,
    CASE WHEN p_tier = 'corporate' THEN p.corporate_iva ELSE p.iva END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reserve_stock(p_tier text, p_lines jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_problems jsonb;
BEGIN
  IF (SELECT count(DISTINCT (line->>'product_id')::int) FROM jsonb_array_elements(p_lines) AS line)
     <> jsonb_array_length(p_lines) THEN
    RAISE EXCEPTION 'reserve_stock: one line per product';
  END IF;
  -- Rows locked in id order: two orders over the same products queue and never deadlock.
  PERFORM 1 FROM products
    WHERE id IN (SELECT (line->>'product_id')::int FROM jsonb_array_elements(p_lines) AS line)
    ORDER BY id
    FOR NO KEY UPDATE;
  SELECT jsonb_agg(jsonb_build_object(
           'product_id', w.product_id,
           'problem', CASE
             WHEN p.id IS NULL OR NOT (p.active AND s.active) THEN 'unavailable'
             WHEN (t.price, t.discount, t.iva) <> (w.unit_price, w.discount, w.iva) THEN 'repriced'
             ELSE 'short'
           END,
           'available', p.stock) ORDER BY w.product_id)
    INTO v_problems
    FROM jsonb_to_recordset(p_lines) AS w(product_id int, quantity int, unit_price int, discount int, iva int)
    LEFT JOIN products p ON p.id = w.product_id
    LEFT JOIN stores s ON s.id = p.store_id
    LEFT JOIN LATERAL tier_prices(p_tier, p) AS t ON true
    WHERE p.id IS NULL
       OR NOT (p.active AND s.active)
       OR (t.price, t.discount, t.iva) <> (w.unit_price, w.discount, w.iva)
       OR p.stock < w.quantity;
  IF v_problems IS NOT NULL THEN
    RETURN jsonb_build_object('ok', false, 'problems', v_problems);
  END IF;
  UPDATE products p SET stock = p.stock - w.quantity
    FROM jsonb_to_recordset(p_lines) AS w(product_id int, quantity int)
    WHERE p.id = w.product_id;
  RETURN jsonb_build_object('ok', true);
END
$$;
