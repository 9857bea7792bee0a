import Foundation
import JWTKit
import StaffbookCore

/// Google's signing keys, cached. An unknown `kid` re-fetches the set, at most once a minute, so
/// a stream of forged `kid`s cannot make us hammer the provider. A failed fetch keeps the keys
/// already known working, and is reported as an outage (not as an unknown key) until the next
/// attempt is allowed.
actor GoogleKeySet {
    private let source: any JWKSSource
    private let clock: any AppClock
    private let minimumRefetchInterval: TimeInterval
    private var keys = JWTKeyCollection()
    private var knownKeyIds: Set<String> = []
    private var lastAttempt: (at: Date, failed: Bool)?
    private(set) var fetchCount = 0

    init(source: any JWKSSource, clock: any AppClock, minimumRefetchInterval: TimeInterval) {
        self.source = source
        self.clock = clock
        self.minimumRefetchInterval = minimumRefetchInterval
    }

    /// A key collection holding `kid`, or nil when the provider does not publish it; throws
    /// `JWKSUnavailable` when the provider cannot be asked.
    func keys(containing kid: String) async throws -> JWTKeyCollection? {
        if knownKeyIds.contains(kid) { return keys }
        let now = clock.now()
        if let lastAttempt, now.timeIntervalSince(lastAttempt.at) < minimumRefetchInterval {
            if lastAttempt.failed { throw JWKSUnavailable() }
            return nil
        }
        lastAttempt = (now, true)
        fetchCount += 1
        let jwks: JWKS
        do {
            jwks = try JSONDecoder().decode(JWKS.self, from: try await source.fetch())
        } catch {
            throw JWKSUnavailable()
        }
        let fresh = JWTKeyCollection()
        var ids: Set<String> = []
        for jwk in jwks.keys where jwk.keyType == .rsa {
            guard let id = jwk.keyIdentifier?.string else { continue }
            try await fresh.add(jwk: jwk)
            ids.insert(id)
        }
        keys = fresh
        knownKeyIds = ids
        lastAttempt = (now, false)
        return ids.contains(kid) ? fresh : nil
    }
}
