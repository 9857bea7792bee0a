import CLibzip
import Foundation
import StaffbookCore

#if canImport(Glibc)
    import Glibc
#endif

/// A person's export as a ZIP, written by libzip: JSON deflated, uploaded files (PDFs, images)
/// stored as they are. An answer's export is written to a file from files spooled on disk, so
/// that it never holds the person's files in memory; a job's (larger, kept in PostgreSQL) is
/// built in memory, one at a time per worker.
package enum PersonalDataArchive {
    package struct Failed: Error {
        package init() {}
    }

    /// Writes the archive at `path`; libzip reads a spooled file when it writes it.
    package static func zip(_ files: [PersonalDataExport.File], to path: String) throws(Failed) {
        var error: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &error) else { throw Failed() }
        for file in files {
            guard add(file, to: archive) else {
                zip_discard(archive)
                throw Failed()
            }
        }
        guard zip_close(archive) == 0 else {
            zip_discard(archive)
            throw Failed()
        }
    }

    package static func zip(_ files: [PersonalDataExport.File]) throws(Failed) -> Data {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let target = zip_source_buffer_create(nil, 0, 0, &error) else { throw Failed() }
        // The buffer outlives the archive: it is read back after the archive is closed.
        zip_source_keep(target)
        defer { zip_source_free(target) }
        guard let archive = zip_open_from_source(target, ZIP_TRUNCATE, &error) else { throw Failed() }
        for file in files {
            guard add(file, to: archive) else {
                zip_discard(archive)
                throw Failed()
            }
        }
        guard zip_close(archive) == 0 else {
            zip_discard(archive)
            throw Failed()
        }
        return try read(target)
    }

    /// Adds one file: a spooled one read from disk when the archive is written, otherwise a
    /// copy libzip frees itself.
    private static func add(_ file: PersonalDataExport.File, to archive: OpaquePointer) -> Bool {
        let source: OpaquePointer
        if let spooled = file.spooled {
            guard let opened = zip_source_file(archive, spooled, 0, -1) else { return false }
            source = opened
        } else {
            let count = file.contents.count
            guard let copy = malloc(max(count, 1)) else { return false }
            file.contents.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { memcpy(copy, base, count) }
            }
            guard let buffered = zip_source_buffer(archive, copy, UInt64(count), 1) else {
                free(copy)
                return false
            }
            source = buffered
        }
        let index = zip_file_add(archive, file.path, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
        guard index >= 0 else {
            zip_source_free(source)
            return false
        }
        let method = file.compressed ? ZIP_CM_STORE : ZIP_CM_DEFLATE
        return zip_set_file_compression(archive, UInt64(index), Int32(method), 0) == 0
    }

    private static func read(_ source: OpaquePointer) throws(Failed) -> Data {
        guard zip_source_open(source) == 0 else { throw Failed() }
        defer { zip_source_close(source) }
        var data = Data()
        var block = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = block.withUnsafeMutableBytes { zip_source_read(source, $0.baseAddress, UInt64($0.count)) }
            guard count >= 0 else { throw Failed() }
            if count == 0 { return data }
            data.append(contentsOf: block[0..<Int(count)])
        }
    }
}
