import Foundation
import OpenAPIRuntime

/// An `Encoder` that writes JSON straight into a byte buffer, in the order a value encodes its
/// members, as the OpenAPI runtime's `JSONEncoder` writes them with our configuration (compact,
/// slashes unescaped, dates through the same transcoder). Foundation's encoder first builds a
/// tree of boxed values and then serialises it: for a report of 10,000 rows that was some 30,000
/// instructions a row, a quarter of the request.
///
/// A container stays open until the next member is written at its own level or above, so
/// nothing needs to say when a value is finished; keyed containers asked for twice by the same
/// value (as generated `allOf` types do) continue the same object.
package struct JSONWriter: Sendable {
    let dates: any DateTranscoder

    package init(dates: any DateTranscoder) {
        self.dates = dates
    }

    package func encode(_ value: some Encodable) throws -> [UInt8] {
        let output = JSONOutput(dates: dates)
        try output.write(value, depth: 0)
        output.close(to: 0)
        return output.bytes
    }
}

/// The bytes written so far and the containers still open.
///
/// One encode call owns it and nothing holds an access to its arrays across a call out: the
/// dynamic exclusivity checks (some 14 % of a long report's instructions) are left out.
final class JSONOutput {
    @exclusivity(unchecked) var bytes: [UInt8] = []
    /// Open containers, outermost first: the byte that closes each and its members so far.
    @exclusivity(unchecked) var open: [(close: UInt8, members: Int)] = []
    let dates: any DateTranscoder

    init(dates: any DateTranscoder) {
        self.dates = dates
        bytes.reserveCapacity(4096)
    }

    /// Closes the containers deeper than `depth`.
    func close(to depth: Int) {
        while open.count > depth, let last = open.popLast() {
            bytes.append(last.close)
        }
    }

    /// Starts a member of the container at `depth` (1 is the outermost): a comma after the first.
    func beginMember(depth: Int) {
        close(to: depth)
        if open[depth - 1].members > 0 { bytes.append(UInt8(ascii: ",")) }
        open[depth - 1].members += 1
    }

    func openContainer(_ opening: UInt8, closing: UInt8) {
        bytes.append(opening)
        open.append((closing, 0))
    }

    func key(_ key: some CodingKey, depth: Int) {
        beginMember(depth: depth)
        string(key.stringValue)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A value at a position already prepared (after a key or a comma, or at the top), inside
    /// `depth` open containers.
    func write<T: Encodable>(_ value: T, depth: Int) throws {
        // Values written as JSON scalars are caught here: handed to their own `encode(to:)`,
        // the integers without an overload below would come back through this function. The
        // types are compared first: a failed cast for each case cost more than writing a row.
        let scalar = Self.scalars.contains(ObjectIdentifier(T.self))
        switch value {
        case _ where !scalar: break
        case let text as String: return string(text)
        case let number as Int: return literal(String(number))
        case let flag as Bool: return literal(flag ? "true" : "false")
        case let number as Double: return try double(number)
        case let number as Float: return try double(number)
        case let number as any FixedWidthInteger: return literal(String(describing: number))
        case let date as Date: return string(try dates.encode(date))
        case let number as Decimal: return literal(number.description)
        case let url as URL: return string(url.absoluteString)
        case let data as Data: return string(data.base64EncodedString())
        default: break
        }
        let encoder = JSONWriterEncoder(output: self, depth: depth)
        let before = bytes.count
        try value.encode(to: encoder)
        // A value that wrote nothing is an empty object, as Foundation's encoder has it.
        if bytes.count == before, open.count == depth { bytes.append(contentsOf: "{}".utf8) }
    }

    private static let scalars: Set<ObjectIdentifier> = Set(
        ([String.self, Bool.self, Double.self, Float.self, Date.self, Decimal.self, URL.self, Data.self] as [any Any.Type]
            + [Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self]).map {
                ObjectIdentifier($0)
            })

    func literal(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    func double(_ value: some BinaryFloatingPoint & CustomStringConvertible) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "A number that JSON cannot hold."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        literal(text)
    }

    /// A string literal: quotes, backslashes and control characters escaped, the rest as UTF-8.
    func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Native strings lend their UTF-8 in place; bridged ones are copied once.
        if text.utf8.withContiguousStorageIfAvailable({ append(escaping: $0) }) == nil {
            append(escaping: Array(text.utf8))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private func append(escaping utf8: some RandomAccessCollection<UInt8>) {
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: utf8[start..<index])
                escape(byte)
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        bytes.append(contentsOf: utf8[start...])
    }

    private func escape(_ byte: UInt8) {
        let short: UInt8? =
            switch byte {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            default: nil
            }
        bytes.append(UInt8(ascii: "\\"))
        if let short {
            bytes.append(short)
        } else {
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}

/// The encoder handed to a value written at one position.
final class JSONWriterEncoder: Encoder {
    let output: JSONOutput
    /// The containers open around the value.
    let depth: Int
    /// Whether this value opened its object (a second request continues it).
    private var openedObject = false
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(output: JSONOutput, depth: Int) {
        self.output = output
        self.depth = depth
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if openedObject, output.open.count > depth {
            output.close(to: depth + 1)
        } else {
            output.close(to: depth)
            output.openContainer(UInt8(ascii: "{"), closing: UInt8(ascii: "}"))
            openedObject = true
        }
        return KeyedEncodingContainer(JSONKeyedWriter<Key>(output: output, depth: depth + 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        output.close(to: depth)
        output.openContainer(UInt8(ascii: "["), closing: UInt8(ascii: "]"))
        return JSONUnkeyedWriter(output: output, depth: depth + 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueWriter(output: output, depth: depth)
    }
}
