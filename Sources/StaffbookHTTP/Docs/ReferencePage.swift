import Crypto
import Foundation
import Mustache
import StaffbookAPI
import StaffbookCore

/// `GET /docs`: the contract as one HTML page for people, with what no generic OpenAPI viewer
/// knows: who may call each operation (the access table) and which problem types it answers.
/// Rendered once per process; no script, styles allowed by their hash only.
struct ReferencePage: Sendable {
    let html: String
    let contentSecurityPolicy: String

    static let shared: Result<ReferencePage, any Error> = Result {
        try ReferencePage(yaml: String(decoding: OpenAPIDocument.yaml, as: UTF8.self), access: AccessPolicy.operations)
    }

    init(yaml: String, access: [String: Access]) throws {
        let outline = try ContractOutline(yaml: yaml)
        let model = Model(outline: outline, access: access)
        html = try MustacheTemplate(string: Self.template).render(model)
        let hash = Data(SHA256.hash(data: Data(Self.style.utf8))).base64EncodedString()
        contentSecurityPolicy =
            "default-src 'none'; style-src 'sha256-\(hash)'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// What the template shows; property names are the template's keys.
    struct Model {
        struct Tag {
            var name: String
            var description: String
            var count: Int
            var operations: [Operation]
        }

        struct Operation {
            var id: String
            var method: String
            var methodClass: String
            var path: String
            var summary: String
            var description: String?
            var roles: [String]
            var parameters: [ContractOutline.Parameter]
            var hasParameters: Bool
            var request: Body?
            var responses: [Response]
            var problems: [Problem]
            var curl: String
        }

        struct Body {
            var contentType: String
            var schema: String
            var example: String?
        }

        struct Response {
            var status: String
            var description: String
            var bodies: [Body]
        }

        struct Problem {
            var type: String
            var status: Int
        }

        var title: String
        var version: String
        var style: String
        var tags: [Tag]
        var operationCount: Int

        init(outline: ContractOutline, access: [String: Access]) {
            title = outline.title
            version = outline.version
            style = ReferencePage.style
            operationCount = outline.operations.count
            tags = outline.tags.compactMap { tag in
                let operations = outline.operations.filter { $0.tags.first == tag.name }.map { Self.operation($0, access: access[$0.id]) }
                guard !operations.isEmpty else { return nil }
                return Tag(name: tag.name, description: tag.description, count: operations.count, operations: operations)
            }
        }

        static func operation(_ operation: ContractOutline.Operation, access: Access?) -> Operation {
            Operation(
                id: operation.id,
                method: operation.method,
                methodClass: operation.method.lowercased(),
                path: operation.path,
                summary: operation.summary,
                description: operation.description.isEmpty ? nil : operation.description,
                roles: roles(access),
                parameters: operation.parameters,
                hasParameters: !operation.parameters.isEmpty,
                request: operation.request.map(body),
                responses: operation.responses.map { Response(status: $0.status, description: $0.description, bodies: $0.bodies.map(body)) },
                problems: problems(operation, access: access),
                curl: curl(operation, access: access)
            )
        }

        /// A problem body's example is left out: the operation's problem types say more, and
        /// the same document under every status would bury the rest.
        static func body(_ body: ContractOutline.Body) -> Body {
            let shown = body.contentType == "application/problem+json" ? nil : body.example
            return Body(contentType: body.contentType, schema: body.schema, example: shown?.jsonText())
        }

        static func roles(_ access: Access?) -> [String] {
            switch access {
            case .anyone: ["anyone (no token)"]
            case .signedIn: ["worker", "team_leader", "admin"]
            case .anyOf(let roles): Role.allCases.filter(roles.contains).map(\.rawValue)
            case nil: ["nobody (not in the access table)"]
            }
        }

        /// The problem types whose status the operation declares, those of another area left out;
        /// every operation may answer 503 and 500. A token is refused only where one is needed,
        /// credentials only where they are sent.
        static func problems(_ operation: ContractOutline.Operation, access: Access?) -> [Problem] {
            let statuses = Set(operation.responses.compactMap { Int($0.status) } + [500, 503])
            let takesKey = operation.parameters.contains { $0.name == "Idempotency-Key" }
            return ProblemType.allCases.filter { type in
                guard statuses.contains(type.status.code) else { return false }
                switch type {
                case .idempotencyKeyInUse, .idempotencyKeyReused: return takesKey
                case .unauthenticated: return access != .anyone
                case .signInFailed, .tooManyAttempts: return access == .anyone && operation.tags.contains("Auth")
                default: break
                }
                guard let areas = type.areas else { return true }
                return !areas.isDisjoint(with: operation.tags)
            }
            .map { Problem(type: $0.uri, status: $0.status.code) }
        }

        static func curl(_ operation: ContractOutline.Operation, access: Access?) -> String {
            let required = operation.parameters.filter { $0.location == "query" && $0.required }
            let query = required.isEmpty ? "" : "?" + required.map { "\($0.name)={\($0.name)}" }.joined(separator: "&")
            var parts = ["curl"]
            if operation.method != "GET" { parts.append("-X \(operation.method)") }
            parts.append("\"$API\(operation.path)\(query)\"")
            if access != .anyone { parts.append("-H \"Authorization: Bearer $TOKEN\"") }
            for header in operation.parameters where header.location == "header" && header.required {
                parts.append("-H '\(header.name): …'")
            }
            if let request = operation.request {
                if request.contentType == "multipart/form-data" {
                    parts += request.fields.map { $0 == "file" ? "-F file=@invoice.pdf" : $0 == "isdoc" ? "-F isdoc=@invoice.isdoc" : "-F \($0)=…" }
                } else if request.contentType == "application/json" {
                    parts.append("-H 'Content-Type: application/json'")
                    let json = request.example?.jsonText(compact: true) ?? "{}"
                    parts.append("-d '\(json.replacingOccurrences(of: "'", with: "'\\''"))'")
                } else {
                    parts.append("-H 'Content-Type: \(request.contentType)' --data-binary @file")
                }
            }
            return parts.joined(separator: " ")
        }
    }
}

extension ProblemType {
    /// The tags of the operations that can answer this type; nil for a type any operation with
    /// its status can answer.
    var areas: Set<String>? {
        switch self {
        case .emailTaken, .contractOverlap, .cannotDeactivateSelf: ["People"]
        case .teamNameTaken: ["Teams"]
        case .rateDateTaken, .rateInEffect, .rateSuperseded: ["Rates"]
        case .linkExpired: ["Auth", "Invoices"]
        case .invoiceLocked: ["Invoices", "Rates"]
        case .invalidTransition, .noContractorContract, .futurePeriod, .notAPDF, .invalidPDF, .noStatementContract: ["Invoices"]
        case .timeEntryOverlap, .periodLocked, .projectUnavailable, .clientNameTaken, .projectNameTaken, .timerRunning, .notATimeFile:
            ["Time"]
        default: nil
        }
    }
}
