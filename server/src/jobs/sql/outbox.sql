-- Queues a job in the transactional outbox, once per dedupe key (jobs/outbox.ts `enqueue` calls
-- it too). The worker is not woken here: callers that commit many jobs wake it once.
CREATE OR REPLACE FUNCTION jobs_enqueue(p_kind text, p_dedupe_key text, p_payload jsonb,
  p_run_at timestamptz DEFAULT now())
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox (kind, dedupe_key, payload, run_at)
  VALUES (p_kind, p_dedupe_key, p_payload, p_run_at)
  ON CONFLICT DO NOTHING;
  RETURN FOUND;
END;
$$;

-- Queues many jobs of one kind at once (p_keys[i] with p_payloads[i]), each once per dedupe key:
-- the live claim of a post queues its replies in one statement. Answers how many were queued.
CREATE OR REPLACE FUNCTION jobs_enqueue_many(p_kind text, p_keys text[], p_payloads jsonb[],
  p_run_at timestamptz DEFAULT now())
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  INSERT INTO outbox (kind, dedupe_key, payload, run_at)
  SELECT p_kind, j.key, j.payload, p_run_at FROM unnest(p_keys, p_payloads) AS j(key, payload)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END;
$$;
