import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `POST /v1/invoices/missing/{userId}/reminders`: an admin reminds one person now.
extension MonthEndAPI {
    func remindMissingInvoice(_ input: Operations.RemindMissingInvoice.Input) async throws -> Operations.RemindMissingInvoice.Output {
        var validation = InputValidation()
        let period = try validation.requiredMonth(input.query.period, field: "query.period")
        guard let personId = UUID(uuidString: input.path.userId), try await accounts.find(id: personId) != nil else {
            throw Problem(.notFound)
        }
        let day = today
        let sent = try await service.remindNow(personId: personId, period: period, on: day, now: clock.now())
        return .accepted(
            .init(body: .json(.init(personId: personId.lowercasedString, period: period.iso, remindedOn: day.iso, sent: sent))))
    }
}
