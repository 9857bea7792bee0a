import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// An upload: the file (a PDF, an ISDOC or an ISDOCX), the invoice's data from its ISDOC, the
/// form and the caller's billing details, stored with its checks.
extension MyInvoicesAPI {
    func uploadMyInvoice(_ input: Operations.UploadMyInvoice.Input) async throws -> Operations.UploadMyInvoice.Output {
        let caller = try RequestScope.requireCaller()
        var validation = InputValidation()
        let key = validation.optionalText(input.headers.idempotencyKey, field: "header.Idempotency-Key", maxLength: 200)
        let month = try validation.requiredMonth(input.path.period, field: "path.period")
        // Checked before the body is read: a refused upload costs no transfer.
        guard month <= currentMonth else { throw InvoiceError.futurePeriod }
        guard try await invoices.hadContractorContract(personId: caller.accountId, month: month) else {
            throw InvoiceError.noContractorContract
        }
        guard case .multipartForm(let parts) = input.body else { throw Problem(.unsupportedMediaType) }
        // The multipart parser reads the body byte by byte: off the event loops, on threads of
        // its own, so a large upload never holds a loop the other requests need.
        let maxBytes = uploads.maxBytes
        let form = try await withTaskExecutorPreference(WorkPool.uploads) { try await UploadForm.read(parts, maxBytes: maxBytes) }
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
            if let billing = try await people.billingDetails(personId: caller.accountId) { layers.append((billing.invoiceData, .profile)) }
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
                key, accountId: caller.accountId, scope: "upload:" + month.iso,
                parts: [Money.format(total), sha256.map { String($0, radix: 16) }.joined(separator: ".")]
            )
            let file = UploadedFile(content: content, sha256: sha256, mediaType: mediaType, originalName: form.fileName)
            let outcome = try await invoices.upload(
                personId: caller.accountId, month: month, amount: total, file: file, data: data, quota: uploads.quota, idempotency: idempotency,
                now: clock.now()
            )
            let rows = try await invoices.months(personId: caller.accountId, first: month, last: month, page: PageRequest(limit: 1))
            guard let row = rows.first, let invoiceId = row.invoice?.id else { throw Problem(.notFound) }
            try await checks.recompute(invoiceId: invoiceId)
            guard let invoice = try await invoices.find(id: invoiceId) else { throw Problem(.notFound) }
            let body = invoiceSchemas.month(row, current: currentMonth, invoice: invoice)
            switch outcome {
            case .created, .repeated(created: true): return .created(.init(body: .json(body)))
            case .replaced, .repeated(created: false): return .ok(.init(body: .json(body)))
            }
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
            // Markup that is no ISDOC (a web page saved as faktura.pdf) is neither kind of file
            // we take: said as such, not as an ISDOC that cannot be read.
            guard ISDOCReader.looksLikeISDOC(content) else { throw InvoiceError.notAPDF }
            return ("application/xml", ignoreIsdoc ? .none : .sent(content))
        }
        throw InvoiceError.notAPDF
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

/// The parts of an upload: the file streamed to a spool, an ISDOC sent beside it, the text
/// fields.
struct UploadForm {
    var spool: UploadSpool
    var fileName: String?
    var isdoc: Data?
    var fields: [String: String]

    static let fieldBytes = 256

    static func read(_ parts: MultipartBody<Operations.UploadMyInvoice.Input.Body.MultipartFormPayload>, maxBytes: Int) async throws -> UploadForm {
        var file: (spool: UploadSpool, name: String?)?
        var isdoc: Data?
        var fields: [String: String] = [:]
        func text(_ body: HTTPBody) async throws -> String {
            try await String(collecting: body, upTo: fieldBytes).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        do {
            for try await part in parts {
                switch part {
                case .file(let wrapper):
                    let spool = try UploadSpool()
                    for try await chunk in wrapper.payload.body {
                        guard spool.size + chunk.count <= maxBytes else {
                            throw Problem(.payloadTooLarge, detail: BodyLimitMiddleware.detail(maxBytes))
                        }
                        try spool.append(chunk)
                    }
                    file = (spool, wrapper.filename)
                case .isdoc(let wrapper):
                    isdoc = try await Data(collecting: wrapper.payload.body, upTo: ISDOCReader.maximumBytes)
                case .amount(let wrapper): fields["amount"] = try await text(wrapper.payload.body)
                case .number(let wrapper): fields["number"] = try await text(wrapper.payload.body)
                case .variableSymbol(let wrapper): fields["variableSymbol"] = try await text(wrapper.payload.body)
                case .supplierIco(let wrapper): fields["supplierIco"] = try await text(wrapper.payload.body)
                case .supplierDic(let wrapper): fields["supplierDic"] = try await text(wrapper.payload.body)
                case .customerIco(let wrapper): fields["customerIco"] = try await text(wrapper.payload.body)
                case .issueDate(let wrapper): fields["issueDate"] = try await text(wrapper.payload.body)
                case .taxableSupplyDate(let wrapper): fields["taxableSupplyDate"] = try await text(wrapper.payload.body)
                case .dueDate(let wrapper): fields["dueDate"] = try await text(wrapper.payload.body)
                case .amountWithoutVat(let wrapper): fields["amountWithoutVat"] = try await text(wrapper.payload.body)
                case .vatAmount(let wrapper): fields["vatAmount"] = try await text(wrapper.payload.body)
                case .vatRate(let wrapper): fields["vatRate"] = try await text(wrapper.payload.body)
                case .currency(let wrapper): fields["currency"] = try await text(wrapper.payload.body)
                case .bankAccount(let wrapper): fields["bankAccount"] = try await text(wrapper.payload.body)
                case .ignoreIsdoc(let wrapper): fields["ignoreIsdoc"] = try await text(wrapper.payload.body)
                case .undocumented:
                    continue
                }
            }
        } catch let problem as Problem {
            throw problem
        } catch let error as UploadSpoolError {
            throw error  // the server's disk, not the client's body: answered as a server error
        } catch {
            throw Problem(.malformedRequest, fieldErrors: [.init(field: "body", code: "multipart", message: InvoiceTexts.multipart)])
        }
        guard let file else {
            throw Problem(.malformedRequest, fieldErrors: [.init(field: "body", code: "multipart", message: InvoiceTexts.bothParts)])
        }
        return UploadForm(spool: file.spool, fileName: file.name, isdoc: isdoc, fields: fields)
    }
}
