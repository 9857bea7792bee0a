-- A person's uploads of the last 24 hours, counted against the daily upload quota at every upload.
CREATE INDEX invoice_files_uploaded_by_idx ON invoice_files (uploaded_by, uploaded_at) WHERE uploaded_by IS NOT NULL;
