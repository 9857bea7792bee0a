-- Six more years of history for the report rows at 20,000,000 entries: each of the 10,000
-- people on 1,500 more working days before December 2024 (back to early 2019), as bench/time.sql
-- writes them. Loaded into a copy of the benchmark database (staffbook_bench_history), once.

-- History made up in bulk is not announced: no events for webhooks or the changes feed.
SET staffbook.events = 'off';

INSERT INTO time_entries (account_id, project_id, description, started_at, ended_at, tags, billable, created_at, updated_at)
SELECT ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
       ('40000000-0000-4000-8000-' || lpad((1 + n % 300)::text, 12, '0'))::uuid,
       'Vývoj', (d.day + time '09:00') AT TIME ZONE 'Europe/Prague', (d.day + time '16:30') AT TIME ZONE 'Europe/Prague',
       '{}', true, d.day + time '16:30', d.day + time '16:30'
FROM (SELECT day::date AS day FROM generate_series(date '2018-01-01', date '2024-11-30', interval '1 day') AS day
      WHERE extract(isodow FROM day) < 6 ORDER BY day DESC LIMIT 1500) AS d,
     generate_series(1, 10000) AS n;

ANALYZE time_entries, time_rollup_days, time_rollup_months;
