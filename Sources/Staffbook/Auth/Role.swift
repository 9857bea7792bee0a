/// What an account may do. Everyone is a worker; team leader and admin are granted.
public enum Role: String, Sendable, Hashable, CaseIterable, Comparable {
    case worker
    case teamLeader = "team_leader"
    case admin

    public static func < (lhs: Role, rhs: Role) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The roles stored on an account (without the implicit worker) plus worker.
    static func from(stored: [String]) -> Set<Role> {
        Set(stored.compactMap(Role.init(rawValue:))).union([.worker])
    }

    /// What the database keeps: the granted roles only.
    static func stored(_ roles: Set<Role>) -> [String] {
        roles.subtracting([.worker]).sorted().map(\.rawValue)
    }
}
