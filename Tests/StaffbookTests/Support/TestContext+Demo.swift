import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PostgresNIO
import StaffbookTestSupport
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

/// The demo company from `seeds/`, for tests that need believable data.
enum Demo {
    static let password = "staffbook-demo"
    static func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))! }

    static let admin = id(1)            // Alena Dvořáková, admin
    static let mobileLead = id(2)       // Tomáš Černý, leads Mobile
    static let webLead = id(3)          // Zuzana Horáková, leads Web, admin, member of Backend
    static let janNovak = id(4)         // worker in Mobile; HPP then ICO
    static let petraSvobodova = id(5)   // worker in Mobile
    static let ondrejChalupa = id(6)    // worker in Web
    static let formerEmployee = id(10)  // deactivated
    static let backendLead = id(11)     // Lukáš Čermák, leads Backend
    /// The id `seeds/0003_demo_invoices.sql` gives a person's invoice of a month: md5(person || first day).
    static func invoiceId(_ person: UUID, _ firstDay: String) -> String {
        md5UUID(person.uuidString.lowercased() + firstDay)
    }

    /// The id of that invoice's (only) file: md5('file' || person || first day).
    static func fileId(_ person: UUID, _ firstDay: String) -> String {
        md5UUID("file" + person.uuidString.lowercased() + firstDay)
    }

    private static func md5UUID(_ text: String) -> String {
        let hex = Insecure.MD5.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
        let chars = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }.joined(separator: "-")
    }

    static let skodaDigital = UUID(uuidString: "00000000-0000-4000-a000-000000000001")!
    static let ceskaSporitelna = UUID(uuidString: "00000000-0000-4000-a000-000000000002")!
    static let mobileBanking = UUID(uuidString: "00000000-0000-4000-b000-000000000001")!  // Mobile team, 1450/h
    static let carConfigurator = UUID(uuidString: "00000000-0000-4000-b000-000000000002")!  // Web team, 1600/h
    static let apiPlatform = UUID(uuidString: "00000000-0000-4000-b000-000000000003")!  // Backend team, 1500/h
    static let internalProject = UUID(uuidString: "00000000-0000-4000-b000-000000000004")!  // open to everyone, not billable
    static let mobileTeam = UUID(uuidString: "00000000-0000-4000-9000-000000000001")!
    static let webTeam = UUID(uuidString: "00000000-0000-4000-9000-000000000002")!
}

extension TestContext {
    func seedDemo() async throws {
        _ = try await withDatabase { pool in try await TestDatabase.seedDemo(pool) }
    }

    func token(_ email: String) async throws -> String {
        try await signIn(email, password: Demo.password).accessToken
    }

    /// A personal access token of the person, made through the API with these scopes.
    func personalToken(_ email: String, scopes: [String], expiresAt: Date? = nil) async throws -> String {
        struct Created: Decodable { var token: String }
        let names = scopes.map { "\"\($0)\"" }.joined(separator: ",")
        let expiry = expiresAt.map { #","expiresAt":"\#($0.formatted(.iso8601))""# } ?? ""
        let response = try await send(
            .post, "/v1/me/tokens", token: try await token(email), json: #"{"name":"Test","scopes":[\#(names)]\#(expiry)}"#)
        return try response.decode(Created.self).token
    }

    func upload(
        _ period: String, token: String, body: ByteBuffer = Multipart.invoice(), headers: HTTPFields = Multipart.headers
    ) async throws -> TestResponse {
        var headers = headers
        headers[.authorization] = "Bearer \(token)"
        return try await client.execute(uri: "/v1/me/invoices/\(period)", method: .put, headers: headers, body: body)
    }

    /// Runs a statement that should fail, and returns what PostgreSQL said (nil when it did not fail).
    func sqlError(_ query: String) async throws -> String? {
        try await withDatabase { pool in
            try await pool.withConnection { connection in
                do {
                    _ = try await connection.query(PostgresQuery(unsafeSQL: query), logger: TestDatabase.logger).collect()
                    return nil
                } catch let error as PSQLError {
                    return String(reflecting: error)
                }
            }
        }
    }

    /// Runs a statement on the app's database and returns the first column of each row as text.
    func sql(_ query: String) async throws -> [String?] {
        try await withDatabase { pool in
            try await pool.withConnection { connection in
                try await connection.query(PostgresQuery(unsafeSQL: query), logger: TestDatabase.logger)
                    .collect().map { try $0.makeRandomAccess()[0].decode(String?.self) }
            }
        }
    }

    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String?, json: String? = nil, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri, method: method, headers: headers, json: json)
    }
}
