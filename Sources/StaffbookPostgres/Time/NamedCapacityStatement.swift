import Foundation
import PostgresNIO
import StaffbookCore

/// The capacity's inputs of named people (`capacityPeople(named: true)`), prepared once per
/// connection.
struct NamedCapacityStatement: PostgresPreparedStatement {
    typealias Row = CapacityBasis
    static let name = "staffbook_named_capacity"
    static let sql = PostgresTimeEntryRepository.capacityPeople(named: true)

    let personIds: [UUID]
    let range: DayRange

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(range.from.iso)
        bindings.append(range.to.iso)
        bindings.append(personIds)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> CapacityBasis {
        try PostgresTimeEntryRepository.capacityBasis(row)
    }
}

/// Named people's time off that takes from their capacity in a range, by the person's index,
/// prepared once per connection.
struct NamedTimeOffStatement: PostgresPreparedStatement {
    typealias Row = Absence
    static let name = "staffbook_named_time_off"
    static let sql = """
        SELECT \(PostgresAbsenceRepository.columns("t")) FROM absences t
        WHERE t.account_id = ANY($1::uuid[]) AND t.state = ANY($2::text[]) AND t.last_day >= $3::date AND t.first_day <= $4::date
        """

    let personIds: [UUID]
    let range: DayRange

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(personIds)
        bindings.append(AbsenceBinds.capacityStates)
        bindings.append(range.from.iso)
        bindings.append(range.to.iso)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Absence {
        try PostgresAbsenceRepository.absence(row)
    }
}
