import Foundation
import StaffbookCore
import StaffbookJobs

/// Registers an endpoint with a new signing secret, sealed before it is stored; the secret's text
/// comes back once, for the answer (the API's and the desk's).
package struct WebhookRegistrar: Sendable {
    let webhooks: any WebhookRepository
    let seal: SecretSeal
    let clock: any AppClock

    package func register(_ draft: WebhookEndpointDraft, by: UUID) async throws -> (endpoint: WebhookEndpoint, secret: String) {
        let secret = WebhookSignature.newSecret()
        let endpoint = try await webhooks.create(draft, sealedSecret: try seal.seal(secret), by: by, now: clock.now())
        return (endpoint, WebhookSignature.text(of: secret))
    }
}
