import Crypto
import Foundation
import Mustache
import StaffbookAPI
import StaffbookCore

/// `GET /docs`: the contract as one HTML page for people, with what no generic OpenAPI viewer
/// knows: who may call each operation (the access table) and which problem types it answers.
/// Every schema with its fields, each problem type once, a `curl` line that runs against the
/// demo. No script (the search is a form the server answers), styles allowed by their hash only.
struct ReferencePage: Sendable {
    let html: String
    let contentSecurityPolicy: String

    /// The whole page, rendered once per process.
    static let shared: Result<ReferencePage, any Error> = Result {
        try ReferencePage(outline: outline.get(), access: AccessPolicy.operations, query: nil)
    }

    static let outline: Result<ContractOutline, any Error> = Result {
        try ContractOutline(yaml: String(decoding: OpenAPIDocument.yaml, as: UTF8.self))
    }

    static let contentSecurityPolicy: String = {
        let hash = Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()
        return "default-src 'none'; style-src 'sha256-\(hash)'; img-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }()

    /// The page, or with `query` only the operations, schemas and problem types it finds.
    init(outline: ContractOutline, access: [String: Access], query: String?) throws {
        let model = Model(outline: outline, access: access, query: query)
        html = try Self.library.get().render(model, withTemplate: "page") ?? ""
        contentSecurityPolicy = Self.contentSecurityPolicy
    }

    /// The page's template and its partials, parsed once.
    static let library: Result<MustacheLibrary, any Error> = Result {
        var library = MustacheLibrary()
        try library.register(template, named: "page")
        for (name, partial) in partials { try library.register(partial, named: name) }
        return library
    }
}
