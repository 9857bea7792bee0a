/// A configuration value that is missing or cannot be used; the message names the key.
package struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    package var key: String
    package var reason: String

    package init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }

    package var description: String {
        "configuration '\(key)' (environment \(Self.environmentName(key)), flag --\(Self.flagName(key))): \(reason)"
    }

    package static func environmentName(_ key: String) -> String {
        splitWords(key).joined(separator: "_").uppercased()
    }

    package static func flagName(_ key: String) -> String {
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
