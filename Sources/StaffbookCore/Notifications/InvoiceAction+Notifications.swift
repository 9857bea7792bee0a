import Foundation

extension InvoiceAction {
    /// What the invoice's owner is told when an admin takes this action; nil for actions that
    /// tell nobody (undoing one, the owner's own).
    package var ownerNotification: NotificationKind? {
        switch self {
        case .return: .invoiceReturned
        case .undoReturn: .invoiceReturnWithdrawn
        case .approve: .invoiceApproved
        case .markPaid: .invoicePaid
        case .upload, .replace, .undoApproval, .undoPayment, .generate, .regenerate: nil
        }
    }
}
