import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore
import StaffbookJobs

/// `/v1/me/push-subscriptions` and `/v1/me/devices`: the browsers and phones a person gets push
/// messages on.
struct PushAPI: AreaHandler {
    let subscriptions: any PushRepository
    let devices: any PushDeviceRepository
    /// Whether Apple's push service is configured (phones may register).
    let apnsConfigured: Bool
    let vapid: VAPID?
    let policy: WebhookPolicy
    let clock: any AppClock

    func listMyPushSubscriptions(_ input: Operations.ListMyPushSubscriptions.Input) async throws -> Operations.ListMyPushSubscriptions.Output {
        let caller = try RequestScope.requireCaller()
        let items = try await subscriptions.subscriptions(accountId: caller.accountId)
        return .ok(.init(body: .json(.init(applicationServerKey: vapid?.publicKey, items: items.map(Self.subscription)))))
    }

    func subscribeToPush(_ input: Operations.SubscribeToPush.Input) async throws -> Operations.SubscribeToPush.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let draft = try PushInput.draft(
            endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, configured: vapid != nil, policy: policy)
        let subscription = try await subscriptions.subscribe(accountId: caller.accountId, draft, now: clock.now())
        return .created(.init(body: .json(Self.subscription(subscription))))
    }

    func unsubscribeFromPush(_ input: Operations.UnsubscribeFromPush.Input) async throws -> Operations.UnsubscribeFromPush.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.subscriptionId)
        guard try await subscriptions.unsubscribe(id: id, accountId: caller.accountId) else { throw Problem(.notFound) }
        return .noContent(.init())
    }

    static func subscription(_ subscription: PushSubscription) -> Components.Schemas.PushSubscription {
        .init(id: subscription.id.lowercasedString, endpoint: subscription.endpoint, createdAt: subscription.createdAt)
    }
}

/// The checks of a browser's subscription, for the API and the desk.
package enum PushInput {
    package static func draft(endpoint: String, p256dh: String, auth: String, configured: Bool, policy: WebhookPolicy) throws
        -> PushSubscriptionDraft
    {
        guard configured else { throw Problem(.pushNotConfigured) }
        switch PushSubscriptionDraft.validate(endpoint: endpoint, p256dh: p256dh, auth: auth, policy: policy) {
        case .success(let draft):
            return draft
        case .failure(let problems):
            var validation = InputValidation()
            for problem in problems.all {
                switch problem {
                case .endpoint(let problem): validation.fail("body.endpoint", url: problem)
                case .p256dh: validation.fail("body.keys.p256dh", "syntax", PushTexts.p256dh)
                case .auth: validation.fail("body.keys.auth", "syntax", PushTexts.auth)
                }
            }
            try validation.check()
            throw Problem(.validationFailed)
        }
    }
}

enum PushTexts {
    static let p256dh = LocalizedText(
        en: "The browser's P-256 public key, uncompressed (65 bytes), base64url.",
        cs: "Veřejný klíč prohlížeče P-256, nekomprimovaný (65 bajtů), v base64url.")
    static let auth = LocalizedText(
        en: "The browser's authentication secret (16 bytes), base64url.", cs: "Autentizační tajemství prohlížeče (16 bajtů) v base64url.")
    static let deviceToken = LocalizedText(
        en: "The device token the system gave the app: hex, 32 to 100 bytes.",
        cs: "Token zařízení, který aplikaci dal systém: šestnáctkově, 32 až 100 bajtů.")
}
