import Foundation
import Logging
import Metrics
import StaffbookCore

/// Sends a notification to one phone through Apple's push service (a job per device, so a device
/// that must wait does not make the others wait or get it twice). What follows APNs' answer is
/// `APNsAnswer`'s: a token it no longer knows loses its device; too many requests and a service
/// that is unwell are tried again later by the job's retries; a refused provider token is made anew
/// and the message sent once more at once.
package struct APNsDeliverer: Sendable {
    let notifications: any NotificationRepository
    let devices: any PushDeviceRepository
    let renderer: NotificationRenderer
    let apns: APNs
    let clock: any AppClock
    let logger: Logger

    package init(
        notifications: any NotificationRepository, devices: any PushDeviceRepository, renderer: NotificationRenderer, apns: APNs,
        clock: any AppClock, logger: Logger
    ) {
        self.notifications = notifications
        self.devices = devices
        self.renderer = renderer
        self.apns = apns
        self.clock = clock
        self.logger = logger
    }

    /// How long APNs keeps trying a phone that is offline.
    static let expiry: TimeInterval = 24 * 3600
    /// APNs refuses a payload over 4 KB.
    static let maximumPayload = 4096
    /// Kinds where only the newest matters on the phone: a reminder replaces the one before.
    static let collapsing: Set<NotificationKind> = [.invoiceReminder, .timesheetReminder, .timesheetApprovalReminder, .missingInvoicesDigest]

    package func deliver(notificationId: UUID, deviceId: UUID) async throws -> NotificationDeliverer.Outcome {
        guard let device = try await devices.device(id: deviceId),
            let message = try await PushMessage.of(notificationId, notifications: notifications, renderer: renderer),
            message.accountId == device.accountId
        else { return .done([]) }
        let payload = try Self.payload(message)
        let now = clock.now()
        let collapseId = Self.collapsing.contains(message.kind) ? message.kind.rawValue : nil
        let expiration = now.addingTimeInterval(Self.expiry)
        let token = try apns.providerToken(now: now)
        var answer = await apns.send(payload, to: device.token, collapseId: collapseId, expiration: expiration, providerToken: token)
        if APNsAnswer.decide(status: answer.status, reason: answer.reason) == .renewToken {
            apns.renew(refused: token)
            let renewed = try apns.providerToken(now: now)
            answer = await apns.send(payload, to: device.token, collapseId: collapseId, expiration: expiration, providerToken: renewed)
        }
        let decided = APNsAnswer.decide(status: answer.status, reason: answer.reason)
        Counter(label: "staffbook_apns_messages_total", dimensions: [("outcome", "\(decided)")]).increment()
        let detail = "APNs answered \(answer.status.map(String.init) ?? "nothing")" + (answer.reason.map { " (\($0))" } ?? "")
        switch decided {
        case .sent:
            return .done([])
        case .gone:
            try await devices.forget(id: device.id, registeredAt: device.createdAt)
            return .done([])
        case .later, .renewToken:
            return .retry(error: detail, effects: [])
        case .refused:
            logger.warning("APNs refused a notification", metadata: ["status": "\(answer.status ?? 0)", "reason": "\(answer.reason ?? "")"])
            return .giveUp(error: detail, effects: [])
        }
    }

    /// The notification as APNs' JSON: an alert with the title and as much of the text as fits.
    static func payload(_ message: PushMessage) throws -> [UInt8] {
        var body = message.body
        while true {
            let payload: [String: Any] = [
                "aps": [
                    "alert": ["title": String(message.title.prefix(200)), "body": body], "sound": "default", "thread-id": message.kind.rawValue,
                ],
                "kind": message.kind.rawValue, "notification": message.notificationId.lowercasedString,
            ]
            let data = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
            if data.count <= maximumPayload || body.isEmpty { return Array(data) }
            body = String(body.prefix(body.count / 2))
        }
    }
}
