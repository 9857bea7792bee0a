-- What happened, for other systems and for apps' caches: one row per change of a time entry, a
-- timer, an invoice's state, a timesheet, an absence, a person or a payment run, written by the
-- database in the transaction of the change, whichever path made it (the API, the desk, the
-- worker, the command line). Webhook deliveries are queued from these rows in the same
-- transaction; the changes feed reads them.
--
-- `seq` is the order of writing. Two changes of one row are written in their commit order (the
-- second waits for the first's lock), but a reader may see a later `seq` before an earlier one
-- commits; so the feed reads `position`, given to committed rows in `seq` order by one placer at
-- a time (see PostgresChangeFeed): a position once visible never has a smaller one appear behind
-- it.
CREATE TABLE events (
    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    position bigint UNIQUE,
    id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    type text NOT NULL,
    resource text NOT NULL,
    subject text NOT NULL,
    person_id uuid,
    deleted boolean NOT NULL DEFAULT false,
    data jsonb NOT NULL,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT events_resource_known CHECK (resource IN ('time_entry', 'invoice', 'timesheet', 'absence', 'person', 'payment_run'))
);
CREATE INDEX events_unplaced_idx ON events (seq) WHERE position IS NULL;
CREATE INDEX events_person_position_idx ON events (person_id, position) WHERE position IS NOT NULL;
CREATE INDEX events_occurred_idx ON events (occurred_at);

-- The history kept: positions at or below `forgotten_through` were pruned; a cursor there must
-- sync from scratch.
CREATE TABLE event_history (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    forgotten_through bigint NOT NULL DEFAULT 0
);
INSERT INTO event_history DEFAULT VALUES;

-- Endpoints admins register; the signing secret is kept sealed with a key the database does not
-- hold.
CREATE TABLE webhook_endpoints (
    id uuid PRIMARY KEY,
    url text NOT NULL,
    description text NOT NULL DEFAULT '',
    event_types text[] NOT NULL,
    active boolean NOT NULL DEFAULT true,
    secret bytea NOT NULL,
    version integer NOT NULL DEFAULT 1,
    created_by uuid REFERENCES accounts (id),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    -- Since when every attempt has failed (none: the last one succeeded).
    failing_since timestamptz,
    disabled_at timestamptz,
    disabled_reason text,
    CONSTRAINT webhook_endpoints_url_length CHECK (length(url) BETWEEN 1 AND 500),
    CONSTRAINT webhook_endpoints_description_length CHECK (length(description) <= 500),
    CONSTRAINT webhook_endpoints_some_types CHECK (cardinality(event_types) BETWEEN 1 AND 50)
);

-- One event for one endpoint. Deliveries of one resource to one endpoint go in `seq` order: the
-- next waits until the one before it was delivered or given up.
CREATE TABLE webhook_deliveries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_seq bigint NOT NULL REFERENCES events (seq) ON DELETE CASCADE,
    ordering_key text NOT NULL,
    state text NOT NULL DEFAULT 'pending',
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT 'epoch',
    locked_by text,
    locked_until timestamptz,
    last_status integer,
    last_latency_ms integer,
    last_error text,
    replay_of uuid REFERENCES webhook_deliveries (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    CONSTRAINT webhook_deliveries_state_known CHECK (state IN ('pending', 'delivered', 'failed')),
    CONSTRAINT webhook_deliveries_error_length CHECK (length(last_error) <= 1000)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at, seq) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_stream_idx ON webhook_deliveries (endpoint_id, ordering_key, seq) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, seq DESC);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_seq);

-- Loaders of bulk data (the bench's millions of entries) say `SET staffbook.events = 'off'` so
-- history they make up is not announced.
CREATE FUNCTION events_wanted() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT coalesce(current_setting('staffbook.events', true), '') <> 'off'
$$;

CREATE FUNCTION utc_instant(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
$$;

-- Every event, for every active endpoint that asked for its type, becomes a delivery; idle
-- workers are woken.
CREATE FUNCTION events_queue_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO webhook_deliveries (endpoint_id, event_seq, ordering_key)
    SELECT w.id, a.seq, a.resource || ':' || a.subject
    FROM added a JOIN webhook_endpoints w ON w.active AND a.type = ANY (w.event_types)
    ORDER BY a.seq, w.id;
    IF FOUND THEN
        PERFORM pg_notify('staffbook_jobs', '');
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER events_deliveries AFTER INSERT ON events
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION events_queue_deliveries();

-- Time entries and the timer (a running entry is the timer).
CREATE FUNCTION time_entry_json(e time_entries) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_build_object(
        'id', e.id, 'personId', e.account_id, 'projectId', e.project_id, 'description', e.description,
        'startedAt', utc_instant(e.started_at), 'endedAt', utc_instant(e.ended_at), 'billable', e.billable,
        'tags', to_jsonb(e.tags), 'version', e.version)
$$;

CREATE FUNCTION time_entries_inserted_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF events_wanted() THEN
        INSERT INTO events (type, resource, subject, person_id, data)
        SELECT CASE WHEN n.ended_at IS NULL THEN 'timer.started' ELSE 'time_entry.created' END, 'time_entry', n.id::text,
               n.account_id, time_entry_json(n)
        FROM changed n ORDER BY n.started_at, n.id;
    END IF;
    RETURN NULL;
END
$$;
CREATE FUNCTION time_entries_updated_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF events_wanted() THEN
        INSERT INTO events (type, resource, subject, person_id, data)
        SELECT CASE WHEN o.ended_at IS NULL AND n.ended_at IS NOT NULL THEN 'timer.stopped' ELSE 'time_entry.updated' END,
               'time_entry', n.id::text, n.account_id, time_entry_json(n)
        FROM before o JOIN changed n USING (id)
        WHERE (o.project_id, o.description, o.started_at, o.ended_at, o.tags, o.billable)
              IS DISTINCT FROM (n.project_id, n.description, n.started_at, n.ended_at, n.tags, n.billable)
        ORDER BY n.started_at, n.id;
    END IF;
    RETURN NULL;
END
$$;
CREATE FUNCTION time_entries_deleted_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF events_wanted() THEN
        INSERT INTO events (type, resource, subject, person_id, deleted, data)
        SELECT 'time_entry.deleted', 'time_entry', o.id::text, o.account_id, true, jsonb_build_object('id', o.id, 'personId', o.account_id)
        FROM changed o ORDER BY o.started_at, o.id;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER time_entries_inserted_events AFTER INSERT ON time_entries
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION time_entries_inserted_events();
CREATE TRIGGER time_entries_updated_events AFTER UPDATE ON time_entries
    REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION time_entries_updated_events();
CREATE TRIGGER time_entries_deleted_events AFTER DELETE ON time_entries
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION time_entries_deleted_events();

-- Invoices: each state they enter.
CREATE FUNCTION invoice_json(i invoices) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_build_object(
        'id', i.id, 'personId', i.account_id, 'period', to_char(i.period, 'YYYY-MM'), 'state', i.state, 'kind', i.kind,
        'amount', to_char(i.amount, 'FM9999999990.00'), 'currency', 'CZK', 'version', i.version,
        'returnReason', i.return_reason)
$$;
CREATE FUNCTION invoices_state_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF events_wanted() THEN
        IF TG_OP = 'INSERT' THEN
            INSERT INTO events (type, resource, subject, person_id, data)
            SELECT 'invoice.' || n.state, 'invoice', n.id::text, n.account_id, invoice_json(n) FROM changed n ORDER BY n.id;
        ELSE
            INSERT INTO events (type, resource, subject, person_id, data)
            SELECT 'invoice.' || n.state, 'invoice', n.id::text, n.account_id, invoice_json(n)
            FROM before o JOIN changed n USING (id)
            WHERE o.state <> n.state OR (n.state = 'submitted' AND o.version <> n.version)
            ORDER BY n.id;
        END IF;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER invoices_inserted_events AFTER INSERT ON invoices
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION invoices_state_events();
CREATE TRIGGER invoices_updated_events AFTER UPDATE ON invoices
    REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION invoices_state_events();

-- Timesheets: submitted, approved, returned (a month reopened is back to having no sheet).
CREATE FUNCTION timesheets_state_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF events_wanted() THEN
        INSERT INTO events (type, resource, subject, person_id, data)
        SELECT 'timesheet.' || n.state, 'timesheet', n.account_id::text || ':' || to_char(n.month, 'YYYY-MM'), n.account_id,
               jsonb_build_object('personId', n.account_id, 'month', to_char(n.month, 'YYYY-MM'), 'state', n.state, 'reason', n.reason)
        FROM changed n
        WHERE n.state IN ('submitted', 'approved', 'returned')
          AND NOT EXISTS (SELECT 1 FROM before o WHERE o.account_id = n.account_id AND o.month = n.month AND o.state = n.state)
        ORDER BY n.account_id, n.month;
    END IF;
    RETURN NULL;
END
$$;
CREATE FUNCTION timesheets_inserted_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF events_wanted() THEN
        INSERT INTO events (type, resource, subject, person_id, data)
        SELECT 'timesheet.' || n.state, 'timesheet', n.account_id::text || ':' || to_char(n.month, 'YYYY-MM'), n.account_id,
               jsonb_build_object('personId', n.account_id, 'month', to_char(n.month, 'YYYY-MM'), 'state', n.state, 'reason', n.reason)
        FROM changed n WHERE n.state IN ('submitted', 'approved', 'returned') ORDER BY n.account_id, n.month;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER timesheets_inserted_events AFTER INSERT ON timesheets
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION timesheets_inserted_events();
CREATE TRIGGER timesheets_updated_events AFTER UPDATE ON timesheets
    REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION timesheets_state_events();

-- Absences: requested, approved, rejected, cancelled.
CREATE FUNCTION absence_json(a absences) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_build_object(
        'id', a.id, 'personId', a.account_id, 'kind', a.kind, 'firstDay', a.first_day, 'lastDay', a.last_day, 'part', a.part,
        'state', a.state)
$$;
CREATE FUNCTION absences_state_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF events_wanted() THEN
        IF TG_OP = 'INSERT' THEN
            INSERT INTO events (type, resource, subject, person_id, data)
            SELECT 'absence.' || n.state, 'absence', n.id::text, n.account_id, absence_json(n) FROM changed n ORDER BY n.id;
        ELSE
            INSERT INTO events (type, resource, subject, person_id, data)
            SELECT 'absence.' || n.state, 'absence', n.id::text, n.account_id, absence_json(n)
            FROM before o JOIN changed n USING (id) WHERE o.state <> n.state ORDER BY n.id;
        END IF;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER absences_inserted_events AFTER INSERT ON absences
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION absences_state_events();
CREATE TRIGGER absences_updated_events AFTER UPDATE ON absences
    REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION absences_state_events();

-- People: created, their profile or roles changed (their version moves), deactivated.
CREATE FUNCTION person_json(a accounts) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_build_object(
        'id', a.id, 'email', a.email, 'firstName', a.first_name, 'lastName', a.last_name, 'roles', to_jsonb(a.roles),
        'active', a.is_active)
$$;
CREATE FUNCTION accounts_person_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF events_wanted() THEN
        IF TG_OP = 'INSERT' THEN
            INSERT INTO events (type, resource, subject, person_id, data)
            SELECT 'person.created', 'person', n.id::text, n.id, person_json(n) FROM changed n ORDER BY n.id;
        ELSE
            INSERT INTO events (type, resource, subject, person_id, data)
            SELECT CASE WHEN o.is_active AND NOT n.is_active THEN 'person.deactivated' ELSE 'person.updated' END,
                   'person', n.id::text, n.id, person_json(n)
            FROM before o JOIN changed n USING (id)
            WHERE o.is_active <> n.is_active OR o.version <> n.version OR o.roles <> n.roles OR o.email <> n.email
            ORDER BY n.id;
        END IF;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER accounts_inserted_events AFTER INSERT ON accounts
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION accounts_person_events();
CREATE TRIGGER accounts_updated_events AFTER UPDATE ON accounts
    REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION accounts_person_events();

-- Payment runs: approved by a second admin, sent to the bank, paid in full.
CREATE FUNCTION payment_runs_state_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF events_wanted() THEN
        INSERT INTO events (type, resource, subject, data)
        SELECT t.type, 'payment_run', n.id::text,
               jsonb_build_object('id', n.id, 'number', n.number, 'state', n.state, 'approvedAt', utc_instant(n.approved_at),
                                  'sentAt', utc_instant(n.sent_at), 'paidAt', utc_instant(n.paid_at))
        FROM before o JOIN changed n USING (id)
        CROSS JOIN LATERAL (VALUES
            (CASE WHEN o.approved_at IS NULL AND n.approved_at IS NOT NULL THEN 'payment_run.approved' END, 1),
            (CASE WHEN o.state <> n.state AND n.state = 'sent' THEN 'payment_run.sent' END, 2),
            (CASE WHEN o.state <> n.state AND n.state = 'paid' THEN 'payment_run.paid' END, 3)
        ) AS t (type, step)
        WHERE t.type IS NOT NULL
        ORDER BY n.id, t.step;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER payment_runs_updated_events AFTER UPDATE ON payment_runs
    REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION payment_runs_state_events();

-- Registering, changing and removing an endpoint is audited (an endpoint receives people's data).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_known;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_known
    CHECK (entity IN ('account', 'contract', 'hourly_rate', 'team_membership', 'time_entry', 'invoice', 'personal_access_token', 'timesheet',
                      'absence', 'calendar_feed', 'vacation_entitlement', 'absence_kind', 'second_factor', 'session', 'payment_run',
                      'billing_details', 'setting', 'webhook_endpoint'));
