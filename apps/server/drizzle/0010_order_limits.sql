ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_person_id_idempotency_key_index" ON "orders" USING btree ("person_id","idempotency_key");--> statement-breakpoint
-- Orders against hoarding (issue 15): `place_order` now takes the person's row lock first, so
-- that one person's orders are placed one at a time, and before reserving anything
--  - answers the order already made with the same idempotency key ({"ok": true, "order_id": n,
--    "repeated": true}): a double tap or a repeated request makes one order;
--  - refuses ({"ok": false, "unpaid": n}) when the person already has `p_max_unpaid` orders in
--    one of `p_unpaid_statuses` that still hold their stock (not past their expiry, or with a
--    payment pending).
DROP FUNCTION place_order(jsonb, jsonb);
--> statement-breakpoint
CREATE FUNCTION place_order(p_order jsonb, p_lines jsonb, p_max_unpaid integer, p_unpaid_statuses integer[])
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_person_id integer := (p_order->>'person_id')::integer;
  v_key text := p_order->>'idempotency_key';
  v_now timestamptz := (p_order->>'created_at')::timestamptz;
  v_unpaid integer;
  v_reservation jsonb;
  v_order_id integer;
BEGIN
  PERFORM 1 FROM persons WHERE id = v_person_id FOR NO KEY UPDATE;
  IF v_key IS NOT NULL THEN
    SELECT id INTO v_order_id FROM orders WHERE person_id = v_person_id AND idempotency_key = v_key;
    IF v_order_id IS NOT NULL THEN
      RETURN jsonb_build_object('ok', true, 'order_id', v_order_id, 'repeated', true);
    END IF;
  END IF;
  SELECT count(*) INTO v_unpaid FROM orders
    WHERE person_id = v_person_id
      AND status_id = ANY (p_unpaid_statuses)
      AND (expires_at > v_now OR payment_pending);
  IF v_unpaid >= p_max_unpaid THEN
    RETURN jsonb_build_object('ok', false, 'unpaid', v_unpaid);
  END IF;
  v_reservation := reserve_stock(p_order->>'price_tier', p_lines);
  IF NOT (v_reservation->>'ok')::boolean THEN
    RETURN v_reservation;
  END IF;
  INSERT INTO orders (
    person_id, store_id, address_id, street, address_reference, neighborhood, receiver_name,
    receiver_phone, municipality_code, municipality_name, department_name, observation, price_tier,
    item_count, subtotal, iva_total, shipping, total, delivery_type, payment_type, payment_type_name,
    status_id, idempotency_key, expires_at, created_at, updated_at)
  SELECT
    o.person_id, o.store_id, o.address_id, o.street, o.address_reference, o.neighborhood, o.receiver_name,
    o.receiver_phone, o.municipality_code, o.municipality_name, o.department_name, o.observation, o.price_tier,
    o.item_count, o.subtotal, o.iva_total, o.shipping, o.total, o.delivery_type, o.payment_type, o.payment_type_name,
    o.status_id, o.idempotency_key, o.expires_at, o.created_at, o.updated_at
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
  VALUES (v_order_id, (p_order->>'status_id')::integer, v_now);
  RETURN jsonb_build_object('ok', true, 'order_id', v_order_id);
END
$$;
