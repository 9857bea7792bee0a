import Yams

/// What the reference page shows of the contract, read from the OpenAPI document: operations in
/// the document's order with their parameters, bodies and statuses, every schema with its
/// fields, and the problem examples; `$ref`s followed.
struct ContractOutline: Sendable {
    struct Operation: Sendable {
        var id: String
        var method: String
        var path: String
        var tags: [String]
        /// The personal-token scopes that reach it (`x-staffbook-token-scopes`); empty: sessions only.
        var tokenScopes: [String]
        /// What is checked per person, team, invoice or project (`x-staffbook-access-note`).
        var accessNote: String?
        /// `upload` or `statement` when the body may be larger than the default (`x-staffbook-body-limit`).
        var bodyLimit: String?
        var summary: String
        var description: String
        var parameters: [Parameter]
        var request: Body?
        /// Every media type the request body may be sent as, `request`'s first.
        var requestTypes: [String]
        var responses: [Response]
    }

    struct Parameter: Sendable {
        var name: String
        var location: String
        var required: Bool
        var type: TypeName
        var description: String
        /// Its allowed values, when the schema lists them (the `{action}` of `actOnInvoice`).
        var values: [String]
        var pattern: String?
        /// A value to show in a `curl` line: the parameter's or its schema's example.
        var example: String?
    }

    struct Body: Sendable {
        var contentType: String
        var schema: TypeName
        /// The schema's example as JSON, when it has one: indented, and on one line.
        var example: String?
        var compactExample: String?
        /// The fields of the body's object (a form's parts, in order).
        var fields: [Field]
    }

    struct Response: Sendable {
        var status: String
        var description: String
        var bodies: [Body]
    }

    /// A schema's type as the page names it, with the schema it refers to (to link):
    /// `array of ` + `InvoiceSummary`, `string (date)`.
    struct TypeName: Sendable, Equatable {
        var prefix: String
        var reference: String?
        var suffix: String

        var text: String { prefix + (reference ?? "") + suffix }
    }

    /// One property of an object schema.
    struct Field: Sendable {
        var name: String
        var type: TypeName
        var required: Bool
        var description: String
        var values: [String]
        /// Pattern, lengths and bounds, as one line (`pattern ^[0-9]{8}$, at most 100 characters`).
        var constraints: String
    }

    struct Schema: Sendable {
        var name: String
        var type: TypeName
        var description: String
        var fields: [Field]
        var values: [String]
        var constraints: String
        /// Its example as indented JSON.
        var example: String?
    }

    /// A problem type's example document: its `title` and a typical `detail`.
    struct ProblemExample: Sendable {
        var type: String
        var status: Int
        var title: String
        var detail: String
    }

    var title: String
    var version: String
    /// Tag names and descriptions, in the document's order.
    var tags: [(name: String, description: String)]
    var operations: [Operation]
    var schemas: [Schema]
    var problemExamples: [String: ProblemExample]

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
                        tokenScopes: (operation["x-staffbook-token-scopes"]?.sequence ?? []).compactMap(\.string),
                        accessNote: operation["x-staffbook-access-note"]?.string,
                        bodyLimit: operation["x-staffbook-body-limit"]?.string,
                        summary: operation["summary"]?.string ?? "",
                        description: Self.unwrapped(operation["description"]?.string ?? ""),
                        parameters: (shared + own).map(reader.parameter),
                        request: operation["requestBody"].map(reader.resolve).flatMap { reader.bodies(of: $0).first },
                        requestTypes: operation["requestBody"].map(reader.resolve).map { reader.bodies(of: $0).map(\.contentType) } ?? [],
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
        schemas = (root["components"]?["schemas"]?.mapping ?? [:]).compactMap { name, schema in
            name.string.map { reader.schema(named: $0, schema) }
        }
        var problems: [String: ProblemExample] = [:]
        for (_, example) in root["components"]?["examples"]?.mapping ?? [:] {
            let value = example["value"]
            guard let type = value?["type"]?.string, type.hasPrefix("urn:staffbook:problem:") else { continue }
            problems[type] = ProblemExample(
                type: type, status: value?["status"]?.int ?? 0, title: value?["title"]?.string ?? "", detail: value?["detail"]?.string ?? "")
        }
        problemExamples = problems
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
            let schema = node["schema"].map(resolve)
            return Parameter(
                name: node["name"]?.string ?? "",
                location: node["in"]?.string ?? "",
                required: node["required"]?.bool ?? false,
                type: node["schema"].map(typeName) ?? TypeName(prefix: "", reference: nil, suffix: ""),
                description: node["description"]?.string ?? node["schema"]?["description"]?.string ?? "",
                values: schema.map(values) ?? [],
                pattern: schema?["pattern"]?.string,
                example: (node["example"] ?? node["schema"]?["example"] ?? schema?["example"])?.string
            )
        }

        func bodies(of node: Node) -> [Body] {
            (node["content"]?.mapping ?? [:]).map { contentType, media in
                let schema = media["schema"].map(resolve)
                let example = media["example"] ?? schema?["example"]
                return Body(
                    contentType: contentType.string ?? "",
                    schema: media["schema"].map(typeName) ?? TypeName(prefix: "", reference: nil, suffix: ""),
                    example: example?.jsonText(),
                    compactExample: example?.jsonText(compact: true),
                    fields: schema.map(fields) ?? []
                )
            }
        }

        func schema(named name: String, _ node: Node) -> Schema {
            Schema(
                name: name,
                type: typeName(node, naming: false),
                description: node["description"]?.string ?? "",
                fields: fields(of: node),
                values: values(node),
                constraints: constraints(node),
                example: node["example"]?.jsonText()
            )
        }

        /// An object's properties, in the document's order, with what each allows.
        func fields(of schema: Node) -> [Field] {
            let required = Set((schema["required"]?.sequence ?? []).compactMap(\.string))
            return (schema["properties"]?.mapping ?? [:]).compactMap { key, property in
                guard let name = key.string else { return nil }
                let resolved = resolve(property)
                let inline = property["$ref"] == nil
                return Field(
                    name: name,
                    type: typeName(property),
                    required: required.contains(name),
                    description: property["description"]?.string ?? "",
                    values: inline ? values(resolved) : [],
                    constraints: inline ? constraints(resolved) : ""
                )
            }
        }

        /// An enumeration's values (of the items, for an array of them).
        func values(_ schema: Node) -> [String] {
            let list = schema["enum"]?.sequence ?? schema["items"].map(resolve)?["enum"]?.sequence ?? []
            return list.map { $0.string ?? "null" }
        }

        func constraints(_ schema: Node) -> String {
            var parts: [String] = []
            if let pattern = schema["pattern"]?.string { parts.append("pattern \(pattern)") }
            if let minimum = schema["minLength"]?.int, minimum > 0 { parts.append("at least \(minimum) characters") }
            if let maximum = schema["maxLength"]?.int { parts.append("at most \(maximum) characters") }
            if let minimum = schema["minimum"]?.string { parts.append("from \(minimum)") }
            if let maximum = schema["maximum"]?.string { parts.append("to \(maximum)") }
            if let most = schema["maxItems"]?.int { parts.append("at most \(most) items") }
            if schema["additionalProperties"]?.bool == false { parts.append("no other fields") }
            return parts.joined(separator: ", ")
        }

        /// `Money`, `array of InvoiceSummary`, `string (date)`, `string or null`; with `naming`
        /// off, a schema's own type (`object`) rather than its reference.
        func typeName(_ schema: Node) -> TypeName { typeName(schema, naming: true) }

        func typeName(_ schema: Node, naming: Bool) -> TypeName {
            if naming, let reference = schema["$ref"]?.string {
                return TypeName(prefix: "", reference: String(reference.split(separator: "/").last ?? ""), suffix: "")
            }
            let types = schema["type"].map { $0.sequence.map { $0.compactMap(\.string) } ?? [$0.string ?? ""] } ?? []
            let nullable = types.contains("null") ? " or null" : ""
            if types.contains("array"), let items = schema["items"] {
                let item = typeName(items)
                return TypeName(prefix: "array of " + item.prefix, reference: item.reference, suffix: item.suffix + nullable)
            }
            if let variants = (schema["oneOf"] ?? schema["anyOf"])?.sequence {
                return TypeName(prefix: "one of: " + variants.map { typeName($0).text }.joined(separator: ", "), reference: nil, suffix: "")
            }
            let format = schema["format"]?.string.map { " (\($0))" } ?? ""
            let shown = types.filter { $0 != "null" }.joined(separator: " or ")
            return TypeName(prefix: (shown.isEmpty ? "any" : shown) + format + nullable, reference: nil, suffix: "")
        }
    }
}
