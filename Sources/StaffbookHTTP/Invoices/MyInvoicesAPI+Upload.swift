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
        try await uploader.admit(personId: caller.accountId, month: month)
        guard case .multipartForm(let parts) = input.body else { throw Problem(.unsupportedMediaType) }
        // The multipart parser reads the body byte by byte: off the event loops, on threads of
        // its own, so a large upload never holds a loop the other requests need.
        let maxBytes = uploader.uploads.maxBytes
        let form = try await withTaskExecutorPreference(WorkPool.uploads) { try await UploadForm.read(parts, maxBytes: maxBytes) }
        let stored = try await uploader.store(form, personId: caller.accountId, month: month, idempotencyKey: key)
        let body = invoiceSchemas.month(stored.row, current: currentMonth, invoice: stored.invoice)
        return stored.created ? .created(.init(body: .json(body))) : .ok(.init(body: .json(body)))
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
