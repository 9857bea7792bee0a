-- GET /v1/users?q=novak (admin).
SELECT a.id, a.email::text, a.first_name, a.last_name, a.academic_title, a.position, a.is_active,
       coalesce((SELECT json_agg(json_build_array(t.id, t.name, m.is_leader) ORDER BY t.name)::text
                 FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.account_id = a.id), '[]')
FROM accounts a
WHERE a.search_text LIKE (SELECT lower(unaccent('%novak%')))
ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
LIMIT 21;
