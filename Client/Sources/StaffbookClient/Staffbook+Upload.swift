import Foundation
import OpenAPIRuntime

extension Staffbook {
    /// Uploads (or replaces) the signed-in person's invoice for `month`: the PDF, and its amount
    /// unless the PDF carries an ISDOC with a total. Answers the month as it now stands, whether
    /// the server made a new invoice (201) or replaced the file of one not yet approved (200).
    ///
    /// The upload carries an `Idempotency-Key`, so a retry after a lost answer (the client
    /// retries on 503 and 429 itself) stores one version; pass your own to retry across launches.
    ///
    /// - Parameters:
    ///   - month: The invoice's month, not in the future.
    ///   - pdf: The invoice's bytes: a PDF (an ISDOC.PDF too), an ISDOC or an ISDOCX.
    ///   - filename: The name the server keeps with the file.
    ///   - amount: The invoice's total in crowns; nil when the file's ISDOC gives it.
    ///   - idempotencyKey: A key for this upload; a new one by default.
    public func uploadInvoice(
        month: Month, pdf: Data, filename: String = "invoice.pdf", amount: Money?, idempotencyKey: String = UUID().uuidString
    ) async throws -> Components.Schemas.MyInvoice {
        typealias Part = Operations.UploadMyInvoice.Input.Body.MultipartFormPayload
        var parts: [Part] = [.file(.init(payload: .init(body: HTTPBody(pdf)), filename: filename))]
        if let amount { parts.append(.amount(.init(payload: .init(body: HTTPBody(amount.description))))) }
        let answer = try await api.uploadMyInvoice(
            path: .init(period: month), headers: .init(idempotencyKey: idempotencyKey),
            body: .multipartForm(MultipartBody(parts))
        )
        switch answer {
        case .created(let created): return try created.body.json
        case .ok(let replaced): return try replaced.body.json
        default: throw StaffbookTransportError(operationID: Operations.UploadMyInvoice.id, cause: "unexpected answer", language: language)
        }
    }
}
