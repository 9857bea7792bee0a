-- Browsers people subscribed to Web Push from the desk: the push service's URL for that browser
-- and the keys the message is encrypted to (RFC 8291). One browser is one endpoint; subscribing
-- it again (or as someone else) replaces the row.
CREATE TABLE push_subscriptions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    endpoint text NOT NULL UNIQUE,
    p256dh bytea NOT NULL,
    auth bytea NOT NULL,
    created_at timestamptz NOT NULL,
    CONSTRAINT push_subscriptions_endpoint_length CHECK (length(endpoint) BETWEEN 1 AND 1000),
    CONSTRAINT push_subscriptions_key_lengths CHECK (octet_length(p256dh) = 65 AND octet_length(auth) = 16)
);
CREATE INDEX push_subscriptions_account_idx ON push_subscriptions (account_id);
