import Foundation
import StaffbookCore

/// Parses `postgres://user:password@host:port/name?sslmode=require` into connection settings.
package enum DatabaseURL {
    package static func parse(_ text: String, key: String) throws(ConfigurationError) -> DatabaseConfig {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme)
        else {
            throw ConfigurationError(key: key, reason: "not a postgres:// URL")
        }
        guard let host = components.host, !host.isEmpty else {
            throw ConfigurationError(key: key, reason: "the URL has no host")
        }
        guard let user = components.user, !user.isEmpty else {
            throw ConfigurationError(key: key, reason: "the URL has no user")
        }
        let name = String(components.path.drop(while: { $0 == "/" }))
        guard !name.isEmpty else {
            throw ConfigurationError(key: key, reason: "the URL has no database name")
        }
        var database = DatabaseConfig(
            host: host,
            port: components.port ?? 5432,
            username: user.removingPercentEncoding ?? user,
            password: components.password.map { $0.removingPercentEncoding ?? $0 },
            name: name
        )
        switch components.queryItems?.first(where: { $0.name == "sslmode" })?.value {
        case nil, "disable", "prefer", "allow": database.requireTLS = false
        case "require", "verify-ca", "verify-full": database.requireTLS = true
        case let other?: throw ConfigurationError(key: key, reason: "sslmode '\(other)' is not supported")
        }
        return database
    }
}
