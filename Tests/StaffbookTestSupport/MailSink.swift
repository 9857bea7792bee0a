import Foundation

/// A real SMTP server on loopback for a test (`scripts/mail-sink.py`, aiosmtpd): what it received
/// is read back from its folder.
public final class MailSink: @unchecked Sendable {
    public let port: Int
    public let directory: URL
    /// The server's self-signed certificate, when it speaks TLS.
    public let certificateFile: String?
    private let peer: PeerProcess

    public static let repositoryRoot = PeerProcess.repositoryRoot

    public enum Security: String {
        case none, starttls, implicit
    }

    public init(security: Security = .none, auth: String? = nil, port: Int = 0, holdFirstRecipientSeconds: Double = 0) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("staffbook-mail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let portFile = directory.appendingPathComponent("port").path
        var arguments = ["--dir", directory.appendingPathComponent("messages").path, "--port", String(port)]
        if security != .none {
            let certificate = directory.appendingPathComponent("cert.pem").path
            arguments += ["--tls", security.rawValue, "--cert-file", certificate]
            certificateFile = certificate
        } else {
            certificateFile = nil
        }
        if let auth { arguments += ["--auth", auth] }
        if holdFirstRecipientSeconds > 0 { arguments += ["--hold-first-recipient", String(holdFirstRecipientSeconds)] }
        peer = try PeerProcess(script: "mail-sink.py", arguments: arguments, portFile: portFile)
        self.port = peer.port
    }

    /// The messages received so far, oldest first, as sent (headers and bodies).
    public func messages() -> [ReceivedMail] {
        let folder = directory.appendingPathComponent("messages")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".eml") }.sorted()
        return names.compactMap { name in
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).map(ReceivedMail.init)
        }
    }

    /// Waits until `count` messages have arrived (or `timeout` passes) and returns them.
    public func waitForMessages(_ count: Int, timeout: TimeInterval = 20) async throws -> [ReceivedMail] {
        let deadline = Date().addingTimeInterval(timeout)
        while messages().count < count, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        return messages()
    }

    /// Ends the server at once.
    public func stop() {
        peer.stop()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// One message as the sink received it.
public struct ReceivedMail: Sendable {
    public let raw: String

    public init(raw: String) {
        self.raw = raw
    }

    /// A header's value (unfolded); the first one when it repeats.
    public func header(_ name: String) -> String? {
        let head = raw.components(separatedBy: "\r\n\r\n").first ?? raw
        let unfolded = head.replacingOccurrences(of: "\r\n ", with: " ").replacingOccurrences(of: "\r\n\t", with: " ")
        for line in unfolded.components(separatedBy: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The subject with RFC 2047 encoded words decoded.
    public var subject: String {
        Self.decodeWords(header("Subject") ?? "")
    }

    /// The decoded text of every base64 body part of this type (`text/plain`, `text/html`).
    public func body(_ type: String) -> String {
        var result = ""
        for part in raw.components(separatedBy: "Content-Type: \(type); charset=utf-8\r\n").dropFirst() {
            let sections = part.components(separatedBy: "\r\n\r\n")
            guard sections.count > 1 else { continue }
            let base64 = sections[1].components(separatedBy: "\r\n--").first?.replacingOccurrences(of: "\r\n", with: "") ?? ""
            if let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) { result += text }
        }
        return result
    }

    static func decodeWords(_ text: String) -> String {
        let words = text.components(separatedBy: " ")
        return words.map { word -> String in
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?="),
                let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2))),
                let decoded = String(data: data, encoding: .utf8)
            else { return word + " " }
            return decoded
        }.joined().trimmingCharacters(in: .whitespaces)
    }
}
