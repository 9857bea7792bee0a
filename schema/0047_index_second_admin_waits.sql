-- The desk's month page and every invoice's page list what waits for a second admin. Few
-- invoices ever wait, but without these indexes each page load read every invoice: at a million
-- invoices that was ~160 ms of the database per month page, and 32 admins at once got 6 pages a
-- second (`make bench`).
CREATE INDEX invoices_override_waiting ON invoices (override_requested_at)
    WHERE override_requested_by IS NOT NULL;
CREATE INDEX invoices_account_confirm_waiting ON invoices (account_confirm_requested_at)
    WHERE account_confirm_requested_by IS NOT NULL;
