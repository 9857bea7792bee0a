import Foundation

/// Whether money waits for a second admin: `auto` (the default) once the company has two admins
/// who can check each other (and from then on, whatever happens to them), `on` always, `off`
/// never. A deployment setting, not one an admin changes, so a stolen admin session cannot
/// switch it off.
package enum FourEyesPolicy: String, Sendable, CaseIterable {
    case auto, on, off
}

/// The four-eyes rule's settings: the policy, and how long someone has been an admin before they
/// may be the second pair of eyes.
package struct FourEyesSettings: Sendable, Equatable {
    package var policy: FourEyesPolicy
    /// An admin made by one admin's request alone (the only way while the rule does not apply)
    /// could be that admin's own second account: the wait gives the other admins, who are told
    /// by e-mail, time to see it. It also bounds what a stolen session can do before it is noticed.
    package var secondAdminAge: TimeInterval

    package static let defaultSecondAdminAge: TimeInterval = 7 * 86_400

    package init(policy: FourEyesPolicy, secondAdminAge: TimeInterval = FourEyesSettings.defaultSecondAdminAge) {
        self.policy = policy
        self.secondAdminAge = secondAdminAge
    }

    /// The rule as it stands over `roster` at `now`: a pure decision, taken again for every
    /// change it guards.
    package func standing(_ roster: AdminRoster, now: Date) -> FourEyesStanding {
        var seconds: [UUID: Date] = [:]
        for (id, since) in roster.adminsSince { seconds[id] = since.addingTimeInterval(secondAdminAge) }
        let eligible = seconds.values.filter { $0 <= now }.count
        // Two admins who can check each other engage the rule for good: removing, demoting or
        // deactivating admins afterwards never turns it off (and needs a second admin itself).
        let engages = roster.engagedAt == nil && eligible >= 2 && policy != .off
        let applies: Bool =
            switch policy {
            case .off: false
            case .on: true
            case .auto: roster.engagedAt != nil || eligible >= 2
            }
        return FourEyesStanding(applies: applies, secondsFrom: seconds, engages: engages, now: now)
    }
}

/// The company's active admins, each with the moment they last became one (granted the role, or
/// reactivated holding it), and when the rule engaged: what every four-eyes decision is taken
/// over. Read in the transaction of the change it decides.
package struct AdminRoster: Sendable, Equatable {
    package var adminsSince: [UUID: Date]
    /// When two admins who could check each other were first seen (nil: never yet).
    package var engagedAt: Date?

    package init(adminsSince: [UUID: Date], engagedAt: Date? = nil) {
        self.adminsSince = adminsSince
        self.engagedAt = engagedAt
    }
}

/// The rule for one moment: whether it applies, and who may be the second pair of eyes.
package struct FourEyesStanding: Sendable, Equatable {
    package var applies: Bool
    /// Each active admin, with the moment from which they may be a second.
    package var secondsFrom: [UUID: Date]
    /// The rule applies now for the first time: the store keeps that it engaged.
    package var engages: Bool
    package var now: Date

    package init(applies: Bool, secondsFrom: [UUID: Date], engages: Bool = false, now: Date) {
        self.applies = applies
        self.secondsFrom = secondsFrom
        self.engages = engages
        self.now = now
    }

    /// The rule off: nothing waits, and anyone who is an admin may approve what waits already.
    package static func off(now: Date) -> FourEyesStanding {
        FourEyesStanding(applies: false, secondsFrom: [:], now: now)
    }

    /// Why `actor` cannot be the second pair of eyes now; nil when they can. Under a rule that
    /// does not apply, what waits already may be agreed to by any admin but its asker.
    package func refusal(asSecond actor: UUID) -> SecondAdminRefusal? {
        guard applies else { return nil }
        guard let from = secondsFrom[actor] else { return .notAnAdmin }
        return from <= now ? nil : .tooNew(from: from)
    }
}

/// Why an admin cannot be the second pair of eyes.
package enum SecondAdminRefusal: Sendable, Equatable, Codable {
    /// Not an active admin now.
    case notAnAdmin
    /// An admin for less than the rule's age: they may be a second from this moment.
    case tooNew(from: Date)
}
