import Foundation
import Testing
@testable import StaffbookCore

@Suite("Refresh decisions")
struct RefreshDecisionTests {
    @Test func theDecisionTableCoversEveryState() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        func state(usedAgo: TimeInterval?, revoked: Bool = false, active: Bool = true, idle: TimeInterval = 0, expiresIn: TimeInterval = 100) -> RefreshDecision.TokenState {
            .init(
                usedAt: usedAgo.map { now.addingTimeInterval(-$0) }, sessionRevoked: revoked,
                sessionExpiresAt: now.addingTimeInterval(expiresIn), sessionLastUsedAt: now.addingTimeInterval(-idle),
                accountActive: active
            )
        }
        func decide(_ state: RefreshDecision.TokenState) -> RefreshDecision {
            RefreshDecision.decide(state, now: now, grace: 30, idleLifetime: 3600)
        }

        #expect(decide(state(usedAgo: nil)) == .rotate)
        #expect(decide(state(usedAgo: 30)) == .replayWithinGrace)
        #expect(decide(state(usedAgo: 31)) == .reuseDetected)
        #expect(decide(state(usedAgo: nil, revoked: true)) == .reject)
        #expect(decide(state(usedAgo: 1, revoked: true)) == .reject)
        #expect(decide(state(usedAgo: nil, active: false)) == .reject)
        #expect(decide(state(usedAgo: nil, idle: 3600)) == .reject)
        #expect(decide(state(usedAgo: nil, expiresIn: 0)) == .reject)
    }
}
