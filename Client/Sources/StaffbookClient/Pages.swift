/// A page of a list the server answers in pages: its items and, when there are more, the cursor
/// of the next page.
public protocol CursorPage: Sendable {
    associatedtype Item: Sendable
    var items: [Item] { get }
    var nextCursor: String? { get }
}

/// Every page of a list, fetched one at a time as the loop asks for it (the next page is not
/// requested before the loop has taken this one's items):
///
/// ```swift
/// for try await page in Pages({ cursor in
///     try await staffbook.api.listInvoices(query: .init(period: month, cursor: cursor)).ok.body.json
/// }) {
///     show(page.items)
/// }
/// ```
///
/// `items` walks the items across pages instead. A failed request ends the loop with its error
/// (a `StaffbookProblem` or `StaffbookTransportError`).
public struct Pages<Page: CursorPage>: AsyncSequence, Sendable {
    public typealias Element = Page
    public typealias Fetch = @Sendable (_ cursor: String?) async throws -> Page

    let fetch: Fetch

    /// - Parameter fetch: Asks for the page at `cursor` (nil: the first page).
    public init(_ fetch: @escaping Fetch) {
        self.fetch = fetch
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let fetch: Fetch
        var cursor: String?
        var done = false

        public mutating func next() async throws -> Page? {
            guard !done else { return nil }
            let page = try await fetch(cursor)
            cursor = page.nextCursor
            // A server answering the same cursor again would loop for ever; it ends the walk.
            done = page.nextCursor == nil || page.nextCursor?.isEmpty == true
            return page
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(fetch: fetch, cursor: nil) }

    /// The items of every page, in order.
    public var items: PageItems<Page> { PageItems(pages: self) }
}

/// The items of every page of a list, in order; a page is fetched when the items before it
/// have been taken.
public struct PageItems<Page: CursorPage>: AsyncSequence, Sendable {
    public typealias Element = Page.Item

    let pages: Pages<Page>

    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: Pages<Page>.AsyncIterator
        var buffered: IndexingIterator<[Page.Item]> = [Page.Item]().makeIterator()

        public mutating func next() async throws -> Page.Item? {
            while true {
                if let item = buffered.next() { return item }
                guard let page = try await pages.next() else { return nil }
                buffered = page.items.makeIterator()
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: pages.makeAsyncIterator()) }
}
