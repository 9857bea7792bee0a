-- Weekly capacity is effective-dated, as rates are: a change takes effect from the first day of
-- a month, and a month is computed with what was in force in it, so a month's statement, report
-- and invoice checks do not change because today's capacity did. `accounts.capacity_hours_per_week`
-- stays the current value; a person's first change keeps the value before it from the start of
-- time, so months before the change keep it.
CREATE TABLE capacity_changes (
    account_id uuid NOT NULL REFERENCES accounts (id),
    effective_from date NOT NULL,
    hours numeric(4, 1),
    changed_by uuid REFERENCES accounts (id),
    changed_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, effective_from),
    CONSTRAINT capacity_changes_first_day CHECK (extract(day FROM effective_from) = 1),
    CONSTRAINT capacity_changes_hours_range CHECK (hours BETWEEN 0 AND 80)
);

-- The weekly hours in force in the month starting `month` (nothing kept: 40).
CREATE FUNCTION weekly_capacity(account uuid, month date) RETURNS numeric LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN EXISTS (SELECT 1 FROM capacity_changes h WHERE h.account_id = account)
                THEN coalesce((SELECT h.hours FROM capacity_changes h WHERE h.account_id = account AND h.effective_from <= month
                               ORDER BY h.effective_from DESC LIMIT 1), 40)
                ELSE coalesce((SELECT a.capacity_hours_per_week FROM accounts a WHERE a.id = account), 40) END
$$;

-- What reports keep per month was computed with the old history.
CREATE TRIGGER capacity_changes_changed AFTER INSERT OR UPDATE OR DELETE ON capacity_changes
    FOR EACH STATEMENT EXECUTE FUNCTION capacity_weekly_changed();
