import Foundation
import Synchronization

/// Access tokens whose signature and claims this instance has already checked, so a client
/// sending the same token on every request costs a dictionary lookup instead of base64, JSON
/// and HMAC work each time. Only the token's own content is remembered: the expiry is still
/// compared with the clock on every use, and revocation is the session check's job.
final class VerifiedTokenCache: Sendable {
    struct Entry: Sendable {
        var caller: Caller
        var issuedAt: Int
        var expiresAt: Int
    }

    private let entries = Mutex<[String: Entry]>([:])
    /// Bounds memory under many distinct tokens; emptied when full, as it is only a shortcut.
    private let maximumEntries: Int

    init(maximumEntries: Int = 20_000) {
        self.maximumEntries = maximumEntries
    }

    func entry(for token: String) -> Entry? {
        entries.withLock { $0[token] }
    }

    func remember(_ entry: Entry, for token: String) {
        entries.withLock { entries in
            if entries.count >= maximumEntries { entries.removeAll(keepingCapacity: true) }
            entries[token] = entry
        }
    }
}
