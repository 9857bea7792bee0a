import Foundation
import OpenAPIRuntime

extension Staffbook {
    /// Uploads (or replaces) the signed-in person's invoice for `month`: the file, and what the
    /// invoice says unless the file carries an ISDOC that says it. Answers the month as it now
    /// stands, whether the server made a new invoice (201) or replaced the file of one not yet
    /// approved (200).
    ///
    /// The upload carries an `Idempotency-Key`, so a retry after a lost answer (the client
    /// retries on 503 and 429 itself) stores one version; pass your own to retry across launches.
    ///
    /// - Parameters:
    ///   - month: The invoice's month, not in the future.
    ///   - pdf: The invoice's bytes: a PDF (an ISDOC.PDF too), an ISDOC or an ISDOCX.
    ///   - filename: The name the server keeps with the file.
    ///   - fields: What the invoice says: needed for a plain PDF, optional beside an ISDOC.
    ///   - idempotencyKey: A key for this upload; a new one by default.
    public func uploadInvoice(
        month: Month, pdf: Data, filename: String = "invoice.pdf", fields: InvoiceFields = InvoiceFields(),
        idempotencyKey: String = UUID().uuidString
    ) async throws -> Components.Schemas.MyInvoice {
        let answer = try await api.uploadMyInvoice(
            path: .init(period: month), headers: .init(idempotencyKey: idempotencyKey),
            body: .multipartForm(MultipartBody(Self.parts(pdf: pdf, filename: filename, fields: fields)))
        )
        switch answer {
        case .created(let created): return try created.body.json
        case .ok(let replaced): return try replaced.body.json
        case .undocumented: throw UnexpectedAnswer(expected: "created", received: answer)
        }
    }

    /// Uploads the invoice with only its amount besides the file (a PDF whose ISDOC says the rest).
    public func uploadInvoice(
        month: Month, pdf: Data, filename: String = "invoice.pdf", amount: Money?, idempotencyKey: String = UUID().uuidString
    ) async throws -> Components.Schemas.MyInvoice {
        try await uploadInvoice(month: month, pdf: pdf, filename: filename, fields: InvoiceFields(amount: amount), idempotencyKey: idempotencyKey)
    }

    typealias UploadPart = Operations.UploadMyInvoice.Input.Body.MultipartFormPayload

    /// The form's parts: the file first, then each field that has a value, as the server reads
    /// them (money with two decimals, days as `2026-11-05`).
    static func parts(pdf: Data, filename: String, fields data: InvoiceFields) -> [UploadPart] {
        func text(_ value: (some CustomStringConvertible)?) -> HTTPBody? { value.map { HTTPBody($0.description) } }
        var parts: [UploadPart] = [.file(.init(payload: .init(body: HTTPBody(pdf)), filename: filename))]
        if let body = text(data.amount) { parts.append(.amount(.init(payload: .init(body: body)))) }
        if let body = text(data.number) { parts.append(.number(.init(payload: .init(body: body)))) }
        if let body = text(data.variableSymbol) { parts.append(.variableSymbol(.init(payload: .init(body: body)))) }
        if let body = text(data.supplierIco) { parts.append(.supplierIco(.init(payload: .init(body: body)))) }
        if let body = text(data.supplierDic) { parts.append(.supplierDic(.init(payload: .init(body: body)))) }
        if let body = text(data.customerIco) { parts.append(.customerIco(.init(payload: .init(body: body)))) }
        if let body = text(data.issueDate) { parts.append(.issueDate(.init(payload: .init(body: body)))) }
        if let body = text(data.taxableSupplyDate) { parts.append(.taxableSupplyDate(.init(payload: .init(body: body)))) }
        if let body = text(data.dueDate) { parts.append(.dueDate(.init(payload: .init(body: body)))) }
        if let body = text(data.amountWithoutVat) { parts.append(.amountWithoutVat(.init(payload: .init(body: body)))) }
        if let body = text(data.vatAmount) { parts.append(.vatAmount(.init(payload: .init(body: body)))) }
        if let body = text(data.vatRate) { parts.append(.vatRate(.init(payload: .init(body: body)))) }
        if let body = text(data.currency) { parts.append(.currency(.init(payload: .init(body: body)))) }
        if let body = text(data.bankAccount) { parts.append(.bankAccount(.init(payload: .init(body: body)))) }
        if data.ignoreIsdoc { parts.append(.ignoreIsdoc(.init(payload: .init(body: HTTPBody("true"))))) }
        return parts
    }
}
