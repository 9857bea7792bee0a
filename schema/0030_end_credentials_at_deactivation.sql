-- When an account's sessions, personal access tokens, calendar feeds and signed file links were
-- last all ended (at deactivation; never cleared): a file link signed before it opens nothing,
-- even after the account is reactivated.
ALTER TABLE accounts ADD COLUMN credentials_revoked_at timestamptz;
UPDATE accounts SET credentials_revoked_at = deactivated_at WHERE deactivated_at IS NOT NULL;

-- Accounts inactive now lose their tokens and feeds as a deactivation from now on ends them.
UPDATE personal_access_tokens t SET revoked_at = a.deactivated_at
FROM accounts a WHERE a.id = t.account_id AND NOT a.is_active AND t.revoked_at IS NULL;
UPDATE calendar_feeds f SET revoked_at = coalesce(a.deactivated_at, now())
FROM accounts a WHERE a.id = f.account_id AND NOT a.is_active AND f.revoked_at IS NULL;
