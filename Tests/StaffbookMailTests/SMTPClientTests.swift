import Foundation
import StaffbookTestSupport
import Testing
@testable import StaffbookMail

@Suite("SMTP client against a real SMTP server")
struct SMTPClientTests {
    private func message(to: String = "jan.novak@staffbook.test", subject: String = "Připomínka: faktura za 2026-11") -> MailMessage {
        MailMessage(
            from: MailAddress("staffbook@staffbook.test", name: "Staffbook"),
            to: [MailAddress(to, name: "Jan Novák")],
            subject: subject,
            messageID: "0a1b2c3d-0000-4000-8000-000000000001@staffbook",
            date: Date(timeIntervalSince1970: 1_795_000_000),
            text: "Dobrý den,\nfaktura za listopad ještě nepřišla.\n.\nA line that starts with a dot.",
            html: "<p>Dobrý den,</p><p>faktura za listopad ještě nepřišla.</p>"
        )
    }

    @Test func aPlainMessageArrivesWithItsHeadersAndBothBodies() async throws {
        let sink = try MailSink()
        let client = SMTPClient(configuration: SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none))

        try await client.send(message())

        let received = try #require(try await sink.waitForMessages(1).first)
        #expect(received.header("X-Envelope-To") == "jan.novak@staffbook.test")
        #expect(received.header("Message-ID") == "<0a1b2c3d-0000-4000-8000-000000000001@staffbook>")
        #expect(received.subject == "Připomínka: faktura za 2026-11")
        #expect(received.body("text/plain").contains("faktura za listopad ještě nepřišla."))
        #expect(received.body("text/plain").contains("\n.\nA line that starts with a dot."))
        #expect(received.body("text/html").contains("<p>Dobrý den,</p>"))
    }

    @Test func startTLSWithAuthPlainIsUsedWhenConfigured() async throws {
        let sink = try MailSink(security: .starttls, auth: "mailer:s3cret")
        let client = SMTPClient(configuration: SMTPConfiguration(
            host: "127.0.0.1", port: sink.port, security: .startTLS, username: "mailer", password: "s3cret",
            trustedCertificatesFile: sink.certificateFile
        ))

        try await client.send(message())

        #expect(try await sink.waitForMessages(1).count == 1)
    }

    @Test func implicitTLSWorksAndAWrongPasswordIsRefusedAsPermanent() async throws {
        let sink = try MailSink(security: .implicit, auth: "mailer:s3cret")
        var configuration = SMTPConfiguration(
            host: "127.0.0.1", port: sink.port, security: .tls, username: "mailer", password: "s3cret",
            trustedCertificatesFile: sink.certificateFile
        )

        try await SMTPClient(configuration: configuration).send(message())
        configuration.password = "wrong"
        let error = await #expect(throws: SMTPError.self) { try await SMTPClient(configuration: configuration).send(message()) }

        #expect(try await sink.waitForMessages(1).count == 1)
        #expect(error == .rejected(step: "AUTH", code: 535))
        #expect(error?.isTransient == false)
    }

    @Test func aServerThatIsNotThereIsATransientFailure() async throws {
        let sink = try MailSink()
        let port = sink.port
        sink.stop()

        let error = await #expect(throws: (any Error).self) {
            try await SMTPClient(configuration: SMTPConfiguration(host: "127.0.0.1", port: port, security: .none)).send(message())
        }

        #expect((error as? SMTPError)?.isTransient ?? true)
    }

    @Test func aSlowServerIsGivenUpOnAfterTheTimeout() async throws {
        let sink = try MailSink(holdFirstRecipientSeconds: 10)
        let client = SMTPClient(configuration: SMTPConfiguration(
            host: "127.0.0.1", port: sink.port, security: .none, timeout: .milliseconds(500)
        ))

        await #expect(throws: SMTPError.timedOut) { try await client.send(message()) }
    }
}
