import Foundation

/// An IPv4 or IPv6 address as bytes, read from its usual text forms, and whether it lies in
/// the public internet. Webhook targets must: loopback, private, link-local, shared, multicast,
/// reserved and unspecified addresses name something inside a network.
package struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes (IPv4) or 16 (IPv6).
    package let bytes: [UInt8]

    package init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Dotted decimal (`192.0.2.1`, four parts, no leading zeros) or IPv6 (`2001:db8::1`, with
    /// `::` and a trailing dotted part; brackets and zone ids are not part of an address).
    /// Other spellings the C library would accept (`0x7f000001`, `127.1`, `0177.0.0.1`) are not
    /// addresses here.
    package init?(_ text: some StringProtocol) {
        if let v4 = Self.parseIPv4(Substring(text)) {
            bytes = v4
        } else if let v6 = Self.parseIPv6(Substring(text)) {
            bytes = v6
        } else {
            return nil
        }
    }

    package var isIPv4: Bool { bytes.count == 4 }

    /// The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`)
    /// IPv6 address: these reach the IPv4 address.
    package var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff
        let nat64 = bytes[0..<4] == [0x00, 0x64, 0xff, 0x9b] && bytes[4..<12].allSatisfy { $0 == 0 }
        return mapped || nat64 ? IPAddress(bytes: Array(bytes[12..<16])) : nil
    }

    /// 127.0.0.0/8 or ::1 (or an IPv4 loopback address mapped into IPv6).
    package var isLoopback: Bool {
        if let embedded = embeddedIPv4 { return embedded.isLoopback }
        return isIPv4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
    }

    /// Whether the address is in the public internet (a global unicast address).
    package var isPublic: Bool {
        if let embedded = embeddedIPv4 { return embedded.isPublic }
        return isIPv4 ? Self.isPublicIPv4(bytes) : Self.isPublicIPv6(bytes)
    }

    package var description: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }

    private static func isPublicIPv4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1]) {
        case (0, _), (10, _), (127, _): return false  // this network, private, loopback
        case (100, 64...127): return false  // shared address space (carrier-grade NAT)
        case (169, 254): return false  // link-local (cloud metadata services)
        case (172, 16...31), (192, 168): return false  // private
        case (192, 0) where b[2] == 0 || b[2] == 2: return false  // protocol assignments, documentation
        case (198, 18...19): return false  // benchmarking
        case (198, 51) where b[2] == 100, (203, 0) where b[2] == 113: return false  // documentation
        case (224...255, _): return false  // multicast, reserved, broadcast
        default: return true
        }
    }

    private static func isPublicIPv6(_ b: [UInt8]) -> Bool {
        // Only global unicast (2000::/3) is public, less its documentation and ORCHID ranges and
        // the tunnels whose far end is an IPv4 address the check above never sees: 6to4
        // (2002::/16 carries one in its next 32 bits) and Teredo (2001::/32).
        guard b[0] & 0xe0 == 0x20 else { return false }
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0x0d, b[3] == 0xb8 { return false }  // 2001:db8::/32
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0x00, b[3] & 0xf0 == 0x10 { return false }  // ORCHID
        if b[0] == 0x20, b[1] == 0x02 { return false }  // 6to4
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0x00, b[3] == 0x00 { return false }  // Teredo
        return true
    }

    /// What a per-client cap counts by: an IPv4 address, or an IPv6 address's /64 (one customer's
    /// network: a client holding one has 2^64 addresses to open connections from).
    package var capKey: String {
        if let embedded = embeddedIPv4 { return embedded.description }
        guard !isIPv4 else { return description }
        return IPAddress(bytes: Array(bytes[0..<8]) + [UInt8](repeating: 0, count: 8)).map { "\($0)/64" } ?? description
    }

    private static func parseIPv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ (48...57).contains($0) }),
                part.utf8.count == 1 || part.utf8.first != 48, let value = UInt8(part)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    private static func parseIPv6(_ text: Substring) -> [UInt8]? {
        guard text.utf8.count <= 45, text.contains(":") else { return nil }
        var head: [UInt16] = [], tail: [UInt16] = []
        var trailingIPv4: [UInt8]?
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String, allowIPv4: Bool) -> [UInt16]? {
            if part.isEmpty { return [] }
            var result: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if allowIPv4, index == pieces.count - 1, piece.contains(".") {
                    guard let v4 = parseIPv4(piece) else { return nil }
                    trailingIPv4 = v4
                    continue
                }
                guard (1...4).contains(piece.utf8.count), let value = UInt16(piece, radix: 16) else { return nil }
                result.append(value)
            }
            return result
        }
        if halves.count == 2 {
            guard let h = groups(halves[0], allowIPv4: false), let t = groups(halves[1], allowIPv4: true) else { return nil }
            head = h
            tail = t
        } else {
            guard let h = groups(halves[0], allowIPv4: true) else { return nil }
            head = h
        }
        let v4Groups = trailingIPv4 == nil ? 0 : 2
        let count = head.count + tail.count + v4Groups
        if halves.count == 2 {
            guard count <= 7 else { return nil }
        } else {
            guard count == 8 else { return nil }
        }
        let zeros = [UInt16](repeating: 0, count: 8 - count)
        var bytes: [UInt8] = []
        for group in head + zeros + tail {
            bytes.append(UInt8(group >> 8))
            bytes.append(UInt8(group & 0xff))
        }
        if let trailingIPv4 { bytes += trailingIPv4 }
        return bytes.count == 16 ? bytes : nil
    }
}
