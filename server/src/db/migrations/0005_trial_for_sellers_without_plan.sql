-- Sellers activated before the free trial started at activation had no subscription at all and
-- were sent to /pricing forever: they get the 30-day trial (modules/plans/trial.ts) from today.
WITH granted AS (
  INSERT INTO subscriptions (user_id, plan_id, provider, external_id, status, trial_end, current_period_end)
  SELECT u.id, (SELECT id FROM plans WHERE code = 'basic'), 'sandbox', 'trial_' || u.id, 'trialing',
    now() + interval '30 days', now() + interval '30 days'
  FROM users u
  WHERE u.role_id = 2 AND u.status = 'active'
    AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id)
    AND EXISTS (SELECT 1 FROM plans WHERE code = 'basic')
  RETURNING user_id, external_id
)
UPDATE users u SET subscription_id = g.external_id, updated_at = now()
FROM granted g WHERE u.id = g.user_id;
