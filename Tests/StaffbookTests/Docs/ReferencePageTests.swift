import Crypto
import Foundation
import HummingbirdTesting
import StaffbookAPI
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP

@Suite("The reference page")
struct ReferencePageTests {
    static let operationIds: [String] = {
        let yaml = String(decoding: OpenAPIDocument.yaml, as: UTF8.self)
        return yaml.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("operationId: ") else { return nil }
            return String(trimmed.dropFirst("operationId: ".count))
        }
    }()

    /// The article of one operation, from its opening tag to its end, entities decoded.
    static func article(_ id: String, in html: String) -> String? {
        guard let start = html.range(of: "<article class=\"op\" id=\"\(id)\""),
            let end = html.range(of: "</article>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return [("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")].reduce(
            String(html[start.lowerBound..<end.upperBound])
        ) { text, entity in text.replacingOccurrences(of: entity.0, with: entity.1) }
    }

    @Test func everyOperationAppearsWithTheRolesOfTheAccessTable() async throws {
        try await TestApp.test { app in
            let response = try await app.client.execute(uri: "/docs", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html")
            let html = response.text
            try? FileManager.default.createDirectory(
                at: TestDatabase.repositoryRoot.appendingPathComponent(".local"), withIntermediateDirectories: true
            )
            try? html.write(to: TestDatabase.repositoryRoot.appendingPathComponent(".local/docs.html"), atomically: true, encoding: .utf8)

            #expect(Self.operationIds.count >= 83)
            for id in Self.operationIds {
                let article = try #require(Self.article(id, in: html), "\(id) is missing")
                let roles = article.components(separatedBy: "<span class=\"role\">").dropFirst().map { $0.prefix { $0 != "<" } }
                switch AccessPolicy.operations[id] {
                case .anyone: #expect(roles == ["anyone (no token)"], "\(id)")
                case .signedIn: #expect(roles == ["worker", "team_leader", "admin"], "\(id)")
                case .anyOf(let allowed): #expect(Set(roles.map(String.init)) == Set(allowed.map(\.rawValue)), "\(id)")
                case nil: Issue.record("\(id) is not in the access table")
                }
            }
            let listInvoices = try #require(Self.article("listInvoices", in: html))
            #expect(listInvoices.contains("<span class=\"role\">admin</span>"))
            #expect(!listInvoices.contains("<span class=\"role\">worker</span>"))
            #expect(listInvoices.contains("urn:staffbook:problem:validation-failed"))
            #expect(!listInvoices.contains("urn:staffbook:problem:timer-running"))
            #expect(listInvoices.contains("curl \"$API/v1/invoices\" -H \"Authorization: Bearer $TOKEN\""))
            let signIn = try #require(Self.article("signInWithPassword", in: html))
            #expect(signIn.contains("urn:staffbook:problem:sign-in-failed"))
            #expect(signIn.contains("urn:staffbook:problem:too-many-attempts"))
            #expect(!signIn.contains("urn:staffbook:problem:unauthenticated"))
            #expect(signIn.contains(#"-d '{"email":"jan.novak@staffbook.example","password":"#))
            let upload = try #require(Self.article("uploadMyInvoice", in: html))
            #expect(upload.contains("-F file=@invoice.pdf -F amount=…"))
            #expect(upload.contains("urn:staffbook:problem:idempotency-key-reused"))
        }
    }

    @Test func thePageRunsNoScriptAndAllowsOnlyItsOwnStyle() async throws {
        try await TestApp.test { app in
            let response = try await app.client.execute(uri: "/docs", method: .get)
            let html = response.text
            let policy = try #require(response.headers[.contentSecurityPolicy])

            #expect(!html.contains("<script"))
            #expect(policy.hasPrefix("default-src 'none'; style-src 'sha256-"))
            let style = try #require(html.range(of: "<style>").flatMap { open in
                html.range(of: "</style>", range: open.upperBound..<html.endIndex).map { html[open.upperBound..<$0.lowerBound] }
            })
            let hash = Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()
            #expect(policy.contains("'sha256-\(hash)'"))
            #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        }
    }
}
