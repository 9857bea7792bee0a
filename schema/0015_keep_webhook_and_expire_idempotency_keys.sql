-- A notification keeps the chat webhook its person had when it was queued: a retry goes where
-- the first attempt went, whatever the person's settings say since.
ALTER TABLE notifications ADD COLUMN chat_webhook_url text;
UPDATE notifications n SET chat_webhook_url = a.chat_webhook_url
FROM accounts a WHERE a.id = n.account_id AND n.state = 'pending';

-- An idempotency key is remembered for a while (a day by default), not for ever: a phone
-- automation that sends the same key every day starts something new each day.
ALTER TABLE idempotency_keys ADD COLUMN expires_at timestamptz;
UPDATE idempotency_keys SET expires_at = created_at + interval '24 hours';
ALTER TABLE idempotency_keys ALTER COLUMN expires_at SET NOT NULL;
CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at);
