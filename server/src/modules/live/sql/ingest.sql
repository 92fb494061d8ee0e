-- Stores the comments of one post (a comment delivered twice is stored once) and adds the viewers
-- never seen before in the session to `participants`. Answers the rows inserted (`redelivered`
-- false) and, on a live session, the rows of this post's comments stored earlier but still
-- undecided (`redelivered` true: a claim that never ran, the server having stopped between the
-- two), for the caller to claim (live/claim.ts). p_rows: [{external_id, from_id, from_name,
-- message, created_time}].
--
-- After the insert, the session row is locked (NO KEY UPDATE: comments, carts and waiting rows
-- referencing it are not blocked) and the next statement, with a snapshot taken under the lock,
-- counts this post's viewers that no other comment of the session has: a concurrent post counts
-- after this one commits and sees its rows, so the count stays exact. The lock is held only for
-- that count and the commit.
-- The result gained each comment's platform and store: the old signature goes first.
DROP FUNCTION IF EXISTS live_ingest_comments(integer, integer, boolean, jsonb);

CREATE OR REPLACE FUNCTION live_ingest_comments(p_session integer, p_seller integer, p_live boolean, p_rows jsonb)
RETURNS TABLE (id integer, session_id integer, seller_id integer, external_id text, platform text,
  store_id integer, social_identity_id integer,
  from_id text, from_name text, message text, created_time timestamptz, received_at timestamptz,
  processed_at timestamptz, outcome text, outcome_reason text, redelivered boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
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
    SELECT x.external_id, x.from_id, x.from_name, x.message, x.created_time,
      coalesce(x.platform, 'facebook') AS platform, x.store_id
    FROM jsonb_to_recordset(p_rows) AS x(external_id text, from_id text, from_name text, message text,
      created_time timestamptz, platform text, store_id integer)
  ), ins AS (
    INSERT INTO live_comments (session_id, seller_id, external_id, platform, store_id, from_id, from_name, message,
      created_time, outcome, outcome_reason, processed_at)
    SELECT p_session, p_seller, src.external_id, src.platform, src.store_id, src.from_id, src.from_name,
      src.message, src.created_time,
      CASE WHEN p_live THEN NULL ELSE 'ignored' END,
      CASE WHEN p_live THEN NULL ELSE 'session_not_live' END,
      CASE WHEN p_live THEN NULL ELSE now() END
    FROM src
    ON CONFLICT (session_id, external_id) DO NOTHING
    RETURNING *
  )
  SELECT coalesce(array_agg(ins), '{}'), coalesce(array_agg(ins.id), '{}') INTO v_rows, v_ids FROM ins;

  RETURN QUERY SELECT r.id, r.session_id, r.seller_id, r.external_id::text, r.platform::text, r.store_id,
    r.social_identity_id,
    r.from_id::text, r.from_name::text, r.message, r.created_time, r.received_at, r.processed_at,
    r.outcome::text, r.outcome_reason, false
  FROM unnest(v_rows) AS r;

  -- Comments already stored: those still undecided go to the claim again (only looked up when the
  -- post had some, so the usual post costs nothing more). A new statement, so rows a concurrent
  -- post inserted (and the insert above waited for) are seen.
  IF p_live AND cardinality(v_ids) < jsonb_array_length(p_rows) THEN
    RETURN QUERY SELECT c.id, c.session_id, c.seller_id, c.external_id::text, c.platform::text, c.store_id,
      c.social_identity_id,
      c.from_id::text, c.from_name::text, c.message, c.created_time, c.received_at, c.processed_at,
      c.outcome::text, c.outcome_reason, true
    FROM live_comments c
    WHERE c.session_id = p_session
      AND c.external_id IN (SELECT x.external_id FROM jsonb_to_recordset(p_rows) AS x(external_id text))
      AND c.outcome IS NULL AND NOT (c.id = ANY (v_ids));
  END IF;

  IF cardinality(v_ids) = 0 THEN
    RETURN;
  END IF;
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
