-- An Idempotency-Key belongs to one request. What the request asked for is kept with the key as
-- a digest, so the same key sent with a different request is refused instead of answered with
-- the first request's result; and how the first attempt ended is kept for every operation
-- (an upload's "created" or "replaced", a bulk action's report in response_body).
ALTER TABLE idempotency_keys
    ADD COLUMN fingerprint text,
    ADD COLUMN outcome text;

-- Keys stored before: uploads claimed their key with the file, so they are finished (how is
-- unknown; they were answered as replacements); bulk actions are finished once they have a body.
UPDATE idempotency_keys SET outcome = CASE WHEN operation LIKE 'upload:%' THEN 'replaced' ELSE 'done' END
WHERE operation LIKE 'upload:%' OR response_body IS NOT NULL;

ALTER TABLE idempotency_keys DROP COLUMN response_status;
