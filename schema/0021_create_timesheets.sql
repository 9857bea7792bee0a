-- A person's month of tracked time, signed off by a leader of one of their teams (or an
-- admin). No row: the month is open. An approved month's entries are read-only.
CREATE TABLE timesheets (
    account_id uuid NOT NULL REFERENCES accounts (id),
    month date NOT NULL,
    state text NOT NULL,
    reason text,
    submitted_at timestamptz,
    decided_at timestamptz,
    decided_by uuid REFERENCES accounts (id),
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, month),
    CONSTRAINT timesheets_month_first_day CHECK (extract(day FROM month) = 1),
    CONSTRAINT timesheets_state_known CHECK (state IN ('open', 'submitted', 'approved', 'returned')),
    CONSTRAINT timesheets_reason_length CHECK (length(reason) <= 1000)
);
-- Month-end reads a month's timesheets by state.
CREATE INDEX timesheets_month_state_idx ON timesheets (month, state);

ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_known;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_known
    CHECK (entity IN ('account', 'contract', 'hourly_rate', 'team_membership', 'time_entry', 'invoice', 'personal_access_token', 'timesheet'));
