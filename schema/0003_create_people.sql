-- Profiles, teams, contracts over time, hourly-rate history, and the audit trail of changes.

ALTER TABLE accounts
    ADD COLUMN academic_title text,
    ADD COLUMN position text,
    ADD COLUMN capacity_hours_per_week numeric(4, 1),
    ADD COLUMN phone text,
    ADD COLUMN personal_email citext,
    ADD COLUMN version integer NOT NULL DEFAULT 1,
    ADD CONSTRAINT accounts_academic_title_length CHECK (length(academic_title) BETWEEN 1 AND 50),
    ADD CONSTRAINT accounts_position_length CHECK (length(position) BETWEEN 1 AND 100),
    ADD CONSTRAINT accounts_capacity_range CHECK (capacity_hours_per_week BETWEEN 0 AND 80),
    ADD CONSTRAINT accounts_phone_characters CHECK (phone ~ '^\+?[0-9][0-9 ()/-]{2,29}$'),
    ADD CONSTRAINT accounts_personal_email_shape CHECK (
        personal_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' AND length(personal_email) <= 254
    ),
    ADD CONSTRAINT accounts_version_positive CHECK (version > 0);

-- Lists sort by last name, then first name, in Czech order; keyset paging walks this index.
CREATE INDEX accounts_czech_name_idx ON accounts (last_name COLLATE czech, first_name COLLATE czech, id);

CREATE TABLE teams (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name citext NOT NULL,
    created_at timestamptz NOT NULL,
    CONSTRAINT teams_name_key UNIQUE (name),
    CONSTRAINT teams_name_length CHECK (length(btrim(name)) BETWEEN 1 AND 100)
);

-- Membership; a leader of a team is a member flagged as leader. A team may have several.
CREATE TABLE team_members (
    team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    account_id uuid NOT NULL REFERENCES accounts (id),
    is_leader boolean NOT NULL DEFAULT false,
    PRIMARY KEY (team_id, account_id)
);
CREATE INDEX team_members_account_id_idx ON team_members (account_id);

CREATE TABLE contracts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts (id),
    type text NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    created_at timestamptz NOT NULL,
    CONSTRAINT contracts_type_known CHECK (type IN ('ICO', 'HPP', 'DPP', 'DPC')),
    CONSTRAINT contracts_dates_ordered CHECK (valid_to IS NULL OR valid_to >= valid_from),
    -- A person's contracts never overlap; an open end counts as forever.
    CONSTRAINT contracts_no_overlap EXCLUDE USING gist (
        account_id WITH =, daterange(valid_from, valid_to, '[]') WITH &&
    )
);

CREATE TABLE hourly_rates (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts (id),
    amount numeric(10, 2) NOT NULL,
    effective_from date NOT NULL,
    set_by uuid REFERENCES accounts (id),
    set_at timestamptz NOT NULL,
    CONSTRAINT hourly_rates_amount_positive CHECK (amount > 0),
    CONSTRAINT hourly_rates_one_per_date UNIQUE (account_id, effective_from)
);
CREATE INDEX hourly_rates_effective_from_idx ON hourly_rates (effective_from);

-- History is never rewritten: a rate can be added, or deleted before it takes effect (the
-- application checks the date), never changed.
CREATE FUNCTION hourly_rates_forbid_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'hourly rates are never changed; add a new rate instead'
        USING ERRCODE = 'integrity_constraint_violation';
END $$;
CREATE TRIGGER hourly_rates_no_update BEFORE UPDATE ON hourly_rates
    FOR EACH ROW EXECUTE FUNCTION hourly_rates_forbid_update();

-- Who changed what about whom, and when.
CREATE TABLE audit_log (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    subject_id uuid NOT NULL REFERENCES accounts (id),
    entity text NOT NULL,
    entity_id uuid NOT NULL,
    action text NOT NULL,
    changed_by uuid REFERENCES accounts (id),
    changed_at timestamptz NOT NULL,
    changes jsonb NOT NULL DEFAULT '{}',
    CONSTRAINT audit_log_entity_known CHECK (entity IN ('account', 'contract', 'hourly_rate', 'team_membership'))
);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_id, changed_at);
