import Foundation

/// The opaque cursor of a list page: base64url of a small JSON value naming the last row of the
/// previous page. A cursor comes back from clients, so decoding checks it as any input: length,
/// alphabet, JSON, and that every part is something a list could have given out.
package enum PageCursor {
    package static let maximumLength = 2048

    package static func decode<Position: PagePosition>(_ text: String, as type: Position.Type = Position.self) -> Position? {
        guard text.utf8.count <= maximumLength, let data = Base64URL.decode(text),
            let position = try? JSONDecoder().decode(Position.self, from: data), position.isValid
        else { return nil }
        return position
    }

    package static func encode(_ position: some PagePosition) -> String? {
        (try? JSONEncoder().encode(position)).map { Base64URL.encode(Array($0)) }
    }
}
