-- Which computation of an invoice's checks is stored. A computation takes the next number
-- before it reads anything, and stores its checks only if no later one's are stored: two
-- recomputes of one invoice that commit out of order leave the newer result. Apart from the
-- invoice's row, so that taking a number neither locks nor touches the invoice.
CREATE TABLE invoice_check_versions (
    invoice_id uuid PRIMARY KEY REFERENCES invoices (id) ON DELETE CASCADE,
    requested bigint NOT NULL,
    stored bigint NOT NULL DEFAULT 0
);
