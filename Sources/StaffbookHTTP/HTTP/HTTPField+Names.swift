import HTTPTypes
import StaffbookCore

extension HTTPField.Name {
    static let xRequestID = literal("X-Request-Id")
    static let xForwardedFor = literal("X-Forwarded-For")
    static let link = literal("Link")
    package static let referrerPolicy = literal("Referrer-Policy")

    /// A header name written in this code: a misspelt one fails the first test that uses it.
    static func literal(_ name: String) -> Self {
        guard let field = Self(name) else { preconditionFailure("'\(name)' is not an HTTP field name") }
        return field
    }
}
