-- GET /v1/invoices?period=2026-09&state=approved (first page of 20).
SELECT i.id, a.id, a.first_name, a.last_name, a.email::text, to_char(i.period, 'YYYY-MM'), i.state, i.kind,
       i.amount::text, i.statement_hours::text, i.statement_rate::text, i.version, i.return_reason,
       f.id, f.media_type, f.size, encode(f.sha256, 'hex'), i.submitted_at, i.approved_at, i.paid_at, i.exported_at
FROM invoices i JOIN accounts a ON a.id = i.account_id JOIN invoice_files f ON f.id = i.current_file_id
WHERE i.period = '2026-09-01'::date AND i.state = 'approved'
ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id, i.period
LIMIT 21;
