import Foundation

/// A minimal ZIP writer (stored entries, no compression): enough for Office Open XML files,
/// which are ZIP archives of XML parts. Entries carry a fixed timestamp, so equal input gives
/// equal bytes.
package struct ZIPArchive {
    private var data = Data()
    private var central = Data()
    private var count: UInt16 = 0

    package mutating func add(path: String, contents: Data) {
        let name = Data(path.utf8)
        let crc = CRC32.checksum(contents)
        let offset = UInt32(data.count)
        // Local file header.
        data.append(le32: 0x0403_4B50)
        data.append(le16: 20)  // version needed
        data.append(le16: 0x0800)  // UTF-8 names
        data.append(le16: 0)  // stored
        data.append(le16: 0)  // time 00:00
        data.append(le16: 0x21)  // date 1980-01-01
        data.append(le32: crc)
        data.append(le32: UInt32(contents.count))
        data.append(le32: UInt32(contents.count))
        data.append(le16: UInt16(name.count))
        data.append(le16: 0)
        data.append(name)
        data.append(contents)
        // Central directory entry.
        central.append(le32: 0x0201_4B50)
        central.append(le16: 20)
        central.append(le16: 20)
        central.append(le16: 0x0800)
        central.append(le16: 0)
        central.append(le16: 0)
        central.append(le16: 0x21)
        central.append(le32: crc)
        central.append(le32: UInt32(contents.count))
        central.append(le32: UInt32(contents.count))
        central.append(le16: UInt16(name.count))
        central.append(le16: 0)
        central.append(le16: 0)
        central.append(le16: 0)
        central.append(le16: 0)
        central.append(le32: 0)
        central.append(le32: offset)
        central.append(name)
        count += 1
    }

    package func finished() -> Data {
        var out = data
        let centralOffset = UInt32(out.count)
        out.append(central)
        out.append(le32: 0x0605_4B50)
        out.append(le16: 0)
        out.append(le16: 0)
        out.append(le16: count)
        out.append(le16: count)
        out.append(le32: UInt32(central.count))
        out.append(le32: centralOffset)
        out.append(le16: 0)
        return out
    }
}

package enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    package static func checksum(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

private extension Data {
    mutating func append(le16 value: UInt16) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    mutating func append(le32 value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
