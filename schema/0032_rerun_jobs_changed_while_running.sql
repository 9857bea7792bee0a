-- A change that arrives while its person-month's checks are being computed must cause another
-- computation: the running job is marked to run again (`rerun`) instead of the change being
-- dropped as a duplicate, and the worker puts it back in the queue when it finishes.
ALTER TABLE jobs ADD COLUMN rerun boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION queue_invoice_checks(person uuid, month date, at timestamptz) RETURNS void
    LANGUAGE sql AS $$
    INSERT INTO jobs (kind, unique_key, payload, run_at, max_attempts, created_at)
    SELECT 'invoice_checks', person::text || ':' || to_char(month, 'YYYY-MM'),
           jsonb_build_object('person', person::text, 'month', to_char(month, 'YYYY-MM')), 'epoch', 10, at
    WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = person AND i.period >= month AND i.kind = 'uploaded' AND i.state <> 'paid')
    ON CONFLICT (kind, unique_key) DO UPDATE
        SET rerun = jobs.rerun OR jobs.state = 'running',
            state = CASE WHEN jobs.state IN ('done', 'failed') THEN 'pending' ELSE jobs.state END,
            run_at = CASE WHEN jobs.state IN ('done', 'failed') THEN 'epoch' ELSE jobs.run_at END,
            attempts = CASE WHEN jobs.state IN ('done', 'failed') THEN 0 ELSE jobs.attempts END,
            last_error = CASE WHEN jobs.state IN ('done', 'failed') THEN NULL ELSE jobs.last_error END,
            finished_at = CASE WHEN jobs.state IN ('done', 'failed') THEN NULL ELSE jobs.finished_at END
        WHERE jobs.state IN ('done', 'failed', 'running');
    SELECT pg_notify('staffbook_jobs', '');
$$;
