-- A worker running a person's invoice checks takes that person's other pending checks with it
-- (one run from the earliest month covers them). At a month-end 150,000 such jobs are pending
-- at once: without this index each run would read them all to find the person's.
CREATE INDEX jobs_pending_checks_person_idx ON jobs ((payload->>'person')) WHERE kind = 'invoice_checks' AND state = 'pending';
