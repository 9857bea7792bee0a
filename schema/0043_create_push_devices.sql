-- Phones the mobile app registered for Apple's push service: the device token APNs gave the app,
-- and the session that registered it. A device lives as long as its session: signing out (or any
-- other end of the session) forgets it, so a phone handed on does not keep getting someone's
-- messages. One device token belongs to one session; registering it again moves it.
CREATE TABLE push_devices (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    token text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL,
    CONSTRAINT push_devices_token_hex CHECK (token ~ '^([0-9a-f]{2}){32,100}$')
);
CREATE INDEX push_devices_account_idx ON push_devices (account_id);
CREATE INDEX push_devices_session_idx ON push_devices (session_id);

CREATE FUNCTION push_devices_forget_ended_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM push_devices WHERE session_id = NEW.id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_end_forgets_push_devices
    AFTER UPDATE OF revoked_at ON sessions
    FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
    EXECUTE FUNCTION push_devices_forget_ended_session();
