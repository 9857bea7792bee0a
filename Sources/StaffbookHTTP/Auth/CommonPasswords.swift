import Foundation

/// The most common passwords (`common-passwords.txt`, its source and licence in its header),
/// read once.
package enum CommonPasswords {
    package static let list: Set<String> = {
        guard let url = Bundle.module.url(forResource: "common-passwords", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
    }()

    package static func contains(_ password: String) -> Bool { list.contains(password) }
}
