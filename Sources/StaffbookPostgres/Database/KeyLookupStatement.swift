import Foundation
import PostgresNIO
import StaffbookCore

/// A prepared statement whose one parameter (`$1`) is a key.
///
/// Every prepared statement names itself (`static let name`): PostgresNIO's default name is
/// the type's name by reflection, worked out again at every execution (1 % of `GET /v1/me`).
package protocol KeyLookupStatement: PostgresPreparedStatement {
    var key: UUID { get }
}

extension KeyLookupStatement {
    package func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(key)
        return bindings
    }
}
