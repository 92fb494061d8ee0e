-- The shopper's cart (an order in status 'new'): the one home of opening it, adding articles and
-- its totals and countdown. The live claim (live/sql/claim.sql) and the TypeScript callers
-- (orders/cart.ts: the waiting list served, payment confirmation) all go through these.

-- The viewer's open cart with the seller, locked, created when there is none; answers it with
-- `created` (made now) and `empty` (no line yet). A cart whose payment has started (checkout_at)
-- takes no more articles: the viewer then gets a new one. The unique index orders_one_open_cart
-- makes a concurrent creation wait for the other transaction, then find its cart.
CREATE OR REPLACE FUNCTION orders_open_cart(p_seller integer, p_identity integer, p_buyer integer,
  p_session integer, p_comment_id text, p_locale text, p_order_number text, p_token_hash text, p_note text,
  OUT id integer, OUT order_number text, OUT session_id integer, OUT locale text, OUT created boolean,
  OUT empty boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  FOR attempt IN 1..2 LOOP
    SELECT o.id, o.order_number, o.session_id, o.locale, false,
      NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)
    INTO id, order_number, session_id, locale, created, empty
    FROM orders o
    WHERE o.seller_id = p_seller AND o.social_identity_id = p_identity AND o.status = 'new'
      AND o.checkout_at IS NULL
    FOR UPDATE OF o;
    IF FOUND THEN
      RETURN;
    END IF;
    IF attempt = 2 THEN
      RAISE EXCEPTION 'open cart vanished';
    END IF;
    INSERT INTO orders AS o (seller_id, buyer_id, social_identity_id, session_id, order_number, access_token_hash,
      status, comment_id, locale)
    VALUES (p_seller, p_buyer, p_identity, p_session, p_order_number, p_token_hash, 'new', p_comment_id, p_locale)
    ON CONFLICT (seller_id, social_identity_id)
      WHERE status = 'new' AND social_identity_id IS NOT NULL AND checkout_at IS NULL
    DO NOTHING
    RETURNING o.id, o.order_number, o.session_id, o.locale, true, true
    INTO id, order_number, session_id, locale, created, empty;
    IF FOUND THEN
      INSERT INTO order_status_history (order_id, seller_id, status, note)
      VALUES (id, p_seller, 'new', p_note);
      RETURN;
    END IF;
  END LOOP;
END;
$$;

-- Adds articles whose stock the caller has already taken (products_reserve) to a cart the caller
-- opened for the seller, without its totals: the caller computes them once it is done
-- (orders_cart_totals_many: the live claim of a post, for all its carts at once).
-- p_lines: [{configurationId, quantity, name, colorLabel, sizeLabel, photo}]. Each is more of the
-- cart's line of that configuration (which keeps the price it was added at), or a new line at
-- the configuration's price and SKU with the article as the caller read it, so later product
-- edits do not rewrite the line. Answers how many lines were given.
CREATE OR REPLACE FUNCTION orders_add_lines(p_order integer, p_seller integer, p_lines jsonb)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_line jsonb;
  v_cfg integer;
  v_qty integer;
BEGIN
  FOR i IN 0 .. jsonb_array_length(p_lines) - 1 LOOP
    v_line := p_lines->i;
    v_cfg := (v_line->>'configurationId')::integer;
    v_qty := (v_line->>'quantity')::integer;
    UPDATE order_items it SET quantity = it.quantity + v_qty, updated_at = now()
    WHERE it.order_id = p_order AND it.configuration_id = v_cfg AND it.seller_id = p_seller;
    IF NOT FOUND THEN
      INSERT INTO order_items (order_id, seller_id, product_id, configuration_id, name, color_label, size_label,
        sku, unit_price_cents, quantity, photo)
      SELECT p_order, p_seller, c.product_id, c.id, v_line->>'name', v_line->>'colorLabel', v_line->>'sizeLabel',
        c.sku, c.price_cents, v_qty, v_line->>'photo'
      FROM product_configurations c WHERE c.id = v_cfg AND c.seller_id = p_seller;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'configuration % not found for seller %', v_cfg, p_seller;
      END IF;
    END IF;
  END LOOP;
  RETURN jsonb_array_length(p_lines);
END;
$$;

-- orders_add_lines, then the cart's totals and countdown (orders_cart_totals, p_restart_minutes).
-- Answers the cart's total.
CREATE OR REPLACE FUNCTION orders_add_to_cart(p_order integer, p_seller integer, p_lines jsonb,
  p_restart_minutes integer)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_done integer;
BEGIN
  v_done := orders_add_lines(p_order, p_seller, p_lines);
  RETURN orders_cart_totals(p_order, p_restart_minutes);
END;
$$;

-- The carts' subtotal, discount and total from their lines, and their countdown, for every cart
-- of p_orders in one statement: p_restart_minutes NULL keeps the countdown, a number restarts it
-- (now + minutes; 0: the cart never expires by timer) and clears `expiring_notified_at` (a new
-- countdown gets its own "cart expiring" notice). A cart without lines has no countdown (a waiting
-- viewer's cart, or one the seller emptied).
-- The discount is the viewer's live discounts (cart_discounts of the cart's session and social
-- identity, given before the cart's payment started): each line takes the highest percent that
-- applies to it (its product's, or the whole cart's), rounded to the cent per line.
-- total = subtotal - discount + shipping. Answers how many carts were updated. Callers of many
-- carts hold their locks already (the update would take them in no set order).
CREATE OR REPLACE FUNCTION orders_cart_totals_many(p_orders integer[], p_restart_minutes integer DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  -- Whether the viewer has a discount of the cart's live is probed once per cart, and only then
  -- is each line's percent looked up.
  UPDATE orders o SET
    subtotal_cents = t.subtotal,
    discount_cents = t.discount,
    total_amount_cents = greatest(0, t.subtotal - t.discount + o.shipping_cents),
    expires_at = CASE
      WHEN t.lines = 0 THEN NULL
      WHEN p_restart_minutes IS NULL THEN o.expires_at
      WHEN p_restart_minutes <= 0 THEN NULL
      ELSE now() + make_interval(mins => p_restart_minutes) END,
    expiring_notified_at = CASE WHEN p_restart_minutes IS NULL THEN o.expiring_notified_at END,
    updated_at = now()
  FROM (SELECT x.id, s.subtotal, s.lines, s.discount
        FROM (SELECT DISTINCT u.id FROM unnest(p_orders) AS u(id) ORDER BY u.id) x,
        LATERAL (
          SELECT coalesce(sum(i.unit_price_cents * i.quantity), 0)::integer AS subtotal, count(*)::integer AS lines,
            coalesce(sum(CASE WHEN EXISTS (
                SELECT 1 FROM orders c
                JOIN cart_discounts d ON d.session_id = c.session_id AND d.social_identity_id = c.social_identity_id
                WHERE c.id = x.id)
              THEN round(i.unit_price_cents * i.quantity * coalesce((
                SELECT max(d.percent) FROM orders c
                JOIN cart_discounts d ON d.session_id = c.session_id AND d.social_identity_id = c.social_identity_id
                WHERE c.id = x.id AND (d.product_id IS NULL OR d.product_id = i.product_id)
                  AND (c.checkout_at IS NULL OR d.created_at <= c.checkout_at)), 0) / 100.0)
              ELSE 0 END), 0)::integer AS discount
          FROM order_items i WHERE i.order_id = x.id) s) t
  WHERE o.id = t.id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END;
$$;

-- One cart's totals and countdown (orders_cart_totals_many). Answers its total.
CREATE OR REPLACE FUNCTION orders_cart_totals(p_order integer, p_restart_minutes integer DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_total integer;
BEGIN
  IF orders_cart_totals_many(ARRAY[p_order], p_restart_minutes) = 0 THEN
    RETURN NULL;
  END IF;
  SELECT o.total_amount_cents INTO v_total FROM orders o WHERE o.id = p_order;
  RETURN v_total;
END;
$$;

-- A live discount given to a viewer (a chatbot reply's: p_source 'chatbot', p_source_id the
-- reply): p_percent off p_product, or off the whole cart when p_product is NULL, on their cart of
-- session p_session. Given once per giver and viewer per live (cart_discounts_giver_unique);
-- the viewer's open cart of that session, unless its payment started (checkout_at), is
-- recomputed now; a cart they open later in the live takes it with its first totals. Answers
-- whether it was given now.
CREATE OR REPLACE FUNCTION orders_grant_discount(p_seller integer, p_session integer, p_identity integer,
  p_product integer, p_percent integer, p_source text, p_source_id integer)
RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_order integer;
BEGIN
  INSERT INTO cart_discounts (seller_id, session_id, social_identity_id, product_id, percent, source, source_id)
  VALUES (p_seller, p_session, p_identity, p_product, p_percent, p_source, p_source_id)
  ON CONFLICT ON CONSTRAINT cart_discounts_giver_unique DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  SELECT o.id INTO v_order FROM orders o
  WHERE o.seller_id = p_seller AND o.social_identity_id = p_identity AND o.status = 'new'
    AND o.checkout_at IS NULL AND o.session_id = p_session
  FOR UPDATE;
  IF FOUND THEN
    PERFORM orders_cart_totals(v_order);
  END IF;
  RETURN true;
END;
$$;
