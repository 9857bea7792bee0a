import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Contracts: adding one (naming the contract it would overlap) and ending one.
extension PostgresPeopleRepository {
    package func addContract(personId: UUID, contract: NewContract, by: UUID, now: Date) async throws -> Contract? {
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

    package func endContract(personId: UUID, contractId: UUID, validTo: CalendarDay, by: UUID, now: Date) async throws -> Contract? {
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
            let validFrom = try StoredValue.day(from, column: "contracts.valid_from")
            guard validTo >= validFrom else { throw PeopleError.contractEndsBeforeStart(validFrom: validFrom) }
            do {
                try await connection.query(
                    "UPDATE contracts SET valid_to = \(validTo.iso)::date WHERE id = \(contractId)", logger: logger
                )
            } catch let error as PSQLError where error.isExclusionViolation {
                throw PeopleError.contractOverlap(nil)
            }
            try await AuditLog.record(
                on: connection, subject: personId, entity: "contract", entityId: contractId, action: "end", by: by, at: now,
                changes: ["validTo": .init(from: to, to: validTo.iso)], logger: logger
            )
            try await AuditLog.touch(personId, on: connection, at: now, logger: logger)
            return Contract(id: contractId, type: try StoredValue.enumeration(type, column: "contracts.type"), validFrom: validFrom, validTo: validTo)
        }
    }

    /// Inserts a contract after checking for an overlap, so the problem can name the contract in the way.
    package static func insertContract(
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
            throw PeopleError.contractOverlap(try Self.contract(id, type, otherFrom, otherTo))
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
            let id = try StoredValue.single(try await rows.collect(), column: "contracts.id").decode(UUID.self)
            try await AuditLog.record(
                on: connection, subject: personId, entity: "contract", entityId: id, action: "add", by: by, at: now,
                changes: [
                    "type": .init(from: nil, to: contract.type.rawValue), "validFrom": .init(from: nil, to: from),
                    "validTo": .init(from: nil, to: to),
                ],
                logger: logger
            )
            return Contract(id: id, type: contract.type, validFrom: contract.validFrom, validTo: contract.validTo)
        } catch let error as PSQLError where error.isExclusionViolation {
            throw PeopleError.contractOverlap(nil)
        }
    }

    package static func contract(_ id: UUID, _ type: String, _ from: String, _ to: String?) throws -> Contract {
        Contract(
            id: id, type: try StoredValue.enumeration(type, column: "contracts.type"),
            validFrom: try StoredValue.day(from, column: "contracts.valid_from"),
            validTo: try StoredValue.optionalDay(to, column: "contracts.valid_to")
        )
    }
}
