import Foundation

/// The element paths a reader wants from an XML document, as a tree of names: a reader keeps a
/// stack of nodes while it parses, and each start tag costs one lookup of its own name among the
/// children of its parent's node. Elements outside the tree are skipped with their whole subtree
/// and cost nothing more, so reading stays linear in the document, however deep or wide it is.
package struct XMLElementTree: Sendable {
    /// A node of the tree; `outside` stands for every element under no wanted path.
    package typealias Node = Int
    package static let outside: Node = -1
    /// Above the root element.
    package static let top: Node = 0
    /// Matches any name at its level (one per node at most).
    package static let anyName = "*"

    private var children: [[String: Node]] = [[:]]
    private var wildcard: [Node?] = [nil]
    private var marks: [Int?] = [nil]

    /// `paths` like `Invoice/ID`, each with a mark the reader gets back at that node (e.g. the
    /// index of the value it collects). A path may pass through another path's node.
    package init(_ paths: [(path: String, mark: Int)]) {
        for (path, mark) in paths {
            var node = Self.top
            for name in path.split(separator: "/").map(String.init) {
                node = child(of: node, named: name, adding: true)
            }
            marks[node] = mark
        }
    }

    /// The node of an element named `name` whose parent is at `node`.
    package func child(of node: Node, named name: String) -> Node {
        guard node >= 0 else { return Self.outside }
        return children[node][name] ?? wildcard[node] ?? Self.outside
    }

    /// The mark of `node`'s path, when it is one of the wanted ones.
    package func mark(_ node: Node) -> Int? {
        node >= 0 ? marks[node] : nil
    }

    private mutating func child(of node: Node, named name: String, adding: Bool) -> Node {
        if name == Self.anyName, let existing = wildcard[node] { return existing }
        if name != Self.anyName, let existing = children[node][name] { return existing }
        let added = children.count
        children.append([:])
        wildcard.append(nil)
        marks.append(nil)
        if name == Self.anyName { wildcard[node] = added } else { children[node][name] = added }
        return added
    }
}

/// What parsing one outside document may cost, by work and not by time: a number of elements
/// past which no real document of its kind goes. The readers are linear in the document (each
/// element's own name is looked up, declarations and tags past what a real document holds are
/// refused before parsing, and the size is bounded), so elements bound the work; a clock would
/// refuse a valid document for being parsed beside another on a busy machine (fifth probe: a
/// valid 2 MiB ISDOC refused as a pair). A reader checks it at every element.
package struct XMLBudget: Sendable {
    package var maximumElements: Int

    package init(maximumElements: Int = 500_000) {
        self.maximumElements = maximumElements
    }

    /// Whether the `count`th element is past the budget.
    package func isSpent(atElement count: Int) -> Bool {
        count > maximumElements
    }
}
