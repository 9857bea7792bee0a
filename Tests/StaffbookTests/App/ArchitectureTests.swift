import Foundation
import StaffbookTestSupport
import Testing

/// The rooms of the house, checked on the sources: what each target may import, handlers that
/// hold only what they use, and one composition root that builds each service once.
@Suite("Architecture")
struct ArchitectureTests {
    static func sources(_ target: String) throws -> [(path: String, text: String)] {
        let root = TestDatabase.repositoryRoot.appendingPathComponent("Sources/\(target)")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try files.sorted().map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test func eachTargetImportsOnlyTheLayersBelowIt() throws {
        let forbidden: [String: [String]] = [
            "StaffbookCore": ["import PostgresNIO", "import Hummingbird", "import OpenAPIRuntime", "import NIO", "import StaffbookPostgres"],
            "StaffbookPostgres": ["import Hummingbird", "import OpenAPI", "import StaffbookAPI", "import StaffbookJobs", "import StaffbookHTTP"],
            "StaffbookJobs": ["import Hummingbird", "import OpenAPI", "import StaffbookAPI", "import StaffbookHTTP"],
            // The desk is a second client of the same rules: no generated API types, no SQL of
            // its own, nothing of the job worker's; it reaches services through the root.
            "StaffbookDesk": ["import OpenAPI", "import StaffbookAPI", "import PostgresNIO", "import StaffbookJobs", "import StaffbookApp"],
        ]
        for (target, imports) in forbidden {
            for (path, text) in try Self.sources(target) {
                for line in imports { #expect(!text.contains(line), "\(target)/\(path): \(line)") }
            }
        }
    }

    /// An invoice's state, its moments, its events and its notifications are written by one
    /// writer (`InvoiceWriter`), which applies what `InvoiceEngine` decided: no other file
    /// inserts an invoice or an invoice event, or sets `state`, a moment of the workflow, or a
    /// column the engine's next decision reads (its checks, its amount and file, its account and
    /// the account's confirmation, what its approval kept to be paid, an override asked for).
    @Test func onlyTheInvoiceWriterWritesAnInvoicesState() throws {
        let columns = [
            "state", "approved_at", "paid_at", "returned_at", "submitted_at", "return_reason", "checks", "needs_attention", "amount",
            "current_file_id", "bank_account", "bank_account_confirmed_by", "bank_account_confirmed_at", "account_confirm_requested_by",
            "account_confirm_requested_at", "approved_account", "approved_amount", "override_requested_by", "override_reason",
        ]
        let writes = try Regex(
            #"(?s)(INSERT INTO invoices\b|INSERT INTO invoice_events|UPDATE invoices\b(?:(?!WHERE)[^"])*?\b("#
                + columns.joined(separator: "|") + #")\s*=)"#)
        var writers: [String] = []
        for target in ["StaffbookPostgres", "StaffbookJobs", "StaffbookHTTP", "StaffbookDesk", "StaffbookApp", "StaffbookCLI"] {
            for (path, text) in try Self.sources(target) where text.contains(writes) {
                writers.append("\(target)/\(path)")
            }
        }
        // Retention blanks the account of invoices past keeping (paid long ago): no engine decides on them again.
        #expect(writers == ["StaffbookPostgres/Invoices/InvoiceWriter.swift", "StaffbookPostgres/PersonalData/PostgresRetentionRepository.swift"])
    }

    /// A payment run's state, its approval, its moments, its events and its items' states are
    /// written by one writer (`PaymentRunWriter`), which applies what `PaymentRunEngine`
    /// decided: no other file inserts or updates a run, inserts its events, or sets an item's state.
    @Test func onlyThePaymentRunWriterWritesARun() throws {
        let writes = try Regex(
            #"(?s)(INSERT INTO payment_runs\b|UPDATE payment_runs\b|INSERT INTO payment_run_events|UPDATE payment_run_items\b(?:(?!WHERE)[^"])*?\bstate\s*=)"#
        )
        var writers: [String] = []
        for target in ["StaffbookPostgres", "StaffbookJobs", "StaffbookHTTP", "StaffbookDesk", "StaffbookApp", "StaffbookCLI"] {
            for (path, text) in try Self.sources(target) where text.contains(writes) {
                writers.append("\(target)/\(path)")
            }
        }
        #expect(writers == ["StaffbookPostgres/Payments/PaymentRunWriter.swift"])
        // "Awaits approval" is said once, by the engine's snapshot: no statement spells it again.
        let spelled = try Regex(#"approval_required AND approved_by IS NULL"#)
        for target in ["StaffbookPostgres", "StaffbookHTTP", "StaffbookDesk"] {
            for (path, text) in try Self.sources(target) { #expect(!text.contains(spelled), "\(target)/\(path)") }
        }
    }

    @Test func theHTTPLayerOpensNoListenAndBuildsNoMail() throws {
        for (path, text) in try Self.sources("StaffbookHTTP") {
            for call in ["listen(on:", "MailMessage(", "SMTPClient("] {
                #expect(!text.contains(call), "StaffbookHTTP/\(path): \(call)")
            }
        }
    }

    @Test func everyRepositoryAndServiceIsBuiltOnceByTheCompositionRoot() throws {
        let pattern = try Regex(#"\b(Postgres\w+(?:Repository|Store|Queue|Throttle)|\w+Service)\("#)
        var built: [String: [String]] = [:]
        for target in ["StaffbookHTTP", "StaffbookJobs", "StaffbookDesk", "StaffbookApp"] {
            for (path, text) in try Self.sources(target) {
                for line in text.split(separator: "\n") where !line.contains("init(") && !line.contains("struct ") && !line.contains("///") {
                    for match in line.matches(of: pattern) { built[String(line[match.range].dropLast()), default: []].append(path) }
                }
            }
        }
        #expect(built["InvoiceService"] == ["App/Services.swift"])
        #expect(built["PostgresJobQueue"] == ["App/Services.swift"])
        for (type, places) in built { #expect(places.count == 1, "\(type) is built in \(places)") }
    }

    /// The router (`APIHandler`) holds one area handler per area and nothing else; an area
    /// holds at most ten things.
    @Test func noHandlerHoldsMoreThanTenDependencies() throws {
        let declaration = try Regex(#"^(?:package )?struct (\w+API|APIHandler)\b"#)
        var counted: [String: Int] = [:]
        for (_, text) in try Self.sources("StaffbookHTTP") {
            var current: String?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if let match = line.firstMatch(of: declaration) {
                    current = String(line[match.output[1].range ?? line.startIndex..<line.startIndex])
                    counted[current ?? ""] = 0
                } else if line == "}" {
                    current = nil
                } else if let name = current, line.hasPrefix("    let ") {
                    counted[name, default: 0] += 1
                }
            }
        }
        #expect(counted.count >= 10, "\(counted)")
        for (name, count) in counted where name != "APIHandler" { #expect(count <= 10, "\(name) holds \(count)") }
        let router = try #require(try Self.sources("StaffbookHTTP").first { $0.0.hasSuffix("/APIHandler.swift") }?.1)
        let members = router.split(separator: "\n").filter { $0.hasPrefix("    let ") }
        #expect(!members.isEmpty && members.allSatisfy { $0.hasSuffix("API") }, "\(members)")
    }
}
