import Foundation
import StaffbookCore
import StaffbookMail

/// How notifications go out and how the job worker runs.
package struct MonthEndConfig: Sendable {
    /// The SMTP server for e-mail; nil: e-mail cannot be sent (deliveries fail and are retried).
    package var smtp: SMTPConfiguration?
    package var from = MailAddress("staffbook@localhost", name: "Staffbook")
    /// A Slack-compatible incoming webhook for the company: the admins' digest goes there too.
    package var companyChatWebhook: String?
    /// Where chat webhooks (people's and the company's) may point.
    package var webhookPolicy = WebhookPolicy()
    /// Where links in e-mails point; the token is appended (`staffbook://invitations/<token>`).
    package var linkBase = "staffbook://"
    /// Whether this instance works the job queue (tests drive it by hand instead).
    package var workerEnabled = true
    package var pollInterval: Duration = .seconds(5)
    /// How long a claimed job is this instance's before another may take it over.
    package var lease: TimeInterval = 60
    /// Jobs this instance runs at once (`JOBS_CONCURRENCY`). One keeps the worker's share of
    /// the database small while requests are served; a worker-only instance may run more.
    package var concurrency = 1
    package var retry = RetryPolicy()
    /// The share of the webhook retry schedule's waits that is waited (1: about a day in all).
    package var webhookRetryScale: Double = 1
    /// How far back a missed occurrence of a schedule is still run (the service was down).
    package var catchUp: TimeInterval = 2 * 86400

    package init() {}
}
