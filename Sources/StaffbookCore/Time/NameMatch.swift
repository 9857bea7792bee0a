import Foundation

/// A client and project a file names, as the store matched them (names compared as the store
/// compares them: case and accents aside).
package struct NameMatch: Sendable, Equatable {
    package var clientName: String
    package var projectName: String
    /// The names as the store keys them, so two spellings of one new project are one.
    package var clientKey: String
    package var projectKey: String
    package var clientId: UUID?
    package var project: Project?

    package init(clientName: String, projectName: String, clientKey: String, projectKey: String, clientId: UUID?, project: Project?) {
        self.clientName = clientName
        self.projectName = projectName
        self.clientKey = clientKey
        self.projectKey = projectKey
        self.clientId = clientId
        self.project = project
    }
}
