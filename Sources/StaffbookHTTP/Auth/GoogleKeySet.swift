import Foundation
import JWTKit
import StaffbookCore

/// Google's signing keys, cached; an unknown `kid` re-fetches the set, at most once a minute,
/// so a stream of forged `kid`s cannot make us hammer the provider.
actor GoogleKeySet {
    private let source: any JWKSSource
    private let clock: any AppClock
    private let minimumRefetchInterval: TimeInterval
    private var keys = JWTKeyCollection()
    private var knownKeyIds: Set<String> = []
    private var lastFetch: Date?
    private(set) var fetchCount = 0

    init(source: any JWKSSource, clock: any AppClock, minimumRefetchInterval: TimeInterval) {
        self.source = source
        self.clock = clock
        self.minimumRefetchInterval = minimumRefetchInterval
    }

    /// A key collection holding `kid`, or nil when the provider does not publish it.
    func keys(containing kid: String) async throws -> JWTKeyCollection? {
        if knownKeyIds.contains(kid) { return keys }
        let now = clock.now()
        if let lastFetch, now.timeIntervalSince(lastFetch) < minimumRefetchInterval { return nil }
        lastFetch = now
        fetchCount += 1
        let jwks = try JSONDecoder().decode(JWKS.self, from: try await source.fetch())
        let fresh = JWTKeyCollection()
        var ids: Set<String> = []
        for jwk in jwks.keys where jwk.keyType == .rsa {
            guard let id = jwk.keyIdentifier?.string else { continue }
            try await fresh.add(jwk: jwk)
            ids.insert(id)
        }
        keys = fresh
        knownKeyIds = ids
        return ids.contains(kid) ? fresh : nil
    }
}
