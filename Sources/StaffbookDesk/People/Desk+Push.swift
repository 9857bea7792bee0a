import Foundation
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// This browser's Web Push subscription from the **Me** page (`/v1/me/push-subscriptions` as
/// forms): the page's script asks the browser for a subscription and sends it as a plain form.
extension Desk {
    func subscribeBrowser(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "subscribeToPush")
        let fields = try await form(request, view: view)
        do {
            let draft = try PushInput.draft(
                endpoint: String((fields["endpoint"] ?? "").prefix(1100)), p256dh: String((fields["p256dh"] ?? "").prefix(120)),
                auth: String((fields["auth"] ?? "").prefix(60)), configured: services.config.vapid != nil,
                policy: services.config.monthEnd.webhookPolicy)
            _ = try await services.pushSubscriptions.subscribe(accountId: session.account.id, draft, now: services.clock.now())
            return DeskPage.redirect("/desk/me?done=pushOn")
        } catch {
            return try await refusedMe(view, error, MeForm(part: "push", typed: [:]))
        }
    }

    func unsubscribeBrowser(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "unsubscribeFromPush")
        _ = try await form(request, view: view)
        guard let subscriptionId = id.flatMap(UUID.init(uuidString:)),
            try await services.pushSubscriptions.unsubscribe(id: subscriptionId, accountId: session.account.id)
        else { throw DeskRefusal.notFound }
        return DeskPage.redirect("/desk/me?done=pushOff")
    }
}
