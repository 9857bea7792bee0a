import Foundation
import StaffbookCore

extension PageRequest {
    /// `limit`, `cursor` and `offset` of a list route, validated. The cursor is opaque to
    /// clients: base64url of a small JSON value naming the last row of the previous page.
    package init(limit: Int?, cursor: String?, offset: Int?) throws {
        var validation = InputValidation()
        let limit = limit ?? Self.defaultLimit
        if !(1...Self.maximumLimit).contains(limit) {
            validation.fail("query.limit", "range", FieldTexts.between(1, Self.maximumLimit))
        }
        let offset = offset ?? 0
        if !(0...1_000_000).contains(offset) {
            validation.fail("query.offset", "range", FieldTexts.between(0, 1_000_000))
        }
        var after: Position?
        if let cursor {
            after = PageCursor.decode(cursor)
            if after == nil {
                validation.fail("query.cursor", "invalid", FieldTexts.cursor)
            }
            if offset != 0 {
                validation.fail("query.offset", "conflict", FieldTexts.cursorOrOffset)
            }
        }
        try validation.check()
        self.init(limit: limit, after: after, offset: offset)
    }
}

/// One page of a list, with the cursor of the next page when there is one.
package struct Page<Item: Sendable>: Sendable {
    package var items: [Item]
    package var nextCursor: String?

    /// Trims the look-ahead row and makes the next cursor from the last item kept.
    package init<Position: PagePosition>(rows: [Item], limit: Int, position: (Item) -> Position) {
        if rows.count > limit, let last = rows.prefix(limit).last {
            items = Array(rows.prefix(limit))
            nextCursor = PageCursor.encode(position(last))
        } else {
            items = rows
            nextCursor = nil
        }
    }

    /// The `Link` to the next page, for the runtime to write when no middleware sets it as it
    /// is (`RawHeaders`).
    func linkHeader(requestURI: String) -> String? {
        Self.linkHeader(nextCursor: nextCursor, requestURI: requestURI)
    }

    static func linkHeader(nextCursor: String?, requestURI: String) -> String? {
        RawHeaders.pass(.link, link(nextCursor: nextCursor, requestURI: requestURI))
    }

    /// `<path?…&cursor=…>; rel="next"`, from the request's own path and query.
    static func link(nextCursor: String?, requestURI: String) -> String? {
        guard let nextCursor, var components = URLComponents(string: requestURI) else { return nil }
        var items = (components.queryItems ?? []).filter { $0.name != "cursor" && $0.name != "offset" }
        items.append(URLQueryItem(name: "cursor", value: nextCursor))
        components.queryItems = items
        guard let target = components.string else { return nil }
        return "<\(target)>; rel=\"next\""
    }
}
