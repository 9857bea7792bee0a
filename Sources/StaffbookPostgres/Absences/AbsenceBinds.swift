import StaffbookCore

/// The absence rules' sets as the text arrays statements bind, so every repository asks
/// PostgreSQL the same question `AbsenceWorkflow` answers and none spells a state in SQL.
enum AbsenceBinds {
    static let holdingStates = AbsenceWorkflow.holdingStates.map(\.rawValue).sorted()
    static let timeBlockingStates = AbsenceWorkflow.timeBlockingStates.map(\.rawValue).sorted()
    static let timeBlockingParts = AbsenceWorkflow.timeBlockingParts.map(\.rawValue).sorted()
    static let capacityStates = AbsenceWorkflow.capacityStates.map(\.rawValue).sorted()
}
