-- Each person's capacity per month, kept for reports by person and by team: computing it for
-- ten thousand people from contracts, working days and time off is most of such a report's
-- cost, and it changes only when those change. Hours are kept unrounded (so months add up to
-- what the whole range computes) under the version of the inputs they were computed from and a
-- digest of the month's working days (the holiday calendar lives in the application).
CREATE TABLE capacity_months (
    month date NOT NULL,
    version bigint NOT NULL,
    calendar text NOT NULL,
    account_id uuid NOT NULL,
    hours numeric NOT NULL,
    PRIMARY KEY (month, version, calendar, account_id),
    CONSTRAINT capacity_months_first_day CHECK (extract(day FROM month) = 1)
);

-- A month's capacity is complete for a version and calendar once its row is here; the rows
-- above alone cannot say so (a month may have nobody under contract).
CREATE TABLE capacity_months_filled (
    month date NOT NULL,
    version bigint NOT NULL,
    calendar text NOT NULL,
    PRIMARY KEY (month, version, calendar)
);

-- One row: the version of what capacity is computed from. Every write to contracts, to time
-- off or to a weekly capacity moves it in the writing transaction, so a month computed before
-- the write is never read after it. A fill reads the version and the inputs in one statement
-- (one snapshot), so what it keeps always matches the version it keeps it under.
CREATE TABLE capacity_version (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    version bigint NOT NULL
);
INSERT INTO capacity_version (version) VALUES (1);

-- Moves the version when a statement changed rows; one that changed nothing (a repeated seed,
-- an upsert to the same values) leaves what is kept alone.
CREATE FUNCTION capacity_inputs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changed boolean;
BEGIN
    -- One branch per event: each names only the transition tables its trigger has.
    IF TG_OP = 'INSERT' THEN
        changed := EXISTS (SELECT FROM new_rows);
    ELSIF TG_OP = 'DELETE' THEN
        changed := EXISTS (SELECT FROM old_rows);
    ELSE
        changed := EXISTS (SELECT n::text FROM new_rows n EXCEPT SELECT o::text FROM old_rows o);
    END IF;
    IF changed THEN
        UPDATE capacity_version SET version = version + 1;
    END IF;
    RETURN NULL;
END;
$$;

CREATE FUNCTION capacity_weekly_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE capacity_version SET version = version + 1;
    RETURN NULL;
END;
$$;

CREATE TRIGGER contracts_capacity_inserted AFTER INSERT ON contracts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION capacity_inputs_changed();
CREATE TRIGGER contracts_capacity_updated AFTER UPDATE ON contracts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION capacity_inputs_changed();
CREATE TRIGGER contracts_capacity_deleted AFTER DELETE ON contracts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION capacity_inputs_changed();
CREATE TRIGGER absences_capacity_inserted AFTER INSERT ON absences
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION capacity_inputs_changed();
CREATE TRIGGER absences_capacity_updated AFTER UPDATE ON absences
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION capacity_inputs_changed();
CREATE TRIGGER absences_capacity_deleted AFTER DELETE ON absences
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION capacity_inputs_changed();
CREATE TRIGGER accounts_capacity_changed AFTER UPDATE OF capacity_hours_per_week ON accounts
    FOR EACH ROW WHEN (OLD.capacity_hours_per_week IS DISTINCT FROM NEW.capacity_hours_per_week)
    EXECUTE FUNCTION capacity_weekly_changed();
