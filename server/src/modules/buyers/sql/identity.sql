-- A viewer as one seller knows them: platform user ids are page-scoped, so the same id at another
-- seller is another identity. Answers the identity and the shopper account linked to it, if any;
-- a name seen later replaces the one kept.
CREATE OR REPLACE FUNCTION buyers_viewer_identity(p_seller integer, p_platform text, p_external_id text,
  p_name text, OUT id integer, OUT user_id integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  INSERT INTO social_identities AS si (seller_id, platform, external_user_id, name)
  VALUES (p_seller, p_platform, p_external_id, p_name)
  ON CONFLICT (seller_id, platform, external_user_id)
  DO UPDATE SET name = coalesce(EXCLUDED.name, si.name), updated_at = now()
  RETURNING si.id, si.user_id INTO id, user_id;
END;
$$;
