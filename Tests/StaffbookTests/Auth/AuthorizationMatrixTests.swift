import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

/// Every operation of the contract × no token / worker / team leader (of other teams) / admin.
/// The worker is Jan Novák (Mobile); the team leader leads Mobile; the "other person" is
/// Ondřej Chalupa (Web), outside both. A new operation without a row here fails the suite.
@Suite("Authorization matrix")
struct AuthorizationMatrixTests {
    enum Expect: Equatable, CustomStringConvertible {
        case status(Int)
        /// Allowed: anything but 401, 404 and 5xx (writes may answer 201, 204, 409, …).
        case allowed

        var description: String {
            switch self {
            case .status(let code): "\(code)"
            case .allowed: "allowed"
            }
        }
    }

    struct Row: Sendable, CustomStringConvertible {
        var operation: String
        var method: HTTPRequest.Method
        var path: String
        var body: String?
        var headers: HTTPFields = [:]
        /// Expected answers for: no token, worker, team leader, admin.
        var expected: [Expect]

        var description: String { "\(operation) \(method) \(path)" }
    }

    static let other = Demo.ondrejChalupa
    static let ok = Expect.status(200)
    static let none = Expect.status(401)
    static let hidden = Expect.status(404)

    static let rows: [Row] = [
        Row(operation: "getLiveness", method: .get, path: "/health/live", expected: [ok, ok, ok, ok]),
        Row(operation: "getReadiness", method: .get, path: "/health/ready", expected: [ok, ok, ok, ok]),
        Row(operation: "getOpenAPIDocument", method: .get, path: "/openapi.yaml", expected: [ok, ok, ok, ok]),
        Row(operation: "getDocs", method: .get, path: "/docs", expected: [ok, ok, ok, ok]),
        Row(operation: "getMetrics", method: .get, path: "/metrics", expected: [ok, ok, ok, ok]),
        Row(
            operation: "signInWithPassword", method: .post, path: "/v1/auth/password",
            body: #"{"email":"jan.novak@staffbook.example","password":"staffbook-demo"}"#, expected: [ok, ok, ok, ok]),
        Row(
            operation: "signInWithGoogle", method: .post, path: "/v1/auth/google", body: #"{"idToken":"a.b.c"}"#,
            expected: [none, none, none, none]),
        Row(
            operation: "refreshTokens", method: .post, path: "/v1/auth/refresh", body: #"{"refreshToken":"unknown"}"#,
            expected: [none, none, none, none]),
        Row(operation: "logout", method: .post, path: "/v1/auth/logout", expected: [none, .status(204), .status(204), .status(204)]),
        Row(operation: "getMe", method: .get, path: "/v1/me", expected: [none, ok, ok, ok]),
        Row(operation: "listMySessions", method: .get, path: "/v1/me/sessions", expected: [none, ok, ok, ok]),
        Row(operation: "endMySession", method: .delete, path: "/v1/me/sessions/\(UUID())", expected: [none, hidden, hidden, hidden]),
        Row(operation: "getMyRate", method: .get, path: "/v1/me/rate", expected: [none, ok, ok, ok]),
        Row(operation: "listUsers", method: .get, path: "/v1/users", expected: [none, hidden, ok, ok]),
        Row(
            operation: "createUser", method: .post, path: "/v1/users",
            body: """
                {"email":"matrix@staffbook.example","firstName":"M","lastName":"X",
                 "contract":{"type":"ICO","validFrom":"2026-12-01"},"rate":{"amount":"500","effectiveFrom":"2026-12-01"}}
                """, expected: [none, hidden, hidden, .status(201)]),
        Row(operation: "getUser", method: .get, path: "/v1/users/\(other)", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "updateUser", method: .patch, path: "/v1/users/\(other)", body: #"{"position":"X"}"#,
            headers: [.ifMatch: "*"], expected: [none, hidden, hidden, ok]),
        Row(operation: "deactivateUser", method: .post, path: "/v1/users/\(other)/deactivate", expected: [none, hidden, hidden, ok]),
        Row(operation: "reactivateUser", method: .post, path: "/v1/users/\(other)/reactivate", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "addContract", method: .post, path: "/v1/users/\(other)/contracts",
            body: #"{"type":"DPP","validFrom":"2020-01-01","validTo":"2020-02-01"}"#, expected: [none, hidden, hidden, .status(201)]),
        Row(
            operation: "endContract", method: .post, path: "/v1/users/\(other)/contracts/\(UUID())/end",
            body: #"{"validTo":"2030-01-01"}"#, expected: [none, hidden, hidden, hidden]),
        Row(operation: "listUserRates", method: .get, path: "/v1/users/\(other)/rates", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "addUserRate", method: .post, path: "/v1/users/\(other)/rates",
            body: #"{"amount":"1000","effectiveFrom":"2030-01-01"}"#, expected: [none, hidden, hidden, .status(201)]),
        Row(
            operation: "deleteUserRate", method: .delete, path: "/v1/users/\(other)/rates/\(UUID())",
            expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "correctUserRate", method: .post, path: "/v1/users/\(other)/rates/\(UUID())/corrections",
            body: #"{"amount":"1000","reason":"Překlep"}"#, expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "listRateIncreases", method: .get, path: "/v1/rates/increases?from=2025-01&to=2025-12",
            expected: [none, hidden, hidden, ok]),
        Row(
            operation: "getAverageRateIncrease", method: .get, path: "/v1/rates/increases/average?month=2025-01",
            expected: [none, hidden, hidden, ok]),
        Row(operation: "listTeams", method: .get, path: "/v1/teams", expected: [none, hidden, ok, ok]),
        Row(
            operation: "createTeam", method: .post, path: "/v1/teams", body: #"{"name":"Matrix"}"#,
            expected: [none, hidden, hidden, .status(201)]),
        Row(
            operation: "renameTeam", method: .patch, path: "/v1/teams/\(Demo.webTeam)", body: #"{"name":"Web 2"}"#,
            expected: [none, hidden, hidden, ok]),
        Row(
            operation: "putTeamMember", method: .put, path: "/v1/teams/\(Demo.webTeam)/members/\(Demo.janNovak)",
            body: #"{"leader":false}"#, expected: [none, hidden, hidden, ok]),
        Row(
            operation: "removeTeamMember", method: .delete, path: "/v1/teams/\(Demo.webTeam)/members/\(other)",
            expected: [none, hidden, hidden, ok]),
        Row(operation: "listMyInvoices", method: .get, path: "/v1/me/invoices", expected: [none, ok, ok, ok]),
        Row(
            operation: "uploadMyInvoice", method: .put, path: "/v1/me/invoices/2026-11", body: "{}",
            expected: [none, .allowed, .allowed, .allowed]),
        Row(operation: "getMyEarnings", method: .get, path: "/v1/me/earnings?from=2026-01&to=2026-02", expected: [none, ok, ok, ok]),
        Row(operation: "getMyBillingDetails", method: .get, path: "/v1/me/billing", expected: [none, ok, ok, ok]),
        Row(operation: "putMyBillingDetails", method: .put, path: "/v1/me/billing", body: #"{"ico":"25596641"}"#, expected: [none, ok, ok, ok]),
        Row(operation: "getUserBillingDetails", method: .get, path: "/v1/users/\(other)/billing", expected: [none, hidden, hidden, ok]),
        Row(operation: "putUserBillingDetails", method: .put, path: "/v1/users/\(other)/billing", body: "{}", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "confirmInvoiceBankAccount", method: .post,
            path: "/v1/invoices/\(Demo.invoiceId(other, "2026-10-01"))/bank-account-confirmation", headers: [.ifMatch: "*"],
            expected: [none, hidden, hidden, .allowed]),
        Row(
            operation: "downloadInvoiceFile", method: .get, path: "/v1/invoices/\(Demo.invoiceId(other, "2026-09-01"))/file",
            expected: [none, hidden, hidden, ok]),
        Row(
            operation: "listInvoiceFiles", method: .get, path: "/v1/invoices/\(Demo.invoiceId(other, "2026-09-01"))/files",
            expected: [none, hidden, hidden, ok]),
        Row(
            operation: "downloadInvoiceFileVersion", method: .get,
            path: "/v1/invoices/\(Demo.invoiceId(other, "2026-09-01"))/files/\(Demo.fileId(other, "2026-09-01"))",
            expected: [none, hidden, hidden, ok]),
        Row(
            operation: "createFileLink", method: .post, path: "/v1/invoices/\(Demo.invoiceId(other, "2026-09-01"))/file-links",
            expected: [none, hidden, hidden, .status(201)]),
        // The link is the credential; a token that is not one of ours is no link, whoever asks.
        Row(
            operation: "downloadByFileLink", method: .get, path: "/v1/file-links/\(String(repeating: "A", count: 96))",
            expected: [hidden, hidden, hidden, hidden]),
        Row(
            operation: "getInvoice", method: .get, path: "/v1/invoices/\(Demo.invoiceId(other, "2026-09-01"))",
            expected: [none, hidden, hidden, ok]),
        Row(operation: "listInvoices", method: .get, path: "/v1/invoices?period=2026-09", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "actOnInvoice", method: .post, path: "/v1/invoices/\(Demo.invoiceId(other, "2026-10-01"))/actions/approve",
            headers: [.ifMatch: "*"], expected: [none, hidden, hidden, ok]),
        Row(
            operation: "bulkActOnInvoices", method: .post, path: "/v1/invoices/bulk-actions", body: #"{"action":"approve","ids":[]}"#,
            expected: [none, hidden, hidden, ok]),
        Row(operation: "listMissingInvoices", method: .get, path: "/v1/invoices/missing?period=2026-10", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "remindMissingInvoice", method: .post, path: "/v1/invoices/missing/\(Demo.janNovak)/reminders?period=2026-10",
            expected: [none, hidden, hidden, .status(202)]),
        Row(operation: "generateStatements", method: .post, path: "/v1/invoices/statements?period=2026-10", expected: [none, hidden, hidden, ok]),
        Row(operation: "exportInvoices", method: .get, path: "/v1/invoices/export?period=2026-09&format=csv", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "markInvoicesExported", method: .post, path: "/v1/invoices/export/mark?period=2026-09",
            expected: [none, hidden, hidden, ok]),
        Row(
            operation: "acceptInvitation", method: .post, path: "/v1/auth/invitations/\(String(repeating: "A", count: 43))",
            body: #"{"password":"a long enough password"}"#, expected: [hidden, hidden, hidden, hidden]),
        Row(
            operation: "requestPasswordReset", method: .post, path: "/v1/auth/password-reset", body: #"{"email":"nikdo@staffbook.example"}"#,
            expected: [.allowed, .allowed, .allowed, .allowed]),
        Row(
            operation: "resetPassword", method: .post, path: "/v1/auth/password-reset/\(String(repeating: "A", count: 43))",
            body: #"{"password":"a long enough password"}"#, expected: [hidden, hidden, hidden, hidden]),
        Row(operation: "resendInvitation", method: .post, path: "/v1/users/\(other)/invitation", expected: [none, hidden, hidden, .status(202)]),
        Row(operation: "listMyNotifications", method: .get, path: "/v1/me/notifications", expected: [none, ok, ok, ok]),
        Row(operation: "listNotifications", method: .get, path: "/v1/notifications?personId=\(other)", expected: [none, hidden, hidden, ok]),
        Row(operation: "getMyNotificationPreferences", method: .get, path: "/v1/me/notification-preferences", expected: [none, ok, ok, ok]),
        Row(
            operation: "putMyNotificationPreferences", method: .put, path: "/v1/me/notification-preferences",
            body: #"{"language":"en","channels":{"invoice_paid":"off"}}"#, expected: [none, ok, ok, ok]),
        Row(operation: "getReminderSettings", method: .get, path: "/v1/settings/reminders", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "putReminderSettings", method: .put, path: "/v1/settings/reminders", body: #"{"first":3,"every":3,"max":4}"#,
            expected: [none, hidden, hidden, ok]),
        Row(operation: "listJobs", method: .get, path: "/v1/jobs", expected: [none, hidden, hidden, ok]),
        Row(operation: "runJob", method: .post, path: "/v1/jobs/reminders/run", expected: [none, hidden, hidden, .status(202)]),
        Row(operation: "listClients", method: .get, path: "/v1/clients", expected: [none, hidden, ok, ok]),
        Row(
            operation: "createClient", method: .post, path: "/v1/clients", body: #"{"name":"Matrix s.r.o."}"#,
            expected: [none, hidden, hidden, .status(201)]),
        Row(
            operation: "updateClient", method: .patch, path: "/v1/clients/\(Demo.skodaDigital)", body: #"{"billingAddress":"Praha"}"#,
            headers: [.ifMatch: "*"], expected: [none, hidden, hidden, ok]),
        Row(operation: "listProjects", method: .get, path: "/v1/projects", expected: [none, ok, ok, ok]),
        // Tomáš Černý leads Mobile: a project of his team is his to create, the Web team's is not his to change.
        Row(
            operation: "createProject", method: .post, path: "/v1/projects",
            body: #"{"clientId":"\#(Demo.skodaDigital)","name":"Matrix","teamIds":["\#(Demo.mobileTeam)"]}"#,
            expected: [none, hidden, .status(201), .allowed]),
        Row(
            operation: "updateProject", method: .patch, path: "/v1/projects/\(Demo.carConfigurator)", body: #"{"name":"Konfigurátor"}"#,
            headers: [.ifMatch: "*"], expected: [none, hidden, hidden, ok]),
        Row(operation: "listMyTimeEntries", method: .get, path: "/v1/me/time-entries", expected: [none, ok, ok, ok]),
        Row(
            operation: "createMyTimeEntry", method: .post, path: "/v1/me/time-entries",
            body: #"{"projectId":"\#(Demo.internalProject)","start":"2026-11-16T06:00:00Z","end":"2026-11-16T06:30:00Z"}"#,
            expected: [none, .status(201), .status(201), .status(201)]),
        Row(
            operation: "updateMyTimeEntry", method: .patch, path: "/v1/me/time-entries/\(UUID())", body: #"{"description":"x"}"#,
            headers: [.ifMatch: "*"], expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "deleteMyTimeEntry", method: .delete, path: "/v1/me/time-entries/\(UUID())", headers: [.ifMatch: "*"],
            expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "exportMyTimeEntries", method: .get, path: "/v1/me/time-entries/export?format=toggl&from=2026-11-01&to=2026-11-30",
            expected: [none, ok, ok, ok]),
        Row(
            operation: "importMyTimeEntries", method: .post, path: "/v1/me/time-entries/import",
            body: "User,Email,Client,Project,Task,Description,Billable,Start date,Start time,Duration,Tags\r\n",
            headers: [.contentType: "text/csv"], expected: [none, ok, ok, ok]),
        Row(operation: "getMyTimeSummary", method: .get, path: "/v1/me/time-summary?from=2026-11-01&to=2026-11-30", expected: [none, ok, ok, ok]),
        Row(
            operation: "applyMyTimeEntryBatch", method: .post, path: "/v1/me/time-entries/batch", body: #"{"items":[]}"#,
            expected: [none, ok, ok, ok]),
        Row(operation: "getMyTimer", method: .get, path: "/v1/me/timer", expected: [none, ok, ok, ok]),
        // Nothing runs for anyone in the demo: the caller's own timer is not there to change.
        Row(
            operation: "updateMyTimer", method: .patch, path: "/v1/me/timer", body: #"{"description":"x"}"#,
            expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "startMyTimer", method: .post, path: "/v1/me/timer/start", body: #"{"projectId":"\#(Demo.internalProject)"}"#,
            expected: [none, ok, ok, ok]),
        Row(operation: "stopMyTimer", method: .post, path: "/v1/me/timer/stop", expected: [none, ok, ok, ok]),
        Row(operation: "cancelMyTimer", method: .post, path: "/v1/me/timer/cancel", expected: [none, ok, ok, ok]),
        Row(operation: "listUserTimeEntries", method: .get, path: "/v1/users/\(other)/time-entries", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "getUserTimeSummary", method: .get, path: "/v1/users/\(other)/time-summary?from=2026-11-01&to=2026-11-30",
            expected: [none, hidden, hidden, ok]),
        Row(
            operation: "updateUserTimeEntry", method: .patch, path: "/v1/users/\(other)/time-entries/\(UUID())", body: #"{"description":"x"}"#,
            headers: [.ifMatch: "*"], expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "deleteUserTimeEntry", method: .delete, path: "/v1/users/\(other)/time-entries/\(UUID())", headers: [.ifMatch: "*"],
            expected: [none, hidden, hidden, hidden]),
        Row(operation: "getMyTimesheet", method: .get, path: "/v1/me/timesheets/2026-11", expected: [none, ok, ok, ok]),
        Row(operation: "submitMyTimesheet", method: .post, path: "/v1/me/timesheets/2026-11/submit", expected: [none, ok, ok, ok]),
        // Ondřej's November is open: the admin may act on it (409 until he submits); a leader of other teams may not see it.
        Row(
            operation: "approveTimesheet", method: .post, path: "/v1/users/\(other)/timesheets/2026-11/approve",
            expected: [none, hidden, hidden, .allowed]),
        Row(
            operation: "returnTimesheet", method: .post, path: "/v1/users/\(other)/timesheets/2026-11/return", body: #"{"reason":"x"}"#,
            expected: [none, hidden, hidden, .allowed]),
        Row(
            operation: "reopenTimesheet", method: .post, path: "/v1/users/\(other)/timesheets/2026-11/reopen", body: #"{"reason":"x"}"#,
            expected: [none, hidden, hidden, .allowed]),
        Row(
            operation: "getTeamTimeSummary", method: .get, path: "/v1/teams/\(Demo.webTeam)/time-summary?month=2026-11",
            expected: [none, hidden, hidden, ok]),
        Row(operation: "listAbsenceKinds", method: .get, path: "/v1/absence-kinds", expected: [none, ok, ok, ok]),
        Row(
            operation: "putAbsenceKind", method: .put, path: "/v1/absence-kinds/other",
            body:
                #"{"names":{"cs":"Jiná překážka","en":"Other"},"needsApproval":true,"countsAgainstBalance":false,"paidShare":"1","contractTypes":["HPP"]}"#,
            expected: [none, hidden, hidden, ok]),
        Row(operation: "listMyAbsences", method: .get, path: "/v1/me/absences", expected: [none, ok, ok, ok]),
        Row(
            operation: "requestAbsence", method: .post, path: "/v1/me/absences",
            body: #"{"kind":"vacation","firstDay":"2027-06-07","lastDay":"2027-06-08"}"#, expected: [none, .allowed, .allowed, .allowed]),
        Row(operation: "approveAbsence", method: .post, path: "/v1/absences/\(UUID())/approve", expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "rejectAbsence", method: .post, path: "/v1/absences/\(UUID())/reject", body: #"{"reason":"x"}"#,
            expected: [none, hidden, hidden, hidden]),
        Row(operation: "cancelAbsence", method: .post, path: "/v1/absences/\(UUID())/cancel", expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "listTeamAbsences", method: .get, path: "/v1/teams/\(Demo.webTeam)/absences?from=2026-11-01&to=2026-11-30",
            expected: [none, hidden, hidden, ok]),
        Row(
            operation: "getMyVacationBalance", method: .get, path: "/v1/me/vacation-balance?year=2026",
            expected: [none, .allowed, .allowed, .allowed]),
        Row(
            operation: "getVacationBalance", method: .get, path: "/v1/users/\(other)/vacation-balance?year=2026",
            expected: [none, hidden, hidden, .allowed]),
        Row(operation: "listAbsences", method: .get, path: "/v1/absences?from=2026-11-01&to=2026-11-30", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "setVacationEntitlement", method: .put, path: "/v1/users/\(other)/vacation-entitlements/2026", body: #"{"days":"22"}"#,
            expected: [none, hidden, hidden, .allowed]),
        Row(
            operation: "clearVacationEntitlement", method: .delete, path: "/v1/users/\(other)/vacation-entitlements/2026",
            expected: [none, hidden, hidden, .allowed]),
        Row(
            operation: "createCalendarFeed", method: .post, path: "/v1/me/calendar-feeds", body: #"{"teamId":"\#(Demo.webTeam)"}"#,
            expected: [none, hidden, hidden, .status(201)]),
        Row(operation: "listMyCalendarFeeds", method: .get, path: "/v1/me/calendar-feeds", expected: [none, ok, ok, ok]),
        Row(operation: "revokeCalendarFeed", method: .delete, path: "/v1/me/calendar-feeds/\(UUID())", expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "readCalendarFeed", method: .get, path: "/v1/calendar-feeds/\(String(repeating: "A", count: 64))",
            expected: [hidden, hidden, hidden, hidden]),
        Row(
            operation: "getTimeReport", method: .get, path: "/v1/reports/time?from=2026-11-01&to=2026-11-30&groupBy=project",
            expected: [none, hidden, hidden, ok]),
        Row(
            operation: "exportTimeEntries", method: .get, path: "/v1/time-entries/export?format=clockify&from=2026-11-01&to=2026-11-30",
            expected: [none, hidden, hidden, ok]),
        Row(operation: "getPaymentSettings", method: .get, path: "/v1/settings/payments", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "putPaymentSettings", method: .put, path: "/v1/settings/payments",
            body: #"{"name":"Staffbook s.r.o.","account":"2000100027/2010","format":"abo"}"#, expected: [none, hidden, hidden, ok]),
        Row(operation: "listPaymentRuns", method: .get, path: "/v1/payment-runs", expected: [none, hidden, hidden, ok]),
        // No company account in the demo: the admin is told to set it (409), nobody else learns the route.
        Row(operation: "createPaymentRun", method: .post, path: "/v1/payment-runs", body: "{}", expected: [none, hidden, hidden, .allowed]),
        Row(operation: "getPaymentRun", method: .get, path: "/v1/payment-runs/\(UUID())", expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "downloadPaymentRunFile", method: .get, path: "/v1/payment-runs/\(UUID())/file?format=abo",
            expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "createPaymentRunFileLink", method: .post, path: "/v1/payment-runs/\(UUID())/file-links",
            expected: [none, hidden, hidden, hidden]),
        Row(operation: "markPaymentRunSent", method: .post, path: "/v1/payment-runs/\(UUID())/sent", expected: [none, hidden, hidden, hidden]),
        Row(operation: "cancelPaymentRun", method: .post, path: "/v1/payment-runs/\(UUID())/cancel", expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "importBankStatement", method: .post, path: "/v1/payment-runs/statements", body: "<Document/>",
            headers: [.contentType: "application/xml"], expected: [none, hidden, hidden, .allowed]),
        Row(operation: "listMyTokens", method: .get, path: "/v1/me/tokens", expected: [none, ok, ok, ok]),
        Row(
            operation: "createMyToken", method: .post, path: "/v1/me/tokens", body: #"{"name":"Kostka","scopes":["timer"]}"#,
            expected: [none, .status(201), .status(201), .status(201)]),
        Row(operation: "revokeMyToken", method: .delete, path: "/v1/me/tokens/\(UUID())", expected: [none, hidden, hidden, hidden]),
        Row(operation: "listUserTokens", method: .get, path: "/v1/users/\(other)/tokens", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "revokeUserToken", method: .delete, path: "/v1/users/\(other)/tokens/\(UUID())",
            expected: [none, hidden, hidden, hidden]),
        Row(operation: "approvePaymentRun", method: .post, path: "/v1/payment-runs/\(UUID())/approval", expected: [none, hidden, hidden, hidden]),
        Row(operation: "listAudit", method: .get, path: "/v1/audit", expected: [none, hidden, hidden, ok]),
        Row(operation: "exportAudit", method: .get, path: "/v1/audit/export", expected: [none, hidden, hidden, ok]),
        Row(operation: "listWebhookEndpoints", method: .get, path: "/v1/webhooks", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "createWebhookEndpoint", method: .post, path: "/v1/webhooks",
            body: #"{"url":"https://hooks.example.com/staffbook","eventTypes":["invoice.paid"]}"#, expected: [none, hidden, hidden, .allowed]),
        Row(operation: "getWebhookEndpoint", method: .get, path: "/v1/webhooks/\(UUID())", expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "updateWebhookEndpoint", method: .put, path: "/v1/webhooks/\(UUID())",
            body: #"{"url":"https://hooks.example.com/staffbook","eventTypes":["invoice.paid"]}"#, expected: [none, hidden, hidden, hidden]),
        Row(operation: "deleteWebhookEndpoint", method: .delete, path: "/v1/webhooks/\(UUID())", expected: [none, hidden, hidden, hidden]),
        Row(operation: "listWebhookDeliveries", method: .get, path: "/v1/webhooks/\(UUID())/deliveries", expected: [none, hidden, hidden, hidden]),
        Row(
            operation: "replayWebhookDelivery", method: .post, path: "/v1/webhooks/\(UUID())/deliveries/\(UUID())/replay",
            expected: [none, hidden, hidden, hidden]),
        Row(operation: "listMyChanges", method: .get, path: "/v1/me/changes", expected: [none, ok, ok, ok]),
        Row(operation: "listMyPushSubscriptions", method: .get, path: "/v1/me/push-subscriptions", expected: [none, ok, ok, ok]),
        Row(
            operation: "subscribeToPush", method: .post, path: "/v1/me/push-subscriptions",
            body: #"{"endpoint":"https://push.example.com/x","keys":{"p256dh":"x","auth":"y"}}"#, expected: [none, .allowed, .allowed, .allowed]),
        Row(
            operation: "unsubscribeFromPush", method: .delete, path: "/v1/me/push-subscriptions/\(UUID())", expected: [none, hidden, hidden, hidden]),
        Row(operation: "exportMyData", method: .get, path: "/v1/me/export", expected: [none, ok, ok, ok]),
        Row(operation: "exportUserData", method: .get, path: "/v1/users/\(other)/export", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "eraseUser", method: .post, path: "/v1/users/\(other)/erasure", body: #"{"reason":"person_request"}"#,
            expected: [none, hidden, hidden, .status(409)]),
        Row(operation: "listErasures", method: .get, path: "/v1/erasures", expected: [none, hidden, hidden, ok]),
        Row(operation: "listPendingAdminChanges", method: .get, path: "/v1/pending-admin-changes", expected: [none, hidden, hidden, ok]),
        // Nothing waits with this id: an admin is told so; nobody else learns the route exists.
        Row(
            operation: "withdrawPendingAdminChange", method: .delete, path: "/v1/pending-admin-changes/\(UUID().lowercasedString)",
            expected: [none, hidden, hidden, .status(404)]),
        Row(
            operation: "downloadPersonalDataByLink", method: .get, path: "/v1/personal-data-links/\(String(repeating: "A", count: 64))",
            expected: [hidden, hidden, hidden, hidden]),
        Row(operation: "listMyDevices", method: .get, path: "/v1/me/devices", expected: [none, ok, ok, ok]),
        Row(
            operation: "registerDevice", method: .post, path: "/v1/me/devices", body: #"{"token":"00"}"#,
            expected: [none, .allowed, .allowed, .allowed]),
        Row(operation: "removeDevice", method: .delete, path: "/v1/me/devices/\(UUID())", expected: [none, hidden, hidden, hidden]),
        Row(operation: "listTeamChanges", method: .get, path: "/v1/teams/\(Demo.mobileTeam)/changes", expected: [none, hidden, ok, ok]),
        Row(operation: "listTeamChanges", method: .get, path: "/v1/teams/\(Demo.webTeam)/changes?since=0", expected: [none, hidden, hidden, ok]),
        Row(
            operation: "completeSignIn", method: .post, path: "/v1/auth/second-factor", body: #"{"challenge":"unknown","code":"123456"}"#,
            expected: [none, none, none, none]),
        Row(
            operation: "startSignInEnrolment", method: .post, path: "/v1/auth/second-factor/enrolment", body: #"{"challenge":"unknown"}"#,
            expected: [none, none, none, none]),
        Row(operation: "getMySecondFactor", method: .get, path: "/v1/me/second-factor", expected: [none, ok, ok, ok]),
        Row(
            operation: "enrolMySecondFactor", method: .post, path: "/v1/me/second-factor",
            expected: [none, .status(201), .status(201), .status(201)]),
        // A code nobody's app shows: refused (422), or 409 where nothing is enrolled.
        Row(
            operation: "confirmMySecondFactor", method: .post, path: "/v1/me/second-factor/confirmation", body: #"{"code":"12345"}"#,
            expected: [none, .allowed, .allowed, .allowed]),
        Row(
            operation: "disableMySecondFactor", method: .post, path: "/v1/me/second-factor/removal", body: #"{"code":"12345"}"#,
            expected: [none, .allowed, .allowed, .allowed]),
        // The other person has no factor: an admin is told so (409); nobody else learns it.
        Row(
            operation: "resetUserSecondFactor", method: .delete, path: "/v1/users/\(other)/second-factor",
            expected: [none, hidden, hidden, .status(409)]),
    ]

    @Test func everyOperationOfTheContractHasARow() {
        #expect(Set(Self.rows.map(\.operation)) == AccessPolicyTests.specOperations)
    }

    @Test(arguments: rows)
    func eachRoleGetsExactlyWhatTheRoleTableSays(row: Row) async throws {
        try await TestApp.test(configure: { $0.auth.sessionStatusCacheTTL = .zero }) { app in
            try await app.seedDemo()
            let callers: [String?] = [nil, "jan.novak@staffbook.example", "lead.mobile@staffbook.example", "admin@staffbook.example"]
            for (caller, expected) in zip(callers, row.expected) {
                var token: String?
                if let caller { token = try await app.token(caller) }

                let response = try await app.send(row.method, row.path, token: token, json: row.body, headers: row.headers)

                let code = response.status.code
                switch expected {
                case .status(let wanted):
                    #expect(code == wanted, "\(row) as \(caller ?? "nobody"): \(response.text)")
                case .allowed:
                    #expect(![401, 404].contains(code) && code < 500, "\(row) as \(caller ?? "nobody"): \(response.text)")
                }
                if code == 404 {
                    #expect(!response.text.contains("@staffbook.example"), "a 404 must not carry anyone's data")
                }
            }
            // The same call with a personal access token of every scope: what its scopes name
            // answers as the session did (a write already made may now conflict); anything else
            // is 403 where the person's roles reach the operation (the person may, the key may
            // not), 404 where they do not or where the path names someone the person does not see.
            guard AccessPolicy.operations[row.operation] != .anyone else { return }
            for (index, caller, role) in [(1, "jan.novak@staffbook.example", Role.worker), (3, "admin@staffbook.example", Role.admin)] {
                let token = try await app.personalToken(caller, scopes: TokenScope.allCases.map(\.rawValue))
                let response = try await app.send(row.method, row.path, token: token, json: row.body, headers: row.headers)
                let code = response.status.code
                if AccessPolicy.tokenScopes[row.operation] != nil {
                    if row.expected[index] == Self.hidden {
                        #expect(code == 404, "\(row) with \(caller)'s token: \(response.text)")
                    } else {
                        #expect(![401, 403, 404].contains(code) && code < 500, "\(row) with \(caller)'s token: \(response.text)")
                    }
                } else {
                    var rolesReach = true
                    if case .anyOf(let roles) = AccessPolicy.operations[row.operation] { rolesReach = roles.contains(role) }
                    // A person the key's owner does not see (a worker sees only themselves, an
                    // admin everyone) is 404 for the key too, as for the owner's session.
                    let named = row.path.hasPrefix("/v1/users/") ? row.path.split(separator: "/").dropFirst(2).first.map(String.init) : nil
                    let hiddenPerson = role == .worker && named != nil && named != Demo.janNovak.lowercasedString
                    let wanted = rolesReach && !hiddenPerson ? 403 : 404
                    #expect(code == wanted, "\(row) with \(caller)'s token: \(response.text)")
                }
            }
        }
    }
}
