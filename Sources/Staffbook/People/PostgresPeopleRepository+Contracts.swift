import Foundation
import Logging
import PostgresNIO

/// Contracts: adding one (naming the contract it would overlap) and ending one.
extension PostgresPeopleRepository {
    func addContract(personId: UUID, contract: NewContract, by: UUID, now: Date) async throws -> Contract? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            // Locking the person serialises contract changes, so the overlap we name is the real one.
            let exists = try await connection.query("SELECT 1 FROM accounts WHERE id = \(personId) FOR UPDATE", logger: logger)
            guard try await exists.collect().count == 1 else { return nil }
            let created = try await Self.insertContract(contract, personId: personId, by: by, now: now, on: connection, logger: logger)
            try await AuditLog.touch(personId, on: connection, at: now, logger: logger)
            return created
        }
    }

    func endContract(personId: UUID, contractId: UUID, validTo: CalendarDay, by: UUID, now: Date) async throws -> Contract? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                SELECT type, valid_from::text, valid_to::text FROM contracts
                WHERE id = \(contractId) AND account_id = \(personId) FOR UPDATE
                """,
                logger: logger
            )
            guard let row = try await rows.collect().first else { return nil }
            let (type, from, to) = try row.decode((String, String, String?).self)
            guard let validFrom = CalendarDay(from), validTo >= validFrom else {
                throw Problem(.validationFailed, fieldErrors: [.init(field: "body.validTo", code: "before_start", message: LocalizedText(
                    en: "A contract cannot end before it starts (\(from)).", cs: "Smlouva nemůže skončit dřív, než začne (\(from))."
                ))])
            }
            do {
                try await connection.query(
                    "UPDATE contracts SET valid_to = \(validTo.iso)::date WHERE id = \(contractId)", logger: logger
                )
            } catch let error as PSQLError where error.isExclusionViolation {
                throw Problem(.contractOverlap)
            }
            try await AuditLog.record(
                on: connection, subject: personId, entity: "contract", entityId: contractId, action: "end", by: by, at: now,
                changes: ["validTo": .init(from: to, to: validTo.iso)], logger: logger
            )
            try await AuditLog.touch(personId, on: connection, at: now, logger: logger)
            return Self.contract(contractId, type, from, validTo.iso)
        }
    }

    /// Inserts a contract after checking for an overlap, so the problem can name the contract in the way.
    static func insertContract(
        _ contract: NewContract, personId: UUID, by: UUID, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> Contract {
        let from = contract.validFrom.iso
        let to = contract.validTo?.iso
        let overlapping = try await connection.query(
            """
            SELECT id, type, valid_from::text, valid_to::text FROM contracts
            WHERE account_id = \(personId)
              AND daterange(valid_from, valid_to, '[]') && daterange(\(from)::date, \(to)::date, '[]')
            ORDER BY valid_from LIMIT 1
            """,
            logger: logger
        )
        if let row = try await overlapping.collect().first {
            let (id, type, otherFrom, otherTo) = try row.decode((UUID, String, String, String?).self)
            let until = otherTo ?? "…"
            throw Problem(.contractOverlap, detail: LocalizedText(
                en: "It overlaps the \(type) contract \(otherFrom) – \(until) (id \(id.lowercasedString)).",
                cs: "Překrývá se se smlouvou \(type) \(otherFrom) – \(until) (id \(id.lowercasedString))."
            ))
        }
        do {
            let rows = try await connection.query(
                """
                INSERT INTO contracts (account_id, type, valid_from, valid_to, created_at)
                VALUES (\(personId), \(contract.type.rawValue), \(from)::date, \(to)::date, \(now))
                RETURNING id
                """,
                logger: logger
            )
            let id = try await rows.collect().first!.decode(UUID.self)
            try await AuditLog.record(
                on: connection, subject: personId, entity: "contract", entityId: id, action: "add", by: by, at: now,
                changes: ["type": .init(from: nil, to: contract.type.rawValue), "validFrom": .init(from: nil, to: from),
                          "validTo": .init(from: nil, to: to)],
                logger: logger
            )
            return Contract(id: id, type: contract.type, validFrom: contract.validFrom, validTo: contract.validTo)
        } catch let error as PSQLError where error.isExclusionViolation {
            throw Problem(.contractOverlap)
        }
    }

    static func contract(_ id: UUID, _ type: String, _ from: String, _ to: String?) -> Contract {
        Contract(id: id, type: ContractType(rawValue: type) ?? .ico, validFrom: CalendarDay(from)!, validTo: to.flatMap(CalendarDay.init))
    }
}
