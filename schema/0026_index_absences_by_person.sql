-- A person's absences by day: a team's calendar reads each member's from a day on, a balance and
-- a statement one person's (the exclusion constraint's index is partial and by range, so it does
-- not serve them).
CREATE INDEX absences_account_days_idx ON absences (account_id, last_day);
