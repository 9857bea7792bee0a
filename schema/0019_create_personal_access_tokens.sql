-- Keys a button or a shortcut holds instead of a password. Only the SHA-256 of the secret is
-- kept; the secret is shown once. The requests of the current minute are counted on the row, so
-- the limit holds across instances.
CREATE TABLE personal_access_tokens (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts (id),
    name text NOT NULL,
    scopes text[] NOT NULL,
    secret_hash bytea NOT NULL UNIQUE,
    created_at timestamptz NOT NULL,
    expires_at timestamptz,
    last_used_at timestamptz,
    last_used_from text,
    window_started_at timestamptz,
    window_requests integer NOT NULL DEFAULT 0,
    revoked_at timestamptz,
    revoked_by uuid REFERENCES accounts (id),
    CONSTRAINT personal_access_tokens_name_length CHECK (length(name) BETWEEN 1 AND 100),
    CONSTRAINT personal_access_tokens_scopes_known
        CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['timer', 'time:read', 'time:write', 'invoices:read']),
    CONSTRAINT personal_access_tokens_hash_length CHECK (length(secret_hash) = 32)
);
CREATE INDEX personal_access_tokens_account_idx ON personal_access_tokens (account_id, created_at DESC) WHERE revoked_at IS NULL;

ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_known;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_known
    CHECK (entity IN ('account', 'contract', 'hourly_rate', 'team_membership', 'time_entry', 'invoice', 'personal_access_token'));
