import Crypto
import Foundation

/// A local endpoint in the shape of Apple's push service (`scripts/apns-peer.py`: HTTP/2 over TLS
/// with a self-signed certificate, h2 from PyPI) that checks each request's provider token with the
/// public half of a `.p8` key made here, and answers as APNs does, by a plan a test writes.
public final class APNsPeer: @unchecked Sendable {
    public let url: String
    /// The endpoint's certificate, for the app to trust.
    public let certificateFile: String
    /// The `.p8` key (PKCS#8 PEM) the app signs its provider tokens with.
    public let keyFile: String
    public let keyId = "ABC123DEFG"
    public let teamId = "DEF123GHIJ"
    public let topic = "com.staffbook.app"
    private let directory: URL
    private let peer: PeerProcess

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("staffbook-apns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = P256.Signing.PrivateKey()
        keyFile = directory.appendingPathComponent("AuthKey_\(keyId).p8").path
        try key.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        let publicKey = directory.appendingPathComponent("public.pem").path
        try key.publicKey.pemRepresentation.write(toFile: publicKey, atomically: true, encoding: .utf8)
        certificateFile = directory.appendingPathComponent("cert.pem").path
        peer = try PeerProcess(
            script: "apns-peer.py",
            arguments: [
                "--cert-file", certificateFile, "--public-key", publicKey, "--key-id", keyId, "--team", teamId, "--topic", topic,
                "--log", directory.appendingPathComponent("log.jsonl").path, "--answers", directory.appendingPathComponent("answers.json").path,
            ],
            portFile: directory.appendingPathComponent("port").path)
        url = "https://127.0.0.1:\(peer.port)"
    }

    /// What the endpoint answers from now on: `now` is the app's clock (provider tokens are aged
    /// by it), and each listed device's requests take the statuses in turn, then 200.
    public func plan(now: Date, answers: [String: [Int]] = [:]) throws {
        let plan: [String: Any] = ["now": Int(now.timeIntervalSince1970), "tokens": answers]
        try JSONSerialization.data(withJSONObject: plan).write(to: directory.appendingPathComponent("answers.json"))
    }

    /// One request as the endpoint received it, with its answer.
    public struct Request: Decodable, Sendable {
        public var token: String?
        public var status: Int
        public var reason: String?
        public var headers: [String: String]
        public var payload: Payload?

        public struct Payload: Decodable, Sendable {
            public var aps: APS
            public var kind: String
            public var notification: String
        }

        public struct APS: Decodable, Sendable {
            public var alert: Alert
        }

        public struct Alert: Decodable, Sendable {
            public var title: String
            public var body: String
        }
    }

    /// The requests so far, oldest first.
    public func requests() -> [Request] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("log.jsonl"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    public func stop() {
        peer.stop()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
