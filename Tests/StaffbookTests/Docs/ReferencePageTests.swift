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
            #expect(upload.contains(#"curl -X PUT "$API/v1/me/invoices/2026-11" -H "Authorization: Bearer $TOKEN" -H "Idempotency-Key: $(uuidgen)" -F file=@invoice.pdf -F amount=42000.50"#))
            #expect(!upload.contains("urn:staffbook:problem:absence-overlap") && !upload.contains("urn:staffbook:problem:nothing-to-pay"))
            #expect(upload.contains("urn:staffbook:problem:idempotency-key-reused"))
            #expect(upload.contains("Body: up to HTTP_MAX_UPLOAD_BYTES (10 MiB by default), and 64 KiB for the multipart envelope."))
            #expect(upload.contains("Personal tokens: none reach it; a signed-in session only."))
            let timer = try #require(Self.article("startMyTimer", in: html))
            #expect(timer.contains("Personal tokens with one of the scopes: timer."))
            #expect(timer.contains("Body: up to HTTP_MAX_BODY_BYTES (1 MiB by default)."))
            let statement = try #require(Self.article("importBankStatement", in: html))
            #expect(statement.contains("Body: up to HTTP_MAX_STATEMENT_BYTES (32 MiB by default)."))
            let rates = try #require(Self.article("listUserRates", in: html))
            #expect(rates.contains("Checked per person: the caller, a leader of one of the person's teams, or an admin."))
            #expect(!rates.contains("Body: up to"))
            #expect(!(try #require(Self.article("getLiveness", in: html))).contains("Personal tokens"))
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

    /// The contract's schema names, read from its lines (`    Name:` under `  schemas:`).
    static let schemaNames: [String] = {
        let yaml = String(decoding: OpenAPIDocument.yaml, as: UTF8.self)
        var names: [String] = []
        var inSchemas = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  ") && !line.hasPrefix("   ") { inSchemas = line == "  schemas:" }
            if inSchemas, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                names.append(String(line.dropFirst(4).dropLast()))
            }
        }
        return names
    }()

    @Test func everySchemaIsShownWithItsFieldsAndOperationsLinkToThem() async throws {
        try await TestApp.test { app in
            let html = try await app.client.execute(uri: "/docs", method: .get).text

            #expect(Self.schemaNames.count > 150)
            for name in Self.schemaNames {
                #expect(html.contains("<article class=\"schema\" id=\"schema-\(name)\">"), "\(name) is missing")
            }
            let detail = try #require(html.range(of: "id=\"schema-InvoiceDetail\"").map { String(html[$0.lowerBound...].prefix(6000)) })
            #expect(detail.contains("<td data-label=\"field\"><code>amount</code></td><td data-label=\"type\"><a href=\"#schema-Money\">Money</a>"))
            #expect(detail.contains("<span class=\"required\">required</span>"))
            let money = try #require(html.range(of: "id=\"schema-Money\"").map { String(html[$0.lowerBound...].prefix(800)) })
            #expect(money.contains("pattern ^-?[0-9]{1,10}\\.[0-9]{2}$"))
            let listInvoices = try #require(Self.article("listInvoices", in: html))
            #expect(listInvoices.contains("<a href=\"#schema-InvoiceList\">InvoiceList</a>"))
            #expect(listInvoices.contains("<a href=\"#problem-validation-failed\"><code>urn:staffbook:problem:validation-failed</code></a>"))
        }
    }

    @Test func aPathParametersValuesRequiredHeadersAndAFormsPartsAreShown() async throws {
        try await TestApp.test { app in
            let html = try await app.client.execute(uri: "/docs", method: .get).text
            let act = try #require(Self.article("actOnInvoice", in: html))
            let upload = try #require(Self.article("uploadMyInvoice", in: html))

            for action in ["approve", "return", "mark-paid", "undo-approval", "undo-payment", "undo-return"] {
                #expect(act.contains("<code>\(action)</code>"), "\(action)")
            }
            #expect(act.contains("<code>If-Match</code></td><td data-label=\"in\">header</td>"))
            #expect(act.range(of: #"If-Match</code>.*?<span class="required">required</span>"#, options: .regularExpression) != nil)
            #expect(act.contains(#"curl -X POST "$API/v1/invoices/6b307157-3300-70e7-ba0e-85bca9936365/actions/approve" -H "Authorization: Bearer $TOKEN" -H 'If-Match: "v1"'"#))
            for part in ["file", "amount", "isdoc", "number", "variableSymbol", "issueDate", "currency", "ignoreIsdoc"] {
                #expect(upload.contains("<td data-label=\"field\"><code>\(part)</code></td>"), "\(part)")
            }
            #expect(upload.contains("<td data-label=\"field\"><code>file</code></td><td data-label=\"type\">string (binary)</td><td data-label=\"required\"><span class=\"required\">required</span>"))
            for type in ProblemType.allCases {
                #expect(html.contains("<div class=\"problem\" id=\"problem-\(type.rawValue)\">"), "\(type)")
            }
        }
    }

    @Test func theSearchFormFindsOperationsSchemasAndProblemTypesAndRefusesNonsense() async throws {
        try await TestApp.test { app in
            let found = try await app.client.execute(uri: "/docs?q=absence", method: .get)
            let nothing = try await app.client.execute(uri: "/docs?q=xyzzy", method: .get)
            let long = try await app.client.execute(uri: "/docs?q=\(String(repeating: "a", count: 101))", method: .get)
            let html = found.text

            #expect(found.status == .ok)
            #expect(html.contains("<input type=\"search\" name=\"q\" value=\"absence\""))
            #expect(Self.article("requestAbsence", in: html) != nil)
            #expect(Self.article("listInvoices", in: html) == nil)
            #expect(html.contains("id=\"schema-AbsenceKind\"") && !html.contains("id=\"schema-InvoiceDetail\""))
            #expect(html.contains("id=\"problem-absence-overlap\"") && !html.contains("id=\"problem-not-a-pdf\""))
            #expect(nothing.text.contains("Found 0 operations, 0 schemas and 0 problem types"))
            #expect(long.status == .badRequest)
            #expect(long.problem?.errors?.map(\.field) == ["query.q"])
            #expect(found.headers[.contentSecurityPolicy]?.contains("form-action 'self'") == true)
        }
    }

    @Test func everyLinkWithinThePageLeadsToAnAnchorOfIt() async throws {
        try await TestApp.test { app in
            let html = try await app.client.execute(uri: "/docs", method: .get).text
            func values(_ attribute: String) -> [String] {
                html.components(separatedBy: "\(attribute)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            }
            let anchors = Set(values("id"))
            let links = values("href").filter { $0.hasPrefix("#") }.map { String($0.dropFirst()) }

            #expect(links.count > 2000)
            #expect(anchors.contains("schema-Problem"))
            let broken = Set(links.filter { !anchors.contains($0) })
            #expect(broken.isEmpty, "\(broken.sorted().prefix(20))")
        }
    }

    @Test func aSearchOfSeveralWordsFindsWhatHasEveryWordSomewhere() async throws {
        try await TestApp.test { app in
            let html = try await app.client.execute(uri: "/docs?q=approve%20invoice", method: .get).text
            let nothing = try await app.client.execute(uri: "/docs?q=approve%20xyzzy", method: .get).text

            #expect(Self.article("actOnInvoice", in: html) != nil)
            #expect(Self.article("requestAbsence", in: html) == nil)
            #expect(nothing.contains("Found 0 operations"))
        }
    }

    @Test func aBodyThatMayBeSentAsSeveralMediaTypesShowsEachOfThem() async throws {
        try await TestApp.test { app in
            let html = try await app.client.execute(uri: "/docs", method: .get).text
            let statement = try #require(Self.article("importBankStatement", in: html))
            #expect(statement.contains("<code>application/xml</code> or <code>text/plain</code> or <code>application/octet-stream</code>"))
        }
    }

    @Test func theContractsMarkdownIsShownAsHTML() async throws {
        try await TestApp.test { app in
            let html = try await app.client.execute(uri: "/docs", method: .get).text
            let metrics = try #require(Self.article("getMetrics", in: html))
            let main = try #require(html.range(of: "<main>").map { String(html[$0.lowerBound...]) })

            #expect(metrics.contains("<code>METRICS_TOKEN</code>"), "\(metrics.prefix(1500))")
            #expect(!metrics.contains("`METRICS_TOKEN`"))
            // No description is left with Markdown's code marks (the curl lines in <pre> have none).
            #expect(!main.contains("`"), "\(main.components(separatedBy: "`").first?.suffix(200) ?? "")")
        }
    }

    @Test func thePageIsSentGzippedToABrowserThatAsksAndWholeToOneThatDoesNot() async throws {
        try await TestApp.test { app in
            let plain = try await app.client.execute(uri: "/docs", method: .get)
            let gzipped = try await app.client.execute(uri: "/docs", method: .get, headers: [.acceptEncoding: "gzip, deflate, br"])
            let refused = try await app.client.execute(uri: "/docs", method: .get, headers: [.acceptEncoding: "gzip;q=0, identity"])
            let search = try await app.client.execute(uri: "/docs?q=absence", method: .get, headers: [.acceptEncoding: "gzip"])
            let bytes = [UInt8](buffer: gzipped.body)

            #expect(plain.headers[.contentEncoding] == nil && plain.headers[.vary] == "Accept-Encoding")
            #expect(gzipped.headers[.contentEncoding] == "gzip" && gzipped.headers[.vary] == "Accept-Encoding")
            #expect(Array(bytes.prefix(2)) == [0x1f, 0x8b])
            #expect(bytes.count * 5 < plain.body.readableBytes, "\(bytes.count) of \(plain.body.readableBytes)")
            #expect(gzipped.headers[.contentLength] == String(bytes.count))
            #expect(try Self.gunzip(bytes) == [UInt8](buffer: plain.body))
            #expect(refused.headers[.contentEncoding] == nil)
            #expect(search.headers[.contentEncoding] == "gzip")
            #expect(String(decoding: try Self.gunzip([UInt8](buffer: search.body)), as: UTF8.self).contains("id=\"requestAbsence\""))
        }
    }

    /// Decompressed by the system's `gzip`, not by the code under test.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(Data(bytes))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }
}
