import CZlib

/// gzip (RFC 1952) by zlib, for the few answers worth compressing (the reference page: 859 KB
/// of HTML, about a tenth of that compressed).
enum Gzip {
    /// `bytes` compressed, or nil when zlib refuses (out of memory): the caller answers
    /// uncompressed then.
    static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
        var stream = z_stream()
        // 15 window bits, +16 for a gzip header and trailer rather than zlib's.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        var input = bytes
        let written: Int? = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                // The output was sized by deflateBound: one call finishes.
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return nil }
                return target.count - Int(stream.avail_out)
            }
        }
        guard let written else { return nil }
        output.removeSubrange(written...)
        return output
    }
}
