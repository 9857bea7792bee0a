-- GET /v1/invoices?period=2026-09&state=approved&cursor=… (a page deep in the list), as the
-- server runs it; the position is filled in by bench/run.py from the cursor the API gave.
SELECT page.id, page.account_id, page.first_name, page.last_name, page.email::text, to_char(page.period, 'YYYY-MM'),
       page.state, page.kind, page.amount::text, page.statement_hours::text, page.statement_rate::text,
       page.version, page.return_reason, f.id, f.media_type, f.size, encode(f.sha256, 'hex'),
       page.submitted_at, page.approved_at, page.paid_at, page.exported_at
FROM (
    SELECT i.*, a.first_name, a.last_name, a.email
    FROM accounts a JOIN invoices i ON i.account_id = a.id
    WHERE i.period = '2026-09-01'::date AND i.state = 'approved'
      AND (a.last_name COLLATE czech, a.first_name COLLATE czech, a.id) >= (:last::text COLLATE czech, :first::text COLLATE czech, :person::uuid)
      AND NOT (a.id = :person::uuid AND i.period <= '2026-09-01'::date)
    ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id, i.period
    LIMIT 21
) page
JOIN invoice_files f ON f.id = page.current_file_id
ORDER BY page.last_name COLLATE czech, page.first_name COLLATE czech, page.account_id, page.period;
