-- Accounts: everyone is a worker; team_leader and admin are extra roles.
CREATE TABLE accounts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email citext NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    roles text[] NOT NULL DEFAULT '{}',
    is_active boolean NOT NULL DEFAULT true,
    password_hash text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deactivated_at timestamptz,
    CONSTRAINT accounts_email_key UNIQUE (email),
    CONSTRAINT accounts_email_shape CHECK (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' AND length(email) <= 254),
    CONSTRAINT accounts_names_present CHECK (
        length(btrim(first_name)) BETWEEN 1 AND 100 AND length(btrim(last_name)) BETWEEN 1 AND 100
    ),
    CONSTRAINT accounts_roles_known CHECK (roles <@ ARRAY['team_leader', 'admin']::text[]),
    CONSTRAINT accounts_deactivated_when_inactive CHECK (is_active = (deactivated_at IS NULL)),
    CONSTRAINT accounts_password_hash_bcrypt CHECK (password_hash IS NULL OR password_hash ~ '^\$2[aby]\$')
);

-- A sign-in session: one per signed-in device. Refresh tokens rotate within it.
CREATE TABLE sessions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    client_description text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    last_used_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    revoked_reason text,
    CONSTRAINT sessions_revocation_has_reason CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL)),
    CONSTRAINT sessions_revoked_reason_known CHECK (
        revoked_reason IN ('logout', 'ended_by_user', 'refresh_token_reuse', 'account_deactivated')
    ),
    CONSTRAINT sessions_client_description_length CHECK (length(client_description) <= 200)
);
CREATE INDEX sessions_account_id_idx ON sessions (account_id) WHERE revoked_at IS NULL;

-- Refresh tokens, stored only as SHA-256 hashes. Each is used once; its successor is recorded
-- so a replay inside the grace window can be answered with the same successor.
CREATE TABLE refresh_tokens (
    token_hash bytea PRIMARY KEY,
    session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    used_at timestamptz,
    successor_hash bytea,
    CONSTRAINT refresh_tokens_hash_length CHECK (length(token_hash) = 32),
    CONSTRAINT refresh_tokens_successor_when_used CHECK ((used_at IS NULL) = (successor_hash IS NULL))
);
CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);

-- Failed sign-in attempts per key ('account:<email>' or 'address:<ip>') in a fixed window.
-- In the database so the limit holds across every server instance.
CREATE TABLE sign_in_throttle (
    key text PRIMARY KEY,
    window_started_at timestamptz NOT NULL,
    failures integer NOT NULL CHECK (failures > 0)
);
