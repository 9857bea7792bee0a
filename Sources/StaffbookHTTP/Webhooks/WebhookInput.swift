import Foundation
import StaffbookAPI
import StaffbookCore

/// The API's checks of an endpoint's body, in the words the chat webhook's field uses; the desk
/// sends its form through the same.
package enum WebhookInput {
    static func draft(_ body: Components.Schemas.WebhookEndpointInput, policy: WebhookPolicy) throws -> WebhookEndpointDraft {
        try draft(
            url: body.url, description: body.description ?? "", eventTypes: body.eventTypes.compactMap { EventType(rawValue: $0.rawValue) },
            active: body.active ?? true, policy: policy)
    }

    package static func draft(url: String, description: String, eventTypes: [EventType], active: Bool, policy: WebhookPolicy) throws
        -> WebhookEndpointDraft
    {
        switch WebhookEndpointDraft.validate(url: url, description: description, eventTypes: eventTypes, active: active, policy: policy) {
        case .success(let draft):
            return draft
        case .failure(let problems):
            var validation = InputValidation()
            for problem in problems.all {
                switch problem {
                case .url(let problem): validation.fail("body.url", url: problem)
                case .description: validation.fail("body.description", "length", FieldTexts.atMost(WebhookEndpointDraft.maximumDescription))
                case .eventTypes: validation.fail("body.eventTypes", "range", FieldTexts.atMost(EventType.allCases.count))
                }
            }
            try validation.check()
            throw Problem(.validationFailed)
        }
    }
}
