-- The admin invoice list filters by period and state together. Without statistics on the pair
-- the planner multiplies their selectivities as if independent: for a recent month it expected
-- ~100 approved invoices where there were 5,000, chose a hash join and a sort of every match,
-- and a page took ~30 ms. With the pair's common values known it walks people in name order
-- and probes (account_id, period) for each, stopping after a page: ~1 ms (docs/performance.md).
CREATE STATISTICS invoices_period_state_stats (mcv, ndistinct) ON period, state FROM invoices;
ANALYZE invoices;
