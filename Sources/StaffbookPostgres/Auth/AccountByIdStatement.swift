import Foundation
import PostgresNIO
import StaffbookCore

/// One account by id (`GET /v1/me`), prepared once per connection: a key lookup plans the same
/// for every id, so PostgreSQL keeps one generic plan instead of planning it at every request.
package struct AccountByIdStatement: KeyLookupStatement {
    package typealias Row = Account

    package static let name = "staffbook_account_by_id"
    package static let sql = "SELECT \(PostgresAccountRepository.columns) FROM accounts WHERE id = $1"

    package let key: UUID

    package func decodeRow(_ row: PostgresRow) throws -> Account {
        PostgresAccountRepository.account(try row.decode(PostgresAccountRepository.Row.self))
    }
}
