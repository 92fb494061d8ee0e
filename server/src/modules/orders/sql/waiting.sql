-- The waiting list: a viewer joins it for what the stock could not give them, and is served in
-- comment order when stock comes back (orders/waiting.ts).

-- Puts the viewer in the configuration's queue for p_quantity units; answers the row's id.
CREATE OR REPLACE FUNCTION orders_join_waiting_list(p_seller integer, p_session integer, p_configuration integer,
  p_product integer, p_identity integer, p_buyer integer, p_comment_id text, p_quantity integer,
  p_comment_time timestamptz)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
BEGIN
  INSERT INTO waiting_list (seller_id, session_id, configuration_id, product_id, social_identity_id, buyer_id,
    comment_id, quantity, comment_time)
  VALUES (p_seller, p_session, p_configuration, p_product, p_identity, p_buyer, p_comment_id, p_quantity,
    p_comment_time)
  RETURNING id INTO v_id;
  RETURN v_id;
END;
$$;
