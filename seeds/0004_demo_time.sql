-- Time tracking of the demo company: three clients, four projects (three for one team each,
-- one internal and open to everyone), and five contractors' working days from 5 October to
-- 13 November 2026 (Mondays to Fridays, not the 28 October holiday), two entries a day.
-- Employees (HPP, DPP, DPC) track nothing here, so their statements stay by capacity.
-- Idempotent: fixed ids, ON CONFLICT DO NOTHING.

INSERT INTO clients (id, name, billing_address, created_at, updated_at)
VALUES
    ('00000000-0000-4000-a000-000000000001', 'Škoda Digital', 'tř. Václava Klementa 869, 293 01 Mladá Boleslav',
     '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z'),
    ('00000000-0000-4000-a000-000000000002', 'Česká spořitelna', 'Budějovická 1518/13a, 140 00 Praha 4',
     '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z'),
    ('00000000-0000-4000-a000-000000000003', 'Staffbook (interní)', NULL, '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z')
ON CONFLICT DO NOTHING;

INSERT INTO projects (id, client_id, name, billable, hourly_price, created_at, updated_at)
VALUES
    ('00000000-0000-4000-b000-000000000001', '00000000-0000-4000-a000-000000000002', 'Mobilní bankovnictví', true, 1450.00,
     '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z'),
    ('00000000-0000-4000-b000-000000000002', '00000000-0000-4000-a000-000000000001', 'Konfigurátor vozů', true, 1600.00,
     '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z'),
    ('00000000-0000-4000-b000-000000000003', '00000000-0000-4000-a000-000000000002', 'API platforma', true, 1500.00,
     '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z'),
    ('00000000-0000-4000-b000-000000000004', '00000000-0000-4000-a000-000000000003', 'Interní', false, NULL,
     '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z')
ON CONFLICT DO NOTHING;

-- Mobile, Web and Backend each have their client project; Interní is open to everyone.
INSERT INTO project_teams (project_id, team_id)
VALUES
    ('00000000-0000-4000-b000-000000000001', '00000000-0000-4000-9000-000000000001'),
    ('00000000-0000-4000-b000-000000000002', '00000000-0000-4000-9000-000000000002'),
    ('00000000-0000-4000-b000-000000000003', '00000000-0000-4000-9000-000000000003')
ON CONFLICT DO NOTHING;

INSERT INTO time_entries (id, account_id, project_id, description, started_at, ended_at, tags, billable, created_at, updated_at)
SELECT md5('time' || p.n || d::date::text || s.slot)::uuid,
       ('00000000-0000-4000-8000-0000000000' || p.n)::uuid,
       CASE WHEN s.slot = 1 THEN p.project ELSE '00000000-0000-4000-b000-000000000004' END::uuid,
       CASE WHEN s.slot = 1 THEN 'Vývoj / development' ELSE 'Porady a review / meetings and reviews' END,
       (d + s.starts) AT TIME ZONE 'Europe/Prague',
       (d + s.ends - make_interval(mins => p.n::int % 4 * 15)) AT TIME ZONE 'Europe/Prague',
       CASE WHEN s.slot = 1 THEN ARRAY['vývoj'] ELSE ARRAY['interní'] END,
       s.slot = 1, d + s.ends, d + s.ends
FROM (VALUES ('04', '00000000-0000-4000-b000-000000000001'), ('05', '00000000-0000-4000-b000-000000000001'),
             ('06', '00000000-0000-4000-b000-000000000002'), ('16', '00000000-0000-4000-b000-000000000002'),
             ('07', '00000000-0000-4000-b000-000000000003')) AS p (n, project)
CROSS JOIN generate_series('2026-10-05'::timestamp, '2026-11-13'::timestamp, interval '1 day') AS d
CROSS JOIN (VALUES (1, time '09:00', time '12:30'), (2, time '13:00', time '17:00')) AS s (slot, starts, ends)
WHERE extract(isodow FROM d) < 6 AND d::date <> '2026-10-28'
ON CONFLICT DO NOTHING;
