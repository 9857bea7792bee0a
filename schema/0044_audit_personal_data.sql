-- Handing a person's data over (the export) is recorded in their history: who took it, when.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_known;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_known
    CHECK (entity IN ('account', 'contract', 'hourly_rate', 'team_membership', 'time_entry', 'invoice', 'personal_access_token', 'timesheet',
                      'absence', 'calendar_feed', 'vacation_entitlement', 'absence_kind', 'second_factor', 'session', 'payment_run',
                      'billing_details', 'setting', 'webhook_endpoint', 'personal_data'));
