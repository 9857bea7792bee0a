import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// Reading one invoice and its current file: its owner or an admin.
extension InvoicesAPI {
    func downloadInvoiceFile(_ input: Operations.DownloadInvoiceFile.Input) async throws -> Operations.DownloadInvoiceFile.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.invoiceId)
        guard let (invoice, bytes) = try await invoices.fileContent(invoiceId: id),
            caller.mayRead(invoice)
        else { throw Problem(.notFound) }
        let etag = "\"\(invoice.file.sha256)\""
        if EntityTags.noneMatchHits(input.headers.ifNoneMatch, etag: invoice.file.sha256) {
            return .notModified(.init(headers: .init(eTag: etag)))
        }
        let body = HTTPBody(bytes)
        let headers = Operations.DownloadInvoiceFile.Output.Ok.Headers(
            eTag: etag, contentDisposition: "attachment; filename=\"\(InvoiceSchemas.downloadName(invoice))\""
        )
        return .ok(
            .init(
                headers: headers,
                body: invoice.file.mediaType == XLSXWorkbook.mediaType
                    ? .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(body) : .pdf(body)
            ))
    }

    func getInvoice(_ input: Operations.GetInvoice.Input) async throws -> Operations.GetInvoice.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.invoiceId)
        guard let invoice = try await invoices.find(id: id), caller.mayRead(invoice) else {
            throw Problem(.notFound)
        }
        return .ok(.init(headers: .init(eTag: invoice.etag), body: .json(try await detail(invoice, caller: caller))))
    }

    /// An invoice with its history and, for a statement, its lines; when its amount comes from
    /// tracked hours, whether the month's timesheet is approved.
    func detail(_ invoice: Invoice, caller: Caller) async throws -> Components.Schemas.InvoiceDetail {
        let events = try await invoices.events(invoiceId: invoice.id)
        let statement = invoice.kind == .statement ? try await invoices.statement(invoiceId: invoice.id) : nil
        let approved = try await checks.trackedHoursApproved(invoice, statement: statement)
        let waits = caller.roles.contains(.admin) ? try await invoices.secondAdminWaits(invoiceId: invoice.id) : []
        return invoiceSchemas.detail(invoice, events: events, statement: statement, trackedHoursApproved: approved, caller: caller, waits: waits)
    }
}
