-- The worker's lanes beside the main one (pushes to browsers and phones, waiting on other
-- people's servers; the month-end's and the night's long runs) claim only their kinds: without
-- indexes of their own they would read past every due job of the main lane (a month-end queues
-- 150,000 checks at once) for each claim.
CREATE INDEX jobs_due_outbound_idx ON jobs (run_at, id)
    WHERE state IN ('pending', 'running') AND kind IN ('deliver_push', 'deliver_apns');
CREATE INDEX jobs_due_batch_idx ON jobs (run_at, id)
    WHERE state IN ('pending', 'running') AND kind IN ('statements', 'reminders', 'housekeeping', 'retention', 'personal_export');
