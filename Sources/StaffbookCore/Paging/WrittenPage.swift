import Foundation

/// A page written by the store as the contract's JSON: its items as one JSON array, and the
/// position of its last item when another page follows.
package struct WrittenPage<Position: PagePosition>: Sendable {
    package var items: String
    package var next: Position?

    package init(items: String, next: Position?) {
        self.items = items
        self.next = next
    }
}
