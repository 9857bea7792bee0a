import StaffbookCore
import Yams

extension Node {
    /// The node as JSON, keys in the document's order: indented to read in the reference page,
    /// or on one line for a `curl` command.
    func jsonText(indent: String = "", compact: Bool = false) -> String {
        let inner = compact ? "" : indent + "  "
        let (open, separator, close) = compact ? ("", ",", "") : ("\n", ",\n", "\n" + indent)
        switch self {
        case .mapping(let mapping):
            if mapping.isEmpty { return "{}" }
            let members = mapping.map { key, value in
                "\(inner)\(JSONString.quoted(key.string ?? "")):\(compact ? "" : " ")\(value.jsonText(indent: inner, compact: compact))"
            }
            return "{" + open + members.joined(separator: separator) + close + "}"
        case .sequence(let sequence):
            if sequence.isEmpty { return "[]" }
            let items = sequence.map { inner + $0.jsonText(indent: inner, compact: compact) }
            return "[" + open + items.joined(separator: separator) + close + "]"
        case .scalar(let scalar):
            // Only a plain scalar can be a number, a boolean or null; a quoted one is a string.
            if scalar.style == .plain {
                if scalar.string == "null" || scalar.string == "~" { return "null" }
                if scalar.string == "true" || scalar.string == "false" { return scalar.string }
                if Int(scalar.string) != nil || Double(scalar.string) != nil { return scalar.string }
            }
            return JSONString.quoted(scalar.string)
        case .alias:
            return "null"
        }
    }
}
