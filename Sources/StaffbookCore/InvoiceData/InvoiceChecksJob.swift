import Foundation

/// A person's pending invoice checks run as one: a run from a month rechecks every later invoice
/// of the person, so the earliest month of their pending jobs covers them all. At a month-end
/// each person has a job per changed month; one run each instead of one per month is what lets
/// the queue drain in minutes.
package enum InvoiceChecksJob {
    /// The payload field whose jobs run together.
    package static let person = "person"

    /// The payload of the run that covers `own` and `others`: the earliest month of them.
    package static func merged(_ own: [String: String], _ others: [[String: String]]) -> [String: String] {
        var merged = own
        if let earliest = ([own] + others).compactMap({ $0["month"].flatMap(CalendarMonth.init) }).min() { merged["month"] = earliest.iso }
        return merged
    }
}
