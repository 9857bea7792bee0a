-- What an admin approved is what is paid: the account and amount at the moment of approval.
-- An invoice that names no account of its own would otherwise be paid to whatever its owner's
-- billing details say when a run is made; a change of those after approval sends the invoice
-- back to the desk instead (the invoice writer does both).
ALTER TABLE invoices
    ADD COLUMN approved_account text,
    ADD COLUMN approved_amount numeric(12, 2);

UPDATE invoices i SET approved_account = coalesce(i.bank_account, a.bank_account), approved_amount = i.amount
FROM accounts a WHERE a.id = i.account_id AND i.state IN ('approved', 'paid');
