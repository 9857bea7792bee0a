import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// Every version of an invoice's file, and links that download one without a header.
extension InvoicesAPI {
    func listInvoiceFiles(_ input: Operations.ListInvoiceFiles.Input) async throws -> Operations.ListInvoiceFiles.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.invoiceId)
        guard let invoice = try await invoices.find(id: id), caller.mayRead(invoice) else { throw Problem(.notFound) }
        let files = try await invoices.files(invoiceId: id)
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: files.map { file in
                            .init(
                                id: file.id.lowercasedString, version: file.version, mediaType: file.mediaType, size: file.size,
                                sha256: file.sha256, uploadedAt: file.uploadedAt,
                                uploadedBy: file.uploadedBy.map {
                                    .init(id: $0.id.lowercasedString, firstName: $0.firstName, lastName: $0.lastName)
                                },
                                current: file.isCurrent, downloadUrl: invoiceSchemas.downloadURL(id, fileId: file.id),
                                data: file.data.map(InvoiceSchemas.data)
                            )
                        }))))
    }

    func downloadInvoiceFileVersion(
        _ input: Operations.DownloadInvoiceFileVersion.Input
    ) async throws -> Operations.DownloadInvoiceFileVersion.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.invoiceId)
        let fileId = try InputValidation.pathID(input.path.fileId)
        guard let (invoice, file, bytes) = try await invoices.fileContent(fileId: fileId, invoiceId: id), caller.mayRead(invoice) else {
            throw Problem(.notFound)
        }
        let etag = "\"\(file.sha256)\""
        if EntityTags.noneMatchHits(input.headers.ifNoneMatch, etag: file.sha256) {
            return .notModified(.init(headers: .init(eTag: etag)))
        }
        let body = HTTPBody(bytes)
        return .ok(
            .init(
                headers: .init(eTag: etag, contentDisposition: "attachment; filename=\"\(InvoiceSchemas.downloadName(invoice, file: file))\""),
                body: file.mediaType == XLSXWorkbook.mediaType
                    ? .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(body) : .pdf(body)
            ))
    }

    func createFileLink(_ input: Operations.CreateFileLink.Input) async throws -> Operations.CreateFileLink.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.invoiceId)
        var request: Components.Schemas.FileLinkRequest?
        if case .json(let body) = input.body { request = body }
        var validation = InputValidation()
        var fileId: UUID?
        if let text = request?.fileId {
            fileId = UUID(uuidString: text)
            if fileId == nil { validation.fail("body.fileId", "uuid", FieldTexts.fileId) }
        }
        let seconds = request?.expiresInSeconds ?? Int(FileLinks.defaultLifetime)
        if !(60...Int(FileLinks.maximumLifetime)).contains(seconds) {
            validation.fail(
                "body.expiresInSeconds", "range", InvoiceTexts.linkLifetime
            )
        }
        try validation.check()
        guard let invoice = try await invoices.find(id: id), caller.mayRead(invoice) else { throw Problem(.notFound) }
        if let fileId, try await invoices.files(invoiceId: id).contains(where: { $0.id == fileId }) == false {
            throw Problem(.notFound)
        }
        let claims = FileLinks.Claims(
            fileId: fileId ?? invoice.file.id, callerId: caller.accountId, now: clock.now(), lifetime: TimeInterval(seconds))
        return .created(
            .init(body: .json(.init(url: fileLinks.url(claims), fileId: claims.fileId.lowercasedString, expiresAt: claims.expiresAt)))
        )
    }

    func downloadByFileLink(_ input: Operations.DownloadByFileLink.Input) async throws -> Operations.DownloadByFileLink.Output {
        let claims: FileLinks.Claims
        switch fileLinks.verify(input.path.token, now: clock.now()) {
        case .invalid: throw Problem(.notFound)
        case .expired: throw Problem(.linkExpired)
        case .valid(let valid): claims = valid
        }
        // Whoever asked for the link must still be allowed to see the file now.
        guard let account = try await accounts.find(id: claims.callerId), account.isActive,
            claims.outlives(try await accounts.credentialsRevokedAt(id: account.id))
        else { throw Problem(.notFound) }
        if account.roles.contains(.admin), let (number, file) = try await paymentRuns.file(id: claims.fileId) {
            let headers = Operations.DownloadByFileLink.Output.Ok.Headers(
                contentDisposition: "attachment; filename=\"\(PaymentsAPI.fileName(runNumber: number, format: file.format))\""
            )
            let body = HTTPBody(file.content)
            return .ok(.init(headers: headers, body: file.format == .abo ? .plainText(body) : .xml(body)))
        }
        guard let (invoice, file, bytes) = try await invoices.fileContent(fileId: claims.fileId, invoiceId: nil),
            account.id == invoice.personId || account.roles.contains(.admin)
        else { throw Problem(.notFound) }
        let body = HTTPBody(bytes)
        let name = InvoiceSchemas.downloadName(invoice, file: file)
        if file.mediaType == XLSXWorkbook.mediaType {
            return .ok(
                .init(
                    headers: .init(contentDisposition: "attachment; filename=\"\(name)\""),
                    body: .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(body)
                ))
        }
        return .ok(.init(headers: .init(contentDisposition: "inline; filename=\"\(name)\""), body: .pdf(body)))
    }
}
