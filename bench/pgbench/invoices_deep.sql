-- GET /v1/invoices?period=2026-09&state=approved&cursor=… (a page deep in the list), as the
-- server runs it; the position is filled in by bench/run.py from the cursor the API gave.
SELECT i.id, a.id, a.first_name, a.last_name, a.email::text, to_char(i.period, 'YYYY-MM'), i.state, i.kind,
       i.amount::text, i.statement_hours::text, i.statement_rate::text, i.version, i.return_reason,
       f.id, f.media_type, f.size, encode(f.sha256, 'hex'), i.submitted_at, i.approved_at, i.paid_at, i.exported_at
FROM (
    SELECT i.id AS invoice_id, a.last_name, a.first_name, a.id AS person_id, i.period
    FROM accounts a JOIN invoices i ON i.account_id = a.id
    WHERE i.period = '2026-09-01'::date AND i.state = 'approved'
      AND (a.last_name COLLATE czech, a.first_name COLLATE czech, a.id) >= (:last::text COLLATE czech, :first::text COLLATE czech, :person::uuid)
      AND NOT (a.id = :person::uuid AND i.period <= '2026-09-01'::date)
    ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id, i.period
    LIMIT 21
) page
JOIN invoices i ON i.id = page.invoice_id
JOIN accounts a ON a.id = page.person_id
JOIN invoice_files f ON f.id = i.current_file_id
ORDER BY page.last_name COLLATE czech, page.first_name COLLATE czech, page.person_id, page.period;
