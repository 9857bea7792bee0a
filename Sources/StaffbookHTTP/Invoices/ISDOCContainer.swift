import Foundation
import StaffbookCore
import ZIPFoundation

/// An ISDOCX: a ZIP holding the ISDOC document (and attachments). Read with ZIPFoundation,
/// within bounds: a container of many entries, or one that would expand far beyond its size (a
/// ZIP bomb, nested archives) is refused without expanding it.
enum ISDOCContainer {
    static let maximumEntries = 100
    static let maximumExpanded = ISDOCReader.maximumBytes
    static let maximumRatio: UInt64 = 100

    static func isZip(_ data: Data) -> Bool { data.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    /// The ISDOC document (the entry named `*.isdoc`) of the container.
    static func isdoc(in data: Data) throws(ISDOCReader.Problem) -> Data {
        guard let archive = try? Archive(data: data, accessMode: .read) else { throw ISDOCReader.Problem(field: nil, code: .notISDOC) }
        var entries = 0
        var found: Entry?
        for entry in archive {
            entries += 1
            guard entries <= maximumEntries else { throw ISDOCReader.Problem(field: nil, code: .notISDOC) }
            if found == nil, entry.type == .file, entry.path.lowercased().hasSuffix(".isdoc") { found = entry }
        }
        guard let entry = found, entry.uncompressedSize <= UInt64(maximumExpanded),
            entry.uncompressedSize <= max(entry.compressedSize, 1) * maximumRatio
        else { throw ISDOCReader.Problem(field: nil, code: .notISDOC) }
        var content = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                // The sizes in the directory may lie: the bound holds for what actually expands.
                guard content.count + chunk.count <= maximumExpanded else { throw ISDOCReader.Problem(field: nil, code: .notISDOC) }
                content.append(chunk)
            }
        } catch {
            throw ISDOCReader.Problem(field: nil, code: .notISDOC)
        }
        return content
    }
}
