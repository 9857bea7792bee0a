import Foundation

/// A decimal the contract sends as a string ("42000.50"), so that no amount passes through a
/// binary floating-point number: read and written exactly, compared as decimals.
public protocol DecimalText: Codable, Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The value.
    var value: Decimal { get }
    init(_ value: Decimal)
    /// Decimals written when sent.
    static var scale: Int { get }
}

extension DecimalText {
    /// Reads "1234.5" or "-0.75" (a dot, no grouping); nil for anything else.
    public init?(_ text: String) {
        guard !text.isEmpty, text.count <= 40,
            text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self.init(value)
    }

    public init(integerLiteral value: Int) { self.init(Decimal(value)) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a decimal: \(text.prefix(40))")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The value with `scale` decimals, rounded half away from zero ("42000.50").
    public var description: String {
        var value = self.value, rounded = Decimal()
        NSDecimalRound(&rounded, &value, Self.scale, .plain)
        var text = NSDecimalNumber(decimal: rounded).stringValue
        guard Self.scale > 0 else { return text }
        if !text.contains(".") { text += "." }
        let decimals = text.count - 1 - (text.firstIndex(of: ".").map { text.distance(from: text.startIndex, to: $0) } ?? 0)
        return text + String(repeating: "0", count: max(0, Self.scale - decimals))
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}

/// An amount in Czech crowns (or the invoice's currency), exact to the haléř: "42000.50".
public struct Money: DecimalText {
    public var value: Decimal
    public init(_ value: Decimal) { self.value = value }
    public static var scale: Int { 2 }
}

/// Hours, to two decimals: "7.50".
public struct Hours: DecimalText {
    public var value: Decimal
    public init(_ value: Decimal) { self.value = value }
    public static var scale: Int { 2 }
}

/// A percentage, to two decimals: "12.50" is 12.5 %.
public struct Percent: DecimalText {
    public var value: Decimal
    public init(_ value: Decimal) { self.value = value }
    public static var scale: Int { 2 }
}
