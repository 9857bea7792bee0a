-- Tracked time summed per person and project, by the day and by the month an entry starts on
-- in Prague (where the company works, as every report counts it): reports read a month's few
-- thousand sums instead of its entries, so their cost follows the month's people and not the
-- years of history. Triggers on time_entries keep both in the transaction of every write
-- (an entry written, edited, deleted, imported, pressed or sent in a batch), so they are never
-- stale; running entries count once they end.
CREATE TABLE time_rollup_days (
    day date NOT NULL,
    account_id uuid NOT NULL,
    project_id uuid NOT NULL,
    seconds numeric NOT NULL,
    billable_seconds numeric NOT NULL,
    entries integer NOT NULL,
    PRIMARY KEY (day, account_id, project_id)
);

CREATE TABLE time_rollup_months (
    -- The month's first day.
    month date NOT NULL,
    account_id uuid NOT NULL,
    project_id uuid NOT NULL,
    seconds numeric NOT NULL,
    billable_seconds numeric NOT NULL,
    entries integer NOT NULL,
    PRIMARY KEY (month, account_id, project_id),
    CONSTRAINT time_rollup_months_first_day CHECK (extract(day FROM month) = 1)
);

-- Sums that lost their last entry are removed right away; these find them.
CREATE INDEX time_rollup_days_empty_idx ON time_rollup_days (day) WHERE entries = 0;
CREATE INDEX time_rollup_months_empty_idx ON time_rollup_months (month) WHERE entries = 0;

-- Adds a statement's finished entries to the sums (sign 1) or takes them away (sign -1),
-- summed first, so a statement of a million rows (an import, a bench load) costs one pass. Rows
-- are upserted in key order, so two writers meeting on the same sums wait for each other
-- instead of deadlocking. `changes` names the trigger's transition tables.
CREATE FUNCTION time_rollup_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changes text := CASE TG_OP
        WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
        WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
        ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows'
    END;
BEGIN
    EXECUTE format($sql$
        WITH rows AS (
            SELECT account_id, project_id, (started_at AT TIME ZONE 'Europe/Prague')::date AS day,
                   sign * extract(epoch FROM ended_at - started_at) AS seconds,
                   CASE WHEN billable THEN sign * extract(epoch FROM ended_at - started_at) ELSE 0 END AS billable_seconds,
                   sign AS entries
            FROM (%s) AS c
            WHERE ended_at IS NOT NULL
        ), days AS (
            INSERT INTO time_rollup_days AS r (day, account_id, project_id, seconds, billable_seconds, entries)
            SELECT day, account_id, project_id, sum(seconds), sum(billable_seconds), sum(entries)
            FROM rows GROUP BY day, account_id, project_id ORDER BY day, account_id, project_id
            ON CONFLICT (day, account_id, project_id) DO UPDATE SET
                seconds = r.seconds + EXCLUDED.seconds, billable_seconds = r.billable_seconds + EXCLUDED.billable_seconds,
                entries = r.entries + EXCLUDED.entries
            RETURNING 1
        )
        INSERT INTO time_rollup_months AS r (month, account_id, project_id, seconds, billable_seconds, entries)
        SELECT date_trunc('month', day)::date, account_id, project_id, sum(seconds), sum(billable_seconds), sum(entries)
        FROM rows GROUP BY 1, account_id, project_id ORDER BY 1, account_id, project_id
        ON CONFLICT (month, account_id, project_id) DO UPDATE SET
            seconds = r.seconds + EXCLUDED.seconds, billable_seconds = r.billable_seconds + EXCLUDED.billable_seconds,
            entries = r.entries + EXCLUDED.entries
    $sql$, changes);
    DELETE FROM time_rollup_days WHERE entries = 0;
    DELETE FROM time_rollup_months WHERE entries = 0;
    RETURN NULL;
END;
$$;

CREATE TRIGGER time_entries_rollup_insert AFTER INSERT ON time_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION time_rollup_apply();
CREATE TRIGGER time_entries_rollup_update AFTER UPDATE ON time_entries
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION time_rollup_apply();
CREATE TRIGGER time_entries_rollup_delete AFTER DELETE ON time_entries
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION time_rollup_apply();

INSERT INTO time_rollup_days (day, account_id, project_id, seconds, billable_seconds, entries)
SELECT (started_at AT TIME ZONE 'Europe/Prague')::date, account_id, project_id, sum(extract(epoch FROM ended_at - started_at)),
       coalesce(sum(extract(epoch FROM ended_at - started_at)) FILTER (WHERE billable), 0), count(*)
FROM time_entries WHERE ended_at IS NOT NULL GROUP BY 1, 2, 3;

INSERT INTO time_rollup_months (month, account_id, project_id, seconds, billable_seconds, entries)
SELECT date_trunc('month', day)::date, account_id, project_id, sum(seconds), sum(billable_seconds), sum(entries)
FROM time_rollup_days GROUP BY 1, 2, 3;
