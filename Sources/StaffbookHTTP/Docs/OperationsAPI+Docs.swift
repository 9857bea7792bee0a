import OpenAPIRuntime
import StaffbookAPI

extension OperationsAPI {
    func getDocs(_ input: Operations.GetDocs.Input) async throws -> Operations.GetDocs.Output {
        let page = try ReferencePage.shared.get()
        return .ok(.init(headers: .init(contentSecurityPolicy: page.contentSecurityPolicy), body: .html(HTTPBody(page.html))))
    }
}
