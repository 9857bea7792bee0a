import StaffbookCore

/// What a person's export holds, table by table: each file's rows as PostgreSQL selects them
/// (`$1` is the person), less the columns that are secrets or other people's. Every column that
/// names a person is either exported here or omitted with a reason (`omitted`), which a test
/// holds against the schema, so a new table about people cannot be left out unnoticed.
enum PersonalDataTables {
    struct Table: Sendable {
        var file: String
        var description: String
        /// A select whose rows are the file's records.
        var select: String
        var order: String
        /// Columns not written (secrets, and what is another person's).
        var without: [String] = []
        /// The `table.column`s naming the person that this file covers.
        var covers: [String]
    }

    /// Where an uploaded file is in the archive: its id, then its name with only safe characters.
    static let filePath = "'files/' || f.id || '-' || regexp_replace(coalesce(f.original_name, 'file'), '[^A-Za-z0-9._-]', '_', 'g')"

    static let exported: [Table] = [
        Table(
            file: "profile.json", description: "The account: name, e-mails, phone, position, billing details, language, roles.",
            select: "SELECT * FROM accounts WHERE id = $1", order: "id", without: ["password_hash", "search_text", "chat_webhook_url"],
            covers: ["accounts.id"]),
        Table(
            file: "teams.json", description: "The teams the person is in, and whether they lead them.",
            select: "SELECT t.name AS team, m.* FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.account_id = $1", order: "team",
            covers: ["team_members.account_id"]),
        Table(
            file: "contracts.json", description: "Contracts (employee or contractor) with their dates.",
            select: "SELECT * FROM contracts WHERE account_id = $1", order: "valid_from", covers: ["contracts.account_id"]),
        Table(
            file: "hourly_rates.json", description: "Hourly rates, from when, and corrections.",
            select: "SELECT * FROM hourly_rates WHERE account_id = $1", order: "effective_from", without: ["set_by"],
            covers: ["hourly_rates.account_id"]),
        Table(
            file: "capacity.json", description: "Weekly capacity changes.",
            select: "SELECT * FROM capacity_changes WHERE account_id = $1", order: "effective_from", without: ["changed_by"],
            covers: ["capacity_changes.account_id"]),
        Table(
            file: "vacation_entitlements.json", description: "Days of vacation per year.",
            select: "SELECT * FROM vacation_entitlements WHERE account_id = $1", order: "year", without: ["set_by"],
            covers: ["vacation_entitlements.account_id"]),
        Table(
            file: "invoices.json",
            description: "Monthly invoices and statements: state, amounts, what was read from the invoice, checks, bank account.",
            select: "SELECT * FROM invoices WHERE account_id = $1", order: "period",
            without: ["bank_account_confirmed_by", "override_requested_by", "account_confirm_requested_by"], covers: ["invoices.account_id"]),
        Table(
            file: "invoice_events.json", description: "Each invoice's history: submitted, returned, approved, paid.",
            select: "SELECT e.* FROM invoice_events e JOIN invoices i ON i.id = e.invoice_id WHERE i.account_id = $1", order: "at",
            without: ["actor_id"], covers: ["invoice_events.invoice_id"]),
        Table(
            file: "invoice_files.json", description: "The uploaded files' details; each file itself is in files/, its SHA-256 here.",
            select: """
                SELECT f.id, f.invoice_id, f.media_type, f.size, encode(f.sha256, 'hex') AS sha256, f.original_name, f.uploaded_at, f.version,
                    f.data, \(filePath) AS path
                FROM invoice_files f JOIN invoices i ON i.id = f.invoice_id WHERE i.account_id = $1
                """, order: "uploaded_at", covers: ["invoice_files.invoice_id"]),
        Table(
            file: "statement_lines.json", description: "The lines of employees' monthly statements.",
            select: "SELECT l.* FROM statement_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.account_id = $1",
            order: "invoice_id, position", covers: ["statement_lines.invoice_id"]),
        Table(
            file: "payments.json", description: "Payments of the invoices: amount, account, variable symbol, when paid.",
            select: "SELECT p.* FROM payment_run_items p JOIN invoices i ON i.id = p.invoice_id WHERE i.account_id = $1", order: "due_date",
            covers: ["payment_run_items.invoice_id"]),
        Table(
            file: "invoice_reminders.json", description: "Reminders of a missing invoice, by month and day.",
            select: "SELECT * FROM invoice_reminders WHERE account_id = $1", order: "sent_on", covers: ["invoice_reminders.account_id"]),
        Table(
            file: "time_entries.json", description: "Time entries: project, description, start and end, billable, tags.",
            select: "SELECT * FROM time_entries WHERE account_id = $1", order: "started_at", covers: ["time_entries.account_id"]),
        Table(
            file: "timer_presses.json", description: "Each press of the timer's start and stop, as received.",
            select: "SELECT * FROM timer_presses WHERE account_id = $1", order: "seq", covers: ["timer_presses.account_id"]),
        Table(
            file: "absences.json", description: "Time off: kind, days, state, notes and decisions.",
            select: "SELECT * FROM absences WHERE account_id = $1", order: "first_day", without: ["decided_by"],
            covers: ["absences.account_id"]),
        Table(
            file: "timesheets.json", description: "Monthly timesheets: submitted, approved or returned with a reason.",
            select: "SELECT * FROM timesheets WHERE account_id = $1", order: "month", without: ["decided_by"],
            covers: ["timesheets.account_id"]),
        Table(
            file: "notifications.json", description: "Notifications sent to the person, with each delivery attempt.",
            select: """
                SELECT n.*, (SELECT coalesce(jsonb_agg(to_jsonb(a) - 'notification_id' ORDER BY a.at), '[]'::jsonb)
                             FROM notification_attempts a WHERE a.notification_id = n.id) AS attempts
                FROM notifications n WHERE n.account_id = $1
                """, order: "created_at", without: ["chat_webhook_url"], covers: ["notifications.account_id"]),
        Table(
            file: "notification_preferences.json", description: "How each kind of notification reaches the person.",
            select: "SELECT * FROM notification_preferences WHERE account_id = $1", order: "kind",
            covers: ["notification_preferences.account_id"]),
        Table(
            file: "sessions.json", description: "Sign-in sessions: the client, when used, how they ended.",
            select: "SELECT * FROM sessions WHERE account_id = $1", order: "created_at", covers: ["sessions.account_id"]),
        Table(
            file: "personal_access_tokens.json", description: "Personal access tokens: name, scopes, use; never the token.",
            select: "SELECT * FROM personal_access_tokens WHERE account_id = $1", order: "created_at",
            without: ["secret_hash", "revoked_by", "window_started_at", "window_requests"], covers: ["personal_access_tokens.account_id"]),
        Table(
            file: "calendar_feeds.json", description: "Calendar feeds made; never their links.",
            select: "SELECT * FROM calendar_feeds WHERE account_id = $1", order: "created_at", covers: ["calendar_feeds.account_id"]),
        Table(
            file: "second_factor.json", description: "Whether a second factor is set up, and when; never its secret.",
            select: "SELECT * FROM second_factors WHERE account_id = $1", order: "created_at", without: ["sealed_secret", "last_used_step"],
            covers: ["second_factors.account_id"]),
        Table(
            file: "push.json", description: "Browsers and phones that get push messages; never the browsers' keys.",
            select: """
                SELECT 'browser' AS kind, id, endpoint AS address, created_at FROM push_subscriptions WHERE account_id = $1
                UNION ALL SELECT 'phone', id, token, created_at FROM push_devices WHERE account_id = $1
                """, order: "created_at", covers: ["push_subscriptions.account_id", "push_devices.account_id"]),
        Table(
            file: "history.json", description: "The audit history of changes to the person's records: what, when, before and after.",
            select: "SELECT * FROM audit_log WHERE subject_id = $1", order: "changed_at, id", without: ["changed_by"],
            covers: ["audit_log.subject_id"]),
        Table(
            file: "changes.json", description: "The recent changes feed (kept 30 days): the same records as above, as they changed.",
            select: "SELECT * FROM events WHERE person_id = $1", order: "seq", covers: ["events.person_id"]),
    ]

    /// Columns that name a person but whose records are not in the export, with why.
    static let omitted: [PersonalDataExport.Omission] = [
        .init(what: "account_tokens.account_id", why: "one-time links (invitations, resets), kept only as hashes and for days"),
        .init(what: "sign_in_challenges.account_id", why: "the minutes between a password and a second factor, kept as hashes"),
        .init(what: "recovery_codes.account_id", why: "second-factor recovery codes, kept only as hashes"),
        .init(what: "idempotency_keys.account_id", why: "answers kept a day so a repeated request is not done twice"),
        .init(what: "time_rollup_days.account_id", why: "sums of the time entries, which are included"),
        .init(what: "time_rollup_months.account_id", why: "sums of the time entries, which are included"),
        .init(what: "personal_exports.account_id", why: "this very export when it is made by a job, kept a week for its link"),
        .init(what: "erasures.subject_id", why: "the erasure log: what went, when and under which rule, without personal data"),
        .init(what: "capacity_months.account_id", why: "monthly capacity computed from the contracts and capacity, which are included"),
        .init(what: "invoice_check_versions.invoice_id", why: "a counter of the computations of an invoice's checks, which are included"),
        .init(
            what: "admin_change_requests.account_id",
            why: "an admin's request about the person's admin role or erasure, waiting at most a week for a second admin; "
                + "the history (included) records it"),
        .init(
            what: "records of what the person did as a leader or admin (decided_by, set_by, changed_by, actor_id, uploaded_by, created_by, "
                + "approved_by, imported_by, updated_by, revoked_by, requested_by, *_requested_by, *_confirmed_by)",
            why: "these are other people's records and hold their personal data; the person's own records are included without them"),
    ]

    /// The actor columns the last omission stands for.
    static let actorColumns: Set<String> = [
        "decided_by", "set_by", "changed_by", "actor_id", "uploaded_by", "created_by", "approved_by", "imported_by", "updated_by",
        "revoked_by", "account_confirm_requested_by", "override_requested_by", "bank_account_confirmed_by", "requested_by",
    ]
}
