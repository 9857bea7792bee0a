-- Payment runs: approved invoices leave as one bank file; the bank's statements mark them paid.

CREATE TABLE payment_runs (
    id uuid PRIMARY KEY,
    -- Short and human: "run 12" in mails and on the file's name.
    number integer GENERATED ALWAYS AS IDENTITY UNIQUE,
    state text NOT NULL,
    version integer NOT NULL DEFAULT 1,
    created_by uuid NOT NULL REFERENCES accounts (id),
    created_at timestamptz NOT NULL,
    sent_at timestamptz,
    paid_at timestamptz,
    cancelled_at timestamptz,
    CONSTRAINT payment_runs_state_known CHECK (state IN ('draft', 'sent', 'partially_paid', 'paid', 'cancelled')),
    CONSTRAINT payment_runs_sent_when_sent CHECK (state IN ('draft', 'cancelled') OR sent_at IS NOT NULL)
);
CREATE INDEX payment_runs_created_idx ON payment_runs (created_at DESC, id DESC);
CREATE INDEX payment_runs_sent_idx ON payment_runs (sent_at) WHERE state IN ('sent', 'partially_paid');

-- What each payment says, copied from its invoice when the run was made: the file written later
-- pays what the admin saw, whatever changes on the invoice meanwhile.
CREATE TABLE payment_run_items (
    id uuid PRIMARY KEY,
    run_id uuid NOT NULL REFERENCES payment_runs (id),
    invoice_id uuid NOT NULL REFERENCES invoices (id),
    state text NOT NULL DEFAULT 'pending',
    amount numeric(12, 2) NOT NULL,
    currency text NOT NULL,
    creditor_name text NOT NULL,
    bank_account text NOT NULL,
    variable_symbol text,
    due_date date NOT NULL,
    message text NOT NULL,
    paid_on date,
    statement_id uuid,
    CONSTRAINT payment_run_items_state_known CHECK (state IN ('pending', 'paid', 'failed', 'cancelled')),
    CONSTRAINT payment_run_items_paid_on_when_paid CHECK ((state = 'paid') = (paid_on IS NOT NULL)),
    CONSTRAINT payment_run_items_amount_positive CHECK (amount > 0),
    CONSTRAINT payment_run_items_currency_known CHECK (currency IN ('CZK', 'EUR')),
    CONSTRAINT payment_run_items_bank_account_iban CHECK (bank_account ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
    CONSTRAINT payment_run_items_symbol_digits CHECK (variable_symbol ~ '^[0-9]{1,10}$')
);
CREATE INDEX payment_run_items_run_idx ON payment_run_items (run_id);
-- An invoice waits in at most one run: two admins making runs at once cannot both take it.
CREATE UNIQUE INDEX payment_run_items_one_open_run ON payment_run_items (invoice_id) WHERE state = 'pending';

-- Who did what to a run, and when.
CREATE TABLE payment_run_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    run_id uuid NOT NULL REFERENCES payment_runs (id),
    at timestamptz NOT NULL,
    actor_id uuid REFERENCES accounts (id),
    action text NOT NULL,
    from_state text,
    to_state text NOT NULL,
    detail text
);
CREATE INDEX payment_run_events_run_idx ON payment_run_events (run_id, at);

-- The file as it went to the bank, per format: downloading again gives the same bytes.
CREATE TABLE payment_run_files (
    id uuid PRIMARY KEY,
    run_id uuid NOT NULL REFERENCES payment_runs (id),
    format text NOT NULL,
    content bytea NOT NULL,
    sha256 bytea NOT NULL,
    created_by uuid REFERENCES accounts (id),
    created_at timestamptz NOT NULL,
    CONSTRAINT payment_run_files_format_known CHECK (format IN ('abo', 'pain001')),
    CONSTRAINT payment_run_files_one_per_format UNIQUE (run_id, format)
);

-- Imported bank statements; the same statement twice is recognised by its identifier (or, when
-- it has none, by its bytes).
CREATE TABLE bank_statements (
    id uuid PRIMARY KEY,
    format text NOT NULL,
    identifier text NOT NULL,
    sha256 bytea NOT NULL,
    line_count integer NOT NULL,
    matched_count integer NOT NULL,
    imported_by uuid NOT NULL REFERENCES accounts (id),
    imported_at timestamptz NOT NULL,
    CONSTRAINT bank_statements_format_known CHECK (format IN ('camt053', 'gpc')),
    CONSTRAINT bank_statements_once UNIQUE (format, identifier)
);

-- Every line of a statement, with what became of it; unmatched ones wait for a person.
CREATE TABLE bank_statement_lines (
    statement_id uuid NOT NULL REFERENCES bank_statements (id),
    line integer NOT NULL,
    booked_on date NOT NULL,
    amount numeric NOT NULL,
    currency text NOT NULL,
    is_debit boolean NOT NULL,
    variable_symbol text,
    counter_account text,
    counter_name text,
    reference text,
    outcome text NOT NULL,
    item_id uuid REFERENCES payment_run_items (id),
    PRIMARY KEY (statement_id, line),
    CONSTRAINT bank_statement_lines_outcome_known CHECK (outcome IN ('matched', 'partial', 'unmatched'))
);
ALTER TABLE payment_run_items ADD CONSTRAINT payment_run_items_statement_fkey FOREIGN KEY (statement_id) REFERENCES bank_statements (id);
