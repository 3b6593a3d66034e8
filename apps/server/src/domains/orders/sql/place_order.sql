-- An order in one statement (issues 5, 10 and 29): reserves the stock of `p_lines` (catalog's
-- reserve_stock) and, when it is reserved, stores the order `p_order` (the columns of "orders" but
-- id, as a JSON object), its lines (the columns of "order_lines" but order_id) and its first state,
-- atomically, in one round trip. A new column of "orders" or "order_lines" must be added here too.
-- The server prices the order (orders/pricing.ts) from a read of the products just before; the
-- reservation checks, under the row locks, that those prices are still the products' prices.
-- `p_limits` ({max_unpaid, unpaid_statuses, max_units_person, max_units_address}): an order is
-- refused ({"ok": false, "unpaid": n}) when the person already has `max_unpaid` unpaid orders still
-- reserved, and ({"ok": false, "held": n, "scope": "persona" | "direccion"}) when its units, added to
-- those the person (or the address the order comes from) already holds in unpaid orders still
-- reserved, pass the ceiling. The person's orders queue on the person's row lock; orders from one
-- address queue on an advisory lock of that address, so parallel requests cannot slip past either.
-- A null ceiling (a corporate client's order, which the store invoices) is not checked. A repeated
-- idempotency key answers the first order ({"ok": true, "order_id": n, "repeated": true}).
-- `p_limits.code` ({id, version, cancelled_status}) or null: the discount code the order carries (issue 35),
-- locked after the person; the server priced the lines with that version of it, so a code changed since
-- answers {"ok": false, "code": "changed"} (price again), and its rules that other orders can change are
-- decided here, under the lock: paused ("paused"), not started ("not_started") or ended ("ended") at the
-- order's time, its uses in all ("used_up") or the person's ("person_used_up"), and first purchase only
-- ("not_first"). A use is an order carrying the code that is not cancelled, so the last use cannot be
-- taken twice and a cancelled or expired order gives its use back.
-- Otherwise answers reserve_stock's refusal, or {"ok": true, "order_id": n}.
CREATE OR REPLACE FUNCTION place_order(p_order jsonb, p_lines jsonb, p_limits jsonb)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_person_id integer := (p_order->>'person_id')::integer;
  v_key text := p_order->>'idempotency_key';
  v_ip text := p_order->>'client_ip';
  v_now timestamptz := (p_order->>'created_at')::timestamptz;
  v_unpaid_statuses integer[] := ARRAY(SELECT jsonb_array_elements_text(p_limits->'unpaid_statuses')::integer);
  v_max_person integer := (p_limits->>'max_units_person')::integer;
  v_max_address integer := (p_limits->>'max_units_address')::integer;
  v_units integer := (SELECT coalesce(sum((l->>'quantity')::integer), 0) FROM jsonb_array_elements(p_lines) AS l);
  v_unpaid integer;
  v_held integer;
  v_reservation jsonb;
  v_order_id integer;
  v_code jsonb := nullif(p_limits->'code', 'null'::jsonb);
  v_code_row discount_codes%ROWTYPE;
  v_cancelled integer;
BEGIN
  PERFORM 1 FROM persons WHERE id = v_person_id FOR NO KEY UPDATE;
  IF v_key IS NOT NULL THEN
    SELECT id INTO v_order_id FROM orders WHERE person_id = v_person_id AND idempotency_key = v_key;
    IF v_order_id IS NOT NULL THEN
      RETURN jsonb_build_object('ok', true, 'order_id', v_order_id, 'repeated', true);
    END IF;
  END IF;
  -- The person's unpaid orders still holding stock, and their units (an order's item_count is its units).
  SELECT count(*), coalesce(sum(item_count), 0) INTO v_unpaid, v_held FROM orders
    WHERE person_id = v_person_id
      AND status_id = ANY (v_unpaid_statuses)
      AND (expires_at > v_now OR payment_pending);
  IF v_unpaid >= (p_limits->>'max_unpaid')::integer THEN
    RETURN jsonb_build_object('ok', false, 'unpaid', v_unpaid);
  END IF;
  IF v_max_person IS NOT NULL AND v_held + v_units > v_max_person THEN
    RETURN jsonb_build_object('ok', false, 'held', v_held, 'scope', 'persona');
  END IF;
  IF v_max_address IS NOT NULL AND v_ip IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('orden-ip:' || v_ip));
    SELECT coalesce(sum(item_count), 0) INTO v_held FROM orders
      WHERE client_ip = v_ip
        AND status_id = ANY (v_unpaid_statuses)
        AND (expires_at > v_now OR payment_pending);
    IF v_held + v_units > v_max_address THEN
      RETURN jsonb_build_object('ok', false, 'held', v_held, 'scope', 'direccion');
    END IF;
  END IF;
  IF v_code IS NOT NULL THEN
    v_cancelled := (v_code->>'cancelled_status')::integer;
    SELECT * INTO v_code_row FROM discount_codes WHERE id = (v_code->>'id')::integer FOR UPDATE;
    IF NOT FOUND OR v_code_row.version <> (v_code->>'version')::integer THEN
      RETURN jsonb_build_object('ok', false, 'code', 'changed');
    END IF;
    IF NOT v_code_row.active THEN
      RETURN jsonb_build_object('ok', false, 'code', 'paused');
    END IF;
    IF v_code_row.starts_at IS NOT NULL AND v_now < v_code_row.starts_at THEN
      RETURN jsonb_build_object('ok', false, 'code', 'not_started');
    END IF;
    IF v_code_row.ends_at IS NOT NULL AND v_now >= v_code_row.ends_at THEN
      RETURN jsonb_build_object('ok', false, 'code', 'ended');
    END IF;
    IF v_code_row.max_uses IS NOT NULL AND (SELECT count(*) FROM orders
        WHERE discount_code_id = v_code_row.id AND status_id <> v_cancelled) >= v_code_row.max_uses THEN
      RETURN jsonb_build_object('ok', false, 'code', 'used_up');
    END IF;
    IF v_code_row.max_uses_per_person IS NOT NULL AND (SELECT count(*) FROM orders
        WHERE discount_code_id = v_code_row.id AND person_id = v_person_id AND status_id <> v_cancelled)
        >= v_code_row.max_uses_per_person THEN
      RETURN jsonb_build_object('ok', false, 'code', 'person_used_up');
    END IF;
    IF v_code_row.first_purchase_only AND EXISTS (SELECT 1 FROM orders
        WHERE person_id = v_person_id AND status_id <> v_cancelled) THEN
      RETURN jsonb_build_object('ok', false, 'code', 'not_first');
    END IF;
  END IF;
  v_reservation := reserve_stock(p_order->>'price_tier', p_lines);
  IF NOT (v_reservation->>'ok')::boolean THEN
    RETURN v_reservation;
  END IF;
  INSERT INTO orders (
    person_id, store_id, address_id, street, address_reference, neighborhood, receiver_name,
    receiver_phone, municipality_code, municipality_name, department_name, observation, price_tier,
    item_count, subtotal, iva_total, shipping, delivery_days_min, delivery_days_max, discount_code_id,
    discount_code, code_discount, total, delivery_type, payment_type, payment_type_name, status_id, idempotency_key,
    expires_at, client_ip, created_at, updated_at)
  SELECT
    o.person_id, o.store_id, o.address_id, o.street, o.address_reference, o.neighborhood, o.receiver_name,
    o.receiver_phone, o.municipality_code, o.municipality_name, o.department_name, o.observation, o.price_tier,
    o.item_count, o.subtotal, o.iva_total, o.shipping, o.delivery_days_min, o.delivery_days_max, o.discount_code_id,
    o.discount_code, coalesce(o.code_discount, 0), o.total, o.delivery_type, o.payment_type, o.payment_type_name, o.status_id,
    o.idempotency_key, o.expires_at, o.client_ip, o.created_at, o.updated_at
  FROM jsonb_populate_record(NULL::orders, p_order) AS o
  RETURNING id INTO v_order_id;
  INSERT INTO order_lines (
    order_id, product_id, position, reference, name, image, unit_price, list_price, discount, iva,
    quantity, line_total, code_discount, line_iva)
  SELECT
    v_order_id, l.product_id, l.position, l.reference, l.name, l.image, l.unit_price, l.list_price, l.discount, l.iva,
    l.quantity, l.line_total, coalesce(l.code_discount, 0), l.line_iva
  FROM jsonb_populate_recordset(NULL::order_lines, p_lines) AS l;
  INSERT INTO order_status_history (order_id, status_id, at)
  VALUES (v_order_id, (p_order->>'status_id')::integer, v_now);
  RETURN jsonb_build_object('ok', true, 'order_id', v_order_id);
END
$$;
