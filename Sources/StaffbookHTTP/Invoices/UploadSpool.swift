import Crypto
import Foundation
import NIOCore
import NIOPosix
import StaffbookCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An uploaded file part written to a private temporary file as it arrives, so a slow or large
/// upload holds one chunk in memory, not the whole file, until it is stored. The checksum, the
/// size and the ends the PDF check reads are taken on the way through.
final class UploadSpool {
    private let path: String
    private var descriptor: Int32
    private var hasher = SHA256()
    private(set) var size = 0
    private(set) var head: [UInt8] = []
    private(set) var tail: [UInt8] = []
    private static let endLength = PDFCheck.endLength

    init(directory: String = NSTemporaryDirectory()) throws {
        path = (directory as NSString).appendingPathComponent("staffbook-upload-\(UUID().lowercasedString)")
        descriptor = open(path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw UploadSpoolError(operation: "open", code: errno) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        unlink(path)
    }

    /// Writes a chunk to the file (the page cache takes it at memory speed).
    func append(_ chunk: ArraySlice<UInt8>) throws {
        hasher.update(data: chunk)
        if head.count < Self.endLength { head.append(contentsOf: chunk.prefix(Self.endLength - head.count)) }
        tail.append(contentsOf: chunk.suffix(Self.endLength))
        if tail.count > 2 * Self.endLength { tail.removeFirst(tail.count - Self.endLength) }
        try chunk.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw UploadSpoolError(operation: "write", code: errno)
                }
                offset += written
            }
        }
        size += chunk.count
    }

    var sha256: Data { Data(hasher.finalize()) }

    /// The whole file in one buffer of exactly its size, read on NIO's blocking-I/O pool.
    func load() async throws -> Data {
        let (descriptor, size) = (self.descriptor, self.size)
        return try await NIOThreadPool.singleton.runIfActive {
            var data = Data(count: size)
            try data.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) in
                guard let base = target.baseAddress else { return }
                var offset = 0
                while offset < size {
                    let read = pread(descriptor, base + offset, size - offset, off_t(offset))
                    if read < 0 {
                        if errno == EINTR { continue }
                        throw UploadSpoolError(operation: "read", code: errno)
                    }
                    guard read > 0 else { throw UploadSpoolError(operation: "read", code: 0) }
                    offset += read
                }
            }
            return data
        }
    }
}

struct UploadSpoolError: Error, CustomStringConvertible {
    var operation: String
    var code: Int32
    var description: String { "upload spool \(operation) failed: \(String(cString: strerror(code)))" }
}
