-- What a contractor's invoice says, read from its ISDOC, its upload's fields or the person's
-- profile (data_sources names which, per field), and the checks an admin approves against.

-- The billing details a contractor invoices with; a change of account is audited.
ALTER TABLE accounts
    ADD COLUMN ico text,
    ADD COLUMN dic text,
    ADD COLUMN bank_account text,
    ADD CONSTRAINT accounts_ico_digits CHECK (ico ~ '^[0-9]{8}$'),
    ADD CONSTRAINT accounts_dic_form CHECK (dic ~ '^CZ[0-9]{8,10}$'),
    ADD CONSTRAINT accounts_bank_account_iban CHECK (bank_account ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$');

ALTER TABLE invoices
    ADD COLUMN invoice_number text,
    ADD COLUMN variable_symbol text,
    ADD COLUMN supplier_ico text,
    ADD COLUMN supplier_dic text,
    ADD COLUMN customer_ico text,
    ADD COLUMN issue_date date,
    ADD COLUMN taxable_supply_date date,
    ADD COLUMN due_date date,
    ADD COLUMN amount_without_vat numeric(12, 2),
    ADD COLUMN vat_amount numeric(12, 2),
    ADD COLUMN vat_rate numeric(5, 2),
    ADD COLUMN currency text NOT NULL DEFAULT 'CZK',
    -- IBAN form; a Czech account's domestic form is derived from it.
    ADD COLUMN bank_account text,
    ADD COLUMN data_sources jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN bank_account_confirmed_by uuid REFERENCES accounts (id),
    ADD COLUMN bank_account_confirmed_at timestamptz,
    ADD COLUMN checks jsonb NOT NULL DEFAULT '[]',
    ADD COLUMN needs_attention boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT invoices_invoice_number_length CHECK (length(invoice_number) BETWEEN 1 AND 100),
    ADD CONSTRAINT invoices_variable_symbol_digits CHECK (variable_symbol ~ '^[0-9]{1,10}$'),
    ADD CONSTRAINT invoices_supplier_ico_digits CHECK (supplier_ico ~ '^[0-9]{8}$'),
    ADD CONSTRAINT invoices_customer_ico_digits CHECK (customer_ico ~ '^[0-9]{8}$'),
    ADD CONSTRAINT invoices_supplier_dic_form CHECK (supplier_dic ~ '^CZ[0-9]{8,10}$'),
    ADD CONSTRAINT invoices_currency_known CHECK (currency IN ('CZK', 'EUR')),
    ADD CONSTRAINT invoices_bank_account_iban CHECK (bank_account ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
    ADD CONSTRAINT invoices_confirmation_complete CHECK ((bank_account_confirmed_by IS NULL) = (bank_account_confirmed_at IS NULL));

-- Each file version keeps the data it came with.
ALTER TABLE invoice_files ADD COLUMN data jsonb;
ALTER TABLE invoice_files DROP CONSTRAINT invoice_files_media_type_known;
ALTER TABLE invoice_files ADD CONSTRAINT invoice_files_media_type_known CHECK (media_type IN (
    'application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/xml', 'application/zip'
));

-- Another invoice of the same supplier with this number or variable symbol is a duplicate.
CREATE INDEX invoices_supplier_number_idx ON invoices (supplier_ico, invoice_number) WHERE invoice_number IS NOT NULL;
CREATE INDEX invoices_supplier_symbol_idx ON invoices (supplier_ico, variable_symbol) WHERE variable_symbol IS NOT NULL;
CREATE INDEX invoices_attention_idx ON invoices (period) WHERE needs_attention;

ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_known;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_known
    CHECK (entity IN ('account', 'contract', 'hourly_rate', 'team_membership', 'time_entry', 'invoice'));

-- An invoice's checks are recomputed when what they compare changes: a job per person and
-- month, queued in the transaction of the change (a pending one is reused; a finished one is
-- queued again). Due at once, whatever clock the workers keep.
CREATE FUNCTION queue_invoice_checks(person uuid, month date, at timestamptz) RETURNS void
    LANGUAGE sql AS $$
    INSERT INTO jobs (kind, unique_key, payload, run_at, max_attempts, created_at)
    SELECT 'invoice_checks', person::text || ':' || to_char(month, 'YYYY-MM'),
           jsonb_build_object('person', person::text, 'month', to_char(month, 'YYYY-MM')), 'epoch', 10, at
    WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = person AND i.period >= month AND i.kind = 'uploaded' AND i.state <> 'paid')
    ON CONFLICT (kind, unique_key) DO UPDATE
        SET state = 'pending', run_at = 'epoch', attempts = 0, last_error = NULL, finished_at = NULL
        WHERE jobs.state IN ('done', 'failed');
    SELECT pg_notify('staffbook_jobs', '');
$$;

CREATE FUNCTION time_entries_queue_invoice_checks() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    PERFORM queue_invoice_checks(c.account_id, c.month, now())
    FROM (
        SELECT DISTINCT account_id, date_trunc('month', started_at AT TIME ZONE 'Europe/Prague')::date AS month FROM changed
    ) c;
    RETURN NULL;
END
$$;
CREATE TRIGGER time_entries_inserted_checks AFTER INSERT ON time_entries
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION time_entries_queue_invoice_checks();
CREATE TRIGGER time_entries_updated_checks AFTER UPDATE ON time_entries
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION time_entries_queue_invoice_checks();
CREATE TRIGGER time_entries_deleted_checks AFTER DELETE ON time_entries
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION time_entries_queue_invoice_checks();

-- Rates and contracts change what a month should cost from their first day on; billing details
-- what the supplier and account checks compare with.
CREATE FUNCTION hourly_rates_queue_invoice_checks() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    PERFORM queue_invoice_checks(r.account_id, date_trunc('month', min(r.effective_from))::date, now())
    FROM changed r GROUP BY r.account_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER hourly_rates_inserted_checks AFTER INSERT ON hourly_rates
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourly_rates_queue_invoice_checks();
CREATE TRIGGER hourly_rates_deleted_checks AFTER DELETE ON hourly_rates
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourly_rates_queue_invoice_checks();

CREATE FUNCTION contracts_queue_invoice_checks() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    PERFORM queue_invoice_checks(c.account_id, date_trunc('month', min(c.valid_from))::date, now())
    FROM changed c GROUP BY c.account_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER contracts_inserted_checks AFTER INSERT ON contracts
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION contracts_queue_invoice_checks();
CREATE TRIGGER contracts_updated_checks AFTER UPDATE ON contracts
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION contracts_queue_invoice_checks();

CREATE FUNCTION accounts_queue_invoice_checks() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    IF (NEW.ico, NEW.dic, NEW.bank_account, NEW.capacity_hours_per_week) IS DISTINCT FROM
       (OLD.ico, OLD.dic, OLD.bank_account, OLD.capacity_hours_per_week) THEN
        PERFORM queue_invoice_checks(NEW.id, '2000-01-01', now());
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER accounts_billing_checks AFTER UPDATE ON accounts
    FOR EACH ROW EXECUTE FUNCTION accounts_queue_invoice_checks();
