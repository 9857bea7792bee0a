-- A statement line may pay time off: its kind and the share of the rate it is paid at.
ALTER TABLE statement_lines
    ADD COLUMN time_off_kind text REFERENCES absence_kinds (code),
    ADD COLUMN paid_share numeric(4, 3),
    ADD CONSTRAINT statement_lines_time_off_share CHECK ((time_off_kind IS NULL) = (paid_share IS NULL));
