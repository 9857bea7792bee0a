-- GET /v1/me/invoices?limit=10: first contract month, then the first page of months.
\set n random(1, 10000)
SELECT to_char(min(valid_from), 'YYYY-MM') FROM contracts WHERE account_id = ('10000000-0000-4000-8000-' || lpad(:n::text, 12, '0'))::uuid;
SELECT to_char(m.month, 'YYYY-MM'), i.id, i.state, i.kind, i.amount::text, i.return_reason,
       f.id, f.media_type, f.size, encode(f.sha256, 'hex'),
       EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = ('10000000-0000-4000-8000-' || lpad(:n::text, 12, '0'))::uuid AND c.type = 'ICO'
               AND c.valid_from < m.month + interval '1 month' AND (c.valid_to IS NULL OR c.valid_to >= m.month)),
       EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = ('10000000-0000-4000-8000-' || lpad(:n::text, 12, '0'))::uuid
               AND c.valid_from < m.month + interval '1 month' AND (c.valid_to IS NULL OR c.valid_to >= m.month))
FROM generate_series('2026-11-01'::date, '2026-01-01'::date, interval '-1 month') AS m (month)
LEFT JOIN invoices i ON i.account_id = ('10000000-0000-4000-8000-' || lpad(:n::text, 12, '0'))::uuid AND i.period = m.month
                    AND i.period BETWEEN '2026-01-01'::date AND '2026-11-01'::date
LEFT JOIN invoice_files f ON f.id = i.current_file_id
ORDER BY m.month DESC;
