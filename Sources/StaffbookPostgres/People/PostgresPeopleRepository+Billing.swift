import Foundation
import Logging
import PostgresNIO
import StaffbookCore

extension PostgresPeopleRepository {
    package func billingDetails(personId: UUID) async throws -> BillingDetails? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await Self.billingDetails(personId, lock: false, on: connection, logger: logger)
        }
    }

    package func setBillingDetails(personId: UUID, details: BillingDetails, by: UUID, now: Date) async throws -> BillingDetails? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            guard let old = try await Self.billingDetails(personId, lock: true, on: connection, logger: logger) else { return nil }
            try await connection.query(
                """
                UPDATE accounts SET ico = \(details.ico), dic = \(details.dic), bank_account = \(details.bankAccount?.iban), updated_at = \(now)
                WHERE id = \(personId)
                """,
                logger: logger
            )
            var changes: AuditLog.Changes = [:]
            if old.ico != details.ico { changes["ico"] = .init(from: old.ico, to: details.ico) }
            if old.dic != details.dic { changes["dic"] = .init(from: old.dic, to: details.dic) }
            if old.bankAccount != details.bankAccount {
                changes["bankAccount"] = .init(from: old.bankAccount?.iban, to: details.bankAccount?.iban)
                try await Self.sendBackApproved(personId: personId, account: details.bankAccount?.iban, now: now, on: connection, logger: logger)
                if let account = details.bankAccount {
                    try await NotificationOutbox.add(
                        NewNotification(
                            accountId: personId, kind: .bankAccountChanged,
                            payload: NotificationPayload(account: account.domestic.map { "\($0) (\(account.ibanPrinted))" } ?? account.ibanPrinted)
                        ),
                        now: now, on: connection, logger: logger
                    )
                }
            }
            if !changes.isEmpty {
                try await AuditLog.record(
                    on: connection, subject: personId, entity: "account", entityId: personId, action: "billing", by: by, at: now, changes: changes,
                    logger: logger)
            }
            return details
        }
    }

    /// The person's approved invoices that the new account sends back to the desk, as
    /// `InvoicePayee.goesBack` decides, each through the invoice writer.
    private static func sendBackApproved(personId: UUID, account: String?, now: Date, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        let ids = try await connection.query(
            "SELECT id FROM invoices WHERE account_id = \(personId) AND state = 'approved' ORDER BY id", logger: logger
        ).collect().map { try $0.decode(UUID.self) }
        for invoice in try await InvoiceWriter.lock(ids, on: connection, logger: logger)
        where InvoicePayee.goesBack(invoice, ownerAccountNow: account) {
            let command = InvoiceCommand(.undoApproval, by: .system, actorId: nil, reason: "bank account changed after approval", now: now)
            _ = try await InvoiceWriter.apply(command, to: invoice, on: connection, logger: logger)
        }
    }

    static func billingDetails(_ personId: UUID, lock: Bool, on connection: PostgresConnection, logger: Logger) async throws -> BillingDetails? {
        let rows = try await connection.query(
            "SELECT ico, dic, bank_account FROM accounts WHERE id = \(personId) \(unescaped: lock ? "FOR UPDATE" : "")", logger: logger
        ).collect()
        guard let row = rows.first else { return nil }
        let (ico, dic, account) = try row.decode((String?, String?, String?).self)
        return BillingDetails(
            ico: ico, dic: dic,
            bankAccount: try account.map { text in
                guard let account = try? BankAccount(text) else { throw StoreError.malformedRow(column: "accounts.bank_account") }
                return account
            })
    }
}
