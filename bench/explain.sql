-- The plans quoted in docs/performance-history.md: the admin list's statement as the server sends it
-- (values bound, planned for those values), its first page and a page deep in the list, and the
-- name search. Against the benchmark database, with the position from a cursor the API gave
-- (base64url JSON: p = person id, l = last name, f = first name):
--   (from the repository root) psql -h 127.0.0.1 -p 54329 -U staffbook -d staffbook_bench \
--        -v person=<p> -v last='<l>' -v first='<f>' -f bench/explain.sql
\pset pager off
PREPARE admin_list(int, int, text, text, uuid, text, text, date, int, int) AS
SELECT page.id, page.account_id, page.first_name, page.last_name, page.email::text, to_char(page.period, 'YYYY-MM'),
       page.state, page.kind, page.amount::text, page.statement_hours::text, page.statement_rate::text,
       page.version, page.return_reason, f.id, f.media_type, f.size, encode(f.sha256, 'hex'),
       page.submitted_at, page.approved_at, page.paid_at, page.exported_at
FROM (
    SELECT i.*, a.first_name, a.last_name, a.email
    FROM accounts a JOIN invoices i ON i.account_id = a.id
    WHERE ($1::int IS NULL OR i.period = make_date($1::int, $2::int, 1))
      AND ($3::text IS NULL OR i.state = $3)
      AND ($4::text IS NULL OR a.search_text LIKE name_search_pattern($4))
      AND ($5::uuid IS NULL
           OR ((a.last_name COLLATE czech, a.first_name COLLATE czech, a.id)
                  >= ($6::text COLLATE czech, $7::text COLLATE czech, $5::uuid)
               AND NOT (a.id = $5::uuid AND i.period <= $8::date)))
    ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id, i.period
    LIMIT $9 OFFSET $10
) page
JOIN invoice_files f ON f.id = page.current_file_id
ORDER BY page.last_name COLLATE czech, page.first_name COLLATE czech, page.account_id, page.period;
SET plan_cache_mode = force_custom_plan;
-- A first run warms the session (ICU collator, unaccent dictionary): the plans show steady state.
EXECUTE admin_list(2026, 9, 'approved', NULL, NULL, NULL, NULL, NULL, 21, 0);
\echo '### first page'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE admin_list(2026, 9, 'approved', NULL, NULL, NULL, NULL, NULL, 21, 0);
\echo '### page 61'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE admin_list(2026, 9, 'approved', NULL, :'person', :'last', :'first', '2026-09-01', 21, 0);
\echo '### search'
-- The statement of bench/pgbench/users_search.sql (read from the repository root), after one
-- unmeasured run that warms this session's caches (unaccent dictionary, catalog).
\set search `cat bench/pgbench/users_search.sql`
\o /dev/null
:search
\o
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :search
