-- Retention: when a person's account was anonymised, when an uploaded file's contents were let go
-- (its details and SHA-256 stay with the invoice), and the erasure log: what went, when, under
-- which rule, with the person only as the id of their anonymised account and counts, never a name.
ALTER TABLE accounts ADD COLUMN erased_at timestamptz;
ALTER TABLE accounts ADD CONSTRAINT accounts_erased_only_when_inactive CHECK (erased_at IS NULL OR NOT is_active);
ALTER TABLE invoice_files ADD COLUMN purged_at timestamptz;
ALTER TABLE invoice_files ADD CONSTRAINT invoice_files_purged_empty CHECK (purged_at IS NULL OR size = 0);

CREATE TABLE erasures (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    at timestamptz NOT NULL,
    rule text NOT NULL,
    subject_id uuid,
    reason text,
    by uuid,
    counts jsonb NOT NULL,
    CONSTRAINT erasures_rule_known CHECK (rule IN ('person_left', 'accounting_period_ended', 'activity_aged', 'on_request')),
    CONSTRAINT erasures_reason_known CHECK (reason IN ('person_request', 'consent_withdrawn', 'no_longer_needed')),
    CONSTRAINT erasures_reason_on_request CHECK ((rule = 'on_request') = (reason IS NOT NULL))
);
CREATE INDEX erasures_at_idx ON erasures (at DESC);
