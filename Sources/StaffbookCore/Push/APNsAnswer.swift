import Foundation

/// What follows an answer of Apple's push service to one notification for one device.
package enum APNsAnswer: Sendable, Equatable {
    /// Accepted.
    case sent
    /// The token is not (or no longer) a device's: forget the device.
    case gone
    /// Our provider token was refused as expired or not valid: make a new one and try again.
    case renewToken
    /// Try again later (too many requests, the service is unwell, or it could not be reached).
    case later
    /// This message will never be accepted (a payload or header APNs refuses); not retried.
    case refused

    /// From the status and the `reason` of APNs' JSON answer (nil when there was no answer).
    package static func decide(status: Int?, reason: String?) -> APNsAnswer {
        guard let status else { return .later }
        switch (status, reason) {
        case (200, _): return .sent
        case (410, _), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"): return .gone
        case (403, "ExpiredProviderToken"), (403, "InvalidProviderToken"): return .renewToken
        case (429, _), (500...599, _): return .later
        default: return .refused
        }
    }
}
