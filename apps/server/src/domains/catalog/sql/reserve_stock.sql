-- Catalogue: takes the units of `p_lines` out of stock, all or nothing, if every product is for
-- sale, has the units, and still has the unit price, discount and IVA of the line in `p_tier`
-- (tier_prices).
-- `p_lines`: [{product_id, quantity, unit_price, discount, iva}], one line per product.
-- Answers {"ok": true}, or {"ok": false, "problems": [{product_id, problem, available}]} with
-- problem 'unavailable' (unknown, or not for sale), 'repriced' or 'short', and nothing changed.
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
