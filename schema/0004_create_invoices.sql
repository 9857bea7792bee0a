-- Monthly invoices (uploaded PDFs and generated statements), their files, their history, and
-- idempotency keys for retried requests.

CREATE TABLE invoices (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts (id),
    period date NOT NULL,
    state text NOT NULL,
    kind text NOT NULL,
    amount numeric(12, 2) NOT NULL,
    statement_hours numeric(7, 2),
    statement_rate numeric(10, 2),
    current_file_id uuid NOT NULL,
    version integer NOT NULL DEFAULT 1,
    submitted_at timestamptz NOT NULL,
    approved_at timestamptz,
    paid_at timestamptz,
    returned_at timestamptz,
    return_reason text,
    exported_at timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CONSTRAINT invoices_one_per_person_and_period UNIQUE (account_id, period),
    CONSTRAINT invoices_period_is_first_day CHECK (period = date_trunc('month', period)::date),
    CONSTRAINT invoices_state_known CHECK (state IN ('submitted', 'approved', 'returned', 'paid')),
    CONSTRAINT invoices_kind_known CHECK (kind IN ('uploaded', 'statement')),
    CONSTRAINT invoices_amount_not_negative CHECK (amount >= 0),
    CONSTRAINT invoices_statement_details CHECK (
        (kind = 'statement') = (statement_hours IS NOT NULL AND statement_rate IS NOT NULL)
    ),
    CONSTRAINT invoices_return_reason_when_returned CHECK ((state = 'returned') = (return_reason IS NOT NULL)),
    CONSTRAINT invoices_version_positive CHECK (version > 0)
);
CREATE INDEX invoices_period_state_idx ON invoices (period, state);

-- Every file ever sent or generated; a replaced one is kept. Lists never read `content`.
CREATE TABLE invoice_files (
    id uuid PRIMARY KEY,
    invoice_id uuid NOT NULL REFERENCES invoices (id),
    content bytea NOT NULL,
    media_type text NOT NULL,
    size integer NOT NULL,
    sha256 bytea NOT NULL,
    original_name text,
    uploaded_by uuid REFERENCES accounts (id),
    uploaded_at timestamptz NOT NULL,
    CONSTRAINT invoice_files_size_matches CHECK (size = octet_length(content)),
    CONSTRAINT invoice_files_sha256_length CHECK (octet_length(sha256) = 32),
    CONSTRAINT invoice_files_media_type_known CHECK (media_type IN (
        'application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )),
    CONSTRAINT invoice_files_original_name_length CHECK (length(original_name) <= 255)
);
CREATE INDEX invoice_files_invoice_id_idx ON invoice_files (invoice_id);

-- An invoice always points at its newest file; checked at commit, so the invoice and its first
-- file are written in one transaction and neither exists without the other.
ALTER TABLE invoices ADD CONSTRAINT invoices_current_file_fkey
    FOREIGN KEY (current_file_id) REFERENCES invoice_files (id) DEFERRABLE INITIALLY DEFERRED;

CREATE TABLE invoice_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    invoice_id uuid NOT NULL REFERENCES invoices (id),
    at timestamptz NOT NULL,
    actor_id uuid REFERENCES accounts (id),
    action text NOT NULL,
    from_state text,
    to_state text NOT NULL,
    reason text
);
CREATE INDEX invoice_events_invoice_id_idx ON invoice_events (invoice_id, at);

-- A request retried with the same Idempotency-Key gets the first answer again.
CREATE TABLE idempotency_keys (
    account_id uuid NOT NULL REFERENCES accounts (id),
    key text NOT NULL,
    operation text NOT NULL,
    created_at timestamptz NOT NULL,
    response_status integer,
    response_body text,
    PRIMARY KEY (account_id, operation, key),
    CONSTRAINT idempotency_keys_key_length CHECK (length(key) BETWEEN 1 AND 200)
);
