import Foundation
import PostgresNIO

/// One account by id (`GET /v1/me`), prepared once per connection: a key lookup plans the same
/// for every id, so PostgreSQL keeps one generic plan instead of planning it at every request.
struct AccountByIdStatement: KeyLookupStatement {
    typealias Row = Account

    static let sql = "SELECT \(PostgresAccountRepository.columns) FROM accounts WHERE id = $1"

    let key: UUID

    func decodeRow(_ row: PostgresRow) throws -> Account {
        PostgresAccountRepository.account(try row.decode(PostgresAccountRepository.Row.self))
    }
}
