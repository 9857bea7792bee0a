import Foundation
import PostgresNIO

/// A prepared statement whose one parameter (`$1`) is a key.
protocol KeyLookupStatement: PostgresPreparedStatement {
    var key: UUID { get }
}

extension KeyLookupStatement {
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(key)
        return bindings
    }
}
