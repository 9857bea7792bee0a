import Foundation

/// A page written by the store as the contract's JSON: its items as one JSON array (UTF-8, sent
/// as it is), and the position of its last item when another page follows.
package struct WrittenPage<Position: PagePosition>: Sendable {
    package var items: [UInt8]
    package var next: Position?

    package init(items: [UInt8], next: Position?) {
        self.items = items
        self.next = next
    }
}
