-- The worker's outbound lane (pushes to browsers and phones, waiting on other people's servers)
-- claims only its kinds, beside the main lane: without its own index it would read past every
-- due job of the main lane (a month-end queues 150,000 checks at once) for each claim.
CREATE INDEX jobs_due_outbound_idx ON jobs (run_at, id)
    WHERE state IN ('pending', 'running') AND kind IN ('deliver_push', 'deliver_apns');
