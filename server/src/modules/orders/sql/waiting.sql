-- The waiting list: a viewer joins it for what the stock could not give them, and is served in
-- comment order when stock comes back (orders/waiting.ts).

-- Puts viewers in configurations' queues, in the order given (the queue's order for one comment
-- time): p_rows [{session, configurationId, productId, identity, buyer, commentId, quantity,
-- commentTime}]. Answers the rows' ids in that order. PL/pgSQL for its plan kept for the session
-- (products_lock_many).
CREATE OR REPLACE FUNCTION orders_join_waiting_lists(p_seller integer, p_rows jsonb)
RETURNS integer[]
LANGUAGE plpgsql AS $$
DECLARE
  v_ids integer[];
BEGIN
  WITH joined AS (
    INSERT INTO waiting_list (seller_id, session_id, configuration_id, product_id, social_identity_id, buyer_id,
      comment_id, quantity, comment_time)
    SELECT p_seller, x.session, x."configurationId", x."productId", x.identity, x.buyer, x."commentId", x.quantity,
      x."commentTime"
    FROM ROWS FROM (jsonb_to_recordset(p_rows) AS (session integer, "configurationId" integer,
      "productId" integer, identity integer, buyer integer, "commentId" text, quantity integer,
      "commentTime" timestamptz))
      WITH ORDINALITY AS x(session, "configurationId", "productId", identity, buyer, "commentId", quantity,
        "commentTime", n)
    ORDER BY x.n
    RETURNING id
  )
  SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO v_ids FROM joined;
  RETURN v_ids;
END;
$$;

-- One viewer in one configuration's queue for p_quantity units (orders_join_waiting_lists);
-- answers the row's id.
CREATE OR REPLACE FUNCTION orders_join_waiting_list(p_seller integer, p_session integer, p_configuration integer,
  p_product integer, p_identity integer, p_buyer integer, p_comment_id text, p_quantity integer,
  p_comment_time timestamptz)
RETURNS integer
LANGUAGE sql AS $$
  SELECT (orders_join_waiting_lists(p_seller, jsonb_build_array(jsonb_build_object('session', p_session,
    'configurationId', p_configuration, 'productId', p_product, 'identity', p_identity, 'buyer', p_buyer,
    'commentId', p_comment_id, 'quantity', p_quantity, 'commentTime', p_comment_time))))[1];
$$;
