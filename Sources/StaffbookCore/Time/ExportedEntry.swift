import Foundation

/// An entry with whose it is, for a file.
package struct ExportedEntry: Sendable, Equatable {
    package var entry: TimeEntry
    package var personName: String
    package var email: String

    package init(entry: TimeEntry, personName: String, email: String) {
        self.entry = entry
        self.personName = personName
        self.email = email
    }
}
