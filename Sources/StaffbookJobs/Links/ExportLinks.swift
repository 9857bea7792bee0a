import Crypto
import Foundation
import StaffbookCore

/// The link that fetches an export made by a job: `/v1/personal-data-links/<token>`, where the
/// token is the export's id and an HMAC of it (a key derived from the signing key). It is stored
/// nowhere: the mail derives it, the server checks it; the export's row says until when it works.
package struct ExportLinks: Sendable {
    private let key: SymmetricKey
    package let publicBaseURL: String

    package init(secret: [UInt8], publicBaseURL: String) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), info: Data("staffbook export link".utf8), outputByteCount: 32)
        self.publicBaseURL = publicBaseURL
    }

    package func token(exportId: UUID) -> String {
        let id = Self.bytes(exportId)
        return Base64URL.encode(id + Array(HMAC<SHA256>.authenticationCode(for: id, using: key)))
    }

    package func link(exportId: UUID) -> String {
        let base = publicBaseURL.hasSuffix("/") ? String(publicBaseURL.dropLast()) : publicBaseURL
        return "\(base)/v1/personal-data-links/\(token(exportId: exportId))"
    }

    /// The export a token names, when it is one of ours (checked in constant time); nil otherwise.
    package func exportId(from token: String) -> UUID? {
        guard token.utf8.count <= 100, let bytes = Base64URL.decode(token).map(Array.init), bytes.count == 48 else { return nil }
        let id = Array(bytes[0..<16])
        guard HMAC<SHA256>.isValidAuthenticationCode(bytes[16..<48], authenticating: id, using: key) else { return nil }
        return UUID(uuid: (id[0], id[1], id[2], id[3], id[4], id[5], id[6], id[7], id[8], id[9], id[10], id[11], id[12], id[13], id[14], id[15]))
    }

    static func bytes(_ id: UUID) -> [UInt8] {
        withUnsafeBytes(of: id.uuid) { Array($0) }
    }
}
