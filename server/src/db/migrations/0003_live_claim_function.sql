-- The live claim in one round trip per comment (issue 4 performance targets): see
-- server/src/modules/live/claim.ts, which parses the comment and calls live_claim_comment, and
-- sessions.service.ts, which stores a post's comments with live_ingest_comments.

-- New viewers of a post are counted against the session's earlier comments (participants).
CREATE INDEX IF NOT EXISTS "live_comments_session_from_idx" ON "live_comments" ("session_id", "from_id");
--> statement-breakpoint

-- Stores the comments of one post (a comment delivered twice is stored once) and adds the viewers
-- never seen before in the session to `participants`. After the insert, the session row is locked
-- (NO KEY UPDATE: comments, carts and waiting rows referencing it are not blocked) and the next
-- statement, with a snapshot taken under the lock, counts this post's viewers that no other
-- comment of the session has: a concurrent post counts after this one commits and sees its rows,
-- so the count stays exact. The lock is held only for that count and the commit.
-- p_rows: [{external_id, from_id, from_name, message, created_time}]. Answers the rows inserted.
CREATE OR REPLACE FUNCTION live_ingest_comments(p_session integer, p_seller integer, p_live boolean, p_rows jsonb)
RETURNS SETOF live_comments
LANGUAGE plpgsql AS $$
DECLARE
  v_rows live_comments[];
  v_ids integer[];
  v_new integer;
BEGIN
  -- Comments of a live session are claimed next, and a claim (or the no_match update) of the same
  -- call commits durably after this, flushing it: this commit need not wait for its own flush.
  IF p_live THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  WITH src AS (
    SELECT x.external_id, x.from_id, x.from_name, x.message, x.created_time
    FROM jsonb_to_recordset(p_rows) AS x(external_id text, from_id text, from_name text, message text,
      created_time timestamptz)
  ), ins AS (
    INSERT INTO live_comments (session_id, seller_id, external_id, from_id, from_name, message, created_time,
      outcome, outcome_reason, processed_at)
    SELECT p_session, p_seller, src.external_id, src.from_id, src.from_name, src.message, src.created_time,
      CASE WHEN p_live THEN NULL ELSE 'ignored' END,
      CASE WHEN p_live THEN NULL ELSE 'session_not_live' END,
      CASE WHEN p_live THEN NULL ELSE now() END
    FROM src
    ON CONFLICT (session_id, external_id) DO NOTHING
    RETURNING *
  )
  SELECT coalesce(array_agg(ins), '{}'), coalesce(array_agg(ins.id), '{}') INTO v_rows, v_ids FROM ins;
  IF cardinality(v_ids) = 0 THEN
    RETURN;
  END IF;

  RETURN QUERY SELECT * FROM unnest(v_rows);

  PERFORM 1 FROM live_sessions s WHERE s.id = p_session FOR NO KEY UPDATE;
  -- One index probe per viewer of the post (the subquery with LIMIT stays a per-row lookup).
  SELECT count(*)::integer INTO v_new
  FROM (SELECT DISTINCT r.from_id FROM unnest(v_rows) AS r WHERE r.from_id IS NOT NULL) f
  WHERE (SELECT 1 FROM live_comments o
         WHERE o.session_id = p_session AND o.from_id = f.from_id AND NOT (o.id = ANY (v_ids))
         LIMIT 1) IS NULL;
  IF v_new > 0 THEN
    UPDATE live_sessions s SET participants = s.participants + v_new WHERE s.id = p_session;
  END IF;
END;
$$;
--> statement-breakpoint

-- One comment's claim, atomic (one statement in autocommit): the same steps, locks and order as
-- the transaction it replaces. The social identity, then the configurations by ascending id (the
-- conditional UPDATE; when it fails, the row FOR SHARE and the decision again under the lock, so a
-- release serving the queue sees this viewer's waiting row), then the viewer's one open cart
-- (created race-safe through the unique index orders_one_open_cart), its lines, totals and
-- countdown, the seller's notice, the waiting rows, the comment's outcome, the outbox reply and the
-- live events. Node parsed the comment and passes what it decided:
--   durable (false: the commit does not wait for its WAL flush, see claim.ts: the caller makes one
--   durable commit at the end of the post, which flushes them all before it answers),
--   notify (false: no NOTIFY here, the caller sends the live events and wakes the outbox worker
--   once for the whole post: a transaction that notifies holds a database-wide lock while it
--   commits, which would serialize the claims),
--   sellerId, sessionId, liveCommentId, externalId, fromId, fromName, commentTime, timer, locale,
--   who (the seller notice), orderNumber + accessTokenHash (used if a cart is created),
--   outcomeReason, wanted: [{configurationId, productId, quantity, name, colorLabel, sizeLabel,
--   photo, label}], reply (the outbox payload; parts.reserved / parts.waiting and orderNumber are
--   filled here).
-- Answers {outcome, orderId, orderNumber, cart (a line was added: the cart event),
-- waiting (configuration ids whose waiting list it joined)}.
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

  INSERT INTO social_identities (platform, external_user_id, name)
  VALUES ('facebook', p->>'fromId', p->>'fromName')
  ON CONFLICT (platform, external_user_id)
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
    FOR UPDATE;
    IF NOT FOUND THEN
      INSERT INTO orders (seller_id, buyer_id, social_identity_id, session_id, order_number,
        access_token_hash, status, comment_id, locale)
      VALUES (v_seller, v_user, v_identity, v_session, p->>'orderNumber', p->>'accessTokenHash', 'new',
        p->>'externalId', p->>'locale')
      ON CONFLICT (seller_id, social_identity_id) WHERE status = 'new' AND social_identity_id IS NOT NULL
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
