import Foundation

/// How much one person's uploads may store: every replacement of a submitted or returned invoice
/// keeps the file it replaces, so without limits one contractor could fill the disk. The same
/// bytes uploaded again are not stored again (the version that holds them becomes current), so
/// they count against no limit.
package struct UploadQuota: Sendable, Equatable {
    /// File versions one invoice may keep.
    package var versionsPerInvoice: Int
    /// Files a person may upload in 24 hours, over all their invoices.
    package var filesPerDay: Int
    /// Bytes a person may upload in 24 hours, over all their invoices.
    package var bytesPerDay: Int

    package init(versionsPerInvoice: Int = 20, filesPerDay: Int = 50, bytesPerDay: Int = 200 << 20) {
        self.versionsPerInvoice = versionsPerInvoice
        self.filesPerDay = filesPerDay
        self.bytesPerDay = bytesPerDay
    }

    /// What a person has stored so far, as the upload's transaction reads it.
    package struct Usage: Sendable, Equatable {
        /// Versions the invoice has (0 for a first upload).
        package var versions: Int
        /// Files and bytes the person uploaded in the last 24 hours.
        package var filesToday: Int
        package var bytesToday: Int

        package init(versions: Int, filesToday: Int, bytesToday: Int) {
            self.versions = versions
            self.filesToday = filesToday
            self.bytesToday = bytesToday
        }
    }

    /// Why a new file of `size` bytes may not be stored, or nil.
    package func refusal(_ usage: Usage, size: Int) -> InvoiceError? {
        if usage.versions >= versionsPerInvoice { return .tooManyVersions(limit: versionsPerInvoice) }
        if usage.filesToday >= filesPerDay || usage.bytesToday + size > bytesPerDay { return .uploadQuota(files: filesPerDay, bytes: bytesPerDay) }
        return nil
    }
}
