import Yams

/// What the reference page shows of the contract, read from the OpenAPI document: operations in
/// the document's order with their parameters, bodies and statuses, `$ref`s followed.
struct ContractOutline {
    struct Operation {
        var id: String
        var method: String
        var path: String
        var tags: [String]
        var summary: String
        var description: String
        var parameters: [Parameter]
        var request: Body?
        var responses: [Response]
    }

    struct Parameter {
        var name: String
        var location: String
        var required: Bool
        var type: String
        var description: String
    }

    struct Body {
        var contentType: String
        var schema: String
        /// The schema's example, when it has one.
        var example: Node?
        /// The fields of a form (`multipart/form-data`), in order.
        var fields: [String]
    }

    struct Response {
        var status: String
        var description: String
        var bodies: [Body]
    }

    var title: String
    var version: String
    /// Tag names and descriptions, in the document's order.
    var tags: [(name: String, description: String)]
    var operations: [Operation]

    static let methods = ["get", "put", "post", "patch", "delete"]

    init(yaml: String) throws {
        guard let root = try Yams.compose(yaml: yaml) else { throw OutlineError.empty }
        let reader = Reader(root: root)
        title = root["info"]?["title"]?.string ?? "API"
        version = root["info"]?["version"]?.string ?? ""
        tags = (root["tags"]?.sequence ?? []).map { ($0["name"]?.string ?? "", $0["description"]?.string ?? "") }
        var operations: [Operation] = []
        for (pathKey, item) in root["paths"]?.mapping ?? [:] {
            guard let path = pathKey.string else { continue }
            let shared = (item["parameters"]?.sequence ?? []).map(reader.resolve)
            for method in Self.methods {
                guard let operation = item[method], let id = operation["operationId"]?.string else { continue }
                let own = (operation["parameters"]?.sequence ?? []).map(reader.resolve)
                operations.append(
                    Operation(
                        id: id,
                        method: method.uppercased(),
                        path: path,
                        tags: (operation["tags"]?.sequence ?? []).compactMap(\.string),
                        summary: operation["summary"]?.string ?? "",
                        description: Self.unwrapped(operation["description"]?.string ?? ""),
                        parameters: (shared + own).map(reader.parameter),
                        request: operation["requestBody"].map(reader.resolve).flatMap { reader.bodies(of: $0).first },
                        responses: (operation["responses"]?.mapping ?? [:]).map { status, response in
                            let response = reader.resolve(response)
                            return Response(
                                status: status.string ?? "",
                                description: response["description"]?.string ?? "",
                                bodies: reader.bodies(of: response)
                            )
                        }
                    )
                )
            }
        }
        self.operations = operations
    }

    /// A description's lines joined into paragraphs: the document wraps them at a width that
    /// means nothing on a phone. Blank lines, list items and table rows keep their breaks.
    static func unwrapped(_ text: String) -> String {
        var lines: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let startsBlock = line.isEmpty || line.hasPrefix("- ") || line.hasPrefix("|")
            if !startsBlock, let last = lines.last, !last.isEmpty, !last.hasPrefix("|") {
                lines[lines.count - 1] = last + " " + line
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    enum OutlineError: Error {
        case empty
    }

    /// Follows local `$ref`s and names schemas.
    struct Reader {
        let root: Node

        func resolve(_ node: Node) -> Node {
            var node = node
            var hops = 0
            while let reference = node["$ref"]?.string, hops < 8, let target = lookup(reference) {
                node = target
                hops += 1
            }
            return node
        }

        func lookup(_ reference: String) -> Node? {
            guard reference.hasPrefix("#/") else { return nil }
            return reference.dropFirst(2).split(separator: "/").reduce(Optional(root)) { node, key in node?[String(key)] }
        }

        func parameter(_ node: Node) -> Parameter {
            Parameter(
                name: node["name"]?.string ?? "",
                location: node["in"]?.string ?? "",
                required: node["required"]?.bool ?? false,
                type: node["schema"].map(typeName) ?? "",
                description: node["description"]?.string ?? ""
            )
        }

        func bodies(of node: Node) -> [Body] {
            (node["content"]?.mapping ?? [:]).map { contentType, media in
                let schema = media["schema"].map(resolve)
                return Body(
                    contentType: contentType.string ?? "",
                    schema: media["schema"].map(typeName) ?? "",
                    example: media["example"] ?? schema?["example"],
                    fields: schema?["properties"]?.mapping.map { $0.keys.compactMap(\.string) } ?? []
                )
            }
        }

        /// `Money`, `array of InvoiceSummary`, `string (date)`, `one of: approve, return`.
        func typeName(_ schema: Node) -> String {
            if let reference = schema["$ref"]?.string {
                return String(reference.split(separator: "/").last ?? "")
            }
            if let values = schema["enum"]?.sequence {
                return "one of: " + values.map { $0.string ?? "null" }.joined(separator: ", ")
            }
            let types = schema["type"].map { $0.sequence.map { $0.compactMap(\.string) } ?? [$0.string ?? ""] } ?? []
            if types.contains("array"), let items = schema["items"] {
                return "array of " + typeName(items)
            }
            let format = schema["format"]?.string.map { " (\($0))" } ?? ""
            return types.joined(separator: " or ") + format
        }
    }
}
