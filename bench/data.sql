-- Benchmark data at company-group scale: 10,000 people in 300 teams, contracts, rate histories,
-- and 1,000,000 invoices over 100 months (2018-07 … 2026-10) in all states, each with a small
-- file of its own. Loaded into a separate database by `make bench` once; reused afterwards.
-- Everyone's password is "staffbook-demo" (bcrypt cost 10, as in the demo seeds).

-- History made up in bulk is not announced: no events for webhooks or the changes feed.
SET staffbook.events = 'off';

INSERT INTO accounts (id, email, first_name, last_name, roles, password_hash, capacity_hours_per_week, created_at, updated_at)
SELECT ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
       'person' || n || '@bench.example',
       (ARRAY['Jan','Petr','Jana','Lucie','Tomáš','Šárka','Řehoř','Zdeněk','Eva','Marie','Jiří','Ondřej','Karel','Věra','Čeněk','Anna'])[1 + n % 16],
       (ARRAY['Novák','Svoboda','Novotná','Dvořák','Černý','Procházka','Kučera','Veselý','Horák','Němec','Marek','Pokorná',
              'Chalupa','Růžička','Šimek','Žák','Řezníček','Čermák','Hájek','Král'])[1 + (n / 16) % 20] || ' ' || (n % 500),
       CASE WHEN n = 1 THEN '{admin}'::text[] WHEN n % 34 = 2 THEN '{team_leader}'::text[] ELSE '{}'::text[] END,
       '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK', 40, '2018-01-01', '2018-01-01'
FROM generate_series(1, 10000) AS n;

INSERT INTO teams (id, name, created_at)
SELECT ('20000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid, 'Team ' || t, '2018-01-01'
FROM generate_series(1, 300) AS t;

INSERT INTO team_members (team_id, account_id, is_leader)
SELECT ('20000000-0000-4000-8000-' || lpad((1 + n % 300)::text, 12, '0'))::uuid,
       ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, n % 34 = 2
FROM generate_series(1, 10000) AS n;

-- Team 3 is the team of 50 the desk's team month is measured with: sixteen people of other teams
-- are its members too.
INSERT INTO team_members (team_id, account_id, is_leader)
SELECT '20000000-0000-4000-8000-000000000003', ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, false
FROM generate_series(5003, 5018) AS n;

-- Seven in ten are contractors (ICO); the others employees (HPP).
INSERT INTO contracts (account_id, type, valid_from, created_at)
SELECT ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, CASE WHEN n % 10 < 7 THEN 'ICO' ELSE 'HPP' END,
       '2018-07-01', '2018-01-01'
FROM generate_series(1, 10000) AS n;

INSERT INTO hourly_rates (account_id, amount, effective_from, set_at)
SELECT ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 400 + (n % 40) * 10 + y * 25,
       make_date(2018 + y, 1, 1), make_date(2018 + y, 1, 1)
FROM generate_series(1, 10000) AS n, generate_series(0, 8) AS y;

-- 100 months × 10,000 people. Old months are paid; the last ones mix every state.
INSERT INTO invoices (id, account_id, period, state, kind, amount, statement_hours, statement_rate, current_file_id,
                      submitted_at, approved_at, paid_at, returned_at, return_reason, created_at, updated_at)
SELECT md5('i' || n || '-' || m)::uuid, ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
       (date '2018-07-01' + make_interval(months => m))::date,
       s.state, k.kind, 64000 + n % 1000, CASE WHEN k.kind = 'statement' THEN 160 END,
       CASE WHEN k.kind = 'statement' THEN 400 END,
       md5('f' || n || '-' || m)::uuid, '2018-08-01', CASE WHEN s.state IN ('approved', 'paid') THEN timestamptz '2018-08-05' END,
       CASE WHEN s.state = 'paid' THEN timestamptz '2018-08-10' END, CASE WHEN s.state = 'returned' THEN timestamptz '2018-08-05' END,
       CASE WHEN s.state = 'returned' THEN 'bench' END, '2018-08-01', '2018-08-01'
FROM generate_series(1, 10000) AS n, generate_series(0, 99) AS m,
     LATERAL (SELECT CASE WHEN m < 96 THEN 'paid'
                          ELSE (ARRAY['submitted', 'approved', 'returned', 'paid'])[1 + (n + m) % 4] END AS state) s,
     LATERAL (SELECT CASE WHEN n % 10 < 7 THEN 'uploaded' ELSE 'statement' END AS kind) k;

INSERT INTO invoice_files (id, invoice_id, version, content, media_type, size, sha256, original_name, uploaded_at)
SELECT i.current_file_id, i.id, 1, f.content, 'application/pdf', octet_length(f.content), sha256(f.content), 'bench.pdf', i.submitted_at
FROM invoices i
CROSS JOIN LATERAL (SELECT convert_to('%PDF-1.4 bench ' || i.id::text || E'\n%%EOF\n', 'UTF8') AS content) f;

ANALYZE;
