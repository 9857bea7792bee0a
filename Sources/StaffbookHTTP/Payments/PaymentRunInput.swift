import Foundation
import StaffbookCore

/// What a new payment run is asked to leave out and when it is to be paid, read once for the
/// API (`POST /v1/payment-runs`) and the desk's form, with the same fields and words.
package enum PaymentRunInput {
    package struct LeaveOut: Sendable, Equatable {
        package var invoiceId: String
        package var reason: String

        package init(invoiceId: String, reason: String) {
            self.invoiceId = invoiceId
            self.reason = reason
        }
    }

    /// Each invoice left out once, with a reason of 1–500 characters; the day a date.
    static func read(_ leaveOut: [LeaveOut], payOn: String?, into validation: inout InputValidation) -> (
        leaveOut: [UUID: String], payOn: CalendarDay?
    ) {
        let payOn = payOn.flatMap { validation.day($0, field: "body.payOn") }
        if leaveOut.count > 1000 { validation.fail("body.leaveOut", "too_many", PaymentTexts.atMostThousandIds) }
        var reasons: [UUID: String] = [:]
        for (index, entry) in leaveOut.prefix(1000).enumerated() {
            let reason = validation.requiredText(entry.reason, field: "body.leaveOut[\(index)].reason", maxLength: 500)
            guard let id = UUID(uuidString: entry.invoiceId) else {
                validation.fail("body.leaveOut[\(index)].invoiceId", "invalid", PaymentTexts.notAnInvoiceId)
                continue
            }
            if reasons.updateValue(reason, forKey: id) != nil {
                validation.fail("body.leaveOut[\(index)].invoiceId", "duplicate", PaymentTexts.leftOutTwice)
            }
        }
        return (reasons, payOn)
    }

    /// The plan of every approved invoice (the desk's form), or the problem the API would answer.
    package static func plan(_ selection: PaymentSelection, leaveOut: [LeaveOut], payOn: String?) throws -> PaymentRunPlan {
        var validation = InputValidation()
        let read = read(leaveOut, payOn: payOn, into: &validation)
        try validation.check()
        return PaymentRunPlan(selection: selection, leaveOut: read.leaveOut, payOn: read.payOn)
    }

    /// What makes a retry the same request: the selection, the day, and what is left out why.
    package static func idempotencyParts(_ plan: PaymentRunPlan) -> [String] {
        let selection: [String] =
            switch plan.selection {
            case .all: ["all"]
            case .dueBy(let day): ["due", day.iso]
            case .ids(let ids): ["ids"] + ids
            }
        let leftOut = plan.leaveOut.map { [$0.key.lowercasedString, $0.value] }.sorted { $0[0] < $1[0] }.flatMap { $0 }
        return selection + ["pay-on", plan.payOn?.iso ?? ""] + leftOut
    }
}
