import Configuration
import Foundation
import Logging

/// A configuration value that is missing or cannot be used; the message names the key.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var key: String
    public var reason: String

    public var description: String {
        "configuration '\(key)' (environment \(Self.environmentName(key)), flag --\(Self.flagName(key))): \(reason)"
    }

    static func environmentName(_ key: String) -> String {
        splitWords(key).joined(separator: "_").uppercased()
    }

    static func flagName(_ key: String) -> String {
        splitWords(key).joined(separator: "-").lowercased()
    }

    /// `http.maxBodyBytes` → `http`, `max`, `body`, `bytes`, the way swift-configuration encodes keys.
    private static func splitWords(_ key: String) -> [String] {
        key.split(separator: ".").flatMap { component -> [String] in
            var words: [String] = []
            var current = ""
            var previous: Character?
            for char in component {
                if let previous, previous.isLowercase, char.isUppercase {
                    words.append(current)
                    current = ""
                }
                current.append(char)
                previous = char
            }
            words.append(current)
            return words
        }
    }
}

extension AppConfig {
    /// Reads and validates every setting; the first unusable one throws, naming its key.
    public static func load(from reader: ConfigReader) throws(ConfigurationError) -> AppConfig {
        let values = Values(reader: reader)
        return try AppConfig(
            http: HTTP(
                host: values.string("http.host", default: "127.0.0.1"),
                port: values.int("http.port", default: 8080, in: 1...65535),
                maxBodyBytes: values.int("http.maxBodyBytes", default: 1 << 20, in: 1...(1 << 30)),
                shutdownGracePeriod: .seconds(values.int("http.shutdownGraceSeconds", default: 10, in: 0...600))
            ),
            database: loadDatabase(values),
            logLevel: values.logLevel("log.level", default: .info),
            migrateOnStart: values.bool("database.migrateOnStart", default: true),
            schemaDirectory: URL(fileURLWithPath: values.string("schema.directory", default: "schema")),
            seedsDirectory: URL(fileURLWithPath: values.string("seeds.directory", default: "seeds"))
        )
    }

    private static func loadDatabase(_ values: Values) throws(ConfigurationError) -> Database {
        var database: Database
        if let url = values.optionalString("database.url", isSecret: true) {
            database = try DatabaseURL.parse(url, key: "database.url")
        } else {
            guard let host = values.optionalString("database.host") else {
                throw ConfigurationError(key: "database.url", reason: "missing; set it, or database.host, database.name and database.user")
            }
            guard let name = values.optionalString("database.name") else {
                throw ConfigurationError(key: "database.name", reason: "missing")
            }
            guard let user = values.optionalString("database.user") else {
                throw ConfigurationError(key: "database.user", reason: "missing")
            }
            database = Database(
                host: host,
                port: try values.int("database.port", default: 5432, in: 1...65535),
                username: user,
                password: values.optionalString("database.password", isSecret: true),
                name: name
            )
        }
        database.requireTLS = try values.bool("database.requireTls", default: database.requireTLS)
        database.maxConnections = try values.int("database.maxConnections", default: 20, in: 1...500)
        database.connectTimeout = .milliseconds(try values.int("database.connectTimeoutMs", default: 3000, in: 100...60000))
        return database
    }
}

/// Typed reads over a `ConfigReader`: every value is read as text and parsed here, so a wrong
/// value fails with its key instead of silently falling back to a default.
private struct Values {
    let reader: ConfigReader

    func optionalString(_ key: String, isSecret: Bool = false) -> String? {
        guard let value = reader.string(forKey: ConfigKey(key), isSecret: isSecret)?
            .trimmingCharacters(in: .whitespaces), !value.isEmpty
        else { return nil }
        return value
    }

    func string(_ key: String, default defaultValue: String) -> String {
        optionalString(key) ?? defaultValue
    }

    func int(_ key: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let text = optionalString(key) else { return defaultValue }
        guard let value = Int(text) else {
            throw ConfigurationError(key: key, reason: "'\(text)' is not a whole number")
        }
        guard range.contains(value) else {
            throw ConfigurationError(key: key, reason: "\(value) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    func bool(_ key: String, default defaultValue: Bool) throws(ConfigurationError) -> Bool {
        guard let text = optionalString(key) else { return defaultValue }
        switch text.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off": return false
        default: throw ConfigurationError(key: key, reason: "'\(text)' is not true or false")
        }
    }

    func logLevel(_ key: String, default defaultValue: Logger.Level) throws(ConfigurationError) -> Logger.Level {
        guard let text = optionalString(key) else { return defaultValue }
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            let allowed = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigurationError(key: key, reason: "'\(text)' is not one of \(allowed)")
        }
        return level
    }
}
