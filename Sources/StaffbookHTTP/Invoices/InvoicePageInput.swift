import Foundation
import StaffbookCore

/// The API's own checks of what a person sends about invoices, for pages that send the same:
/// a page refuses with the same problem (and words) as the operation would.
package enum InvoicePageInput {
    /// A return's or an override's reason, as `POST /v1/invoices/{id}/{action}` reads `reason`.
    package static func reason(_ text: String?) throws -> String? {
        try InvoicesAPI.validText(text, field: "body.reason")
    }

    /// A month such as `2026-10`, as the list's `period` is read; nil when none was given.
    package static func month(_ text: String?, field: String) throws -> CalendarMonth? {
        guard let text, !text.isEmpty else { return nil }
        var validation = InputValidation()
        let month = validation.month(text, field: field)
        try validation.check()
        return month
    }

    /// An invoice's file over the upload limit, as the API answers it (413) but in a file's words.
    package static func fileTooLarge(maxBytes: Int, language: Language) -> PageProblem {
        let mib = maxBytes >> 20
        let detail = LocalizedText(
            en:
                "The file is larger than \(mib) MiB, the most an invoice's file may be. Save it smaller (a scan at 150–200 dpi is enough) and choose it again.",
            cs: "Soubor je větší než \(mib) MiB, víc soubor faktury mít nesmí. Uložte ho menší (na sken stačí 150–200 dpi) a vyberte ho znovu.")
        return PageProblem(Problem(.payloadTooLarge, detail: detail), language: language)
    }

    /// A name to search for, as the list's `q` is read.
    package static func search(_ text: String?) throws -> String? {
        var validation = InputValidation()
        let search = validation.optionalText(text, field: "query.q", maxLength: 100)
        try validation.check()
        return search?.isEmpty == false ? search : nil
    }

    /// Why a bulk action skipped an invoice, in the words one invoice's action answers with.
    package static func skipReason(_ skip: InvoiceService.BulkReport.Skip, language: Language) -> String {
        InvoicesAPI.reason(skip, language: language)
    }

    /// An idempotent request as the API makes one from its `Idempotency-Key` header and the
    /// values that say what the request asks for.
    package static func idempotentRequest(key: String, accountId: UUID, scope: String, parts: [String], lifetime: TimeInterval)
        -> IdempotentRequest?
    {
        IdempotencyKeyHeader(lifetime: lifetime).request(key, accountId: accountId, scope: scope, parts: parts)
    }

    /// The fingerprint of a bulk request, as `POST /v1/invoices/bulk-actions` makes it.
    package static func bulkRequest(
        key: String, accountId: UUID, action: InvoiceAction, period: CalendarMonth, state: InvoiceState?, lifetime: TimeInterval
    ) -> IdempotentRequest? {
        IdempotencyKeyHeader(lifetime: lifetime).request(
            key, accountId: accountId, scope: "bulk-actions",
            parts: [action.rawValue, "", period.iso, state?.rawValue ?? "", ""]
        )
    }
}
