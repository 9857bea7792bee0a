-- GET /v1/me: the session check (cached by the server for 2 s) and the account with its profile fields.
\set n random(1, 10000)
SELECT id, email::text, first_name, last_name, roles, is_active, academic_title, position,
       capacity_hours_per_week::text, phone, personal_email::text, language
FROM accounts WHERE id = ('10000000-0000-4000-8000-' || lpad(:n::text, 12, '0'))::uuid;
