import StaffbookCore

/// A worker's invoices: their months, uploads with the invoice's data, and earnings.
struct MyInvoicesAPI: AreaHandler {
    let invoices: any InvoiceRepository
    /// The caller's billing details, for the data an invoice does not say.
    let people: any PeopleRepository
    let invoiceSchemas: InvoiceSchemas
    let uploader: InvoiceUploader
    let clock: any AppClock
}
