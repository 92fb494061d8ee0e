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

-- Adds p_quantity of a configuration to a cart whose stock the caller has already taken
-- (products_reserve): more of the line when the cart has it (the line keeps the price it was
-- added at), else a new line at the configuration's price and SKU, with the article as the caller
-- read it (p_line: {productId, name, colorLabel, sizeLabel, photo}) so later product edits do not
-- rewrite the line. Answers the line's id.
CREATE OR REPLACE FUNCTION orders_add_to_cart(p_order integer, p_seller integer, p_configuration integer,
  p_quantity integer, p_line jsonb)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_line integer;
BEGIN
  UPDATE order_items i SET quantity = i.quantity + p_quantity, updated_at = now()
  WHERE i.order_id = p_order AND i.configuration_id = p_configuration AND i.seller_id = p_seller
  RETURNING i.id INTO v_line;
  IF FOUND THEN
    RETURN v_line;
  END IF;
  INSERT INTO order_items (order_id, seller_id, product_id, configuration_id, name, color_label, size_label, sku,
    unit_price_cents, quantity, photo)
  SELECT o.id, p_seller, c.product_id, c.id, p_line->>'name', p_line->>'colorLabel', p_line->>'sizeLabel', c.sku,
    c.price_cents, p_quantity, p_line->>'photo'
  FROM orders o, product_configurations c
  WHERE o.id = p_order AND o.seller_id = p_seller AND c.id = p_configuration AND c.seller_id = p_seller
  RETURNING id INTO v_line;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order % or configuration % not found for seller %', p_order, p_configuration, p_seller;
  END IF;
  RETURN v_line;
END;
$$;

-- The cart's subtotal and total from its lines, and its countdown: p_restart_minutes NULL keeps
-- it, a number restarts it (now + minutes; 0: the cart never expires by timer). A cart without
-- lines has no countdown (a waiting viewer's cart, or one the seller emptied). Answers the total.
CREATE OR REPLACE FUNCTION orders_cart_totals(p_order integer, p_restart_minutes integer DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_total integer;
BEGIN
  UPDATE orders o SET
    subtotal_cents = t.subtotal,
    total_amount_cents = greatest(0, t.subtotal - o.discount_cents + o.shipping_cents),
    expires_at = CASE
      WHEN t.lines = 0 THEN NULL
      WHEN p_restart_minutes IS NULL THEN o.expires_at
      WHEN p_restart_minutes <= 0 THEN NULL
      ELSE now() + make_interval(mins => p_restart_minutes) END,
    updated_at = now()
  FROM (SELECT coalesce(sum(i.unit_price_cents * i.quantity), 0)::integer AS subtotal, count(*)::integer AS lines
        FROM order_items i WHERE i.order_id = p_order) t
  WHERE o.id = p_order
  RETURNING o.total_amount_cents INTO v_total;
  RETURN v_total;
END;
$$;
