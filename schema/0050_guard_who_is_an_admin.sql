-- Four eyes that one admin cannot switch off. Who is an admin, and since when, decides who may
-- be the second pair of eyes (an admin made less than the rule's age ago may not); once two
-- admins who can check each other are seen, the rule stays engaged whatever happens to them; and
-- a change of who is an admin, or an erasure, waits for a second admin while the rule applies.

-- Since when an active admin has been one: set when the role is given or an admin comes back,
-- cleared when either goes. From the writer's own moment where it gives one (the application
-- writes `admin_since = COALESCE(admin_since, <its clock>)`, the demo's rows their created_at),
-- so that the application's clock and the demo's dates decide, else from now().
ALTER TABLE accounts ADD COLUMN admin_since timestamptz;
UPDATE accounts SET admin_since = created_at WHERE is_active AND 'admin' = ANY (roles);

CREATE FUNCTION accounts_keep_admin_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT (NEW.is_active AND 'admin' = ANY (NEW.roles)) THEN
        NEW.admin_since := NULL;
    ELSIF TG_OP = 'INSERT' THEN
        NEW.admin_since := COALESCE(NEW.admin_since, NEW.created_at, now());
    ELSIF NOT (OLD.is_active AND 'admin' = ANY (OLD.roles)) AND NEW.admin_since IS NOT DISTINCT FROM OLD.admin_since THEN
        NEW.admin_since := now();
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER accounts_admin_since BEFORE INSERT OR UPDATE ON accounts
    FOR EACH ROW EXECUTE FUNCTION accounts_keep_admin_since();

-- One row: when the rule engaged (nil: not yet). Locked by every change of who is an admin, so
-- that two such changes decide one after the other.
CREATE TABLE four_eyes (
    singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    engaged_at timestamptz,
    -- The operator's `staffbook four-eyes release`, the only way back once engaged.
    released_at timestamptz
);
INSERT INTO four_eyes DEFAULT VALUES;

-- What one admin asked and a second admin's same request completes. At most one of a kind per
-- person; gone once done, withdrawn or a week old (the audit log keeps who asked what).
CREATE TABLE admin_change_requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind text NOT NULL CHECK (kind IN ('grant_admin', 'revoke_admin', 'deactivate_admin', 'reactivate_admin',
                                       'erase_person', 'reset_admin_second_factor')),
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    requested_by uuid NOT NULL REFERENCES accounts (id),
    requested_at timestamptz NOT NULL,
    reason text,
    UNIQUE (account_id, kind)
);
CREATE INDEX admin_change_requests_by_time ON admin_change_requests (requested_at);

-- An erasure keeps the history of what others (admins, the system) did about the person — who
-- changed their bank account, who asked for an override, who erased them — with the values that
-- name or reach the person replaced; what the person did themselves goes with the rest of them.
CREATE FUNCTION audit_personal_fields() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
    SELECT ARRAY['email', 'firstName', 'lastName', 'academicTitle', 'position', 'phone', 'personalEmail', 'bankAccount',
                 'ico', 'dic', 'chatWebhookUrl', 'description', 'note', 'tags', 'name']
$$;
CREATE FUNCTION audit_anonymised(changes jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT COALESCE(jsonb_object_agg(
        key,
        CASE WHEN key = ANY (audit_personal_fields()) AND jsonb_typeof(value) = 'object' THEN
            jsonb_build_object(
                'from', CASE WHEN value->'from' IS NULL OR value->'from' = 'null' THEN 'null'::jsonb ELSE '"(erased)"'::jsonb END,
                'to', CASE WHEN value->'to' IS NULL OR value->'to' = 'null' THEN 'null'::jsonb ELSE '"(erased)"'::jsonb END)
        ELSE value END), '{}'::jsonb)
    FROM jsonb_each(changes)
$$;
