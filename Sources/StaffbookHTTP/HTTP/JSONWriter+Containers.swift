import Foundation

// The containers `JSONWriterEncoder` hands out: each writes its members at its depth, closing
// whatever a previous member left open below it.

struct JSONKeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let output: JSONOutput
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        output.key(key, depth: depth)
        output.literal("null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        output.key(key, depth: depth)
        output.literal(value ? "true" : "false")
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        output.key(key, depth: depth)
        output.string(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        output.key(key, depth: depth)
        try output.double(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        output.key(key, depth: depth)
        try output.double(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        output.key(key, depth: depth)
        output.literal(String(value))
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        output.key(key, depth: depth)
        output.literal(String(value))
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        output.key(key, depth: depth)
        output.literal(String(value))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        output.key(key, depth: depth)
        try output.write(value, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        output.key(key, depth: depth)
        output.openContainer(UInt8(ascii: "{"), closing: UInt8(ascii: "}"))
        return KeyedEncodingContainer(JSONKeyedWriter<NestedKey>(output: output, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        output.key(key, depth: depth)
        output.openContainer(UInt8(ascii: "["), closing: UInt8(ascii: "]"))
        return JSONUnkeyedWriter(output: output, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        output.key(JSONWriterKey("super"), depth: depth)
        return JSONWriterEncoder(output: output, depth: depth)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        output.key(key, depth: depth)
        return JSONWriterEncoder(output: output, depth: depth)
    }
}

struct JSONUnkeyedWriter: UnkeyedEncodingContainer {
    let output: JSONOutput
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int { output.open.count >= depth ? output.open[depth - 1].members : 0 }

    mutating func encodeNil() throws {
        output.beginMember(depth: depth)
        output.literal("null")
    }

    mutating func encode(_ value: Bool) throws {
        output.beginMember(depth: depth)
        output.literal(value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        output.beginMember(depth: depth)
        output.string(value)
    }

    mutating func encode(_ value: Double) throws {
        output.beginMember(depth: depth)
        try output.double(value)
    }

    mutating func encode(_ value: Int) throws {
        output.beginMember(depth: depth)
        output.literal(String(value))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        output.beginMember(depth: depth)
        try output.write(value, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        output.beginMember(depth: depth)
        output.openContainer(UInt8(ascii: "{"), closing: UInt8(ascii: "}"))
        return KeyedEncodingContainer(JSONKeyedWriter<NestedKey>(output: output, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        output.beginMember(depth: depth)
        output.openContainer(UInt8(ascii: "["), closing: UInt8(ascii: "]"))
        return JSONUnkeyedWriter(output: output, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        output.beginMember(depth: depth)
        return JSONWriterEncoder(output: output, depth: depth)
    }
}

struct JSONSingleValueWriter: SingleValueEncodingContainer {
    let output: JSONOutput
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        output.close(to: depth)
        output.literal("null")
    }

    mutating func encode(_ value: Bool) throws {
        output.close(to: depth)
        output.literal(value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        output.close(to: depth)
        output.string(value)
    }

    mutating func encode(_ value: Double) throws {
        output.close(to: depth)
        try output.double(value)
    }

    mutating func encode(_ value: Float) throws {
        output.close(to: depth)
        try output.double(value)
    }

    mutating func encode(_ value: Int) throws {
        output.close(to: depth)
        output.literal(String(value))
    }

    mutating func encode(_ value: Int64) throws {
        output.close(to: depth)
        output.literal(String(value))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        output.close(to: depth)
        try output.write(value, depth: depth)
    }
}

/// The key `superEncoder()` writes under, as Foundation's encoder names it.
struct JSONWriterKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
