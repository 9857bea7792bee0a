import Foundation
import StaffbookCore

extension ReferencePage {
    /// What the template shows; property names are the template's keys.
    struct Model {
        struct Tag {
            var name: String
            var description: String
            var count: Int
            var operations: [Operation]
        }

        /// A type as the page shows it: text around the name of the schema it links to.
        struct TypeLink {
            var prefix: String
            var reference: String?
            var suffix: String

            init(_ type: ContractOutline.TypeName) {
                prefix = type.prefix
                reference = type.reference
                suffix = type.suffix
            }
        }

        struct Operation {
            var id: String
            var method: String
            var methodClass: String
            var path: String
            var summary: String
            /// The operation's description (not `description`: a section without it would
            /// show its tag's, which Mustache finds in the enclosing context).
            var details: String?
            var roles: [String]
            /// What is checked per resource once the roles let a caller in.
            var accessNote: String?
            /// Which personal tokens reach it (nil where no token is needed).
            var tokens: String?
            /// How large its body may be (nil without a body).
            var bodyLimit: String?
            var parameters: [Parameter]
            var hasParameters: Bool
            var request: Body?
            var responses: [Response]
            var problems: [Problem]
            var curl: String
        }

        struct Parameter {
            var name: String
            var location: String
            var type: TypeLink
            var required: Bool
            var description: String
            var values: [String]
            var hasValues: Bool
            var pattern: String?
        }

        struct Body {
            var contentType: String
            var schema: TypeLink
            var example: String?
            /// A form's parts (for `multipart/form-data`; a JSON body links its schema instead).
            var parts: [Field]
            var hasParts: Bool
            /// The other media types the same body may be sent as (a bank statement's three).
            var alternatives: [String] = []
        }

        struct Response {
            var status: String
            var description: String
            var bodies: [Body]
        }

        struct Field {
            var name: String
            var type: TypeLink
            var required: Bool
            var description: String
            var values: [String]
            var hasValues: Bool
            var constraints: String
        }

        struct Schema {
            var name: String
            var type: TypeLink
            var description: String
            var fields: [Field]
            var hasFields: Bool
            var values: [String]
            var hasValues: Bool
            var constraints: String
            var example: String?
        }

        struct Problem {
            var type: String
            var anchor: String
            var status: Int
        }

        struct ProblemEntry {
            var type: String
            var anchor: String
            var status: Int
            var title: String
            var detail: String
        }

        var title: String
        var version: String
        var style: String
        var tags: [Tag]
        var operationCount: Int
        var schemas: [Schema]
        var schemaCount: Int
        var problems: [ProblemEntry]
        var query: String?
        /// "3 operations, 2 schemas and 1 problem type"
        var found: String?

        init(outline: ContractOutline, access: [String: Access], query: String?) {
            title = outline.title
            version = outline.version
            style = ReferencePage.style
            operationCount = outline.operations.count
            let needle = query.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
            self.query = needle
            // Every word of the search is somewhere in the item ("approve invoice" finds
            // `actOnInvoice`, whose summary says "approve" and whose name says "invoice").
            let words = needle.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
            let matches = { (texts: [String]) in
                words.map { words in
                    let lowered = texts.map { $0.lowercased() }
                    return words.allSatisfy { word in lowered.contains { $0.contains(word) } }
                } ?? true
            }
            tags = outline.tags.compactMap { tag in
                let operations = outline.operations.filter {
                    $0.tags.first == tag.name && matches([$0.id, $0.path, $0.summary, tag.name])
                }.map { Self.operation($0, access: access[$0.id]) }
                guard !operations.isEmpty else { return nil }
                return Tag(name: tag.name, description: ReferencePage.markdown(tag.description), count: operations.count, operations: operations)
            }
            // The problem's own schemas are listed too: every problem response links to them.
            schemas = outline.schemas.filter { matches([$0.name] + $0.fields.map(\.name)) }.map(Self.schema)
            schemaCount = schemas.count
            problems = ProblemType.allCases.map { type in
                let example = outline.problemExamples[type.uri]
                return ProblemEntry(
                    type: type.uri, anchor: "problem-" + type.rawValue, status: type.status.code,
                    title: example?.title ?? type.title.en, detail: example?.detail ?? "")
            }.filter { matches([$0.type, $0.title, $0.detail]) }
            if needle != nil {
                let operations = tags.reduce(0) { $0 + $1.count }
                found =
                    "\(Self.count(operations, "operation")), \(Self.count(schemaCount, "schema")) and \(Self.count(problems.count, "problem type"))"
            }
        }

        static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

        static func operation(_ operation: ContractOutline.Operation, access: Access?) -> Operation {
            Operation(
                id: operation.id,
                method: operation.method,
                methodClass: operation.method.lowercased(),
                path: operation.path,
                summary: ReferencePage.markdown(operation.summary, inline: true),
                details: operation.description.isEmpty ? nil : ReferencePage.markdown(operation.description),
                roles: roles(access),
                accessNote: operation.accessNote,
                tokens: access == .anyone ? nil : tokens(operation.tokenScopes),
                bodyLimit: operation.request == nil ? nil : bodyLimit(operation),
                parameters: operation.parameters.map {
                    Parameter(
                        name: $0.name, location: $0.location, type: TypeLink($0.type), required: $0.required,
                        description: ReferencePage.markdown($0.description, inline: true),
                        values: $0.values, hasValues: !$0.values.isEmpty, pattern: $0.values.isEmpty ? $0.pattern : nil)
                },
                hasParameters: !operation.parameters.isEmpty,
                request: operation.request.map {
                    var request = body($0)
                    request.alternatives = operation.requestTypes.filter { $0 != request.contentType }
                    return request
                },
                responses: operation.responses.map {
                    Response(status: $0.status, description: ReferencePage.markdown($0.description, inline: true), bodies: $0.bodies.map(body))
                },
                problems: problems(operation, access: access),
                curl: curl(operation, access: access)
            )
        }

        /// A problem body's example is left out: the operation's problem types say more, and
        /// the same document under every status would bury the rest.
        static func body(_ body: ContractOutline.Body) -> Body {
            let shown = body.contentType == "application/problem+json" ? nil : body.example
            let parts = body.contentType == "multipart/form-data" ? body.fields.map(field) : []
            return Body(
                contentType: body.contentType, schema: TypeLink(body.schema), example: shown, parts: parts, hasParts: !parts.isEmpty)
        }

        static func field(_ field: ContractOutline.Field) -> Field {
            Field(
                name: field.name, type: TypeLink(field.type), required: field.required,
                description: ReferencePage.markdown(field.description, inline: true), values: field.values,
                hasValues: !field.values.isEmpty, constraints: field.constraints)
        }

        static func schema(_ schema: ContractOutline.Schema) -> Schema {
            let fields = schema.fields.map(field)
            return Schema(
                name: schema.name, type: TypeLink(schema.type), description: ReferencePage.markdown(schema.description), fields: fields,
                hasFields: !fields.isEmpty,
                values: schema.values, hasValues: !schema.values.isEmpty, constraints: schema.constraints, example: schema.example)
        }

        /// The problem types whose status the operation declares, those of another area left out;
        /// every operation may answer 503 and 500. A token is refused only where one is needed,
        /// credentials only where they are sent.
        static func problems(_ operation: ContractOutline.Operation, access: Access?) -> [Problem] {
            let statuses = Set(operation.responses.compactMap { Int($0.status) } + [500, 503])
            let takesKey = operation.parameters.contains { $0.name == "Idempotency-Key" }
            let takesVersion = operation.parameters.contains { $0.name == "If-Match" }
            return ProblemType.allCases.filter { type in
                switch type {
                case .preconditionRequired, .preconditionFailed: return takesVersion
                case .idempotencyKeyInUse, .idempotencyKeyReused: return takesKey && statuses.contains(type.status.code)
                case .unauthenticated: return access != .anyone && statuses.contains(type.status.code)
                case .signInFailed, .tooManyAttempts:
                    return access == .anyone && operation.tags.contains("Auth") && statuses.contains(type.status.code)
                default: break
                }
                guard statuses.contains(type.status.code) else { return false }
                guard let areas = type.areas else { return true }
                return !areas.isDisjoint(with: operation.tags)
            }
            .map { Problem(type: $0.uri, anchor: "problem-" + $0.rawValue, status: $0.status.code) }
        }

        /// A line that runs against the demo (`make run`): the path with example ids, the
        /// required query, every header the operation needs, and the body or the form's parts.
        static func curl(_ operation: ContractOutline.Operation, access: Access?) -> String {
            var path = operation.path
            for parameter in operation.parameters where parameter.location == "path" {
                path = path.replacingOccurrences(of: "{\(parameter.name)}", with: example(of: parameter))
            }
            let required = operation.parameters.filter { $0.location == "query" && $0.required }
            let query = required.isEmpty ? "" : "?" + required.map { "\($0.name)=\(example(of: $0))" }.joined(separator: "&")
            var parts = ["curl"]
            if operation.method != "GET" { parts.append("-X \(operation.method)") }
            parts.append("\"$API\(path)\(query)\"")
            if access != .anyone { parts.append("-H \"Authorization: Bearer $TOKEN\"") }
            for header in operation.parameters where header.location == "header" {
                switch header.name {
                case "If-Match": parts.append("-H 'If-Match: \"v1\"'")
                case "Idempotency-Key": parts.append("-H \"Idempotency-Key: $(uuidgen)\"")
                default: if header.required { parts.append("-H '\(header.name): \(header.example ?? "…")'") }
                }
            }
            if let request = operation.request {
                if request.contentType == "multipart/form-data" {
                    for field in request.fields where field.required || field.name == "amount" {
                        switch field.type.prefix {
                        case "string (binary)": parts.append("-F \(field.name)=@\(field.name == "file" ? "invoice.pdf" : "invoice.isdoc")")
                        default: parts.append("-F \(field.name)=\(field.type.reference == "MoneyInput" ? "42000.50" : "…")")
                        }
                    }
                } else if request.contentType == "application/json" {
                    parts.append("-H 'Content-Type: application/json'")
                    let json = request.compactExample ?? "{}"
                    parts.append("-d '\(json.replacingOccurrences(of: "'", with: "'\\''"))'")
                } else {
                    parts.append("-H 'Content-Type: \(request.contentType)' --data-binary @file")
                }
            }
            return parts.joined(separator: " ")
        }

        /// A parameter's example, its first allowed value, or a placeholder naming it.
        static func example(of parameter: ContractOutline.Parameter) -> String {
            parameter.example ?? parameter.values.first ?? "{\(parameter.name)}"
        }
    }
}
