import CLibzip
import Foundation
import StaffbookCore

/// An ISDOCX: a ZIP holding the ISDOC document (and attachments). Read with libzip, with its
/// consistency checks on, within bounds: a container of many entries, or one that would expand
/// far beyond its size (a ZIP bomb, nested archives) is refused without expanding it, and the
/// bound holds for what actually expands, whatever the directory claims.
enum ISDOCContainer {
    static let maximumEntries = 100
    static let maximumExpanded = ISDOCReader.maximumBytes
    static let maximumRatio: UInt64 = 100

    static func isZip(_ data: Data) -> Bool { data.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    /// The ISDOC document (the first entry named `*.isdoc`) of the container.
    static func isdoc(in data: Data) throws(ISDOCReader.Problem) -> Data {
        let outcome: Result<Data, ISDOCReader.Problem> = data.withUnsafeBytes { buffer in
            guard let source = zip_source_buffer_create(buffer.baseAddress, UInt64(buffer.count), 0, nil) else {
                return .failure(ISDOCReader.Problem(field: nil, code: .notISDOC))
            }
            guard let archive = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, nil) else {
                zip_source_free(source)
                return .failure(ISDOCReader.Problem(field: nil, code: .notISDOC))
            }
            defer { zip_discard(archive) }
            return extract(from: archive)
        }
        return try outcome.get()
    }

    private static func extract(from archive: OpaquePointer) -> Result<Data, ISDOCReader.Problem> {
        let entries = zip_get_num_entries(archive, 0)
        guard entries >= 0 else { return .failure(ISDOCReader.Problem(field: nil, code: .notISDOC)) }
        guard entries <= maximumEntries else { return .failure(ISDOCReader.Problem(field: nil, code: .tooLarge)) }
        for index in 0..<UInt64(entries) {
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat_index(archive, index, zip_flags_t(ZIP_FL_ENC_RAW), &stat) == 0, let name = stat.name,
                String(decoding: UnsafeRawBufferPointer(start: name, count: strlen(name)), as: UTF8.self).lowercased().hasSuffix(".isdoc")
            else { continue }
            let known = UInt64(ZIP_STAT_SIZE) | UInt64(ZIP_STAT_COMP_SIZE)
            guard stat.valid & known == known else { return .failure(ISDOCReader.Problem(field: nil, code: .notISDOC)) }
            guard stat.size <= UInt64(maximumExpanded), stat.size / maximumRatio <= stat.comp_size else {
                return .failure(ISDOCReader.Problem(field: nil, code: .tooLarge))
            }
            return read(archive, index: index)
        }
        return .failure(ISDOCReader.Problem(field: nil, code: .notISDOC))
    }

    private static func read(_ archive: OpaquePointer, index: UInt64) -> Result<Data, ISDOCReader.Problem> {
        guard let file = zip_fopen_index(archive, index, 0) else { return .failure(ISDOCReader.Problem(field: nil, code: .notISDOC)) }
        defer { zip_fclose(file) }
        var content = Data()
        var block = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = block.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, UInt64($0.count)) }
            guard count >= 0 else { return .failure(ISDOCReader.Problem(field: nil, code: .notISDOC)) }
            if count == 0 { return .success(content) }
            guard content.count + Int(count) <= maximumExpanded else { return .failure(ISDOCReader.Problem(field: nil, code: .tooLarge)) }
            content.append(contentsOf: block[0..<Int(count)])
        }
    }
}
