import Foundation
import StaffbookClient
import StaffbookTestSupport
import Synchronization
import Testing

/// What keeps a shipped app working with the server's next release, and the helpers' answers
/// an app developer would otherwise trip over.
@Suite struct ClientEvolutionTests {
    /// A server of a later release: answers every request with this status and JSON body.
    struct LaterServer: ClientTransport {
        let status: HTTPResponse.Status
        let json: String

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
            (HTTPResponse(status: status, headerFields: [.contentType: "application/json"]), HTTPBody(json))
        }
    }

    static let server = URL(string: "http://127.0.0.1:9")

    @Test func aListCarryingValuesTheClientDoesNotKnowDecodesAndKeepsThem() async throws {
        let json = """
            {"items": [
              {"period": "2026-11", "state": "disputed", "actions": ["dispute", "upload"],
               "checks": [{"kind": "amount", "status": "pass"}, {"kind": "carbon_footprint", "status": "waived"}]},
              {"period": "2026-10", "state": "paid", "actions": []}
            ]}
            """
        let app = Staffbook(
            serverURL: try #require(Self.server), transport: LaterServer(status: .ok, json: json), tokens: .personal("sbp_test"))

        let months = try await app.api.listMyInvoices().ok.body.json.items

        #expect(months.count == 2)
        #expect(months[0].state == .unknown("disputed"))
        #expect(months[0].state.rawValue == "disputed")
        #expect(months[0].actions == [.unknown("dispute"), .upload])
        #expect(months[0].checks?.map(\.kind) == [.amount, .unknown("carbon_footprint")])
        #expect(months[0].checks?.last?.status.rawValue == "waived")
        #expect(months[1].state == .paid)
        #expect(Components.Schemas.MonthState(rawValue: "paid") == .paid)
        #expect(!Components.Schemas.MonthState.allCases.contains(.unknown("disputed")))
        // An unknown value sent back (an app echoing what it read) is sent as it came.
        let encoded = try JSONEncoder().encode(months[0].actions)
        #expect(String(decoding: encoded, as: UTF8.self) == #"["dispute","upload"]"#)
    }

    @Test func readingAnAnswerAsACaseItIsNotSaysWhichTwoInAFewWords() async throws {
        let json = #"{"period": "2026-11", "state": "submitted", "actions": ["replace"], "returnReason": "Tajný důvod"}"#
        let app = Staffbook(
            serverURL: try #require(Self.server), transport: LaterServer(status: .created, json: json), tokens: .personal("sbp_test"))
        let answer = try await app.api.uploadMyInvoice(
            path: .init(period: try #require(Month("2026-11"))), headers: .init(idempotencyKey: UUID().uuidString),
            body: .multipartForm(MultipartBody([]))
        )

        let error = #expect(throws: UnexpectedAnswer.self) { try answer.ok }

        #expect(error == UnexpectedAnswer(expected: "ok", received: answer))
        #expect(error?.received == "created")
        #expect(error?.description == "Staffbook: the answer is created, not ok")
        #expect(error?.localizedDescription.contains("Tajný") == false)
    }

    @Test func aRevokedPersonalTokenEndsInSignedOutAndIsForgotten() async throws {
        try await EndToEndServer.run { server in
            let owner = Staffbook(serverURL: server.url)
            try await owner.signIn(email: "jan.novak@staffbook.example", password: "staffbook-demo")
            let created = try await owner.api.createMyToken(body: .json(.init(name: "Shortcuts", scopes: [.timer]))).created.body.json
            let signedOut = Mutex(0)
            let script = Staffbook(
                serverURL: server.url, language: "en", tokens: .personal(created.token),
                onSignedOut: { signedOut.withLock { $0 += 1 } })
            #expect(try await script.api.getMyTimer().ok.body.json.running == nil)

            _ = try await owner.api.revokeMyToken(path: .init(tokenId: created.id)).noContent
            let error = await #expect(throws: SignedOut.self) { _ = try await script.api.getMyTimer() }

            #expect(error?.localizedDescription == "The session has ended: sign in again.")
            #expect(await script.tokens.current == nil)
            #expect(signedOut.withLock { $0 } == 1)
            #expect(!server.requests.contains { $0.path == "/v1/auth/refresh" })
        }
    }

    @Test func theUploadHelperSendsWhatTheInvoiceSaysBesideAPlainPDF() async throws {
        try await EndToEndServer.run { server in
            let worker = Staffbook(serverURL: server.url)
            try await worker.signIn(email: "jan.novak@staffbook.example", password: "staffbook-demo")
            let pdf = try #require(WalkThroughTests.pdf)
            let fields = InvoiceFields(
                amount: Money("42000.50"), number: "FV-2026-0042", variableSymbol: "2026042", supplierIco: "25596641",
                customerIco: "28123450", issueDate: Day("2026-11-02"), taxableSupplyDate: Day("2026-10-31"),
                dueDate: Day("2026-11-16"), currency: "CZK", bankAccount: "19-2000145399/0800")

            let uploaded = try await worker.uploadInvoice(month: try #require(Month("2026-11")), pdf: pdf, fields: fields)

            let data = try #require(uploaded.data)
            #expect(uploaded.amount == Money("42000.50"))
            #expect(data.number == "FV-2026-0042" && data.variableSymbol == "2026042")
            #expect(data.supplierIco == "25596641" && data.customerIco == "28123450")
            #expect(data.issueDate == Day("2026-11-02") && data.dueDate == Day("2026-11-16"))
            #expect(data.taxableSupplyDate == Day("2026-10-31"))
            #expect(data.bankAccount?.domestic == "19-2000145399/0800")
        }
    }
}
