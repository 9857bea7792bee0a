import Foundation

/// What an import did (or, as a preview, would do).
package struct ImportOutcome: Sendable, Equatable {
    package struct NewProject: Sendable, Equatable, Hashable {
        package var client: String
        package var project: String
    }

    package struct Overlap: Sendable, Equatable {
        package var line: Int
        package var entryId: UUID
    }

    package var imported = 0
    package var seconds = 0
    /// Lines equal to an entry the person has (the same file again): nothing added.
    package var alreadyThere = 0
    package var newClients: [String] = []
    package var newProjects: [NewProject] = []
    package var problems: [ImportProblem] = []
    /// Lines that overlap an entry the person has, with its id.
    package var overlaps: [Overlap] = []

    package init() {}
}
