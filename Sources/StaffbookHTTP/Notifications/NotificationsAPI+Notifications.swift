import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/me/notifications`, `/v1/notifications`, `/v1/me/notification-preferences`.
extension NotificationsAPI {
    func listMyNotifications(_ input: Operations.ListMyNotifications.Input) async throws -> Operations.ListMyNotifications.Output {
        let caller = try RequestScope.requireCaller()
        let query = input.query
        let page = try PageRequest<CreatedPosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        let rows = try await notifications.list(accountId: caller.accountId, state: nil, page: page)
        let result = Page(rows: rows, limit: page.limit) { CreatedPosition(createdAt: $0.createdAt, id: $0.id) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(.init(items: result.items.map(NotificationSchemas.notification), nextCursor: result.nextCursor))
            ))
    }

    func listNotifications(_ input: Operations.ListNotifications.Input) async throws -> Operations.ListNotifications.Output {
        let query = input.query
        let page = try PageRequest<CreatedPosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        var validation = InputValidation()
        var personId: UUID?
        if let text = query.personId {
            personId = UUID(uuidString: text)
            if personId == nil { validation.fail("query.personId", "uuid", FieldTexts.personId) }
        }
        try validation.check()
        let rows = try await notifications.list(
            accountId: personId, state: query.state.flatMap { NotificationState(rawValue: $0.rawValue) }, page: page
        )
        let result = Page(rows: rows, limit: page.limit) { CreatedPosition(createdAt: $0.createdAt, id: $0.id) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(.init(items: result.items.map(NotificationSchemas.notification), nextCursor: result.nextCursor))
            ))
    }

    func getMyNotificationPreferences(
        _ input: Operations.GetMyNotificationPreferences.Input
    ) async throws -> Operations.GetMyNotificationPreferences.Output {
        let caller = try RequestScope.requireCaller()
        guard let preferences = try await notifications.preferences(accountId: caller.accountId) else {
            throw Problem.unauthenticated(invalidToken: true)
        }
        return .ok(.init(body: .json(NotificationSchemas.preferences(preferences))))
    }

    func putMyNotificationPreferences(
        _ input: Operations.PutMyNotificationPreferences.Input
    ) async throws -> Operations.PutMyNotificationPreferences.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let preferences = try NotificationPageInput.preferences(
            language: body.language == .en ? .en : .cs, chatWebhookURL: body.chatWebhookUrl,
            channels: NotificationSchemas.given(body).compactMap { kind, preference in preference.map { (kind, $0.rawValue) } },
            policy: webhookPolicy)
        guard try await notifications.savePreferences(preferences, accountId: caller.accountId, now: clock.now()) else {
            throw Problem.unauthenticated(invalidToken: true)
        }
        return .ok(.init(body: .json(NotificationSchemas.preferences(preferences))))
    }
}

/// Notifications as the contract's schemas.
enum NotificationSchemas {
    static func notification(_ record: NotificationRecord) -> Components.Schemas.Notification {
        .init(
            id: record.id.lowercasedString, personId: record.accountId?.lowercasedString,
            kind: Components.Schemas.NotificationKind(rawValue: record.kind.rawValue) ?? .invitation,
            state: Components.Schemas.NotificationState(rawValue: record.state.rawValue) ?? .pending,
            channel: record.channel.flatMap { Components.Schemas.Notification.ChannelPayload(rawValue: $0.rawValue) },
            createdAt: record.createdAt, sentAt: record.sentAt, period: record.payload.period, amount: record.payload.amount,
            reason: record.payload.reason, effectiveFrom: record.payload.effectiveFrom,
            invoicesNeedingAttention: record.payload.attention
        )
    }

    static func preferences(_ preferences: NotificationPreferences) -> Components.Schemas.NotificationPreferences {
        func channel(_ kind: NotificationKind) -> Components.Schemas.NotificationPreference {
            Components.Schemas.NotificationPreference(rawValue: preferences.preference(for: kind).rawValue) ?? .email
        }
        return .init(
            language: preferences.language == .en ? .en : .cs,
            chatWebhookUrl: preferences.chatWebhookURL,
            channels: .init(
                statementReady: channel(.statementReady), invoiceReminder: channel(.invoiceReminder),
                missingInvoicesDigest: channel(.missingInvoicesDigest), invoiceReturned: channel(.invoiceReturned),
                invoiceReturnWithdrawn: channel(.invoiceReturnWithdrawn),
                invoiceApproved: channel(.invoiceApproved), invoicePaid: channel(.invoicePaid), rateAnnounced: channel(.rateAnnounced),
                timesheetReminder: channel(.timesheetReminder), timesheetApprovalReminder: channel(.timesheetApprovalReminder),
                absenceRequested: channel(.absenceRequested), absenceDecided: channel(.absenceDecided),
                webhookDisabled: channel(.webhookDisabled)
            )
        )
    }

    /// The preference given for each kind, nil where the kind was left out or null.
    static func given(_ body: Components.Schemas.NotificationPreferences) -> [(NotificationKind, Components.Schemas.NotificationPreference?)] {
        [
            (.statementReady, body.channels.statementReady), (.invoiceReminder, body.channels.invoiceReminder),
            (.missingInvoicesDigest, body.channels.missingInvoicesDigest), (.invoiceReturned, body.channels.invoiceReturned),
            (.invoiceReturnWithdrawn, body.channels.invoiceReturnWithdrawn),
            (.invoiceApproved, body.channels.invoiceApproved), (.invoicePaid, body.channels.invoicePaid),
            (.rateAnnounced, body.channels.rateAnnounced), (.timesheetReminder, body.channels.timesheetReminder),
            (.timesheetApprovalReminder, body.channels.timesheetApprovalReminder),
            (.absenceRequested, body.channels.absenceRequested), (.absenceDecided, body.channels.absenceDecided),
            (.webhookDisabled, body.channels.webhookDisabled),
        ]
    }
}
