-- Stock of a product configuration: the one place units leave or come back (docs/architecture.md).
-- Every caller goes through these two functions: the live claim (live/sql/claim.sql), the waiting
-- list served from released stock, payment confirmation taking stock again after an expiry, the
-- seller's own changes (products/stock.ts wraps them for TypeScript callers).

-- Takes up to p_quantity units of the seller's configuration; answers how many were taken, or
-- NULL when the seller has no such configuration.
--   p_partial: take what is free when it is less than asked (else all or nothing);
--   p_queue_first: a new request, refused while anyone waits for the configuration (first come,
--   first served); false when the caller is serving that waiting list, in its order.
-- The decrement is one conditional UPDATE (quantity >= taken), so stock never goes below zero
-- whatever runs at the same time. The full request is tried first: under a burst every taker
-- queues on the row lock and decides on the committed stock. When it cannot be served in full,
-- the row is locked and the queue looked at again in a statement of its own, so with a snapshot
-- taken after the lock: a release in progress (which holds the row until it has served the
-- queue) is waited for and its outcome seen, and a release that starts after this waits for this
-- transaction, then finds its waiting row. A sold-out taker that finds stock once its share lock
-- is granted upgrades it, which can deadlock with another; callers retry on deadlock (40P01).
CREATE OR REPLACE FUNCTION products_reserve(p_seller integer, p_configuration integer, p_quantity integer,
  p_partial boolean DEFAULT true, p_queue_first boolean DEFAULT true)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_free integer;
  v_take integer;
BEGIN
  IF p_quantity <= 0 THEN
    RETURN 0;
  END IF;
  -- Two statements rather than one with `p_queue_first AND EXISTS …`: that form plans the queue
  -- check as a subquery over the whole waiting list, not as a probe of its index.
  IF p_queue_first THEN
    UPDATE product_configurations c SET quantity = c.quantity - p_quantity, updated_at = now()
    WHERE c.id = p_configuration AND c.seller_id = p_seller AND c.quantity >= p_quantity
      AND NOT EXISTS (SELECT 1 FROM waiting_list w
        WHERE w.configuration_id = c.id AND w.seller_id = p_seller AND w.status = 'waiting');
  ELSE
    UPDATE product_configurations c SET quantity = c.quantity - p_quantity, updated_at = now()
    WHERE c.id = p_configuration AND c.seller_id = p_seller AND c.quantity >= p_quantity;
  END IF;
  IF FOUND THEN
    RETURN p_quantity;
  END IF;

  -- Short of the whole request: decide again on the row locked, the queue looked at after the
  -- lock. Some stock left (the request takes part of it): locked exclusively, so two such takers
  -- queue instead of deadlocking. None: locked FOR SHARE, so the many comments of a sold-out
  -- article wait for a release in progress, not for each other.
  SELECT c.quantity INTO v_free
  FROM product_configurations c WHERE c.id = p_configuration AND c.seller_id = p_seller;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF v_free > 0 THEN
    SELECT c.quantity INTO v_free FROM product_configurations c WHERE c.id = p_configuration FOR NO KEY UPDATE;
  ELSE
    SELECT c.quantity INTO v_free FROM product_configurations c WHERE c.id = p_configuration FOR SHARE;
  END IF;
  IF v_free <= 0 THEN
    RETURN 0;
  END IF;
  IF p_queue_first THEN
    IF EXISTS (SELECT 1 FROM waiting_list w
               WHERE w.configuration_id = p_configuration AND w.seller_id = p_seller AND w.status = 'waiting') THEN
      RETURN 0;
    END IF;
  END IF;
  v_take := least(v_free, p_quantity);
  IF v_take < p_quantity AND NOT p_partial THEN
    RETURN 0;
  END IF;
  UPDATE product_configurations c SET quantity = c.quantity - v_take, updated_at = now()
  WHERE c.id = p_configuration AND c.quantity >= v_take;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  RETURN v_take;
END;
$$;

-- Locks the seller's configurations of p_ids (FOR NO KEY UPDATE, ascending id: the order every
-- claim takes them in) for the rest of the transaction; answers how many exist. A claim of many
-- comments at once (live/sql/claim.sql, live_claim_post) takes them all before its first
-- products_reserve, so two such claims never hold one configuration each while waiting for the
-- other's: the second waits at this statement, before it has taken anything.
-- PL/pgSQL, not SQL: its plan is kept for the session (a SQL function is parsed and planned again at
-- every call, and this one is called under the locks of a live's post).
CREATE OR REPLACE FUNCTION products_lock_many(p_seller integer, p_ids integer[])
RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT count(*)::integer FROM (
    SELECT c.id FROM product_configurations c
    WHERE c.id = ANY (p_ids) AND c.seller_id = p_seller
    ORDER BY c.id
    FOR NO KEY UPDATE) l);
END;
$$;

-- The same rule for many requests at once, in one statement (the live claim of a post's comments,
-- live/sql/claim.sql): p_requests [{ord, configurationId, quantity}] are served in `ord` order as
-- if each were a products_reserve of its own (partial, queue first): a request takes what is free
-- after the requests before it on its configuration, none while anyone waits for it, so the first
-- request left short is the last one to take anything. Answers, per request in `ord` order, how
-- many were taken (NULL: the seller has no such configuration). The configurations are locked
-- first (products_lock_many), then decided in a statement of their own, so with a snapshot taken
-- after the lock, as products_reserve's second look is. p_locked: the caller holds them locked
-- already (a claim of a post, which locks them all before its first comment), so they are not
-- locked a second time while the post's concurrent posts wait for them.
DROP FUNCTION IF EXISTS products_reserve_many(integer, jsonb);
CREATE OR REPLACE FUNCTION products_reserve_many(p_seller integer, p_requests jsonb, p_locked boolean DEFAULT false)
RETURNS TABLE (ord integer, configuration_id integer, taken integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_ids integer[] := ARRAY(SELECT DISTINCT (r->>'configurationId')::integer FROM jsonb_array_elements(p_requests) r);
  v_locked integer;
  v_ords integer[];
  v_cfgs integer[];
  v_taken integer[];
  v_updated integer;
  v_given integer;
BEGIN
  IF NOT p_locked THEN
    v_locked := products_lock_many(p_seller, v_ids);
  END IF;
  -- Each configuration and its queue are probes of their indexes (the queue's in its own order with
  -- LIMIT 1, so it stays a probe of waiting_list_queue_idx whatever the planner guesses of the list).
  WITH r AS (
    SELECT x.ord, x."configurationId" AS cfg, greatest(x.quantity, 0) AS qty
    FROM jsonb_to_recordset(p_requests) AS x(ord integer, "configurationId" integer, quantity integer)
  ), free AS (
    SELECT c.id, CASE WHEN q.queued IS NOT NULL THEN 0 ELSE greatest(c.quantity, 0) END AS units
    FROM unnest(v_ids) AS u(id)
    JOIN product_configurations c ON c.id = u.id AND c.seller_id = p_seller
    LEFT JOIN LATERAL (SELECT 1 AS queued FROM waiting_list w
      WHERE w.configuration_id = c.id AND w.status = 'waiting' AND w.seller_id = p_seller
      ORDER BY w.comment_time LIMIT 1) q ON true
  ), decided AS (
    SELECT r.ord, r.cfg,
      CASE WHEN f.id IS NULL THEN NULL
           ELSE least(r.qty, greatest(0, f.units - coalesce(sum(r.qty) OVER (PARTITION BY r.cfg ORDER BY r.ord
             ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)))::integer END AS taken
    FROM r LEFT JOIN free f ON f.id = r.cfg
  ), given AS (
    SELECT d.cfg, sum(d.taken)::integer AS units FROM decided d GROUP BY d.cfg HAVING sum(d.taken) > 0
  ), took AS (
    UPDATE product_configurations c SET quantity = c.quantity - g.units, updated_at = now()
    FROM given g
    WHERE c.id = ANY (v_ids) AND c.id = g.cfg AND c.seller_id = p_seller AND c.quantity >= g.units
    RETURNING c.id
  )
  SELECT array_agg(d.ord ORDER BY d.ord), array_agg(d.cfg ORDER BY d.ord), array_agg(d.taken ORDER BY d.ord),
    (SELECT count(*) FROM took), (SELECT count(*) FROM given)
  INTO v_ords, v_cfgs, v_taken, v_updated, v_given
  FROM decided d;
  -- Held locked since the decision's snapshot, a configuration cannot have less than it showed;
  -- should it ever, nothing of the call is kept rather than lines without their stock.
  IF v_updated <> v_given THEN
    RAISE EXCEPTION 'configuration stock moved while locked (seller %)', p_seller;
  END IF;
  RETURN QUERY SELECT * FROM unnest(v_ords, v_cfgs, v_taken);
END;
$$;

-- Gives p_quantity units back to the seller's configuration; answers false when it no longer
-- exists. The caller serves the configuration's waiting list next, in the same transaction
-- (orders/waiting.ts), so released stock never sits free while someone waits for it.
CREATE OR REPLACE FUNCTION products_release(p_seller integer, p_configuration integer, p_quantity integer)
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF p_quantity <= 0 THEN
    RETURN EXISTS (SELECT 1 FROM product_configurations WHERE id = p_configuration AND seller_id = p_seller);
  END IF;
  UPDATE product_configurations SET quantity = quantity + p_quantity, updated_at = now()
  WHERE id = p_configuration AND seller_id = p_seller;
  RETURN FOUND;
END;
$$;
