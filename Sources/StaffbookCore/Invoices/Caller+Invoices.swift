extension Caller {
    /// An invoice, its files and its history are its owner's and the admins' to read; a team
    /// leader sees their members' profiles, not their invoices.
    package func mayRead(_ invoice: Invoice) -> Bool {
        accountId == invoice.personId || has(.admin)
    }
}
