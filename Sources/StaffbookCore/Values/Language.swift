/// The languages people read our messages in.
package enum Language: String, Sendable, CaseIterable, Codable {
    case en
    case cs
}
