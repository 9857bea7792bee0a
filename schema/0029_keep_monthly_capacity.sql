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

CREATE FUNCTION capacity_inputs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE capacity_version SET version = version + 1;
    RETURN NULL;
END;
$$;

CREATE TRIGGER contracts_capacity_changed AFTER INSERT OR UPDATE OR DELETE ON contracts
    FOR EACH STATEMENT EXECUTE FUNCTION capacity_inputs_changed();
CREATE TRIGGER absences_capacity_changed AFTER INSERT OR UPDATE OR DELETE ON absences
    FOR EACH STATEMENT EXECUTE FUNCTION capacity_inputs_changed();
CREATE TRIGGER accounts_capacity_changed AFTER UPDATE OF capacity_hours_per_week ON accounts
    FOR EACH ROW WHEN (OLD.capacity_hours_per_week IS DISTINCT FROM NEW.capacity_hours_per_week)
    EXECUTE FUNCTION capacity_inputs_changed();
