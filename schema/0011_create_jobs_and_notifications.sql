-- The month-end: a job queue worked by every instance, the notifications it delivers (an outbox
-- written in the same transaction as the event that causes it), people's preferences, one-time
-- tokens for invitations and password resets, and the settings an admin can change.

-- Jobs: one row per piece of work. A recurring schedule's occurrence has a unique key, so two
-- instances never schedule it twice; `FOR UPDATE SKIP LOCKED` hands each due job to one worker,
-- and `locked_until` lets another take it over when that worker dies.
CREATE TABLE jobs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind text NOT NULL,
    unique_key text NOT NULL,
    payload jsonb NOT NULL DEFAULT '{}',
    run_at timestamptz NOT NULL,
    state text NOT NULL DEFAULT 'pending',
    attempts integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL,
    last_error text,
    locked_by text,
    locked_until timestamptz,
    created_at timestamptz NOT NULL,
    started_at timestamptz,
    finished_at timestamptz,
    CONSTRAINT jobs_one_per_key UNIQUE (kind, unique_key),
    CONSTRAINT jobs_state_known CHECK (state IN ('pending', 'running', 'done', 'failed')),
    CONSTRAINT jobs_attempts_bounded CHECK (attempts >= 0 AND max_attempts > 0),
    CONSTRAINT jobs_running_is_locked CHECK ((state = 'running') = (locked_until IS NOT NULL))
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE state IN ('pending', 'running');
CREATE INDEX jobs_recent_idx ON jobs (created_at DESC, id);

ALTER TABLE accounts
    ADD COLUMN language text NOT NULL DEFAULT 'cs',
    ADD COLUMN chat_webhook_url text,
    ADD CONSTRAINT accounts_language_known CHECK (language IN ('cs', 'en')),
    ADD CONSTRAINT accounts_chat_webhook_url_shape CHECK (chat_webhook_url ~ '^https?://' AND length(chat_webhook_url) <= 500);

-- A message for a person (or, without one, for the company's chat). Delivered by a
-- `deliver_notification` job; each attempt is recorded.
CREATE TABLE notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid REFERENCES accounts (id),
    kind text NOT NULL,
    payload jsonb NOT NULL DEFAULT '{}',
    state text NOT NULL DEFAULT 'pending',
    channel text,
    created_at timestamptz NOT NULL,
    sent_at timestamptz,
    CONSTRAINT notifications_state_known CHECK (state IN ('pending', 'sent', 'skipped', 'failed')),
    CONSTRAINT notifications_channel_known CHECK (channel IN ('email', 'chat'))
);
CREATE INDEX notifications_account_idx ON notifications (account_id, created_at DESC, id);
CREATE INDEX notifications_recent_idx ON notifications (created_at DESC, id);

CREATE TABLE notification_attempts (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    notification_id uuid NOT NULL REFERENCES notifications (id),
    at timestamptz NOT NULL,
    channel text NOT NULL,
    outcome text NOT NULL,
    error text,
    CONSTRAINT notification_attempts_outcome_known CHECK (outcome IN ('sent', 'failed'))
);
CREATE INDEX notification_attempts_notification_idx ON notification_attempts (notification_id, at);

-- Per person and kind: e-mail (the default), chat, or off.
CREATE TABLE notification_preferences (
    account_id uuid NOT NULL REFERENCES accounts (id),
    kind text NOT NULL,
    channel text NOT NULL,
    PRIMARY KEY (account_id, kind),
    CONSTRAINT notification_preferences_channel_known CHECK (channel IN ('email', 'chat', 'off'))
);

-- Which reminder a person got for which month, so a reminder is sent once per day however
-- often the day's job runs.
CREATE TABLE invoice_reminders (
    account_id uuid NOT NULL REFERENCES accounts (id),
    period date NOT NULL,
    sent_on date NOT NULL,
    notification_id uuid NOT NULL REFERENCES notifications (id),
    PRIMARY KEY (account_id, period, sent_on)
);

-- Invitations and password resets: single use, stored as SHA-256 of the token.
CREATE TABLE account_tokens (
    token_hash bytea PRIMARY KEY,
    account_id uuid NOT NULL REFERENCES accounts (id),
    purpose text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    CONSTRAINT account_tokens_purpose_known CHECK (purpose IN ('invitation', 'password_reset')),
    CONSTRAINT account_tokens_hash_length CHECK (length(token_hash) = 32)
);
CREATE INDEX account_tokens_account_idx ON account_tokens (account_id, purpose) WHERE used_at IS NULL;

-- Settings an admin changes through the API (the reminder schedule), one JSON value per key.
CREATE TABLE settings (
    key text PRIMARY KEY,
    value jsonb NOT NULL,
    updated_at timestamptz NOT NULL,
    updated_by uuid REFERENCES accounts (id)
);


-- Setting a password through a reset link ends every session of the account.
ALTER TABLE sessions DROP CONSTRAINT sessions_revoked_reason_known;
ALTER TABLE sessions ADD CONSTRAINT sessions_revoked_reason_known CHECK (
    revoked_reason IN ('logout', 'ended_by_user', 'refresh_token_reuse', 'account_deactivated', 'password_changed')
);
