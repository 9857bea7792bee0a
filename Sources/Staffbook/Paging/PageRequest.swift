import Foundation

/// `limit`, `cursor` and `offset` of a list route, validated. The cursor is opaque to clients:
/// base64url of a small JSON value naming the last row of the previous page (keyset paging).
struct PageRequest<Position: Codable & Sendable>: Sendable {
    static var defaultLimit: Int { 20 }
    static var maximumLimit: Int { 100 }

    var limit: Int
    var after: Position?
    var offset: Int

    init(limit: Int?, cursor: String?, offset: Int?) throws {
        var errors: [Problem.FieldError] = []
        let limit = limit ?? Self.defaultLimit
        if !(1...Self.maximumLimit).contains(limit) {
            errors.append(.init(field: "query.limit", code: "range", message: LocalizedText(
                en: "Between 1 and \(Self.maximumLimit).", cs: "Mezi 1 a \(Self.maximumLimit)."
            )))
        }
        let offset = offset ?? 0
        if !(0...1_000_000).contains(offset) {
            errors.append(.init(field: "query.offset", code: "range", message: LocalizedText(
                en: "Between 0 and 1000000.", cs: "Mezi 0 a 1000000."
            )))
        }
        var after: Position?
        if let cursor {
            after = Base64URL.decode(cursor).flatMap { try? JSONDecoder().decode(Position.self, from: $0) }
            if after == nil {
                errors.append(.init(field: "query.cursor", code: "invalid", message: LocalizedText(
                    en: "Not a cursor this list gave out.", cs: "Tento kurzor tento seznam nevydal."
                )))
            }
            if offset != 0 {
                errors.append(.init(field: "query.offset", code: "conflict", message: LocalizedText(
                    en: "Use either cursor or offset.", cs: "Použijte buď cursor, nebo offset."
                )))
            }
        }
        if !errors.isEmpty { throw Problem(.validationFailed, fieldErrors: errors) }
        self.limit = limit
        self.after = after
        self.offset = offset
    }

    private init(exactly limit: Int) {
        self.limit = limit
        self.after = nil
        self.offset = 0
    }

    /// Every row up to `limit`, for bounded lists that are not paged (a chart's months).
    static func all(_ limit: Int) -> Self { Self(exactly: limit) }

    /// Rows to ask the database for: one more than a page tells whether another page follows.
    var fetchLimit: Int { limit + 1 }
}

/// One page of a list, with the cursor of the next page when there is one.
struct Page<Item: Sendable>: Sendable {
    var items: [Item]
    var nextCursor: String?

    /// Trims the look-ahead row and makes the next cursor from the last item kept.
    init<Position: Encodable>(rows: [Item], limit: Int, position: (Item) -> Position) {
        if rows.count > limit {
            items = Array(rows.prefix(limit))
            nextCursor = (try? JSONEncoder().encode(position(items[items.count - 1]))).map { Base64URL.encode(Array($0)) }
        } else {
            items = rows
            nextCursor = nil
        }
    }

    /// `<path?…&cursor=…>; rel="next"`, from the request's own path and query.
    func linkHeader(requestURI: String) -> String? {
        guard let nextCursor, var components = URLComponents(string: requestURI) else { return nil }
        var items = (components.queryItems ?? []).filter { $0.name != "cursor" && $0.name != "offset" }
        items.append(URLQueryItem(name: "cursor", value: nextCursor))
        components.queryItems = items
        guard let target = components.string else { return nil }
        return "<\(target)>; rel=\"next\""
    }
}
