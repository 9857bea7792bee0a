-- Every file an invoice ever had is a version people can list and download: numbered from 1 in
-- upload order, so two uploads within one clock tick still have an order.
ALTER TABLE invoice_files ADD COLUMN version integer;

UPDATE invoice_files f SET version = numbered.version
FROM (SELECT id, row_number() OVER (PARTITION BY invoice_id ORDER BY uploaded_at, id) AS version FROM invoice_files) numbered
WHERE numbered.id = f.id;

ALTER TABLE invoice_files
    ALTER COLUMN version SET NOT NULL,
    ADD CONSTRAINT invoice_files_version_positive CHECK (version > 0),
    ADD CONSTRAINT invoice_files_one_per_version UNIQUE (invoice_id, version);
DROP INDEX invoice_files_invoice_id_idx;
