-- Mistakes are corrected, not worked around: a rate in effect gets a correction (a new row with
-- the right amount or date and a reason, pointing at the row it corrects, which is kept and
-- marked superseded); every rate change may carry a reason; statements keep their lines.

ALTER TABLE hourly_rates
    ADD COLUMN reason text,
    ADD COLUMN corrects uuid REFERENCES hourly_rates (id),
    -- Checked at commit: the old row is marked before its correction (same date) can be inserted.
    ADD COLUMN superseded_by uuid REFERENCES hourly_rates (id) DEFERRABLE INITIALLY DEFERRED,
    ADD COLUMN superseded_at timestamptz,
    ADD CONSTRAINT hourly_rates_reason_length CHECK (length(reason) BETWEEN 1 AND 500),
    ADD CONSTRAINT hourly_rates_correction_has_reason CHECK (corrects IS NULL OR reason IS NOT NULL),
    ADD CONSTRAINT hourly_rates_superseded_together CHECK ((superseded_by IS NULL) = (superseded_at IS NULL));

-- One rate in effect per person and day; superseded rows stay beside their correction.
ALTER TABLE hourly_rates DROP CONSTRAINT hourly_rates_one_per_date;
CREATE UNIQUE INDEX hourly_rates_one_per_date ON hourly_rates (account_id, effective_from) WHERE superseded_by IS NULL;

-- History is still never rewritten: the only change a row allows is being marked superseded, once.
CREATE OR REPLACE FUNCTION hourly_rates_forbid_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.superseded_by IS NULL AND NEW.superseded_by IS NOT NULL
       AND (NEW.id, NEW.account_id, NEW.amount, NEW.effective_from, NEW.set_by, NEW.set_at, NEW.reason, NEW.corrects)
           IS NOT DISTINCT FROM (OLD.id, OLD.account_id, OLD.amount, OLD.effective_from, OLD.set_by, OLD.set_at, OLD.reason, OLD.corrects)
    THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'hourly rates are never changed; add a new rate or a correction instead'
        USING ERRCODE = 'integrity_constraint_violation';
END $$;

-- A statement's lines (one per rate, one per public holiday) and where its hours came from.
ALTER TABLE invoices
    ADD COLUMN statement_basis text,
    ADD CONSTRAINT invoices_statement_basis_known CHECK (statement_basis IN ('capacity', 'given', 'tracked'));

CREATE TABLE statement_lines (
    invoice_id uuid NOT NULL REFERENCES invoices (id),
    position integer NOT NULL,
    from_day date NOT NULL,
    to_day date NOT NULL,
    days integer NOT NULL,
    hours numeric(7, 2) NOT NULL,
    rate numeric(10, 2) NOT NULL,
    amount numeric(12, 2) NOT NULL,
    is_holiday boolean NOT NULL DEFAULT false,
    PRIMARY KEY (invoice_id, position),
    CONSTRAINT statement_lines_days_ordered CHECK (to_day >= from_day AND days > 0)
);
