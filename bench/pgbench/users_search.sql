-- GET /v1/users?q=novak (admin): the page of people, then their teams, as the server runs it.
SELECT a.id, a.email::text, a.first_name, a.last_name, a.academic_title, a.position, a.is_active,
       coalesce(teams.ids, '{}'), coalesce(teams.names, '{}'), coalesce(teams.leads, '{}')
FROM (
    SELECT a.* FROM accounts a
    WHERE a.search_text LIKE name_search_pattern('novak')
    ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
    LIMIT 21
) a
LEFT JOIN LATERAL (
    SELECT array_agg(t.id ORDER BY t.name, t.id) AS ids, array_agg(t.name::text ORDER BY t.name, t.id) AS names,
           array_agg(m.is_leader ORDER BY t.name, t.id) AS leads
    FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.account_id = a.id
) teams ON true
ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id;
