-- Billing details of some contractors: the IČO, DIČ and bank account their invoices are checked
-- against (the IČOs and accounts have valid check digits, and belong to nobody). Set only where
-- none is: a person's own changes stay.
UPDATE accounts SET ico = '12345679', bank_account = 'CZ8808000000002001000001'
WHERE id = '00000000-0000-4000-8000-000000000004' AND ico IS NULL;
UPDATE accounts SET ico = '76543218', dic = 'CZ76543218', bank_account = 'CZ4520100000001234000008'
WHERE id = '00000000-0000-4000-8000-000000000005' AND ico IS NULL;
UPDATE accounts SET ico = '09110003', bank_account = 'CZ3706000000006543000004'
WHERE id = '00000000-0000-4000-8000-000000000006' AND ico IS NULL;
