import StaffbookCore

extension InputValidation {
    /// An account in either form, or nil with the field's error recorded.
    mutating func bankAccount(_ text: String, field: String) -> BankAccount? {
        do {
            return try BankAccount(text.trimmingCharacters(in: .whitespaces))
        } catch {
            fail(field, error.rawValue, InvoiceTexts.bankAccount(error))
            return nil
        }
    }
}
