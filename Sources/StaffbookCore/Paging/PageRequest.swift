/// Which page of a list to read: at most `limit` rows after `after` (keyset paging) or after
/// skipping `offset` rows.
package struct PageRequest<Position: PagePosition>: Sendable {
    package static var defaultLimit: Int { 20 }
    package static var maximumLimit: Int { 100 }

    package var limit: Int
    package var after: Position?
    package var offset: Int

    package init(limit: Int, after: Position? = nil, offset: Int = 0) {
        self.limit = limit
        self.after = after
        self.offset = offset
    }

    /// Every row up to `limit`, for bounded lists that are not paged (a chart's months).
    package static func all(_ limit: Int) -> Self { Self(limit: limit) }

    /// Rows to ask the store for: one more than a page tells whether another page follows.
    package var fetchLimit: Int { limit + 1 }
}

/// The last row of a page, as its list's cursor carries it. A cursor comes back from clients,
/// so a decoded position must be checked before it is used.
package protocol PagePosition: Codable, Sendable {
    /// Whether every part is something a list could have given out.
    var isValid: Bool { get }
}

/// The text parts of positions: names as stored, so no control characters and no more than a
/// name's length.
package enum PagePositionText {
    package static func isValid(_ text: String) -> Bool {
        TextInput.length(text) <= 200 && !TextInput.hasControlCharacters(text)
    }
}
