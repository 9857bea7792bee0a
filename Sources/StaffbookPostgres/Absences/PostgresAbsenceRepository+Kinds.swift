import Foundation
import Logging
import PostgresNIO
import StaffbookCore

extension PostgresAbsenceRepository {
    package func saveKind(_ kind: AbsenceKind, by: UUID, now: Date) async throws -> Bool {
        let logger = self.logger
        let types = ContractType.allCases.filter(kind.contractTypes.contains).map(\.rawValue)
        return try await database.withTransaction { connection in
            let before = try await connection.query(
                "SELECT \(unescaped: Self.kindColumns) FROM absence_kinds WHERE code = \(kind.code) FOR UPDATE", logger: logger
            ).collect().first.map(Self.kind)
            let row = try await connection.query(
                """
                INSERT INTO absence_kinds (code, name_cs, name_en, needs_approval, counts_against_balance, paid_share, paid_days, by_hours,
                                           contract_types, private)
                VALUES (\(kind.code), \(kind.name.cs), \(kind.name.en), \(kind.needsApproval), \(kind.countsAgainstBalance),
                        \("\(kind.paidShare)")::numeric, \(kind.paidDays), \(kind.byHours), \(types), \(kind.isPrivate))
                ON CONFLICT (code) DO UPDATE SET
                    name_cs = EXCLUDED.name_cs, name_en = EXCLUDED.name_en, needs_approval = EXCLUDED.needs_approval,
                    counts_against_balance = EXCLUDED.counts_against_balance, paid_share = EXCLUDED.paid_share,
                    paid_days = EXCLUDED.paid_days, by_hours = EXCLUDED.by_hours, contract_types = EXCLUDED.contract_types,
                    private = EXCLUDED.private
                RETURNING id
                """,
                logger: logger
            ).collect().first
            guard let id = try row?.decode(UUID.self) else { throw StoreError.malformedRow(column: "absence_kinds.id") }
            let changes = Self.changes(from: before, to: kind)
            if before == nil || !changes.isEmpty {
                try await AuditLog.record(
                    on: connection, subject: by, entity: "absence_kind", entityId: id, action: before == nil ? "create" : "update",
                    by: by, at: now, changes: changes, logger: logger
                )
            }
            return before == nil
        }
    }

    /// What a save changes, field by field, as the audit log keeps it.
    private static func changes(from before: AbsenceKind?, to after: AbsenceKind) -> AuditLog.Changes {
        func fields(_ kind: AbsenceKind?) -> [String: String?] {
            [
                "nameCs": kind?.name.cs, "nameEn": kind?.name.en, "needsApproval": kind.map { "\($0.needsApproval)" },
                "countsAgainstBalance": kind.map { "\($0.countsAgainstBalance)" }, "paidShare": kind.map { "\($0.paidShare)" },
                "paidDays": kind?.paidDays.map { "\($0)" }, "byHours": kind.map { "\($0.byHours)" },
                "contractTypes": kind.map { ContractType.allCases.filter($0.contractTypes.contains).map(\.rawValue).joined(separator: ",") },
                "private": kind.map { "\($0.isPrivate)" },
            ]
        }
        let (old, new) = (fields(before), fields(after))
        var changes: AuditLog.Changes = [:]
        for (field, value) in new where old[field] ?? nil != value {
            changes[field] = .init(from: old[field] ?? nil, to: value)
        }
        return changes
    }
}
