-- The demo company's people: profiles, four teams with leaders, contracts of all four types
-- (someone switched from HPP to ICO, someone left), and rate histories over several years.
-- Idempotent: fixed ids, ON CONFLICT DO NOTHING, and updates that set the same values again.

INSERT INTO accounts (id, email, first_name, last_name, roles, password_hash, created_at, updated_at)
SELECT ('00000000-0000-4000-8000-0000000000' || n)::uuid, email, first_name, last_name, '{}',
       '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK', '2024-01-02T09:00:00Z', '2024-01-02T09:00:00Z'
FROM (VALUES
    ('11', 'lukas.cermak@staffbook.example', 'Lukáš', 'Čermák'),
    ('12', 'martin.cibulka@staffbook.example', 'Martin', 'Cibulka'),
    ('13', 'jakub.hora@staffbook.example', 'Jakub', 'Hora'),
    ('14', 'tereza.chladkova@staffbook.example', 'Tereza', 'Chládková'),
    ('15', 'filip.zak@staffbook.example', 'Filip', 'Žák'),
    ('16', 'veronika.sevcikova@staffbook.example', 'Veronika', 'Ševčíková'),
    ('17', 'david.ruzicka@staffbook.example', 'David', 'Růžička'),
    ('18', 'katerina.novakova@staffbook.example', 'Kateřina', 'Nováková'),
    ('19', 'petr.dvorak@staffbook.example', 'Petr', 'Dvořák'),
    ('20', 'lucie.kralova@staffbook.example', 'Lucie', 'Králová'),
    ('21', 'michal.prochazka@staffbook.example', 'Michal', 'Procházka'),
    ('22', 'barbora.kucerova@staffbook.example', 'Barbora', 'Kučerová'),
    ('23', 'vojtech.vesely@staffbook.example', 'Vojtěch', 'Veselý'),
    ('24', 'anna.markova@staffbook.example', 'Anna', 'Marková'),
    ('25', 'adam.pokorny@staffbook.example', 'Adam', 'Pokorný'),
    ('26', 'klara.benesova@staffbook.example', 'Klára', 'Benešová'),
    ('27', 'stepan.fiala@staffbook.example', 'Štěpán', 'Fiala'),
    ('28', 'marketa.sedlackova@staffbook.example', 'Markéta', 'Sedláčková'),
    ('29', 'radek.dolezal@staffbook.example', 'Radek', 'Doležal'),
    ('30', 'jiri.zeman@staffbook.example', 'Jiří', 'Zeman')
) AS people (n, email, first_name, last_name)
ON CONFLICT DO NOTHING;

-- Profile details, written the same way every time.
UPDATE accounts SET academic_title = p.title, position = p.position, capacity_hours_per_week = p.capacity,
                    phone = p.phone
FROM (VALUES
    ('01', 'Ing.', 'Operations director', 40.0, '+420 601 000 001'),
    ('02', 'Bc.', 'Mobile team lead', 40.0, '+420 601 000 002'),
    ('03', 'Mgr.', 'Web team lead', 40.0, '+420 601 000 003'),
    ('04', NULL, 'iOS developer', 40.0, '+420 601 000 004'),
    ('05', 'Ing.', 'Android developer', 32.0, '+420 601 000 005'),
    ('06', NULL, 'Frontend developer', 40.0, '+420 601 000 006'),
    ('07', 'Bc.', 'Backend developer', 40.0, '+420 601 000 007'),
    ('08', 'MgA.', 'UI designer', 20.0, '+420 601 000 008'),
    ('09', NULL, 'QA engineer', 40.0, '+420 601 000 009'),
    ('10', NULL, 'Backend developer', 40.0, '+420 601 000 010'),
    ('11', 'Ing.', 'Backend team lead', 40.0, '+420 601 000 011'),
    ('12', NULL, 'Backend developer', 40.0, '+420 601 000 012'),
    ('13', NULL, 'DevOps engineer', 40.0, '+420 601 000 013'),
    ('14', 'Mgr.', 'Design lead', 40.0, '+420 601 000 014'),
    ('15', NULL, 'Student developer', 10.0, '+420 601 000 015'),
    ('16', 'Bc.', 'Frontend developer', 40.0, '+420 601 000 016'),
    ('17', NULL, 'iOS developer', 40.0, '+420 601 000 017'),
    ('18', 'Ing.', 'Project manager', 30.0, '+420 601 000 018'),
    ('19', NULL, 'Android developer', 40.0, '+420 601 000 019'),
    ('20', NULL, 'Accountant', 8.0, '+420 601 000 020'),
    ('21', 'Ing.', 'Backend developer', 40.0, '+420 601 000 021'),
    ('22', NULL, 'UX researcher', 25.0, '+420 601 000 022'),
    ('23', NULL, 'Frontend developer', 40.0, '+420 601 000 023'),
    ('24', 'MgA.', 'Graphic designer', 16.0, '+420 601 000 024'),
    ('25', NULL, 'Student tester', 10.0, '+420 601 000 025'),
    ('26', 'Ing.', 'Data engineer', 40.0, '+420 601 000 026'),
    ('27', NULL, 'Flutter developer', 40.0, '+420 601 000 027'),
    ('28', 'Bc.', 'Office manager', 40.0, '+420 601 000 028'),
    ('29', NULL, 'Backend developer', 40.0, '+420 601 000 029'),
    ('30', NULL, 'Security consultant', 12.0, '+420 601 000 030')
) AS p (n, title, position, capacity, phone)
WHERE accounts.id = ('00000000-0000-4000-8000-0000000000' || p.n)::uuid
  AND (accounts.academic_title, accounts.position, accounts.capacity_hours_per_week, accounts.phone)
      IS DISTINCT FROM (p.title, p.position, p.capacity, p.phone);

UPDATE accounts SET roles = '{team_leader}'
WHERE id IN ('00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000014')
  AND roles <> '{team_leader}';

INSERT INTO teams (id, name, created_at) VALUES
    ('00000000-0000-4000-9000-000000000001', 'Mobile', '2024-01-02T09:00:00Z'),
    ('00000000-0000-4000-9000-000000000002', 'Web', '2024-01-02T09:00:00Z'),
    ('00000000-0000-4000-9000-000000000003', 'Backend', '2024-01-02T09:00:00Z'),
    ('00000000-0000-4000-9000-000000000004', 'Design', '2024-01-02T09:00:00Z')
ON CONFLICT DO NOTHING;

INSERT INTO team_members (team_id, account_id, is_leader)
SELECT ('00000000-0000-4000-9000-00000000000' || t)::uuid, ('00000000-0000-4000-8000-0000000000' || n)::uuid, leader
FROM (VALUES
    ('1', '02', true), ('1', '04', false), ('1', '05', false), ('1', '17', false), ('1', '19', false), ('1', '27', false),
    ('2', '03', true), ('2', '06', false), ('2', '16', false), ('2', '23', false), ('2', '09', false), ('2', '15', false),
    ('3', '11', true), ('3', '03', false), ('3', '07', false), ('3', '10', false), ('3', '12', false), ('3', '13', false),
    ('3', '21', false), ('3', '26', false), ('3', '29', false), ('3', '30', false), ('3', '25', false),
    ('4', '14', true), ('4', '08', false), ('4', '22', false), ('4', '24', false)
) AS m (t, n, leader)
ON CONFLICT DO NOTHING;

-- Contracts: mostly ICO contractors; HPP employees; DPP/DPC part-timers.
INSERT INTO contracts (id, account_id, type, valid_from, valid_to, created_at)
SELECT ('00000000-0000-4000-a000-000000000' || n || c)::uuid, ('00000000-0000-4000-8000-0000000000' || n)::uuid,
       type, valid_from::date, valid_to::date, '2024-01-02T09:00:00Z'
FROM (VALUES
    ('01', '1', 'HPP', '2022-01-01', NULL),
    ('02', '1', 'ICO', '2022-03-01', NULL),
    ('03', '1', 'ICO', '2022-01-01', NULL),
    -- Jan Novák: employed first, then a contractor.
    ('04', '1', 'HPP', '2023-02-01', '2025-06-30'),
    ('04', '2', 'ICO', '2025-07-01', NULL),
    ('05', '1', 'ICO', '2023-03-01', NULL),
    ('06', '1', 'ICO', '2023-03-01', NULL),
    ('07', '1', 'ICO', '2023-05-01', NULL),
    ('08', '1', 'DPC', '2023-06-01', NULL),
    ('09', '1', 'ICO', '2023-09-01', NULL),
    ('10', '1', 'ICO', '2022-01-15', '2025-06-30'),
    ('11', '1', 'ICO', '2022-01-01', NULL),
    ('12', '1', 'ICO', '2022-06-01', NULL),
    ('13', '1', 'HPP', '2022-09-01', NULL),
    ('14', '1', 'ICO', '2022-02-01', NULL),
    ('15', '1', 'DPP', '2024-10-01', NULL),
    ('16', '1', 'ICO', '2023-01-01', NULL),
    ('17', '1', 'ICO', '2024-02-01', NULL),
    ('18', '1', 'HPP', '2022-04-01', NULL),
    ('19', '1', 'ICO', '2024-04-01', NULL),
    ('20', '1', 'DPC', '2022-01-01', NULL),
    ('21', '1', 'ICO', '2023-11-01', NULL),
    ('22', '1', 'DPC', '2024-03-01', NULL),
    ('23', '1', 'ICO', '2024-06-01', NULL),
    ('24', '1', 'DPP', '2024-01-01', '2024-12-31'),
    ('24', '2', 'DPC', '2025-01-01', NULL),
    ('25', '1', 'DPP', '2025-03-01', NULL),
    ('26', '1', 'HPP', '2023-07-01', NULL),
    ('27', '1', 'ICO', '2025-01-01', NULL),
    ('28', '1', 'HPP', '2022-01-01', NULL),
    ('29', '1', 'ICO', '2025-04-01', NULL),
    ('30', '1', 'ICO', '2024-09-01', NULL)
) AS c (n, c, type, valid_from, valid_to)
ON CONFLICT DO NOTHING;

-- Rates: a start rate at the first contract, then a raise of 20–60 CZK every January and July
-- up to January 2026; a few raises are already planned.
INSERT INTO hourly_rates (account_id, amount, effective_from, set_by, set_at, reason)
SELECT a.id,
       350 + (substr(a.id::text, 35, 2)::int % 9) * 50 + step * (20 + (substr(a.id::text, 35, 2)::int + step) % 5 * 10),
       day::date,
       '00000000-0000-4000-8000-000000000001', day::timestamptz,
       CASE WHEN step = 0 THEN 'Nástupní sazba / starting rate' ELSE 'Pololetní hodnocení / half-year review' END
FROM accounts a
JOIN LATERAL (SELECT min(valid_from) AS first_day FROM contracts c WHERE c.account_id = a.id) f ON f.first_day IS NOT NULL
CROSS JOIN LATERAL (
    SELECT 0 AS step, f.first_day AS day
    UNION ALL
    SELECT row_number() OVER (ORDER BY d), d
    FROM generate_series(date_trunc('year', f.first_day) + interval '1 year', '2026-01-01', interval '6 months') AS d
) steps
WHERE a.id::text LIKE '00000000-0000-4000-8000-%'
ON CONFLICT (account_id, effective_from) WHERE superseded_by IS NULL DO NOTHING;

-- Raises planned for next year for two people (upcoming rates).
INSERT INTO hourly_rates (account_id, amount, effective_from, set_by, set_at, reason)
VALUES
    ('00000000-0000-4000-8000-000000000004', 900.00, '2027-01-01', '00000000-0000-4000-8000-000000000001', '2026-11-01T10:00:00Z',
     'Povýšení na seniora / promotion to senior'),
    ('00000000-0000-4000-8000-000000000011', 1350.00, '2027-01-01', '00000000-0000-4000-8000-000000000001', '2026-11-01T10:00:00Z',
     'Povýšení na seniora / promotion to senior')
ON CONFLICT (account_id, effective_from) WHERE superseded_by IS NULL DO NOTHING;
