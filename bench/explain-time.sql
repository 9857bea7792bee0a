-- The plans of the time-tracking rows of `make bench`, as the server sends their statements
-- (values bound): a person's week by day, the company's month by project and by team.
--   psql -h 127.0.0.1 -p 54329 -U staffbook -d staffbook_bench -f bench/explain-time.sql
\pset pager off
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT to_char(e.started_at AT TIME ZONE 'Europe/Prague', 'YYYY-MM-DD') AS key,
       min(to_char(e.started_at AT TIME ZONE 'Europe/Prague', 'YYYY-MM-DD')),
       sum(extract(epoch FROM e.ended_at - e.started_at))::bigint,
       coalesce(sum(extract(epoch FROM e.ended_at - e.started_at)) FILTER (WHERE e.billable), 0)::bigint
FROM time_entries e JOIN projects p ON p.id = e.project_id JOIN clients c ON c.id = p.client_id
WHERE e.account_id = '10000000-0000-4000-8000-000000000003' AND e.started_at >= '2026-10-18T22:00:00Z'
  AND e.started_at < '2026-10-25T23:00:00Z' AND e.ended_at IS NOT NULL
GROUP BY 1 ORDER BY 2, 1;

EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
WITH sums AS (
    SELECT e.account_id, e.project_id,
           sum(extract(epoch FROM e.ended_at - e.started_at)) AS seconds,
           coalesce(sum(extract(epoch FROM e.ended_at - e.started_at)) FILTER (WHERE e.billable), 0) AS billable
    FROM time_entries e
    WHERE e.started_at >= '2026-09-30T22:00:00Z' AND e.started_at < '2026-10-31T23:00:00Z' AND e.ended_at IS NOT NULL
    GROUP BY e.account_id, e.project_id
)
SELECT p.id::text, min(c.name || ' / ' || p.name), sum(e.seconds)::bigint, sum(e.billable)::bigint,
       sum(e.billable / 3600 * p.hourly_price)::text
FROM sums e JOIN projects p ON p.id = e.project_id JOIN clients c ON c.id = p.client_id
GROUP BY p.id ORDER BY min(c.name || ' / ' || p.name) COLLATE czech, 1;

EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
WITH sums AS (
    SELECT e.account_id, e.project_id,
           sum(extract(epoch FROM e.ended_at - e.started_at)) AS seconds,
           coalesce(sum(extract(epoch FROM e.ended_at - e.started_at)) FILTER (WHERE e.billable), 0) AS billable
    FROM time_entries e
    WHERE e.started_at >= '2026-09-30T22:00:00Z' AND e.started_at < '2026-10-31T23:00:00Z' AND e.ended_at IS NOT NULL
    GROUP BY e.account_id, e.project_id
)
SELECT t.id::text, min(t.name), sum(e.seconds)::bigint, sum(e.billable)::bigint, sum(e.billable / 3600 * p.hourly_price)::text
FROM sums e JOIN projects p ON p.id = e.project_id JOIN clients c ON c.id = p.client_id
JOIN team_members tm ON tm.account_id = e.account_id JOIN teams t ON t.id = tm.team_id
GROUP BY t.id ORDER BY min(t.name) COLLATE czech, 1;
