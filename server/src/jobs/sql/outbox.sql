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
