import Foundation

/// Someone who owes an invoice.
package struct InvoicePerson: Sendable, Equatable {
    package var id: UUID
    package var firstName: String
    package var lastName: String
    package var email: String

    package init(id: UUID, firstName: String, lastName: String, email: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
    }
}
