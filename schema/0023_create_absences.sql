-- Time off: the kinds admins keep, and people's requests with their decisions.
CREATE TABLE absence_kinds (
    code text PRIMARY KEY,
    name_cs text NOT NULL,
    name_en text NOT NULL,
    needs_approval boolean NOT NULL,
    counts_against_balance boolean NOT NULL,
    -- The share of the rate an employee's statement pays for a day of it.
    paid_share numeric(4, 3) NOT NULL,
    -- Paid at that share for this many calendar days of one absence, nothing after (none: no limit).
    paid_days integer,
    by_hours boolean NOT NULL DEFAULT false,
    contract_types text[] NOT NULL,
    CONSTRAINT absence_kinds_code_shape CHECK (code ~ '^[a-z_]{1,40}$'),
    CONSTRAINT absence_kinds_paid_share_range CHECK (paid_share BETWEEN 0 AND 1),
    CONSTRAINT absence_kinds_paid_days_positive CHECK (paid_days > 0),
    CONSTRAINT absence_kinds_contract_types_known CHECK (contract_types <@ ARRAY['ICO', 'HPP', 'DPP', 'DPC'])
);

-- Sick leave: the employer pays the first 14 calendar days (60 % of the reduced average
-- earnings in Czech law, here a configurable share of the rate); health insurance pays after.
INSERT INTO absence_kinds (code, name_cs, name_en, needs_approval, counts_against_balance, paid_share, paid_days, by_hours, contract_types) VALUES
    ('vacation', 'Dovolená', 'Vacation', true, true, 1, NULL, false, ARRAY['HPP', 'DPP', 'DPC', 'ICO']),
    ('sick', 'Nemoc', 'Sick leave', false, false, 0.6, 14, false, ARRAY['HPP', 'DPP', 'DPC', 'ICO']),
    ('doctor', 'Návštěva lékaře', 'Doctor''s visit', true, false, 1, NULL, true, ARRAY['HPP', 'DPP', 'DPC']),
    ('unpaid', 'Neplacené volno', 'Unpaid leave', true, false, 0, NULL, false, ARRAY['HPP', 'DPP', 'DPC', 'ICO']),
    ('other', 'Jiná překážka (veřejná služba)', 'Other (public service)', true, false, 1, NULL, false, ARRAY['HPP', 'DPP', 'DPC']);

CREATE TABLE absences (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts (id),
    kind text NOT NULL REFERENCES absence_kinds (code),
    first_day date NOT NULL,
    last_day date NOT NULL,
    part text NOT NULL DEFAULT 'full',
    hours numeric(4, 2),
    working_days numeric(6, 2) NOT NULL,
    state text NOT NULL,
    note text,
    reason text,
    decided_by uuid REFERENCES accounts (id),
    decided_at timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CONSTRAINT absences_days_in_order CHECK (last_day >= first_day),
    CONSTRAINT absences_part_known CHECK (part IN ('full', 'morning', 'afternoon', 'hours')),
    CONSTRAINT absences_part_one_day CHECK (part = 'full' OR first_day = last_day),
    CONSTRAINT absences_state_known CHECK (state IN ('requested', 'approved', 'rejected', 'cancelled')),
    CONSTRAINT absences_note_length CHECK (length(note) <= 1000 AND length(reason) <= 1000),
    -- A person's requests that hold their days never share one: of two racing, one wins.
    CONSTRAINT absences_no_overlap EXCLUDE USING gist (
        account_id WITH =, daterange(first_day, last_day, '[]') WITH &&
    ) WHERE (state IN ('requested', 'approved'))
);
CREATE INDEX absences_days_idx ON absences USING gist (daterange(first_day, last_day, '[]'));

ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_known;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_known
    CHECK (entity IN ('account', 'contract', 'hourly_rate', 'team_membership', 'time_entry', 'invoice', 'personal_access_token', 'timesheet',
                      'absence'));
