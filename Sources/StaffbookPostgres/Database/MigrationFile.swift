import Crypto
import Foundation
import StaffbookCore

/// One numbered SQL file of `schema/` (`0001_create_users.sql`): its version, name and checksum.
package struct MigrationFile: Sendable, Equatable {
    package var version: Int
    package var name: String
    package var sql: String
    /// SHA-256 of the file's bytes, hex; an applied file must never change.
    package var checksum: String

    /// Reads `NNNN_verb_noun.sql` files in version order; anything else in the folder is an error,
    /// as is a version used twice, so a misnamed file cannot be skipped silently.
    package static func load(from directory: URL) throws -> [MigrationFile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { !$0.hasPrefix(".") }
        var files: [MigrationFile] = []
        for name in names {
            guard let file = try parse(name: name, directory: directory) else {
                throw MigrationError.misnamedFile(name)
            }
            files.append(file)
        }
        files.sort { $0.version < $1.version }
        for (previous, next) in zip(files, files.dropFirst()) where previous.version == next.version {
            throw MigrationError.duplicateVersion(previous.version)
        }
        return files
    }

    private static func parse(name: String, directory: URL) throws -> MigrationFile? {
        guard name.hasSuffix(".sql") else { return nil }
        let stem = name.dropLast(4)
        guard let underscore = stem.firstIndex(of: "_") else { return nil }
        let digits = stem[..<underscore]
        guard digits.count == 4, digits.allSatisfy(\.isASCII), let version = Int(digits), version > 0,
            stem[stem.index(after: underscore)...].allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" })
        else { return nil }
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        guard let sql = String(data: data, encoding: .utf8) else { throw MigrationError.notUTF8(name) }
        let checksum = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        return MigrationFile(version: version, name: String(stem[stem.index(after: underscore)...]), sql: sql, checksum: checksum)
    }
}

package enum MigrationError: Error, CustomStringConvertible, Equatable {
    case misnamedFile(String)
    case duplicateVersion(Int)
    case notUTF8(String)
    case checksumChanged(version: Int, name: String)
    case unknownAppliedVersion(version: Int, name: String)

    package var description: String {
        switch self {
        case .misnamedFile(let name):
            "schema file '\(name)' is not named NNNN_verb_noun.sql"
        case .duplicateVersion(let version):
            "two schema files share version \(version)"
        case .notUTF8(let name):
            "schema file '\(name)' is not UTF-8"
        case .checksumChanged(let version, let name):
            "schema file \(String(format: "%04d", version))_\(name).sql was changed after it was applied; "
                + "applied files are never edited: restore it and add a new numbered file instead"
        case .unknownAppliedVersion(let version, let name):
            "the database has migration \(String(format: "%04d", version))_\(name) applied, "
                + "but no such file exists here: is this binary older than the database?"
        }
    }
}
