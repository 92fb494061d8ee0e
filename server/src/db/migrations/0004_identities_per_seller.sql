-- Social identities belong to one seller (platform user ids are page-scoped, and what the capture
-- tool or simulator sends is the seller's word): an identity used at several sellers is split, the
-- seller that saw it first keeps the row, every other one gets its own copy and its rows move to it.
-- A copy keeps the account link only where that seller has an order of the identity bought by that
-- account. Orders get `checkout_at`: a cart whose payment has started takes no more articles.
ALTER TABLE "social_identities" DROP CONSTRAINT "social_identities_platform_user_unique";--> statement-breakpoint
DROP INDEX "orders_one_open_cart";--> statement-breakpoint
ALTER TABLE "social_identities" ADD COLUMN "seller_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_at" timestamp with time zone;--> statement-breakpoint
WITH refs AS (
  SELECT social_identity_id AS sid, seller_id, created_at AS at FROM orders WHERE social_identity_id IS NOT NULL
  UNION ALL
  SELECT social_identity_id, seller_id, created_at FROM waiting_list WHERE social_identity_id IS NOT NULL
  UNION ALL
  SELECT social_identity_id, seller_id, received_at FROM live_comments WHERE social_identity_id IS NOT NULL
), firsts AS (
  SELECT DISTINCT ON (sid) sid, seller_id FROM refs ORDER BY sid, at, seller_id
)
UPDATE social_identities si SET seller_id = f.seller_id FROM firsts f WHERE si.id = f.sid;--> statement-breakpoint
INSERT INTO social_identities (seller_id, platform, external_user_id, name, user_id, linked_at, created_at, updated_at)
SELECT DISTINCT r.seller_id, si.platform, si.external_user_id, si.name, si.user_id, si.linked_at, si.created_at, now()
FROM (
  SELECT social_identity_id AS sid, seller_id FROM orders WHERE social_identity_id IS NOT NULL
  UNION
  SELECT social_identity_id, seller_id FROM waiting_list WHERE social_identity_id IS NOT NULL
  UNION
  SELECT social_identity_id, seller_id FROM live_comments WHERE social_identity_id IS NOT NULL
) r JOIN social_identities si ON si.id = r.sid
WHERE r.seller_id <> si.seller_id;--> statement-breakpoint
UPDATE orders o SET social_identity_id = n.id
FROM social_identities old, social_identities n
WHERE o.social_identity_id = old.id AND o.seller_id <> old.seller_id AND n.seller_id = o.seller_id
  AND n.platform = old.platform AND n.external_user_id = old.external_user_id;--> statement-breakpoint
UPDATE waiting_list w SET social_identity_id = n.id
FROM social_identities old, social_identities n
WHERE w.social_identity_id = old.id AND w.seller_id <> old.seller_id AND n.seller_id = w.seller_id
  AND n.platform = old.platform AND n.external_user_id = old.external_user_id;--> statement-breakpoint
UPDATE live_comments c SET social_identity_id = n.id
FROM social_identities old, social_identities n
WHERE c.social_identity_id = old.id AND c.seller_id <> old.seller_id AND n.seller_id = c.seller_id
  AND n.platform = old.platform AND n.external_user_id = old.external_user_id;--> statement-breakpoint
UPDATE social_identities si SET user_id = NULL, linked_at = NULL
WHERE si.user_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.social_identity_id = si.id AND o.buyer_id = si.user_id);--> statement-breakpoint
DELETE FROM social_identities WHERE seller_id IS NULL;--> statement-breakpoint
ALTER TABLE "social_identities" ALTER COLUMN "seller_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_seller_platform_user_unique" UNIQUE("seller_id","platform","external_user_id");--> statement-breakpoint
UPDATE orders o SET checkout_at = p.first_at
FROM (SELECT order_id, min(created_at) AS first_at FROM payments GROUP BY order_id) p
WHERE p.order_id = o.id;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_cart" ON "orders" USING btree ("seller_id","social_identity_id") WHERE "orders"."status" = 'new' and "orders"."social_identity_id" is not null and "orders"."checkout_at" is null;--> statement-breakpoint

-- The claim (migration 0003) with identities per seller, and the viewer's cart being the one that
-- still takes articles (no payment started).
CREATE OR REPLACE FUNCTION live_claim_comment(p jsonb)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_seller integer := (p->>'sellerId')::integer;
  v_session integer := (p->>'sessionId')::integer;
  v_timer integer := (p->>'timer')::integer;
  v_identity integer;
  v_user integer;
  v_want jsonb;
  v_cfg integer;
  v_qty integer;
  v_price integer;
  v_sku text;
  v_stock integer;
  v_queued boolean;
  v_taken boolean;
  v_reserved jsonb := '[]'::jsonb;
  v_waiting jsonb := '[]'::jsonb;
  v_order_id integer;
  v_order_number text;
  v_has_lines boolean;
  v_outcome text;
  v_payload jsonb;
  v_waiting_ids integer[] := '{}';
  v_notify boolean := coalesce((p->>'notify')::boolean, true);
BEGIN
  IF NOT coalesce((p->>'durable')::boolean, true) THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;

  INSERT INTO social_identities (seller_id, platform, external_user_id, name)
  VALUES (v_seller, 'facebook', p->>'fromId', p->>'fromName')
  ON CONFLICT (seller_id, platform, external_user_id)
  DO UPDATE SET name = coalesce(EXCLUDED.name, social_identities.name), updated_at = now()
  RETURNING id, user_id INTO v_identity, v_user;

  -- Stock: never taken while someone waits for the configuration (first come, first served).
  FOR v_want IN
    SELECT e.value FROM jsonb_array_elements(p->'wanted') WITH ORDINALITY AS e(value, n)
    ORDER BY (e.value->>'configurationId')::integer, e.n
  LOOP
    v_cfg := (v_want->>'configurationId')::integer;
    v_qty := (v_want->>'quantity')::integer;
    UPDATE product_configurations c SET quantity = c.quantity - v_qty, updated_at = now()
    WHERE c.id = v_cfg AND c.seller_id = v_seller AND c.quantity >= v_qty
      AND NOT EXISTS (SELECT 1 FROM waiting_list w WHERE w.configuration_id = c.id AND w.status = 'waiting')
    RETURNING c.price_cents, c.sku INTO v_price, v_sku;
    v_taken := FOUND;
    IF NOT v_taken THEN
      SELECT c.quantity, EXISTS (SELECT 1 FROM waiting_list w
               WHERE w.configuration_id = c.id AND w.status = 'waiting')
      INTO v_stock, v_queued
      FROM product_configurations c WHERE c.id = v_cfg AND c.seller_id = v_seller
      FOR SHARE;
      IF FOUND AND NOT v_queued AND v_stock >= v_qty THEN
        UPDATE product_configurations c SET quantity = c.quantity - v_qty, updated_at = now()
        WHERE c.id = v_cfg AND c.seller_id = v_seller AND c.quantity >= v_qty
          AND NOT EXISTS (SELECT 1 FROM waiting_list w WHERE w.configuration_id = c.id AND w.status = 'waiting')
        RETURNING c.price_cents, c.sku INTO v_price, v_sku;
        v_taken := FOUND;
      END IF;
    END IF;
    IF v_taken THEN
      v_reserved := v_reserved || jsonb_build_array(v_want || jsonb_build_object('price', v_price, 'sku', v_sku));
    ELSE
      v_waiting := v_waiting || jsonb_build_array(v_want);
    END IF;
  END LOOP;

  -- The viewer's open cart, also for a viewer who only joins waiting lists (the reply's link).
  IF jsonb_array_length(v_reserved) > 0 OR jsonb_array_length(v_waiting) > 0 THEN
    SELECT o.id, o.order_number, EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)
    INTO v_order_id, v_order_number, v_has_lines
    FROM orders o
    WHERE o.seller_id = v_seller AND o.social_identity_id = v_identity AND o.status = 'new'
      AND o.checkout_at IS NULL
    FOR UPDATE;
    IF NOT FOUND THEN
      INSERT INTO orders (seller_id, buyer_id, social_identity_id, session_id, order_number,
        access_token_hash, status, comment_id, locale)
      VALUES (v_seller, v_user, v_identity, v_session, p->>'orderNumber', p->>'accessTokenHash', 'new',
        p->>'externalId', p->>'locale')
      ON CONFLICT (seller_id, social_identity_id)
        WHERE status = 'new' AND social_identity_id IS NOT NULL AND checkout_at IS NULL
      DO NOTHING
      RETURNING id, order_number INTO v_order_id, v_order_number;
      IF FOUND THEN
        v_has_lines := false;
        INSERT INTO order_status_history (order_id, seller_id, status, note)
        VALUES (v_order_id, v_seller, 'new',
          CASE WHEN jsonb_array_length(v_reserved) > 0 THEN 'live comment' ELSE 'waiting list' END);
      ELSE
        SELECT o.id, o.order_number, EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)
        INTO v_order_id, v_order_number, v_has_lines
        FROM orders o
        WHERE o.seller_id = v_seller AND o.social_identity_id = v_identity AND o.status = 'new'
          AND o.checkout_at IS NULL
        FOR UPDATE;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'open cart vanished';
        END IF;
      END IF;
    END IF;
  END IF;

  IF jsonb_array_length(v_reserved) > 0 THEN
    -- A new line at the price just read, or more of an existing line (which keeps its price).
    FOR v_want IN SELECT e.value FROM jsonb_array_elements(v_reserved) WITH ORDINALITY AS e(value, n) ORDER BY e.n
    LOOP
      UPDATE order_items i SET quantity = i.quantity + (v_want->>'quantity')::integer, updated_at = now()
      WHERE i.order_id = v_order_id AND i.configuration_id = (v_want->>'configurationId')::integer;
      IF NOT FOUND THEN
        INSERT INTO order_items (order_id, seller_id, product_id, configuration_id, name, color_label,
          size_label, sku, unit_price_cents, quantity, photo)
        VALUES (v_order_id, v_seller, (v_want->>'productId')::integer, (v_want->>'configurationId')::integer,
          v_want->>'name', v_want->>'colorLabel', v_want->>'sizeLabel', v_want->>'sku',
          (v_want->>'price')::integer, (v_want->>'quantity')::integer, v_want->>'photo');
      END IF;
    END LOOP;
    -- Totals, and the countdown restarts (a session timer of 0 never expires a cart).
    UPDATE orders o SET
      subtotal_cents = t.subtotal,
      total_amount_cents = greatest(0, t.subtotal - o.discount_cents + o.shipping_cents),
      expires_at = CASE WHEN t.lines = 0 OR v_timer <= 0 THEN NULL ELSE now() + make_interval(mins => v_timer) END,
      updated_at = now()
    FROM (SELECT coalesce(sum(i.unit_price_cents * i.quantity), 0)::integer AS subtotal, count(*)::integer AS lines
          FROM order_items i WHERE i.order_id = v_order_id) t
    WHERE o.id = v_order_id;
    IF NOT v_has_lines THEN
      INSERT INTO notifications (user_id, type, title_fr, title_en, body_fr, body_en, link, data)
      VALUES (v_seller, 'live_cart_created', 'Nouveau panier ' || v_order_number, 'New cart ' || v_order_number,
        coalesce(p->>'who', '') || ' a commandé en live.', coalesce(p->>'who', '') || ' ordered during the live.',
        '/orders/' || v_order_id, jsonb_build_object('orderId', v_order_id, 'sessionId', v_session));
    END IF;
    IF v_notify THEN
      PERFORM pg_notify('live_events', json_build_object('type', 'cart', 'orderId', v_order_id,
        'orderNumber', v_order_number, 'sessionId', v_session, 'sellerId', v_seller)::text);
    END IF;
  END IF;

  IF jsonb_array_length(v_waiting) > 0 THEN
    INSERT INTO waiting_list (seller_id, session_id, configuration_id, product_id, social_identity_id,
      buyer_id, comment_id, quantity, comment_time)
    SELECT v_seller, v_session, (e.value->>'configurationId')::integer, (e.value->>'productId')::integer,
      v_identity, v_user, p->>'externalId', (e.value->>'quantity')::integer, (p->>'commentTime')::timestamptz
    FROM jsonb_array_elements(v_waiting) WITH ORDINALITY AS e(value, n)
    ORDER BY e.n;
    FOR v_cfg IN
      SELECT DISTINCT (e.value->>'configurationId')::integer FROM jsonb_array_elements(v_waiting) AS e(value) ORDER BY 1
    LOOP
      v_waiting_ids := v_waiting_ids || v_cfg;
      IF v_notify THEN
        PERFORM pg_notify('live_events',
          json_build_object('type', 'waiting', 'configurationId', v_cfg, 'sellerId', v_seller)::text);
      END IF;
    END LOOP;
  END IF;

  v_outcome := CASE WHEN jsonb_array_length(v_reserved) > 0 THEN 'cart'
                    WHEN jsonb_array_length(v_waiting) > 0 THEN 'waiting'
                    ELSE 'chatbot' END;
  UPDATE live_comments SET outcome = v_outcome, outcome_reason = p->>'outcomeReason', processed_at = now(),
    social_identity_id = v_identity
  WHERE id = (p->>'liveCommentId')::integer;

  -- The comment's one private reply: its text is rendered when sent (it carries the checkout link).
  v_payload := jsonb_set(jsonb_set(p->'reply', '{parts,reserved}',
      coalesce((SELECT jsonb_agg(e.value->'label' ORDER BY e.n)
                FROM jsonb_array_elements(v_reserved) WITH ORDINALITY AS e(value, n)), '[]'::jsonb)),
    '{parts,waiting}',
      coalesce((SELECT jsonb_agg(e.value->'label' ORDER BY e.n)
                FROM jsonb_array_elements(v_waiting) WITH ORDINALITY AS e(value, n)), '[]'::jsonb))
    || jsonb_build_object('orderNumber', v_order_number);
  INSERT INTO outbox (kind, dedupe_key, payload, run_at)
  VALUES ('private_reply', 'reply:' || v_session || ':' || (p->>'externalId'), v_payload, now())
  ON CONFLICT DO NOTHING;
  IF v_notify THEN
    PERFORM pg_notify('outbox', 'private_reply');
  END IF;

  RETURN jsonb_build_object('outcome', v_outcome, 'orderId', v_order_id, 'orderNumber', v_order_number,
    'cart', jsonb_array_length(v_reserved) > 0, 'waiting', to_jsonb(v_waiting_ids));
END;
$$;
