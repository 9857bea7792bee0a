import StaffbookCore

/// The pay run for admins: settings, runs, their bank files, and the statements that pay them.
struct PaymentsAPI: AreaHandler {
    let runs: any PaymentRunRepository
    let service: PaymentRunService
    let idempotencyKeys: IdempotencyKeyHeader
    let fileLinks: FileLinks
    let clock: any AppClock
}
