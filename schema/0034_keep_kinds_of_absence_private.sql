-- Some kinds of time off are the person's own business: a leader's calendar, and the team's
-- calendar feed on a colleague's phone, show them as "away"; the person and admins see the kind.
ALTER TABLE absence_kinds ADD COLUMN private boolean NOT NULL DEFAULT false;
UPDATE absence_kinds SET private = true WHERE code = 'sick';
