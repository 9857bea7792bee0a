-- Four eyes on an invoice: an approval over failing checks, and the confirmation of a changed
-- bank account, asked by one admin and waiting for a second (never the same) to agree. What was
-- asked is cleared when the invoice's state changes.
ALTER TABLE invoices ADD COLUMN override_requested_by uuid REFERENCES accounts (id);
ALTER TABLE invoices ADD COLUMN override_requested_at timestamptz;
ALTER TABLE invoices ADD COLUMN override_reason text;
ALTER TABLE invoices ADD COLUMN account_confirm_requested_by uuid REFERENCES accounts (id);
ALTER TABLE invoices ADD COLUMN account_confirm_requested_at timestamptz;
