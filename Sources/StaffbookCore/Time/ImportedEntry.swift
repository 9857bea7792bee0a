import Foundation

/// An entry an import writes: to a project that exists, or to one it creates (by names).
package struct ImportedEntry: Sendable, Equatable {
    package var line: Int
    package var projectId: UUID?
    package var clientName: String
    package var projectName: String
    package var description: String
    package var start: Date
    package var end: Date
    package var tags: [String]
    /// Nil: as the project is (a new project is billable).
    package var billable: Bool?
}
