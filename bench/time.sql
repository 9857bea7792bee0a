-- Time tracking at the same scale: 20 clients, a project for each of the 300 teams and one open
-- to everyone, and 5,000,000 entries: each of the 10,000 people on 500 working days (two years,
-- December 2024 to October 2026), 09:00–16:30 Prague time, on their team's project.
-- Loaded by `make bench` once, after the rest of the data set; reused afterwards.

-- History made up in bulk is not announced: no events for webhooks or the changes feed.
SET staffbook.events = 'off';

INSERT INTO clients (id, name, created_at, updated_at)
SELECT ('30000000-0000-4000-8000-' || lpad(c::text, 12, '0'))::uuid, 'Klient ' || c, '2024-01-01', '2024-01-01'
FROM generate_series(1, 20) AS c;

INSERT INTO projects (id, client_id, name, billable, hourly_price, created_at, updated_at)
SELECT ('40000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid,
       ('30000000-0000-4000-8000-' || lpad((1 + t % 20)::text, 12, '0'))::uuid,
       'Projekt ' || t, t <> 0, CASE WHEN t <> 0 THEN 1200 + (t % 10) * 50 END, '2024-01-01', '2024-01-01'
FROM generate_series(0, 300) AS t;

INSERT INTO project_teams (project_id, team_id)
SELECT ('40000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid, ('20000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid
FROM generate_series(1, 300) AS t;

INSERT INTO time_entries (account_id, project_id, description, started_at, ended_at, tags, billable, created_at, updated_at)
SELECT ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
       ('40000000-0000-4000-8000-' || lpad((1 + n % 300)::text, 12, '0'))::uuid,
       'Vývoj', (d.day + time '09:00') AT TIME ZONE 'Europe/Prague', (d.day + time '16:30') AT TIME ZONE 'Europe/Prague',
       '{}', true, d.day + time '16:30', d.day + time '16:30'
FROM (SELECT day::date AS day FROM generate_series(date '2024-12-01', date '2026-10-31', interval '1 day') AS day
      WHERE extract(isodow FROM day) < 6 ORDER BY day DESC LIMIT 500) AS d,
     generate_series(1, 10000) AS n;

ANALYZE clients, projects, project_teams, time_entries;
