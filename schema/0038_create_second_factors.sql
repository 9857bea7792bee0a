-- A person's second factor for password sign-ins: a TOTP secret (sealed with a key derived from
-- the signing key, so a copy of the database alone does not yield the codes), confirmed by a
-- first code. `last_used_step` is the newest 30-second step a code was accepted for: a code is
-- good once, and an older step's code after it never.
CREATE TABLE second_factors (
    account_id uuid PRIMARY KEY REFERENCES accounts (id),
    sealed_secret bytea NOT NULL,
    created_at timestamptz NOT NULL,
    confirmed_at timestamptz,
    last_used_step bigint,
    CONSTRAINT second_factors_sealed_length CHECK (length(sealed_secret) BETWEEN 28 AND 200)
);

-- Ten one-time codes for a lost phone, shown once; only their SHA-256 is kept.
CREATE TABLE recovery_codes (
    account_id uuid NOT NULL REFERENCES second_factors (account_id) ON DELETE CASCADE,
    code_hash bytea NOT NULL,
    used_at timestamptz,
    PRIMARY KEY (account_id, code_hash),
    CONSTRAINT recovery_codes_hash_length CHECK (length(code_hash) = 32)
);

-- A password sign-in that still needs its second step (`code`), or an admin's that may only enrol
-- one (`enrol`): short-lived, kept by the SHA-256 of its secret, no tokens until it completes.
CREATE TABLE sign_in_challenges (
    secret_hash bytea PRIMARY KEY,
    account_id uuid NOT NULL REFERENCES accounts (id),
    purpose text NOT NULL,
    client_description text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    failures integer NOT NULL DEFAULT 0,
    CONSTRAINT sign_in_challenges_purpose_known CHECK (purpose IN ('code', 'enrol')),
    CONSTRAINT sign_in_challenges_hash_length CHECK (length(secret_hash) = 32),
    CONSTRAINT sign_in_challenges_client_length CHECK (length(client_description) <= 200)
);
CREATE INDEX sign_in_challenges_expiry_idx ON sign_in_challenges (expires_at);

-- Who did what is kept with the request that did it.
ALTER TABLE audit_log ADD COLUMN request_id text;
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_known;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_known
    CHECK (entity IN ('account', 'contract', 'hourly_rate', 'team_membership', 'time_entry', 'invoice', 'personal_access_token', 'timesheet',
                      'absence', 'calendar_feed', 'vacation_entitlement', 'absence_kind', 'second_factor', 'session', 'payment_run',
                      'billing_details', 'setting'));
