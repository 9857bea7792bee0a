/// What an account may do. Everyone is a worker; team leader and admin are granted.
package enum Role: String, Sendable, Hashable, CaseIterable, Comparable {
    case worker
    case teamLeader = "team_leader"
    case admin

    private var rank: Int {
        switch self {
        case .worker: 0
        case .teamLeader: 1
        case .admin: 2
        }
    }

    package static func < (lhs: Role, rhs: Role) -> Bool {
        lhs.rank < rhs.rank
    }

    /// The roles stored on an account (without the implicit worker) plus worker.
    package static func from(stored: [String]) -> Set<Role> {
        Set(stored.compactMap(Role.init(rawValue:))).union([.worker])
    }

    /// What the database keeps: the granted roles only.
    package static func stored(_ roles: Set<Role>) -> [String] {
        roles.subtracting([.worker]).sorted().map(\.rawValue)
    }
}
