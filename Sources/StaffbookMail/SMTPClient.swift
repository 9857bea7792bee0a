import Foundation
import NIOCore
import NIOExtras
import NIOPosix
import NIOSSL

/// Where and how to submit mail.
package struct SMTPConfiguration: Sendable {
    package enum Security: String, Sendable {
        /// Plain SMTP (a local relay or a development sink).
        case none
        /// Plain connection upgraded with STARTTLS before anything else is said (port 587).
        case startTLS = "starttls"
        /// TLS from the first byte (port 465).
        case tls
    }

    package var host: String
    package var port: Int
    package var security: Security
    package var username: String?
    package var password: String?
    /// The name this client greets with (`EHLO`).
    package var heloName: String
    /// A PEM file of certificates to trust instead of the system's (a private relay, tests).
    package var trustedCertificatesFile: String?
    /// One message (connection, dialogue and data) ends after this long.
    package var timeout: Duration

    package init(
        host: String, port: Int, security: Security = .startTLS, username: String? = nil, password: String? = nil,
        heloName: String = "staffbook", trustedCertificatesFile: String? = nil, timeout: Duration = .seconds(30)
    ) {
        self.host = host
        self.port = port
        self.security = security
        self.username = username
        self.password = password
        self.heloName = heloName
        self.trustedCertificatesFile = trustedCertificatesFile
        self.timeout = timeout
    }
}

/// Why a message was not submitted. Says which step and what the server replied, never the
/// message or the credentials.
package enum SMTPError: Error, Equatable, CustomStringConvertible {
    case timedOut
    case connectionClosed(step: String)
    case rejected(step: String, code: Int)
    case tlsUnavailable
    case authenticationUnavailable

    package var description: String {
        switch self {
        case .timedOut: "SMTP: timed out"
        case .connectionClosed(let step): "SMTP: connection closed during \(step)"
        case .rejected(let step, let code): "SMTP: \(step) answered \(code)"
        case .tlsUnavailable: "SMTP: the server does not offer STARTTLS"
        case .authenticationUnavailable: "SMTP: the server offers neither AUTH PLAIN nor LOGIN"
        }
    }

    /// Whether trying again later may help (a 5xx reply will be the same next time).
    package var isTransient: Bool {
        switch self {
        case .rejected(_, let code): code < 500
        case .timedOut, .connectionClosed, .tlsUnavailable, .authenticationUnavailable: true
        }
    }
}

/// A small SMTP client on SwiftNIO (RFC 5321 submission): EHLO, STARTTLS or implicit TLS,
/// AUTH PLAIN or LOGIN, one message per connection.
package struct SMTPClient: Sendable {
    package let configuration: SMTPConfiguration

    package init(configuration: SMTPConfiguration) {
        self.configuration = configuration
    }

    package func send(_ message: MailMessage) async throws {
        let configuration = self.configuration
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await Self.deliver(message, configuration: configuration) }
            group.addTask {
                try await Task.sleep(for: configuration.timeout)
                throw SMTPError.timedOut
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    private static func tlsContext(_ configuration: SMTPConfiguration) throws -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let file = configuration.trustedCertificatesFile {
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(file))
        }
        return try NIOSSLContext(configuration: tls)
    }

    /// The server's name for certificate checks; an IP address is checked against the
    /// certificate's addresses instead (SNI carries no addresses).
    private static func serverHostname(_ host: String) -> String? {
        host.allSatisfy({ $0.isNumber || $0 == "." || $0 == ":" }) ? nil : host
    }

    private static func deliver(_ message: MailMessage, configuration: SMTPConfiguration) async throws {
        let context = configuration.security == .none ? nil : try tlsContext(configuration)
        let host = configuration.host
        let implicitTLS = configuration.security == .tls ? context : nil
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: configuration.host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let implicitTLS {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: implicitTLS, serverHostname: serverHostname(host))
                        )
                    }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineBasedFrameDecoder()))
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let raw = channel.channel
        try await channel.executeThenClose { inbound, outbound in
            var session = Session(lines: inbound.makeAsyncIterator(), outbound: outbound)
            try await session.expect(220, step: "greeting")
            var extensions = try await session.command("EHLO \(configuration.heloName)", expect: 250, step: "EHLO")
            if configuration.security == .startTLS {
                guard extensions.contains(where: { $0.uppercased() == "STARTTLS" }) else { throw SMTPError.tlsUnavailable }
                try await session.command("STARTTLS", expect: 220, step: "STARTTLS")
                guard let context else { throw SMTPError.tlsUnavailable }
                try await raw.eventLoop.submit {
                    try raw.pipeline.syncOperations.addHandler(
                        try NIOSSLClientHandler(context: context, serverHostname: serverHostname(host)), position: .first
                    )
                }.get()
                extensions = try await session.command("EHLO \(configuration.heloName)", expect: 250, step: "EHLO")
            }
            if let username = configuration.username, let password = configuration.password {
                let mechanisms = extensions.first { $0.uppercased().hasPrefix("AUTH") }?.uppercased().split(separator: " ") ?? []
                if mechanisms.contains("PLAIN") {
                    let credentials = Data(([0] + Array(username.utf8) + [0] + Array(password.utf8))).base64EncodedString()
                    try await session.command("AUTH PLAIN \(credentials)", expect: 235, step: "AUTH")
                } else if mechanisms.contains("LOGIN") {
                    try await session.command("AUTH LOGIN", expect: 334, step: "AUTH")
                    try await session.command(Data(username.utf8).base64EncodedString(), expect: 334, step: "AUTH")
                    try await session.command(Data(password.utf8).base64EncodedString(), expect: 235, step: "AUTH")
                } else {
                    throw SMTPError.authenticationUnavailable
                }
            }
            try await session.command("MAIL FROM:<\(message.from.address)>", expect: 250, step: "MAIL FROM")
            for recipient in message.to {
                try await session.command("RCPT TO:<\(recipient.address)>", expect: 250, step: "RCPT TO")
            }
            try await session.command("DATA", expect: 354, step: "DATA")
            try await session.send(dotStuffed(message.rendered()) + "\r\n.\r\n")
            try await session.expect(250, step: "message")
            _ = try? await session.command("QUIT", expect: 221, step: "QUIT")
        }
    }

    /// A line that starts with a dot gets another (RFC 5321 §4.5.2).
    static func dotStuffed(_ text: String) -> String {
        text.split(separator: "\r\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") ? "." + $0 : String($0) }
            .joined(separator: "\r\n")
    }

    /// One SMTP dialogue: commands out, replies (possibly several lines) in.
    private struct Session {
        var lines: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
        let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

        mutating func send(_ text: String) async throws {
            try await outbound.write(ByteBuffer(string: text))
        }

        /// Sends a command; the reply's text lines (after the code) when its code is `expect`.
        @discardableResult
        mutating func command(_ line: String, expect code: Int, step: String) async throws -> [String] {
            try await send(line + "\r\n")
            return try await expect(code, step: step)
        }

        @discardableResult
        mutating func expect(_ code: Int, step: String) async throws -> [String] {
            var texts: [String] = []
            while true {
                guard var buffer = try await lines.next() else { throw SMTPError.connectionClosed(step: step) }
                let line = (buffer.readString(length: buffer.readableBytes) ?? "").trimmingCharacters(in: .newlines)
                guard line.count >= 3, let replyCode = Int(line.prefix(3)) else { throw SMTPError.rejected(step: step, code: 0) }
                texts.append(String(line.dropFirst(4)))
                if line.dropFirst(3).first != "-" {
                    guard replyCode == code else { throw SMTPError.rejected(step: step, code: replyCode) }
                    return texts
                }
            }
        }
    }
}
