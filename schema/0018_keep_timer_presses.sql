-- Timer presses are kept for two days so a press that arrives late (a phone that was offline)
-- is applied in the order the buttons were pressed: the entries the timer made since then are
-- worked out again from the presses.
ALTER TABLE time_entries ADD COLUMN timer boolean NOT NULL DEFAULT false;
COMMENT ON COLUMN time_entries.timer IS
    'The entry''s times come from timer presses (a late press may reshape it); false once edited by hand.';

CREATE TABLE timer_presses (
    seq bigserial PRIMARY KEY,
    account_id uuid NOT NULL REFERENCES accounts (id),
    action text NOT NULL,
    at timestamptz NOT NULL,
    project_id uuid REFERENCES projects (id),
    description text NOT NULL DEFAULT '',
    tags text[] NOT NULL DEFAULT '{}',
    billable boolean NOT NULL DEFAULT true,
    received_at timestamptz NOT NULL,
    CONSTRAINT timer_presses_action_known CHECK (action IN ('start', 'stop', 'cancel')),
    CONSTRAINT timer_presses_start_names_project CHECK ((action = 'start') = (project_id IS NOT NULL))
);
CREATE INDEX timer_presses_person_at_idx ON timer_presses (account_id, at);
