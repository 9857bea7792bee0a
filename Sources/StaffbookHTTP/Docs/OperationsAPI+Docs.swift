import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

extension OperationsAPI {
    /// The whole page is rendered once; a search (`?q=`) renders the operations, schemas and
    /// problem types it finds.
    func getDocs(_ input: Operations.GetDocs.Input) async throws -> Operations.GetDocs.Output {
        let query = input.query.q?.trimmingCharacters(in: .whitespaces) ?? ""
        guard query.unicodeScalars.count <= 100, !query.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Problem.field("query.q", "range", DocsTexts.query)
        }
        let page =
            try query.isEmpty
            ? ReferencePage.shared.get() : ReferencePage(outline: ReferencePage.outline.get(), access: AccessPolicy.operations, query: query)
        return .ok(.init(headers: .init(contentSecurityPolicy: page.contentSecurityPolicy), body: .html(HTTPBody(page.html))))
    }
}
