// The stack's own cost of a keyed read, without anything of Staffbook: Hummingbird's router
// with one route that runs one prepared PostgresNIO statement and writes its row as JSON by
// hand, and one route that answers a constant. `make bench` drives both as it drives the
// server, so the server's CPU per request is read against what the stack alone costs. The same
// reads behind the bearer check the server and the Python peer make (jwt-kit verifying the
// access token, the session's status from PostgreSQL remembered 2 s) are the same work as the
// server's `/v1/me` and admin list. Each statement names itself, as the server's do:
// PostgresNIO's default name is worked out by reflection at every execution.
import Foundation
import Hummingbird
import JWTKit
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// A prepared statement whose one parameter is a key.
protocol KeyStatement: PostgresPreparedStatement {
    var id: UUID { get }
}

extension KeyStatement {
    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(id)
        return bindings
    }
}

struct AccountStatement: KeyStatement {
    typealias Row = (UUID, String, String, String)
    static let name = "ceiling_account"
    static let sql = "SELECT id, email::text, first_name, last_name FROM accounts WHERE id = $1"
    let id: UUID

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}

/// The rows of the admin list's first page (`page`) with their files (`f`): what both ways of
/// writing the page read.
let pageRows = """
    (
        SELECT i.*, a.first_name, a.last_name, a.email
        FROM accounts a JOIN invoices i ON i.account_id = a.id
        WHERE i.period = '2026-09-01' AND i.state = 'approved'
        ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id, i.period
        LIMIT 21
    ) page
    JOIN invoice_files f ON f.id = page.current_file_id
    """

/// The admin list's first page of approved invoices for September 2026, as the server's
/// statement reads it (21 rows: 20 and whether there is a next page). The month is written in
/// the statement, so PostgreSQL plans it for its value, as it does the server's.
struct InvoicePageStatement: PostgresPreparedStatement {
    typealias Row = (
        UUID, UUID, String, String, String, String, String, String, String, String?, String?, Int32, String?,
        UUID, String, Int64, String, Date?, Date?, Date?, Date?
    )
    static let name = "ceiling_page"
    static let sql = """
        SELECT page.id, page.account_id, page.first_name, page.last_name, page.email::text, to_char(page.period, 'YYYY-MM'),
               page.state::text, page.kind::text, page.amount::text, page.statement_hours::text, page.statement_rate::text,
               page.version, page.return_reason, f.id, f.media_type, f.size, encode(f.sha256, 'hex'),
               page.submitted_at, page.approved_at, page.paid_at, page.exported_at
        FROM \(pageRows)
        ORDER BY page.last_name COLLATE czech, page.first_name COLLATE czech, page.account_id, page.period
        """
    func makeBindings() -> PostgresBindings {
        PostgresBindings()
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}

/// The same page written by PostgreSQL: the statement returns the response body, byte for byte
/// what `invoiceJSON` writes for the rows, and the server sends it without decoding a row. The
/// A/B of `make bench` ("PostgreSQL writes the JSON") against the route above.
struct InvoicePageJSONStatement: PostgresPreparedStatement {
    typealias Row = String
    static let name = "ceiling_page_json"
    static let sql = """
        SELECT json_build_object(
            'items', coalesce(json_agg(json_build_object(
                'id', id, 'person', json_build_object('id', account_id, 'firstName', first_name, 'lastName', last_name, 'email', email),
                'period', period, 'state', state, 'kind', kind, 'amount', amount, 'statementHours', statement_hours,
                'statementRate', statement_rate, 'version', version, 'returnReason', return_reason,
                'file', json_build_object('id', file_id, 'mediaType', media_type, 'size', size, 'sha256', sha256),
                'submittedAt', submitted_at, 'approvedAt', approved_at, 'paidAt', paid_at, 'exportedAt', exported_at
            ) ORDER BY n) FILTER (WHERE n <= 20), '[]'),
            'nextCursor', CASE WHEN count(*) > 20 THEN 'next' END)::text
        FROM (
            SELECT page.id, page.account_id, page.first_name, page.last_name, page.email::text AS email,
                   to_char(page.period, 'YYYY-MM') AS period, page.state::text AS state, page.kind::text AS kind, page.amount,
                   page.statement_hours, page.statement_rate, page.version, page.return_reason, f.id AS file_id, f.media_type, f.size,
                   encode(f.sha256, 'hex') AS sha256,
                   to_char(page.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS submitted_at,
                   to_char(page.approved_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS approved_at,
                   to_char(page.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_at,
                   to_char(page.exported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS exported_at,
                   row_number() OVER (ORDER BY page.last_name COLLATE czech, page.first_name COLLATE czech, page.account_id, page.period) AS n
            FROM \(pageRows)
        ) rows
        """
    func makeBindings() -> PostgresBindings {
        PostgresBindings()
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}

/// The caller's account as the server's `/v1/me` and the Python peer read it: the same twelve
/// columns.
struct ProfileStatement: KeyStatement {
    typealias Row = (UUID, String, String, String, [String], Bool, String?, String?, String?, String?, String?, String)
    static let name = "ceiling_profile"
    static let sql = """
        SELECT id, email::text, first_name, last_name, roles, is_active, academic_title, position,
               capacity_hours_per_week::text, phone, personal_email::text, language FROM accounts WHERE id = $1
        """
    let id: UUID

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}

/// Whether a session is still on, with its account and roles.
struct SessionStatement: KeyStatement {
    typealias Row = (UUID, [String])
    static let name = "ceiling_session"
    static let sql = """
        SELECT a.id, a.roles FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND a.is_active
        """
    let id: UUID

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}

/// The access token's claims.
struct Claims: JWTPayload {
    var iss: String
    var aud: String
    var sub: String
    var sid: String
    var iat: Int
    var exp: Int

    func verify(using algorithm: some JWTAlgorithm) throws {
        let now = Int(Date().timeIntervalSince1970)
        guard iss == "staffbook", aud == "staffbook-api", exp > now, iat <= now + 30 else {
            throw JWTError.claimVerificationFailure(failedClaim: nil, reason: "claims")
        }
    }
}

/// The bearer check: the HS256 token verified by jwt-kit on every request, then the session's
/// status from PostgreSQL, remembered 2 s; the caller's account and roles, nil when refused.
final class BearerCheck: Sendable {
    let keys: JWTKeyCollection
    let client: PostgresClient
    let logger: Logger
    let sessions = Mutex<[UUID: (until: ContinuousClock.Instant, caller: (id: UUID, roles: [String])?)]>([:])

    init(keys: JWTKeyCollection, client: PostgresClient, logger: Logger) {
        self.keys = keys
        self.client = client
        self.logger = logger
    }

    func caller(_ request: Request) async throws -> (id: UUID, roles: [String])? {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer "), header.utf8.count <= 4096 else { return nil }
        guard let claims = try? await keys.verify(String(header.dropFirst(7)), as: Claims.self), let sid = UUID(uuidString: claims.sid)
        else { return nil }
        let now = ContinuousClock.now
        if let known = sessions.withLock({ $0[sid] }), known.until > now { return known.caller }
        var found: (id: UUID, roles: [String])?
        for try await (id, roles) in try await client.execute(SessionStatement(id: sid), logger: logger) {
            found = (id, roles)
        }
        sessions.withLock { $0[sid] = (now + .seconds(2), found) }
        return found
    }
}

func jsonArray(_ value: [String]) -> String {
    "[" + value.map { "\"\(escaped($0))\"" }.joined(separator: ",") + "]"
}

/// `"2026-09-01T00:00:00Z"` from whole seconds, by the civil-from-days arithmetic.
func timestamp(_ date: Date?) -> String {
    guard let date else { return "null" }
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let second = seconds - days * 86_400
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\"\(year)-\(two(month))-\(two(day))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))Z\""
}

func text(_ value: String?) -> String {
    value.map { "\"\(escaped($0))\"" } ?? "null"
}

/// One invoice of the page as the server writes it.
func invoiceJSON(_ row: InvoicePageStatement.Row) -> String {
    let person = #"{"id":"\#(row.1.uuidString.lowercased())","firstName":\#(text(row.2)),"lastName":\#(text(row.3)),"email":\#(text(row.4))}"#
    let file = #"{"id":"\#(row.13.uuidString.lowercased())","mediaType":\#(text(row.14)),"size":\#(row.15),"sha256":"\#(row.16)"}"#
    return #"{"id":"\#(row.0.uuidString.lowercased())","person":\#(person),"period":"\#(row.5)","state":"\#(row.6)","kind":"\#(row.7)","#
        + #""amount":\#(row.8),"statementHours":\#(row.9 ?? "null"),"statementRate":\#(row.10 ?? "null"),"version":\#(row.11),"#
        + #""returnReason":\#(text(row.12)),"file":\#(file),"submittedAt":\#(timestamp(row.17)),"approvedAt":\#(timestamp(row.18)),"#
        + #""paidAt":\#(timestamp(row.19)),"exportedAt":\#(timestamp(row.20))}"#
}

/// A JSON string literal's content, with what JSON escapes escaped.
func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\u{0}"..."\u{1F}": out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// A synchronous entry point that waits for the server's task, as the server's own does: valgrind
/// (which counts the ceiling's instructions per request) crashes on an `async` main's Dispatch
/// signal loop.
@main
enum Ceiling {
    static func main() {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                try await serve()
            } catch {
                FileHandle.standardError.write(Data("staffbook-ceiling: \(error)\n".utf8))
                exit(1)
            }
            finished.signal()
        }
        finished.wait()
    }

    static func serve() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["DATABASE_URL"].flatMap(URL.init(string:)), let host = url.host, let user = url.user,
            let account = environment["CEILING_ACCOUNT"].flatMap(UUID.init(uuidString:))
        else {
            FileHandle.standardError.write(Data("DATABASE_URL and CEILING_ACCOUNT are needed\n".utf8))
            exit(2)
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: url.port ?? 5432, username: user, password: url.password, database: String(url.path.dropFirst()),
            tls: .disable)
        configuration.options.maximumConnections = Int(environment["DATABASE_MAX_CONNECTIONS"] ?? "") ?? 4
        configuration.options.additionalStartupParameters = [("jit", "off")]
        let logger = Logger(label: "ceiling")
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)

        guard let signing = environment["AUTH_SIGNING_KEY"], let colon = signing.firstIndex(of: ":"),
            let secret = Data(base64Encoded: String(signing[signing.index(after: colon)...]))
        else {
            FileHandle.standardError.write(Data("AUTH_SIGNING_KEY (id:base64) is needed\n".utf8))
            exit(2)
        }
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256, kid: JWKIdentifier(string: String(signing[..<colon])))
        let bearer = BearerCheck(keys: keys, client: client, logger: logger)
        let unauthorized = Response(status: .unauthorized)

        @Sendable func decodedPage() async throws -> Response {
            var items: [String] = []
            for try await row in try await client.execute(InvoicePageStatement(), logger: logger) {
                items.append(invoiceJSON(row))
            }
            let json = #"{"items":[\#(items.prefix(20).joined(separator: ","))],"nextCursor":\#(items.count > 20 ? "\"next\"" : "null")}"#
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: json)))
        }
        let router = Router()
        router.get("live") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
        }
        router.get("me") { _, _ -> Response in
            for try await (id, email, first, last) in try await client.execute(AccountStatement(id: account), logger: logger) {
                let json =
                    #"{"id":"\#(id.uuidString.lowercased())","email":"\#(escaped(email))","#
                    + #""firstName":"\#(escaped(first))","lastName":"\#(escaped(last))"}"#
                return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: json)))
            }
            return Response(status: .notFound)
        }
        router.get("invoices") { _, _ -> Response in
            try await decodedPage()
        }
        router.get("invoices-json") { _, _ -> Response in
            for try await json in try await client.execute(InvoicePageJSONStatement(), logger: logger) {
                return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: json)))
            }
            return Response(status: .internalServerError)
        }
        router.get("v1/me") { request, _ -> Response in
            guard let caller = try await bearer.caller(request) else { return unauthorized }
            for try await row in try await client.execute(ProfileStatement(id: caller.id), logger: logger) {
                let json =
                    #"{"id":"\#(row.0.uuidString.lowercased())","email":\#(text(row.1)),"firstName":\#(text(row.2)),"#
                    + #""lastName":\#(text(row.3)),"roles":\#(jsonArray(row.4)),"active":\#(row.5),"academicTitle":\#(text(row.6)),"#
                    + #""position":\#(text(row.7)),"capacityHoursPerWeek":\#(row.8 ?? "null"),"phone":\#(text(row.9)),"#
                    + #""personalEmail":\#(text(row.10)),"language":\#(text(row.11))}"#
                return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: json)))
            }
            return Response(status: .notFound)
        }
        router.get("v1/invoices") { request, _ -> Response in
            guard let caller = try await bearer.caller(request) else { return unauthorized }
            guard caller.roles.contains("admin") else { return Response(status: .notFound) }
            return try await decodedPage()
        }
        let port = Int(environment["HTTP_PORT"] ?? "") ?? 18091
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)), services: [client], logger: logger)
        try await app.runService()
    }
}
