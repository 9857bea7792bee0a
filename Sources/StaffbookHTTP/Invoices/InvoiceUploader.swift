import Foundation
import StaffbookCore

/// Storing an upload, for the API and the desk alike: the file (a PDF, an ISDOC or an ISDOCX),
/// the invoice's data from its ISDOC, the form and the person's billing details, with its checks.
/// One for the server: its byte budget bounds what all uploads hold in memory at once.
package struct InvoiceUploader: Sendable {
    let invoices: any InvoiceRepository
    let people: any PeopleRepository
    let uploads: UploadLimits
    let idempotencyKeys: IdempotencyKeyHeader
    let checks: InvoiceChecksService
    let attachments: PDFAttachmentReader
    let clock: any AppClock

    /// What was stored: the month's row and the invoice with its checks.
    package struct Stored: Sendable {
        package var created: Bool
        package var row: MonthRow
        package var invoice: Invoice
    }

    package var maxBytes: Int { uploads.maxBytes }

    var currentMonth: CalendarMonth { TimeRules.day(of: clock.now()).calendarMonth }

    /// Whether the person may upload for the month at all: not a future month, and one they had a
    /// contractor's contract in.
    package func admit(personId: UUID, month: CalendarMonth) async throws {
        guard month <= currentMonth else { throw InvoiceError.futurePeriod }
        guard try await invoices.hadContractorContract(personId: personId, month: month) else { throw InvoiceError.noContractorContract }
    }

    /// A page's upload: the file and the form's fields as a multipart form gave them.
    package func store(file: Data, fileName: String?, fields: [String: String], personId: UUID, month: CalendarMonth, idempotencyKey: String?)
        async throws -> Stored
    {
        let spool = try UploadSpool()
        try spool.append(ArraySlice(file))
        return try await store(
            UploadForm(spool: spool, fileName: fileName, isdoc: nil, fields: fields), personId: personId, month: month, idempotencyKey: idempotencyKey
        )
    }

    func store(_ form: UploadForm, personId: UUID, month: CalendarMonth, idempotencyKey key: String?) async throws -> Stored {
        var validation = InputValidation()
        let (formData, amount) = validation.invoiceForm(form.fields)
        try validation.check()
        let ignoreIsdoc = form.fields["ignoreIsdoc"] == "true"

        return try await uploads.storing.withBytes(form.spool.size) {
            let content = try await form.spool.load()
            let (mediaType, isdoc) = try await kind(of: content, form: form, ignoreIsdoc: ignoreIsdoc)
            var layers: [(InvoiceData, InvoiceData.Source)] = []
            switch isdoc {
            case .none: break
            case .sent(let bytes):
                do {
                    layers.append((try await readISDOC(bytes), .isdoc))
                } catch let error as ISDOCReader.Problem {
                    throw Problem(isdoc: error)
                }
            case .attached(let bytes, let named):
                do {
                    layers.append((try await readISDOC(bytes), .isdoc))
                } catch let error as ISDOCReader.Problem where !named && (error.code == .notISDOC || error.code == .declarations) {
                    // Another kind of XML attachment (a ZUGFeRD invoice, notes): the PDF is just a PDF.
                } catch let error as ISDOCReader.Problem {
                    // An attachment named as an ISDOC that cannot be read is the sender's to fix.
                    throw Problem(isdoc: error)
                }
            }
            layers.append((formData, .form))
            if let billing = try await people.billingDetails(personId: personId) { layers.append((billing.invoiceData, .profile)) }
            var data = InvoiceData.merged(layers)
            guard let total = data.total ?? amount else {
                throw Problem(.validationFailed, fieldErrors: [.init(field: "body.amount", code: "required", message: InvoiceTexts.amountRequired)])
            }
            if data.total == nil {
                data.total = total
                data.sources[.total] = .form
            }
            let sha256 = form.spool.sha256
            let idempotency = idempotencyKeys.request(
                key, accountId: personId, scope: "upload:" + month.iso,
                parts: [Money.format(total), sha256.map { String($0, radix: 16) }.joined(separator: ".")]
            )
            let file = UploadedFile(content: content, sha256: sha256, mediaType: mediaType, originalName: form.fileName)
            let outcome = try await invoices.upload(
                personId: personId, month: month, amount: total, file: file, data: data, quota: uploads.quota, idempotency: idempotency,
                now: clock.now()
            )
            // The invoice the upload made or replaced, its checks computed, then read once as the
            // month's row and once whole (its data and checks), both after the checks.
            try await checks.recompute(invoiceId: outcome.invoiceId)
            let rows = try await invoices.months(personId: personId, first: month, last: month, page: PageRequest(limit: 1))
            guard let row = rows.first, row.invoice?.id == outcome.invoiceId, let invoice = try await invoices.find(id: outcome.invoiceId) else {
                throw Problem(.notFound)
            }
            return Stored(created: outcome.created, row: row, invoice: invoice)
        }
    }

    /// An ISDOC's data, read on the document pool's threads within the reader's budget.
    private func readISDOC(_ bytes: Data) async throws -> InvoiceData {
        let companyIco = checks.companyIco
        return try await WorkPool.documents.run { () throws(ISDOCReader.Problem) in try ISDOCReader.read(bytes, companyIco: companyIco) }
    }

    /// Where an upload's ISDOC is.
    enum ISDOCLocation {
        case none
        /// Sent as the file or beside it: what cannot be read is the sender's to fix.
        case sent(Data)
        /// A PDF's attachment; unless `named` (`*.isdoc`) it may be some other XML.
        case attached(Data, named: Bool)
    }

    /// What the file is, and the ISDOC to read (sent beside it, the file itself, or a PDF's
    /// attachment).
    private func kind(of content: Data, form: UploadForm, ignoreIsdoc: Bool) async throws -> (mediaType: String, isdoc: ISDOCLocation) {
        let head = Array(content.prefix(PDFCheck.endLength)), tail = Array(content.suffix(PDFCheck.endLength))
        if head.starts(with: Array("%PDF-".utf8)) {
            try PDFCheck.check(head: head, tail: tail)
            guard !ignoreIsdoc else { return ("application/pdf", .none) }
            if let sent = form.isdoc { return ("application/pdf", .sent(try await Self.unpacked(sent))) }
            if case .isdoc(let embedded, let named) = try await attachments.isdoc(in: content) {
                return ("application/pdf", .attached(embedded, named: named))
            }
            return ("application/pdf", .none)
        }
        if ISDOCContainer.isZip(content) { return ("application/zip", ignoreIsdoc ? .none : .sent(try await Self.unpacked(content))) }
        if let first = content.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }),
            first == UInt8(ascii: "<")
        {
            // An XML document (an ISDOC of another version, 5.2 say, or another XML) is read as the
            // ISDOC it was sent as and refused as one (422 invalid-isdoc); other markup (a web page
            // saved as faktura.pdf) is neither kind of file we take.
            guard ISDOCReader.looksLikeISDOC(content) || Self.isXMLDocument(content) else { throw InvoiceError.notAPDF }
            return ("application/xml", ignoreIsdoc ? .none : .sent(content))
        }
        throw InvoiceError.notAPDF
    }

    /// Whether markup declares itself XML (`<?xml`, after a byte-order mark and white space).
    static func isXMLDocument(_ content: Data) -> Bool {
        let start = content.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        return start.starts(with: Array("<?xml".utf8))
    }

    /// An ISDOC, or the one in an ISDOCX (unpacked on the document pool's threads).
    private static func unpacked(_ data: Data) async throws -> Data {
        guard ISDOCContainer.isZip(data) else { return data }
        do {
            return try await WorkPool.documents.run { () throws(ISDOCReader.Problem) in try ISDOCContainer.isdoc(in: data) }
        } catch let error as ISDOCReader.Problem {
            throw Problem(isdoc: error)
        }
    }
}
