-- An order in one statement (issue 5): `select place_order(order, lines)` reserves the stock and
-- stores the order, its lines and its first state atomically, in one round trip, with the plans
-- of its statements kept by PL/pgSQL from one call to the next. The server prices the order
-- (apps/server/src/domains/orders/pricing.ts) from a read of the products just before; the
-- reservation checks, under the row locks, that those prices are still the products' prices.

-- Catalogue: takes the units of `p_lines` out of stock, all or nothing, if every product is for
-- sale, has the units, and still has the unit price, discount and IVA of the line in `p_tier`.
-- `p_lines`: [{product_id, quantity, unit_price, discount, iva}], one line per product.
-- Answers {"ok": true}, or {"ok": false, "problems": [{product_id, problem, available}]} with
-- problem 'unavailable' (unknown, or not for sale), 'repriced' or 'short', and nothing changed.
CREATE FUNCTION reserve_stock(p_tier text, p_lines jsonb) RETURNS jsonb
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
             WHEN (CASE WHEN p_tier = 'corporate' THEN p.corporate_price ELSE p.price END) <> w.unit_price
               OR (CASE WHEN p_tier = 'corporate' THEN p.corporate_discount ELSE p.discount END) <> w.discount
               OR (CASE WHEN p_tier = 'corporate' THEN p.corporate_iva ELSE p.iva END) <> w.iva THEN 'repriced'
             ELSE 'short'
           END,
           'available', p.stock) ORDER BY w.product_id)
    INTO v_problems
    FROM jsonb_to_recordset(p_lines) AS w(product_id int, quantity int, unit_price int, discount int, iva int)
    LEFT JOIN products p ON p.id = w.product_id
    LEFT JOIN stores s ON s.id = p.store_id
    WHERE p.id IS NULL
       OR NOT (p.active AND s.active)
       OR (CASE WHEN p_tier = 'corporate' THEN p.corporate_price ELSE p.price END) <> w.unit_price
       OR (CASE WHEN p_tier = 'corporate' THEN p.corporate_discount ELSE p.discount END) <> w.discount
       OR (CASE WHEN p_tier = 'corporate' THEN p.corporate_iva ELSE p.iva END) <> w.iva
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
--> statement-breakpoint
-- Orders: reserves the stock of `p_lines` (reserve_stock) and, when it is reserved, stores the
-- order `p_order` (the columns of "orders" but id, as a JSON object), its lines (the columns of
-- "order_lines" but order_id) and its first state. Answers reserve_stock's refusal, or
-- {"ok": true, "order_id": n}. A new column of "orders" or "order_lines" must be added here too.
CREATE FUNCTION place_order(p_order jsonb, p_lines jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_reservation jsonb;
  v_order_id integer;
BEGIN
  v_reservation := reserve_stock(p_order->>'price_tier', p_lines);
  IF NOT (v_reservation->>'ok')::boolean THEN
    RETURN v_reservation;
  END IF;
  INSERT INTO orders (
    person_id, store_id, address_id, street, address_reference, neighborhood, receiver_name,
    receiver_phone, municipality_code, municipality_name, department_name, observation, price_tier,
    item_count, subtotal, iva_total, shipping, total, delivery_type, payment_type, payment_type_name,
    status_id, expires_at, created_at, updated_at)
  SELECT
    o.person_id, o.store_id, o.address_id, o.street, o.address_reference, o.neighborhood, o.receiver_name,
    o.receiver_phone, o.municipality_code, o.municipality_name, o.department_name, o.observation, o.price_tier,
    o.item_count, o.subtotal, o.iva_total, o.shipping, o.total, o.delivery_type, o.payment_type, o.payment_type_name,
    o.status_id, o.expires_at, o.created_at, o.updated_at
  FROM jsonb_populate_record(NULL::orders, p_order) AS o
  RETURNING id INTO v_order_id;
  INSERT INTO order_lines (
    order_id, product_id, position, reference, name, image, unit_price, list_price, discount, iva,
    quantity, line_total, line_iva)
  SELECT
    v_order_id, l.product_id, l.position, l.reference, l.name, l.image, l.unit_price, l.list_price, l.discount, l.iva,
    l.quantity, l.line_total, l.line_iva
  FROM jsonb_populate_recordset(NULL::order_lines, p_lines) AS l;
  INSERT INTO order_status_history (order_id, status_id, at)
  VALUES (v_order_id, (p_order->>'status_id')::integer, (p_order->>'created_at')::timestamptz);
  RETURN jsonb_build_object('ok', true, 'order_id', v_order_id);
END
$$;
