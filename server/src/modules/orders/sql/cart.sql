-- The shopper's cart (an order in status 'new'): the one home of opening it, adding articles and
-- its totals and countdown. The live claim (live/sql/claim.sql) and the TypeScript callers
-- (orders/cart.ts: the waiting list served, payment confirmation) all go through these.

-- The viewers' open carts with the seller, locked, created for those who have none; answers each
-- with `created` (made now) and `empty` (no line yet). A cart whose payment has started
-- (checkout_at) takes no more articles: the viewer then gets a new one. p_viewers: [{identity,
-- buyer, session, commentId, locale, orderNumber, tokenHash, note}], one per viewer (the fields
-- are what a cart created for them starts with). Existing carts are locked by ascending id; the
-- unique index orders_one_open_cart makes a concurrent creation wait for the other transaction,
-- and the cart it made is then read and locked.
CREATE OR REPLACE FUNCTION orders_open_carts(p_seller integer, p_viewers jsonb)
RETURNS TABLE (identity_id integer, id integer, order_number text, session_id integer, locale text,
  created boolean, empty boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_carts jsonb;
  v_made jsonb;
  v_missing integer[];
BEGIN
  v_carts := orders_lock_open_carts(p_seller, ARRAY(
    SELECT (v->>'identity')::integer FROM jsonb_array_elements(p_viewers) v));
  v_missing := ARRAY(SELECT (v->>'identity')::integer FROM jsonb_array_elements(p_viewers) v
    WHERE NOT v_carts ? (v->>'identity'));
  IF cardinality(v_missing) > 0 THEN
    WITH made AS (
      INSERT INTO orders AS o (seller_id, buyer_id, social_identity_id, session_id, order_number, access_token_hash,
        status, comment_id, locale)
      SELECT p_seller, x.buyer, x.identity, x.session, x."orderNumber", x."tokenHash", 'new', x."commentId", x.locale
      FROM jsonb_to_recordset(p_viewers) AS x(identity integer, buyer integer, session integer, "commentId" text,
        locale text, "orderNumber" text, "tokenHash" text)
      WHERE x.identity = ANY (v_missing)
      ORDER BY x.identity
      ON CONFLICT (seller_id, social_identity_id)
        WHERE status = 'new' AND social_identity_id IS NOT NULL AND checkout_at IS NULL
      DO NOTHING
      RETURNING o.social_identity_id, o.id, o.order_number, o.session_id, o.locale
    ), history AS (
      INSERT INTO order_status_history (order_id, seller_id, status, note)
      SELECT m.id, p_seller, 'new', v->>'note'
      FROM made m JOIN jsonb_array_elements(p_viewers) v ON (v->>'identity')::integer = m.social_identity_id
    )
    SELECT coalesce(jsonb_object_agg(m.social_identity_id::text, jsonb_build_object('id', m.id,
      'order_number', m.order_number, 'session_id', m.session_id, 'locale', m.locale, 'created', true,
      'empty', true)), '{}'::jsonb)
    INTO v_made FROM made m;
    v_carts := v_carts || v_made;
    -- A viewer whose cart another transaction made meanwhile (the insert waited for it): read and
    -- locked now.
    v_missing := ARRAY(SELECT u.i FROM unnest(v_missing) u(i) WHERE NOT v_made ? u.i::text);
    IF cardinality(v_missing) > 0 THEN
      v_made := orders_lock_open_carts(p_seller, v_missing);
      IF EXISTS (SELECT 1 FROM unnest(v_missing) u(i) WHERE NOT v_made ? u.i::text) THEN
        RAISE EXCEPTION 'open cart vanished';
      END IF;
      v_carts := v_carts || v_made;
    END IF;
  END IF;
  RETURN QUERY SELECT k.key::integer, (k.value->>'id')::integer, k.value->>'order_number',
    (k.value->>'session_id')::integer, k.value->>'locale', (k.value->>'created')::boolean,
    (k.value->>'empty')::boolean
  FROM jsonb_each(v_carts) k;
END;
$$;

-- The open carts of the seller's viewers p_identities, locked by ascending id, as {identity: cart}
-- (orders_open_carts' answer: id, order_number, session_id, locale, created false, empty).
-- PL/pgSQL for its plan kept for the session (products_lock_many).
CREATE OR REPLACE FUNCTION orders_lock_open_carts(p_seller integer, p_identities integer[])
RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT coalesce(jsonb_object_agg(x.social_identity_id::text, jsonb_build_object('id', x.id,
    'order_number', x.order_number, 'session_id', x.session_id, 'locale', x.locale, 'created', false,
    'empty', x.empty)), '{}'::jsonb)
  FROM (
    SELECT o.social_identity_id, o.id, o.order_number, o.session_id, o.locale,
      NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id) AS empty
    FROM orders o
    WHERE o.seller_id = p_seller AND o.status = 'new' AND o.checkout_at IS NULL
      AND o.social_identity_id = ANY (p_identities)
    ORDER BY o.id
    FOR UPDATE OF o) x);
END;
$$;

-- One viewer's open cart (orders_open_carts). The signature callers in TypeScript use.
CREATE OR REPLACE FUNCTION orders_open_cart(p_seller integer, p_identity integer, p_buyer integer,
  p_session integer, p_comment_id text, p_locale text, p_order_number text, p_token_hash text, p_note text,
  OUT id integer, OUT order_number text, OUT session_id integer, OUT locale text, OUT created boolean,
  OUT empty boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  SELECT c.id, c.order_number, c.session_id, c.locale, c.created, c.empty
  INTO id, order_number, session_id, locale, created, empty
  FROM orders_open_carts(p_seller, jsonb_build_array(jsonb_build_object('identity', p_identity, 'buyer', p_buyer,
    'session', p_session, 'commentId', p_comment_id, 'locale', p_locale, 'orderNumber', p_order_number,
    'tokenHash', p_token_hash, 'note', p_note))) c;
END;
$$;

-- Adds articles whose stock the caller has already taken (products_reserve) to carts the caller
-- opened for the seller (and holds locked), without their totals: the caller computes them once it
-- is done (orders_cart_totals_many: the live claim of a post, for all its carts at once).
-- p_lines: [{orderId, configurationId, quantity, name, colorLabel, sizeLabel, photo}], in the
-- order they were asked. Each is more of the cart's line of that configuration (which keeps the
-- price it was added at), or a new line at the configuration's price and SKU with the article as
-- the caller read it (its first mention), so later product edits do not rewrite the line. Answers
-- how many lines were given.
CREATE OR REPLACE FUNCTION orders_add_lines_many(p_seller integer, p_lines jsonb)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_wanted integer;
  v_made integer;
BEGIN
  WITH given AS (
    SELECT x."orderId" AS order_id, x."configurationId" AS cfg, x.quantity, x.name, x."colorLabel",
      x."sizeLabel", x.photo, n
    FROM ROWS FROM (jsonb_to_recordset(p_lines) AS ("orderId" integer, "configurationId" integer,
      quantity integer, name text, "colorLabel" text, "sizeLabel" text, photo text))
      WITH ORDINALITY AS x("orderId", "configurationId", quantity, name, "colorLabel", "sizeLabel", photo, n)
  ), asked AS (
    SELECT DISTINCT ON (g.order_id, g.cfg) g.order_id, g.cfg, g.name, g."colorLabel", g."sizeLabel", g.photo,
      sum(g.quantity) OVER (PARTITION BY g.order_id, g.cfg)::integer AS quantity, min(g.n) OVER (PARTITION BY g.order_id, g.cfg) AS n
    FROM given g ORDER BY g.order_id, g.cfg, g.n
  ), more AS (
    UPDATE order_items it SET quantity = it.quantity + a.quantity, updated_at = now()
    FROM asked a
    WHERE it.order_id = a.order_id AND it.configuration_id = a.cfg AND it.seller_id = p_seller
    RETURNING it.order_id, it.configuration_id
  ), fresh AS (
    INSERT INTO order_items (order_id, seller_id, product_id, configuration_id, name, color_label, size_label,
      sku, unit_price_cents, quantity, photo)
    SELECT a.order_id, p_seller, c.product_id, c.id, a.name, a."colorLabel", a."sizeLabel", c.sku, c.price_cents,
      a.quantity, a.photo
    FROM asked a JOIN product_configurations c ON c.id = a.cfg AND c.seller_id = p_seller
    WHERE NOT EXISTS (SELECT 1 FROM more m WHERE m.order_id = a.order_id AND m.configuration_id = a.cfg)
    ORDER BY a.n
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM asked)::integer,
    (SELECT count(DISTINCT (m.order_id, m.configuration_id)) FROM more m)::integer + (SELECT count(*) FROM fresh)::integer
  INTO v_wanted, v_made;
  IF v_made < v_wanted THEN
    RAISE EXCEPTION 'configuration not found for seller %', p_seller;
  END IF;
  RETURN jsonb_array_length(p_lines);
END;
$$;

-- One cart's lines (orders_add_lines_many). p_lines without orderId.
CREATE OR REPLACE FUNCTION orders_add_lines(p_order integer, p_seller integer, p_lines jsonb)
RETURNS integer
LANGUAGE sql AS $$
  SELECT orders_add_lines_many(p_seller, coalesce(
    (SELECT jsonb_agg(l || jsonb_build_object('orderId', p_order) ORDER BY n)
     FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS t(l, n)), '[]'::jsonb));
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

-- The discount of one line of a cart, in cents: the viewer's live discounts (cart_discounts of the
-- cart's session and social identity, given before the cart's payment started, p_checkout_at), the
-- highest percent that applies to the line's product (its product's, or the whole cart's), of the
-- line's amount (p_amount: unit price × quantity), rounded to the cent. The one rule of a line's
-- discount: the carts' totals (orders_cart_totals_many) and the shop's copy of a paid order
-- (shopsync/shop-orders.ts) read it here.
CREATE OR REPLACE FUNCTION orders_line_discount_cents(p_session integer, p_identity integer,
  p_checkout_at timestamptz, p_product integer, p_amount integer)
RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT round(p_amount * coalesce((
    SELECT max(d.percent) FROM cart_discounts d
    WHERE d.session_id = p_session AND d.social_identity_id = p_identity
      AND (d.product_id IS NULL OR d.product_id = p_product)
      AND (p_checkout_at IS NULL OR d.created_at <= p_checkout_at)), 0) / 100.0)::integer
$$;

-- The carts' subtotal, discount and total from their lines, and their countdown, for every cart
-- of p_orders in one statement: p_restart_minutes NULL keeps the countdown, a number restarts it
-- (now + minutes; 0: the cart never expires by timer) and clears `expiring_notified_at` (a new
-- countdown gets its own "cart expiring" notice). A cart without lines has no countdown (a waiting
-- viewer's cart, or one the seller emptied).
-- The discount is the sum of the lines' (orders_line_discount_cents).
-- total = subtotal - discount + shipping. Answers how many carts were updated. Callers of many
-- carts hold their locks already (the update would take them in no set order).
CREATE OR REPLACE FUNCTION orders_cart_totals_many(p_orders integer[], p_restart_minutes integer DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  -- Whether the viewer has a discount of the cart's live is probed once per cart (not per line),
  -- and only then is each line's percent looked up.
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
        FROM (SELECT DISTINCT u.id FROM unnest(p_orders) AS u(id) ORDER BY u.id) x
        JOIN orders c ON c.id = x.id,
        LATERAL (SELECT EXISTS (SELECT 1 FROM cart_discounts d
          WHERE d.session_id = c.session_id AND d.social_identity_id = c.social_identity_id) AS given) h,
        LATERAL (
          SELECT coalesce(sum(i.unit_price_cents * i.quantity), 0)::integer AS subtotal, count(*)::integer AS lines,
            coalesce(sum(CASE WHEN h.given
              THEN orders_line_discount_cents(c.session_id, c.social_identity_id, c.checkout_at, i.product_id,
                i.unit_price_cents * i.quantity)
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
