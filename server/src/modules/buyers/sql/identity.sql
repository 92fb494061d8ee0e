-- A viewer as one seller knows them: platform user ids are page-scoped, so the same id at another
-- seller is another identity. Answers the identity and the shopper account linked to it, if any;
-- a name seen later replaces the one kept. A viewer already known under the same name is only
-- read (most comments of a live come from viewers seen before): no write, no row lock.
CREATE OR REPLACE FUNCTION buyers_viewer_identity(p_seller integer, p_platform text, p_external_id text,
  p_name text, OUT id integer, OUT user_id integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_name text;
BEGIN
  SELECT si.id, si.user_id, si.name INTO id, user_id, v_name
  FROM social_identities si
  WHERE si.seller_id = p_seller AND si.platform = p_platform AND si.external_user_id = p_external_id;
  IF FOUND AND (p_name IS NULL OR v_name IS NOT DISTINCT FROM p_name) THEN
    RETURN;
  END IF;
  INSERT INTO social_identities AS si (seller_id, platform, external_user_id, name)
  VALUES (p_seller, p_platform, p_external_id, p_name)
  ON CONFLICT (seller_id, platform, external_user_id)
  DO UPDATE SET name = coalesce(EXCLUDED.name, si.name), updated_at = now()
  RETURNING si.id, si.user_id INTO id, user_id;
END;
$$;
