-- Admins keep the kinds of time off: each gets an id for the audit log, which records who
-- created or changed a kind and what it was before.
ALTER TABLE absence_kinds ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE;
ALTER TABLE absence_kinds ADD CONSTRAINT absence_kinds_names_length
    CHECK (length(name_cs) BETWEEN 1 AND 100 AND length(name_en) BETWEEN 1 AND 100);

ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_known;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_known
    CHECK (entity IN ('account', 'contract', 'hourly_rate', 'team_membership', 'time_entry', 'invoice', 'personal_access_token', 'timesheet',
                      'absence', 'calendar_feed', 'vacation_entitlement', 'absence_kind'));
