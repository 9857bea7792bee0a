-- Calendar feeds: a subscription URL carries a feed's id signed with the server's key; the row
-- says whose it is and whether it still opens anything (revoked_at).
CREATE TABLE calendar_feeds (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts (id),
    -- A team's calendar; none: the owner's own time off.
    team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    revoked_at timestamptz
);
CREATE INDEX calendar_feeds_account_idx ON calendar_feeds (account_id) WHERE revoked_at IS NULL;

-- A person's vacation entitlement for a year as an admin set it, in place of the one computed
-- from their contracts.
CREATE TABLE vacation_entitlements (
    account_id uuid NOT NULL REFERENCES accounts (id),
    year integer NOT NULL,
    days numeric(5, 1) NOT NULL,
    set_by uuid NOT NULL REFERENCES accounts (id),
    set_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, year),
    CONSTRAINT vacation_entitlements_year_range CHECK (year BETWEEN 1900 AND 2200),
    CONSTRAINT vacation_entitlements_days_range CHECK (days BETWEEN 0 AND 366 AND days * 2 = trunc(days * 2))
);

ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_known;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_known
    CHECK (entity IN ('account', 'contract', 'hourly_rate', 'team_membership', 'time_entry', 'invoice', 'personal_access_token', 'timesheet',
                      'absence', 'calendar_feed', 'vacation_entitlement'));
