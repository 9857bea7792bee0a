import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import StaffbookHTTP

/// A browser as far as the desk can tell: it keeps the cookies it is given, sends forms as
/// `application/x-www-form-urlencoded`, and does not follow redirects (tests look at them).
final class DeskBrowser: @unchecked Sendable {
    let app: TestContext
    private(set) var cookies: [String: String] = [:]

    init(_ app: TestContext) { self.app = app }

    func get(_ uri: String) async throws -> TestResponse {
        let response = try await app.client.execute(uri: uri, method: .get, headers: headers(), body: nil)
        keepCookies(response)
        return response
    }

    func post(_ uri: String, _ fields: KeyValuePairs<String, String>) async throws -> TestResponse {
        var headers = headers()
        headers[.contentType] = "application/x-www-form-urlencoded"
        let body = fields.map { Self.encode($0.key) + "=" + Self.encode($0.value) }.joined(separator: "&")
        let response = try await app.client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
        keepCookies(response)
        return response
    }

    func postMultipart(_ uri: String, _ parts: [Multipart.Part]) async throws -> TestResponse {
        var headers = headers()
        headers[.contentType] = Multipart.headers[.contentType]
        let response = try await app.client.execute(uri: uri, method: .post, headers: headers, body: Multipart.body(parts))
        keepCookies(response)
        return response
    }

    /// Signs in through the form as a person would: the page, then the form with its token.
    @discardableResult
    func signIn(_ email: String, password: String = Demo.password) async throws -> TestResponse {
        let form = try await get("/desk/sign-in")
        return try await post("/desk/sign-in", ["csrf": Self.hidden("csrf", in: form.text) ?? "", "email": email, "password": password])
    }

    /// The form token of the last page that had one.
    func token(of response: TestResponse) -> String { Self.hidden("csrf", in: response.text) ?? "" }

    static func hidden(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    /// The value of the input with this id (a secret shown once, say).
    static func value(of id: String, in html: String) -> String? {
        guard let input = html.range(of: "id=\"\(id)\"") else { return nil }
        guard let range = html[input.upperBound...].range(of: "value=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    private func headers() -> HTTPFields {
        var headers: HTTPFields = [.xForwardedFor: "203.0.113.9"]
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        return headers
    }

    private func keepCookies(_ response: TestResponse) {
        for line in response.headers[values: .setCookie] {
            let pair = line.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            let (name, value) = (String(pair[0]), String(pair[1]))
            if value.isEmpty || line.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
    }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "").replacingOccurrences(of: "%20", with: "+")
    }
}
