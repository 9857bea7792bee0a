import Configuration
import Crypto
import Foundation
import Logging
import StaffbookCore
import StaffbookJobs
import StaffbookMail
import StaffbookPostgres

extension AppConfig {
    /// Apple's push service, when `APNS_KEY_FILE` names the `.p8` key: the key's id, the team and
    /// the topic are then required, and the host is production's unless `APNS_ENVIRONMENT` says
    /// sandbox (or `APNS_URL` names another, with `APNS_CA_FILE` to trust: a local endpoint).
    static func apns(_ values: ConfigValues) throws(ConfigurationError) -> APNs.Settings? {
        guard let file = values.optionalString("apns.keyFile") else { return nil }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8), text.utf8.count < 10_000,
            let key = try? P256.Signing.PrivateKey(pemRepresentation: text)
        else { throw ConfigurationError(key: "apns.keyFile", reason: "'\(file)' is not a readable .p8 key (PKCS#8 PEM, P-256)") }
        func identifier(_ key: String) throws(ConfigurationError) -> String {
            let value = values.string(key, default: "")
            guard value.utf8.count == 10, value.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII }) else {
                throw ConfigurationError(key: key, reason: "ten letters and digits, as Apple's developer account shows it, are required with the key")
            }
            return value
        }
        let keyId = try identifier("apns.keyId")
        let teamId = try identifier("apns.teamId")
        let topic = values.string("apns.topic", default: "")
        guard (1...255).contains(topic.utf8.count), !topic.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw ConfigurationError(key: "apns.topic", reason: "the app's bundle id is required with the key")
        }
        let endpoint: String
        switch (values.optionalString("apns.url"), values.string("apns.environment", default: "production")) {
        case (let url?, _):
            guard let parsed = URL(string: url), parsed.scheme == "https", parsed.host != nil, parsed.path.isEmpty || parsed.path == "/" else {
                throw ConfigurationError(key: "apns.url", reason: "'\(url)' is not an https URL of a host")
            }
            endpoint = url.hasSuffix("/") ? String(url.dropLast()) : url
        case (nil, "production"): endpoint = APNs.Settings.production
        case (nil, "sandbox"): endpoint = APNs.Settings.sandbox
        case (nil, let other): throw ConfigurationError(key: "apns.environment", reason: "'\(other)' is not production or sandbox")
        }
        let caFile = values.optionalString("apns.caFile")
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw ConfigurationError(key: "apns.caFile", reason: "'\(caFile)' cannot be read")
        }
        return APNs.Settings(key: key, keyId: keyId, teamId: teamId, topic: topic, endpoint: endpoint, caFile: caFile)
    }
}
