-- Demo accounts of a small agency. Every demo account's password is "staffbook-demo"
-- (bcrypt, cost 10); `make run` prints them. Fixed ids and ON CONFLICT DO NOTHING make this
-- file idempotent: loading it again changes nothing.
INSERT INTO accounts (id, email, first_name, last_name, roles, password_hash, created_at, updated_at)
VALUES
    ('00000000-0000-4000-8000-000000000001', 'admin@staffbook.example', 'Alena', 'Dvořáková', '{admin}',
     '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK', '2024-01-02T09:00:00Z', '2024-01-02T09:00:00Z'),
    ('00000000-0000-4000-8000-000000000002', 'lead.mobile@staffbook.example', 'Tomáš', 'Černý', '{team_leader}',
     '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK', '2024-01-02T09:00:00Z', '2024-01-02T09:00:00Z'),
    ('00000000-0000-4000-8000-000000000003', 'lead.web@staffbook.example', 'Zuzana', 'Horáková', '{team_leader,admin}',
     '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK', '2024-01-02T09:00:00Z', '2024-01-02T09:00:00Z'),
    ('00000000-0000-4000-8000-000000000004', 'jan.novak@staffbook.example', 'Jan', 'Novák', '{}',
     '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK', '2024-02-01T09:00:00Z', '2024-02-01T09:00:00Z'),
    ('00000000-0000-4000-8000-000000000005', 'petra.svobodova@staffbook.example', 'Petra', 'Svobodová', '{}',
     '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK', '2024-03-01T09:00:00Z', '2024-03-01T09:00:00Z'),
    ('00000000-0000-4000-8000-000000000006', 'ondrej.chalupa@staffbook.example', 'Ondřej', 'Chalupa', '{}',
     '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK', '2024-03-01T09:00:00Z', '2024-03-01T09:00:00Z'),
    ('00000000-0000-4000-8000-000000000007', 'rene.rehak@staffbook.example', 'René', 'Řehák', '{}',
     '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK', '2024-05-01T09:00:00Z', '2024-05-01T09:00:00Z'),
    ('00000000-0000-4000-8000-000000000008', 'sarka.simkova@staffbook.example', 'Šárka', 'Šimková', '{}',
     '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK', '2024-06-01T09:00:00Z', '2024-06-01T09:00:00Z'),
    ('00000000-0000-4000-8000-000000000009', 'eva.zelena@staffbook.example', 'Eva', 'Zelená', '{}',
     '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK', '2024-09-01T09:00:00Z', '2024-09-01T09:00:00Z')
ON CONFLICT DO NOTHING;

-- Someone who left: history kept, cannot sign in.
INSERT INTO accounts (id, email, first_name, last_name, roles, is_active, deactivated_at, password_hash, created_at, updated_at)
VALUES
    ('00000000-0000-4000-8000-000000000010', 'karel.byvaly@staffbook.example', 'Karel', 'Bývalý', '{}', false,
     '2025-06-30T17:00:00Z', '$2a$10$nwWoZDQXZCI5Rn2D8MgUW.Sl6T1/zbtsSqs9ebk5TKwOEI.X0ZnqK',
     '2024-01-15T09:00:00Z', '2025-06-30T17:00:00Z')
ON CONFLICT DO NOTHING;
