import Foundation
import PostgresNIO
import StaffbookCore

/// The caller's own account and profile fields (`GET /v1/me`), one row by primary key,
/// prepared once per connection. The password hash is not read: it has no business here.
package struct OwnProfileStatement: KeyLookupStatement {
    package typealias Row = OwnProfile

    package static let name = "staffbook_own_profile"
    package static let sql = """
        SELECT id, email::text, first_name, last_name, roles, is_active, academic_title, position,
               capacity_hours_per_week::text, phone, personal_email::text, language
        FROM accounts WHERE id = $1
        """

    package let key: UUID

    package init(key: UUID) {
        self.key = key
    }

    package func decodeRow(_ row: PostgresRow) throws -> OwnProfile {
        let (id, email, first, last, roles, active, title, position, capacity, phone, personalEmail, language) = try row.decode(
            (UUID, String, String, String, [String], Bool, String?, String?, String?, String?, String?, String).self
        )
        return OwnProfile(
            account: Account(
                id: id, email: email, firstName: first, lastName: last, roles: Role.from(stored: roles), isActive: active, passwordHash: nil
            ),
            academicTitle: title, position: position,
            capacityHoursPerWeek: try StoredValue.optionalDecimal(capacity, column: "accounts.capacity_hours_per_week"),
            phone: phone, personalEmail: personalEmail,
            language: try StoredValue.enumeration(language, column: "accounts.language")
        )
    }
}
