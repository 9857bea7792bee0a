-- A person's export too large to hand over in one answer: made by a job, kept here for a week,
-- fetched by the link mailed to whoever asked for it.
CREATE TABLE personal_exports (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    requested_by uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    state text NOT NULL DEFAULT 'preparing',
    created_at timestamptz NOT NULL,
    ready_at timestamptz,
    expires_at timestamptz NOT NULL,
    file_name text,
    archive bytea,
    CONSTRAINT personal_exports_state_known CHECK (state IN ('preparing', 'ready')),
    CONSTRAINT personal_exports_ready_complete CHECK ((state = 'ready') = (archive IS NOT NULL AND ready_at IS NOT NULL AND file_name IS NOT NULL))
);
CREATE INDEX personal_exports_expires_idx ON personal_exports (expires_at);
