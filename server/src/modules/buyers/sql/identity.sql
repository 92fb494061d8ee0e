-- A viewer as one seller knows them: platform user ids are page-scoped, so the same id at another
-- seller is another identity. Answers the identity, the shopper account linked to it, if any, and
-- whether the seller blocked them (buyers_blocked). A name seen later replaces the one kept. A
-- viewer already known under the same name is only read (most comments of a live come from viewers
-- seen before): no write, no row lock; the blocks are lookups on the indexes of buyer_blocks,
-- inside the same statement.
DROP FUNCTION IF EXISTS buyers_viewer_identity(integer, text, text, text);

-- The one rule of a blocked shopper at a seller, for the live claim, the waiting list served and
-- the Shoppers screen (buyers/shoppers.ts writes the same rule for a whole list): the seller blocked
-- the identity itself, or the account it is linked to, or another identity linked to that account
-- at this seller (an identity blocked before its viewer signed in blocks the account, so every page
-- the person comments on at this seller). p_identity or p_user may be NULL. PL/pgSQL, so its
-- statements are planned once per connection; each is a probe of a buyer_blocks index.
CREATE OR REPLACE FUNCTION buyers_blocked(p_seller integer, p_identity integer, p_user integer)
RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_identity IS NOT NULL AND EXISTS (SELECT 1 FROM buyer_blocks k
      WHERE k.seller_id = p_seller AND k.social_identity_id = p_identity) THEN
    RETURN true;
  END IF;
  IF p_user IS NULL THEN
    RETURN false;
  END IF;
  RETURN EXISTS (SELECT 1 FROM buyer_blocks k WHERE k.seller_id = p_seller AND k.user_id = p_user)
    OR EXISTS (SELECT 1 FROM buyer_blocks k JOIN social_identities ki ON ki.id = k.social_identity_id
               WHERE k.seller_id = p_seller AND ki.user_id = p_user AND ki.seller_id = p_seller);
END;
$$;

CREATE OR REPLACE FUNCTION buyers_viewer_identity(p_seller integer, p_platform text, p_external_id text,
  p_name text, OUT id integer, OUT user_id integer, OUT blocked boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_name text;
  v_id integer;
  v_user integer;
BEGIN
  SELECT si.id, si.user_id, si.name, buyers_blocked(p_seller, si.id, si.user_id)
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
  blocked := buyers_blocked(p_seller, v_id, v_user);
END;
$$;

-- Many viewers at once (a live's post): p_viewers [{k, platform, fromId, fromName}]; answers each
-- k with what buyers_viewer_identity answers, as if called for each in the order given. A viewer
-- known under the names all their entries carry (most comments of a live) is read in one statement
-- for all of them, and a seller who has blocked nobody blocks none of them without a probe per
-- viewer; the others (new, renamed) go through buyers_viewer_identity one by one, by viewer in the
-- order of their key (platform, user id), each viewer's entries in the order given: two posts
-- writing the same viewers lock them in one order (a viewer's answer depends only on their own
-- entries).
CREATE OR REPLACE FUNCTION buyers_viewer_identities(p_seller integer, p_viewers jsonb)
RETURNS TABLE (k integer, id integer, user_id integer, blocked boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_blocks boolean := EXISTS (SELECT 1 FROM buyer_blocks b WHERE b.seller_id = p_seller);
  v_read jsonb;
  v_viewer record;
  v_ident record;
BEGIN
  WITH v AS (
    SELECT x.k, x.platform, x."fromId", x."fromName"
    FROM jsonb_to_recordset(p_viewers) AS x(k integer, platform text, "fromId" text, "fromName" text)
  ), named AS (
    SELECT v.platform, v."fromId", coalesce(array_agg(DISTINCT v."fromName") FILTER (WHERE v."fromName" IS NOT NULL),
      '{}') AS names
    FROM v GROUP BY v.platform, v."fromId"
  )
  SELECT coalesce(jsonb_object_agg(v.k::text, jsonb_build_object('id', si.id, 'user', si.user_id,
      'blocked', v_blocks AND buyers_blocked(p_seller, si.id, si.user_id))), '{}'::jsonb)
  INTO v_read
  FROM v JOIN named n ON n.platform = v.platform AND n."fromId" = v."fromId"
  JOIN social_identities si ON si.seller_id = p_seller AND si.platform = v.platform
    AND si.external_user_id = v."fromId"
  WHERE si.name = ALL (n.names);
  RETURN QUERY SELECT r.key::integer, (r.value->>'id')::integer, (r.value->>'user')::integer,
    (r.value->>'blocked')::boolean
  FROM jsonb_each(v_read) r;
  FOR v_viewer IN
    SELECT x.k, x.platform, x."fromId", x."fromName"
    FROM ROWS FROM (jsonb_to_recordset(p_viewers) AS (k integer, platform text, "fromId" text, "fromName" text))
      WITH ORDINALITY AS x(k, platform, "fromId", "fromName", n)
    WHERE NOT v_read ? x.k::text
    ORDER BY x.platform, x."fromId", x.n
  LOOP
    v_ident := buyers_viewer_identity(p_seller, v_viewer.platform, v_viewer."fromId", v_viewer."fromName");
    k := v_viewer.k;
    id := v_ident.id;
    user_id := v_ident.user_id;
    blocked := v_ident.blocked;
    RETURN NEXT;
  END LOOP;
END;
$$;

-- The viewers of a live's post never seen by the seller, recorded in one statement of their own
-- (its own short transaction) before the post is claimed (live/claim.ts, through recordViewers in
-- buyers/identities.ts): the claim then finds every viewer known and only reads them
-- (buyers_viewer_identities). Were a new viewer written by the claim, another post of the same
-- viewer would wait for that whole claim, and two posts writing new viewers in their comments'
-- order could deadlock (at the start of a live, a second lost each time). Here they are written in
-- the order of their key (platform, user id), so two posts recording the same new viewers wait at
-- most for the other's short commit. Each takes the name of its last entry that has one (a later
-- name is the claim's rename). It commits without waiting for its WAL flush, as the post's ingest
-- and claims do: the post's closing durable commit flushes it. p_viewers: [{platform, fromId,
-- fromName}]. Answers how many were recorded.
CREATE OR REPLACE FUNCTION buyers_record_viewers(p_seller integer, p_viewers jsonb)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_made integer;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  WITH v AS (
    SELECT DISTINCT ON (x.platform, x."fromId") x.platform, x."fromId", x."fromName"
    FROM ROWS FROM (jsonb_to_recordset(p_viewers) AS (platform text, "fromId" text, "fromName" text))
      WITH ORDINALITY AS x(platform, "fromId", "fromName", n)
    WHERE x."fromId" IS NOT NULL
    ORDER BY x.platform, x."fromId", x."fromName" IS NULL, x.n DESC
  )
  INSERT INTO social_identities AS si (seller_id, platform, external_user_id, name)
  SELECT p_seller, v.platform, v."fromId", v."fromName" FROM v
  WHERE NOT EXISTS (SELECT 1 FROM social_identities o
                    WHERE o.seller_id = p_seller AND o.platform = v.platform AND o.external_user_id = v."fromId")
  ORDER BY v.platform, v."fromId"
  ON CONFLICT (seller_id, platform, external_user_id) DO NOTHING;
  GET DIAGNOSTICS v_made = ROW_COUNT;
  RETURN v_made;
END;
$$;
