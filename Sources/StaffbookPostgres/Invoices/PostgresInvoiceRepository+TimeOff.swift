import Foundation
import Logging
import PostgresNIO
import StaffbookCore

extension PostgresInvoiceRepository {
    /// Approved time off touching the month, by person, with what each kind pays.
    static func paidTimeOff(
        month: CalendarMonth, personId: UUID?, on connection: PostgresConnection, logger: Logger
    ) async throws -> [UUID: [StatementCalculator.PaidTimeOff]] {
        let rows = try await connection.query(
            """
            SELECT \(unescaped: PostgresAbsenceRepository.columns("t")), k.name_cs, k.name_en, k.paid_share::text, k.paid_days
            FROM absences t JOIN absence_kinds k ON k.code = t.kind
            WHERE (\(personId)::uuid IS NULL OR t.account_id = \(personId)::uuid) AND t.state = ANY(\(AbsenceBinds.capacityStates))
              AND daterange(t.first_day, t.last_day, '[]') && daterange(\(month.firstDay.iso)::date, \(month.lastDay.iso)::date, '[]')
            ORDER BY t.first_day
            """,
            logger: logger
        ).collect()
        var timeOff: [UUID: [StatementCalculator.PaidTimeOff]] = [:]
        for row in rows {
            let absence = try PostgresAbsenceRepository.absence(row)
            let r = row.makeRandomAccess()
            let (cs, en, share, days) = (
                try r[14].decode(String.self), try r[15].decode(String.self), try r[16].decode(String.self), try r[17].decode(Int?.self)
            )
            timeOff[absence.personId, default: []].append(
                StatementCalculator.PaidTimeOff(
                    absence: absence, name: LocalizedText(en: en, cs: cs),
                    paidShare: try StoredValue.decimal(share, column: "absence_kinds.paid_share"), paidDays: days))
        }
        return timeOff
    }
}
