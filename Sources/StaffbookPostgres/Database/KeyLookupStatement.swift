import Foundation
import PostgresNIO
import StaffbookCore

/// A prepared statement whose one parameter (`$1`) is a key.
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
