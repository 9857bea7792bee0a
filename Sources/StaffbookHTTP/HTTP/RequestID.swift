import Foundation
import StaffbookCore
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Request ids: the client's own when it is safe to log and echo, otherwise a fresh one.
enum RequestID {
    static let maxLength = 128

    static func accept(_ candidate: String?) -> String? {
        guard let candidate, !candidate.isEmpty, candidate.utf8.count <= maxLength,
            candidate.unicodeScalars.allSatisfy(isAllowed)
        else { return nil }
        return candidate
    }

    /// A random (version 4) UUID, from the kernel's randomness read 256 bytes at a time: one
    /// system call serves sixteen ids. Foundation's `UUID()` opens and reads `/dev/urandom` at
    /// every call, and the standard library's generator asks the kernel for each eight bytes:
    /// three or two system calls a request for an id.
    static func generate() -> String {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            pool.withLock { $0.take(into: raw) }
            raw[6] = raw[6] & 0x0F | 0x40
            raw[8] = raw[8] & 0x3F | 0x80
        }
        return UUID(uuid: bytes).lowercasedString
    }

    private static let pool = Mutex(RandomPool())

    /// The kernel's randomness not yet handed out; refilled when used up.
    private struct RandomPool: ~Copyable {
        // The glibc module Swift imports does not declare `getrandom`; `/dev/urandom` gives the
        // same bytes, through a descriptor opened once. A read of up to 256 bytes is never short.
        private let device = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        private var bytes = [UInt8](repeating: 0, count: 256)
        private var next = 256

        mutating func take(into raw: UnsafeMutableRawBufferPointer) {
            if next + raw.count > bytes.count {
                refill()
            }
            for index in raw.indices {
                raw[index] = bytes[next + index]
            }
            next += raw.count
        }

        private mutating func refill() {
            let device = self.device
            let filled = device < 0 ? -1 : bytes.withUnsafeMutableBytes { read(device, $0.baseAddress, $0.count) }
            if filled != bytes.count {
                // Without the device, the standard library's generator (which stops the process
                // when the kernel has no randomness at all) fills the pool.
                var generator = SystemRandomNumberGenerator()
                for index in bytes.indices {
                    bytes[index] = generator.next()
                }
            }
            next = 0
        }
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", ":": true
        default: false
        }
    }
}
