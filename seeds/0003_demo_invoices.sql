-- Invoices of the demo company up to 2026-10: uploaded PDFs of the contractors (ICO) and
-- generated statements of the employees (HPP, DPP, DPC), in every state: years of paid ones,
-- approved and returned ones lately, submitted ones for the last month, and missing months.
-- Every PDF is seeds/demo-invoice.pdf; every statement file is a one-line demo workbook.
-- Idempotent: ids derive from person and month, and everything is inserted ON CONFLICT DO NOTHING.

CREATE TEMP TABLE seed_invoice_plan ON COMMIT DROP AS
WITH months AS (
    SELECT c.account_id, c.type, m::date AS period,
           substr(c.account_id::text, 35, 2)::int AS n,
           (extract(year FROM m) * 12 + extract(month FROM m))::int AS month_number
    FROM contracts c
    CROSS JOIN LATERAL generate_series(date_trunc('month', c.valid_from), least(coalesce(c.valid_to, '2026-10-01'), '2026-10-01'), interval '1 month') AS m
    WHERE c.account_id::text LIKE '00000000-0000-4000-8000-%'
), planned AS (
    SELECT DISTINCT ON (account_id, period) account_id, type, period, n,
           CASE WHEN type = 'ICO' THEN 'uploaded' ELSE 'statement' END AS kind,
           CASE
               WHEN period < '2026-08-01' THEN 'paid'
               WHEN period = '2026-08-01' THEN CASE WHEN n % 3 = 0 THEN 'approved' ELSE 'paid' END
               WHEN period = '2026-09-01' THEN CASE WHEN n % 5 = 0 THEN 'returned' ELSE 'approved' END
               ELSE 'submitted'
           END AS state,
           -- Missing: now and then a contractor skips a month, and a few have not sent October yet.
           type = 'ICO' AND ((n + month_number) % 11 = 0 OR (period = '2026-10-01' AND n % 4 = 0)) AS missing
    FROM months
    ORDER BY account_id, period, type
)
SELECT p.*,
       md5(p.account_id::text || p.period::text)::uuid AS invoice_id,
       md5('file' || p.account_id::text || p.period::text)::uuid AS file_id,
       r.amount AS rate,
       coalesce(a.capacity_hours_per_week, 40) * 4 AS hours
FROM planned p
JOIN accounts a ON a.id = p.account_id
JOIN LATERAL (SELECT amount FROM hourly_rates h WHERE h.account_id = p.account_id AND h.effective_from <= p.period
              ORDER BY effective_from DESC LIMIT 1) r ON true
WHERE NOT p.missing;

-- Demo statements were given their hours (four weeks of capacity), not computed day by day.
INSERT INTO invoices (id, account_id, period, state, kind, amount, statement_hours, statement_rate, statement_basis,
                      current_file_id, submitted_at, approved_at, paid_at, returned_at, return_reason, created_at, updated_at)
SELECT invoice_id, account_id, period, state, kind, round(rate * hours, 2),
       CASE WHEN kind = 'statement' THEN hours END, CASE WHEN kind = 'statement' THEN rate END,
       CASE WHEN kind = 'statement' THEN 'given' END, file_id,
       period + interval '1 month 2 days',
       CASE WHEN state IN ('approved', 'paid') THEN period + interval '1 month 5 days' END,
       CASE WHEN state = 'paid' THEN period + interval '1 month 12 days' END,
       CASE WHEN state = 'returned' THEN period + interval '1 month 5 days' END,
       CASE WHEN state = 'returned' THEN 'Chybí číslo objednávky / the purchase order number is missing' END,
       period + interval '1 month 2 days', period + interval '1 month 12 days'
FROM seed_invoice_plan
ON CONFLICT DO NOTHING;

INSERT INTO invoice_files (id, invoice_id, version, content, media_type, size, sha256, original_name, uploaded_by, uploaded_at)
SELECT p.file_id, p.invoice_id, 1, f.content,
       CASE WHEN p.kind = 'uploaded' THEN 'application/pdf' ELSE 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' END,
       octet_length(f.content), sha256(f.content),
       CASE WHEN p.kind = 'uploaded' THEN 'faktura-' || to_char(p.period, 'YYYY-MM') || '.pdf'
            ELSE 'statement-' || to_char(p.period, 'YYYY-MM') || '.xlsx' END,
       CASE WHEN p.kind = 'uploaded' THEN p.account_id ELSE '00000000-0000-4000-8000-000000000001'::uuid END,
       p.period + interval '1 month 2 days'
FROM seed_invoice_plan p
CROSS JOIN LATERAL (SELECT decode(CASE WHEN p.kind = 'uploaded'
    THEN 'JVBERi0xLjQKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50IDEgPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCA1OTUgODQyXSAvQ29udGVudHMgNCAwIFIgL1Jlc291cmNlcyA8PCAvRm9udCA8PCAvRjEgNSAwIFIgPj4gPj4gPj4KZW5kb2JqCjQgMCBvYmoKPDwgL0xlbmd0aCA2NSA+PgpzdHJlYW0KQlQgL0YxIDE4IFRmIDcyIDc3MCBUZCAoRmFrdHVyYSAvIEludm9pY2UgLSBTdGFmZmJvb2sgZGVtbykgVGogRVQKZW5kc3RyZWFtCmVuZG9iago1IDAgb2JqCjw8IC9UeXBlIC9Gb250IC9TdWJ0eXBlIC9UeXBlMSAvQmFzZUZvbnQgL0hlbHZldGljYSA+PgplbmRvYmoKeHJlZgowIDYKMDAwMDAwMDAwMCA2NTUzNSBmIAowMDAwMDAwMDA5IDAwMDAwIG4gCjAwMDAwMDAwNTggMDAwMDAgbiAKMDAwMDAwMDExNSAwMDAwMCBuIAowMDAwMDAwMjQxIDAwMDAwIG4gCjAwMDAwMDAzNTYgMDAwMDAgbiAKdHJhaWxlcgo8PCAvU2l6ZSA2IC9Sb290IDEgMCBSID4+CnN0YXJ0eHJlZgo0MjYKJSVFT0YK'
    ELSE 'UEsDBBQAAAAAAJkJdl1uYbgNLQIAAC0CAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbDw/eG1sIHZlcnNpb249IjEuMCIgZW5jb2Rpbmc9IlVURi04IiBzdGFuZGFsb25lPSJ5ZXMiPz48VHlwZXMgeG1sbnM9Imh0dHA6Ly9zY2hlbWFzLm9wZW54bWxmb3JtYXRzLm9yZy9wYWNrYWdlLzIwMDYvY29udGVudC10eXBlcyI+PERlZmF1bHQgRXh0ZW5zaW9uPSJyZWxzIiBDb250ZW50VHlwZT0iYXBwbGljYXRpb24vdm5kLm9wZW54bWxmb3JtYXRzLXBhY2thZ2UucmVsYXRpb25zaGlwcyt4bWwiLz48RGVmYXVsdCBFeHRlbnNpb249InhtbCIgQ29udGVudFR5cGU9ImFwcGxpY2F0aW9uL3htbCIvPjxPdmVycmlkZSBQYXJ0TmFtZT0iL3hsL3dvcmtib29rLnhtbCIgQ29udGVudFR5cGU9ImFwcGxpY2F0aW9uL3ZuZC5vcGVueG1sZm9ybWF0cy1vZmZpY2Vkb2N1bWVudC5zcHJlYWRzaGVldG1sLnNoZWV0Lm1haW4reG1sIi8+PE92ZXJyaWRlIFBhcnROYW1lPSIveGwvd29ya3NoZWV0cy9zaGVldDEueG1sIiBDb250ZW50VHlwZT0iYXBwbGljYXRpb24vdm5kLm9wZW54bWxmb3JtYXRzLW9mZmljZWRvY3VtZW50LnNwcmVhZHNoZWV0bWwud29ya3NoZWV0K3htbCIvPjwvVHlwZXM+UEsDBBQAAAAAAJkJdl2Y2uuLJwEAACcBAAALAAAAX3JlbHMvLnJlbHM8P3htbCB2ZXJzaW9uPSIxLjAiIGVuY29kaW5nPSJVVEYtOCIgc3RhbmRhbG9uZT0ieWVzIj8+PFJlbGF0aW9uc2hpcHMgeG1sbnM9Imh0dHA6Ly9zY2hlbWFzLm9wZW54bWxmb3JtYXRzLm9yZy9wYWNrYWdlLzIwMDYvcmVsYXRpb25zaGlwcyI+PFJlbGF0aW9uc2hpcCBJZD0icklkMSIgVHlwZT0iaHR0cDovL3NjaGVtYXMub3BlbnhtbGZvcm1hdHMub3JnL29mZmljZURvY3VtZW50LzIwMDYvcmVsYXRpb25zaGlwcy9vZmZpY2VEb2N1bWVudCIgVGFyZ2V0PSJ4bC93b3JrYm9vay54bWwiLz48L1JlbGF0aW9uc2hpcHM+UEsDBBQAAAAAAJkJdl0BN29uHgEAAB4BAAAPAAAAeGwvd29ya2Jvb2sueG1sPD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiIHN0YW5kYWxvbmU9InllcyI/Pjx3b3JrYm9vayB4bWxucz0iaHR0cDovL3NjaGVtYXMub3BlbnhtbGZvcm1hdHMub3JnL3NwcmVhZHNoZWV0bWwvMjAwNi9tYWluIiB4bWxuczpyPSJodHRwOi8vc2NoZW1hcy5vcGVueG1sZm9ybWF0cy5vcmcvb2ZmaWNlRG9jdW1lbnQvMjAwNi9yZWxhdGlvbnNoaXBzIj48c2hlZXRzPjxzaGVldCBuYW1lPSJTdGF0ZW1lbnQiIHNoZWV0SWQ9IjEiIHI6aWQ9InJJZDEiLz48L3NoZWV0cz48L3dvcmtib29rPlBLAwQUAAAAAACZCXZdWv2CaygBAAAoAQAAGgAAAHhsL19yZWxzL3dvcmtib29rLnhtbC5yZWxzPD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiIHN0YW5kYWxvbmU9InllcyI/PjxSZWxhdGlvbnNoaXBzIHhtbG5zPSJodHRwOi8vc2NoZW1hcy5vcGVueG1sZm9ybWF0cy5vcmcvcGFja2FnZS8yMDA2L3JlbGF0aW9uc2hpcHMiPjxSZWxhdGlvbnNoaXAgSWQ9InJJZDEiIFR5cGU9Imh0dHA6Ly9zY2hlbWFzLm9wZW54bWxmb3JtYXRzLm9yZy9vZmZpY2VEb2N1bWVudC8yMDA2L3JlbGF0aW9uc2hpcHMvd29ya3NoZWV0IiBUYXJnZXQ9IndvcmtzaGVldHMvc2hlZXQxLnhtbCIvPjwvUmVsYXRpb25zaGlwcz5QSwMEFAAAAAAAmQl2XdIAsuYsAQAALAEAABgAAAB4bC93b3Jrc2hlZXRzL3NoZWV0MS54bWw8P3htbCB2ZXJzaW9uPSIxLjAiIGVuY29kaW5nPSJVVEYtOCIgc3RhbmRhbG9uZT0ieWVzIj8+PHdvcmtzaGVldCB4bWxucz0iaHR0cDovL3NjaGVtYXMub3BlbnhtbGZvcm1hdHMub3JnL3NwcmVhZHNoZWV0bWwvMjAwNi9tYWluIj48c2hlZXREYXRhPjxyb3cgcj0iMSI+PGMgcj0iQTEiIHQ9ImlubGluZVN0ciI+PGlzPjx0PkRlbW8gc3RhdGVtZW50IChzZWVkIGRhdGEpOyBnZW5lcmF0ZWQgc3RhdGVtZW50cyBjYXJyeSB0aGUgcmVhbCBmaWd1cmVzLjwvdD48L2lzPjwvYz48L3Jvdz48L3NoZWV0RGF0YT48L3dvcmtzaGVldD5QSwECFAMUAAAAAACZCXZdbmG4DS0CAAAtAgAAEwAAAAAAAAAAAAAAgAEAAAAAW0NvbnRlbnRfVHlwZXNdLnhtbFBLAQIUAxQAAAAAAJkJdl2Y2uuLJwEAACcBAAALAAAAAAAAAAAAAACAAV4CAABfcmVscy8ucmVsc1BLAQIUAxQAAAAAAJkJdl0BN29uHgEAAB4BAAAPAAAAAAAAAAAAAACAAa4DAAB4bC93b3JrYm9vay54bWxQSwECFAMUAAAAAACZCXZdWv2CaygBAAAoAQAAGgAAAAAAAAAAAAAAgAH5BAAAeGwvX3JlbHMvd29ya2Jvb2sueG1sLnJlbHNQSwECFAMUAAAAAACZCXZd0gCy5iwBAAAsAQAAGAAAAAAAAAAAAAAAgAFZBgAAeGwvd29ya3NoZWV0cy9zaGVldDEueG1sUEsFBgAAAAAFAAUARQEAALsHAAAAAA==' END, 'base64') AS content) f
JOIN invoices i ON i.id = p.invoice_id AND i.current_file_id = p.file_id
ON CONFLICT DO NOTHING;

-- The history of each seeded invoice, written once.
INSERT INTO invoice_events (invoice_id, at, actor_id, action, from_state, to_state, reason)
SELECT i.id, e.at, e.actor, e.action, e.from_state, e.to_state, e.reason
FROM seed_invoice_plan p
JOIN invoices i ON i.id = p.invoice_id
CROSS JOIN LATERAL (VALUES
    (1, i.submitted_at, CASE WHEN i.kind = 'uploaded' THEN i.account_id ELSE '00000000-0000-4000-8000-000000000001'::uuid END,
     CASE WHEN i.kind = 'uploaded' THEN 'upload' ELSE 'generate' END, NULL, 'submitted', NULL),
    (2, i.approved_at, '00000000-0000-4000-8000-000000000001'::uuid, 'approve', 'submitted', 'approved', NULL),
    (3, i.paid_at, '00000000-0000-4000-8000-000000000001'::uuid, 'mark-paid', 'approved', 'paid', NULL),
    (4, i.returned_at, '00000000-0000-4000-8000-000000000001'::uuid, 'return', 'submitted', 'returned', i.return_reason)
) AS e (step, at, actor, action, from_state, to_state, reason)
WHERE e.at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM invoice_events x WHERE x.invoice_id = i.id)
ORDER BY i.id, e.step;
