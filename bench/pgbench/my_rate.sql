-- GET /v1/me/rate.
\set n random(1, 10000)
(SELECT id, amount::text, effective_from::text, false FROM hourly_rates
 WHERE account_id = ('10000000-0000-4000-8000-' || lpad(:n::text, 12, '0'))::uuid AND superseded_by IS NULL AND effective_from <= '2026-11-22'::date
 ORDER BY effective_from DESC LIMIT 1)
UNION ALL
(SELECT id, amount::text, effective_from::text, true FROM hourly_rates
 WHERE account_id = ('10000000-0000-4000-8000-' || lpad(:n::text, 12, '0'))::uuid AND superseded_by IS NULL AND effective_from > '2026-11-22'::date
 ORDER BY effective_from LIMIT 1);
