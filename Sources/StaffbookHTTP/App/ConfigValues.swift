import Configuration
import Foundation
import Logging
import StaffbookCore

/// Typed reads over a `ConfigReader`: every value is read as text and parsed here, so a wrong
/// value fails with its key instead of silently falling back to a default.
struct ConfigValues {
    let reader: ConfigReader

    func optionalString(_ key: String, isSecret: Bool = false) -> String? {
        guard
            let value = reader.string(forKey: ConfigKey(key), isSecret: isSecret)?
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
