-- Time tracking: the agency's clients and their projects, and the time people work on them.

-- A name as people compare names: case and accents ignored ("Škoda" is "skoda").
CREATE FUNCTION name_key(name text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN lower(public.unaccent('public.unaccent'::regdictionary, btrim(name)));

CREATE TABLE clients (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    name_key text NOT NULL GENERATED ALWAYS AS (name_key(name)) STORED,
    billing_address text,
    active boolean NOT NULL DEFAULT true,
    version integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CONSTRAINT clients_name_length CHECK (length(btrim(name)) BETWEEN 1 AND 200),
    CONSTRAINT clients_billing_address_length CHECK (length(billing_address) BETWEEN 1 AND 1000),
    CONSTRAINT clients_one_per_name UNIQUE (name_key)
);

CREATE TABLE projects (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    client_id uuid NOT NULL REFERENCES clients (id),
    name text NOT NULL,
    name_key text NOT NULL GENERATED ALWAYS AS (name_key(name)) STORED,
    billable boolean NOT NULL DEFAULT true,
    -- What the client pays an hour; none: the project is not billed by the hour.
    hourly_price numeric(10, 2),
    active boolean NOT NULL DEFAULT true,
    version integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CONSTRAINT projects_name_length CHECK (length(btrim(name)) BETWEEN 1 AND 200),
    CONSTRAINT projects_hourly_price_positive CHECK (hourly_price > 0),
    CONSTRAINT projects_one_per_name UNIQUE (client_id, name_key)
);

-- The teams whose members may track time on a project (and whose leaders manage it); a
-- project without any is open to everyone and managed by admins.
CREATE TABLE project_teams (
    project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    PRIMARY KEY (project_id, team_id)
);
CREATE INDEX project_teams_team_id_idx ON project_teams (team_id);

-- An entry without an end is the person's running timer.
CREATE TABLE time_entries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts (id),
    project_id uuid NOT NULL REFERENCES projects (id),
    description text NOT NULL DEFAULT '',
    started_at timestamptz NOT NULL,
    ended_at timestamptz,
    tags text[] NOT NULL DEFAULT '{}',
    billable boolean NOT NULL,
    version integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CONSTRAINT time_entries_description_length CHECK (length(description) <= 1000),
    CONSTRAINT time_entries_tags_sane CHECK (cardinality(tags) <= 20 AND array_position(tags, NULL) IS NULL),
    CONSTRAINT time_entries_ends_after_start CHECK (ended_at > started_at),
    CONSTRAINT time_entries_at_most_a_day CHECK (ended_at - started_at <= interval '24 hours'),
    -- A person is in one place at a time; a running timer holds from its start on.
    CONSTRAINT time_entries_no_overlap EXCLUDE USING gist (
        account_id WITH =, tstzrange(started_at, coalesce(ended_at, 'infinity'), '[)') WITH &&
    )
);
CREATE UNIQUE INDEX time_entries_one_running ON time_entries (account_id) WHERE ended_at IS NULL;
-- A person's entries by time (their week, their month); the company's month by time.
CREATE INDEX time_entries_person_started_idx ON time_entries (account_id, started_at);
CREATE INDEX time_entries_started_idx ON time_entries (started_at) INCLUDE (account_id, project_id, ended_at, billable);

ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_known;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_known
    CHECK (entity IN ('account', 'contract', 'hourly_rate', 'team_membership', 'time_entry'));
