-- Time off at the same scale: each of the 10,000 people takes a week of vacation every quarter of
-- 2025 and 2026 (approved) and one sick day three weeks after it, and has a week requested in
-- early 2027: 153,000 absences. People 2000–2999 are left out: the benchmark's writes (timer
-- presses today, November's batches) are theirs, and time off would refuse them. Loaded by
-- `make bench` once; reused afterwards.

-- History made up in bulk is not announced: no events for webhooks or the changes feed.
SET staffbook.events = 'off';

INSERT INTO absences (account_id, kind, first_day, last_day, part, working_days, state, decided_at, created_at, updated_at)
SELECT ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, a.kind, a.first_day, a.last_day, 'full', a.days,
       a.state, CASE WHEN a.state = 'approved' THEN a.first_day - 14 END, a.first_day - 21, a.first_day - 14
FROM generate_series(1, 10000) AS n,
     LATERAL (
         SELECT 'vacation' AS kind, monday AS first_day, monday + 4 AS last_day, 5 AS days,
                CASE WHEN q < 8 THEN 'approved' ELSE 'requested' END AS state
         FROM generate_series(0, 8) AS q, LATERAL (SELECT date '2025-01-06' + (q * 13 + n % 8) * 7 AS monday) AS m
         UNION ALL
         SELECT 'sick', monday + 21, monday + 21, 1, 'approved'
         FROM generate_series(0, 7) AS q, LATERAL (SELECT date '2025-01-06' + (q * 13 + n % 8) * 7 AS monday) AS m
     ) AS a
WHERE n NOT BETWEEN 2000 AND 2999;

ANALYZE absences;
