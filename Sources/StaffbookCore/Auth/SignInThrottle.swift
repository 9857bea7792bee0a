import Foundation

/// Counts failed sign-ins per account and per client address, shared by every instance.
package protocol SignInThrottle: Sendable {
    /// How long until the first of `keys` over its limit may try again; nil when none is.
    func retryAfter(_ keys: [ThrottleKey], now: Date) async throws -> TimeInterval?
    /// Counts one failure against each key.
    func recordFailure(_ keys: [ThrottleKey], now: Date) async throws
    /// Forgets the failures of a key (after a successful sign-in).
    func reset(_ key: ThrottleKey) async throws
    /// The failures counted against a key in its open window (0 when none).
    func failures(_ key: ThrottleKey, now: Date) async throws -> Int
}

/// A throttled subject and its limit within the window.
package struct ThrottleKey: Sendable, Hashable {
    package enum Kind: String, Sendable {
        /// An account, named by the e-mail address tried: the store reduces it to the same form
        /// it compares addresses in, so every spelling of one address shares one count.
        case account
        /// A client address.
        case address
        /// Password-reset requests for an address, normalised like `account`.
        case resetAccount = "reset_account"
        /// Password-reset requests from a client address.
        case resetAddress = "reset_address"
        /// Invitation and password-reset links tried from a client address that named no link.
        case linkAddress = "link_address"
    }

    package var kind: Kind
    package var value: String
    package var limit: Int

    package init(kind: Kind, value: String, limit: Int) {
        self.kind = kind
        self.value = value
        self.limit = limit
    }

    package static func account(_ email: String, limit: Int) -> ThrottleKey {
        ThrottleKey(kind: .account, value: email, limit: limit)
    }

    package static func address(_ address: String, limit: Int) -> ThrottleKey {
        ThrottleKey(kind: .address, value: address, limit: limit)
    }
}

/// The fixed-window rule, without I/O: a key is blocked while its window is open and full.
package enum ThrottleWindow {
    package static func retryAfter(failures: Int, windowStartedAt: Date, limit: Int, window: TimeInterval, now: Date) -> TimeInterval? {
        let windowEnds = windowStartedAt.addingTimeInterval(window)
        guard failures >= limit, now < windowEnds else { return nil }
        return windowEnds.timeIntervalSince(now)
    }
}
