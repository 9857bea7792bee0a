/// Which stored versions of a record a conditional write may change: what an `If-Match`
/// header asks for, decided before any record is read.
package enum VersionCondition: Sendable, Equatable {
    /// Any version, as long as the record exists (`*`).
    case any
    /// Only one of these versions; an empty set matches nothing.
    case oneOf(Set<Int>)

    package func matches(_ version: Int) -> Bool {
        switch self {
        case .any: true
        case .oneOf(let versions): versions.contains(version)
        }
    }
}
