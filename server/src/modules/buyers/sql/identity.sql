-- A viewer as one seller knows them: platform user ids are page-scoped, so the same id at another
-- seller is another identity. Answers the identity, the shopper account linked to it, if any, and
-- whether the seller blocked them (the identity itself, or the account it is linked to: blocking an
-- account blocks every identity linked to it at this seller, now or later). A name seen later
-- replaces the one kept. A viewer already known under the same name is only read (most comments
-- of a live come from viewers seen before): no write, no row lock; the blocks are two lookups on
-- the partial unique indexes of buyer_blocks, inside the same statement.
DROP FUNCTION IF EXISTS buyers_viewer_identity(integer, text, text, text);

CREATE OR REPLACE FUNCTION buyers_viewer_identity(p_seller integer, p_platform text, p_external_id text,
  p_name text, OUT id integer, OUT user_id integer, OUT blocked boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_name text;
  v_id integer;
  v_user integer;
BEGIN
  SELECT si.id, si.user_id, si.name,
         EXISTS (SELECT 1 FROM buyer_blocks k WHERE k.seller_id = p_seller AND k.social_identity_id = si.id)
         OR (si.user_id IS NOT NULL
             AND EXISTS (SELECT 1 FROM buyer_blocks k WHERE k.seller_id = p_seller AND k.user_id = si.user_id))
    INTO id, user_id, v_name, blocked
  FROM social_identities si
  WHERE si.seller_id = p_seller AND si.platform = p_platform AND si.external_user_id = p_external_id;
  IF FOUND AND (p_name IS NULL OR v_name IS NOT DISTINCT FROM p_name) THEN
    RETURN;
  END IF;
  INSERT INTO social_identities AS si (seller_id, platform, external_user_id, name)
  VALUES (p_seller, p_platform, p_external_id, p_name)
  ON CONFLICT (seller_id, platform, external_user_id)
  DO UPDATE SET name = coalesce(EXCLUDED.name, si.name), updated_at = now()
  RETURNING si.id, si.user_id INTO v_id, v_user;
  id := v_id;
  user_id := v_user;
  -- a new identity has no block; one renamed keeps its own and its account's
  blocked := EXISTS (SELECT 1 FROM buyer_blocks k WHERE k.seller_id = p_seller AND k.social_identity_id = v_id)
    OR (v_user IS NOT NULL
        AND EXISTS (SELECT 1 FROM buyer_blocks k WHERE k.seller_id = p_seller AND k.user_id = v_user));
END;
$$;
