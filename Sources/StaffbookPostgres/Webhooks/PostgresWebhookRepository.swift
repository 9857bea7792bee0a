import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Webhook endpoints and their deliveries. The deliveries are their own queue: a claim takes due
/// deliveries with `FOR UPDATE SKIP LOCKED` and a lease, each only when no earlier delivery of
/// the same resource to the same endpoint is still pending, so a resource's events arrive in the
/// order they were written even across retries and workers.
package struct PostgresWebhookRepository: WebhookRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    static let endpointColumns = """
        id, url, description, event_types, active, version, created_at, updated_at, failing_since, disabled_at, disabled_reason
        """

    static func endpoint(_ row: PostgresRow) throws -> WebhookEndpoint {
        let (id, url, description, types, active, version, createdAt, updatedAt, failingSince, disabledAt, disabledReason) = try row.decode(
            (UUID, String, String, [String], Bool, Int, Date, Date, Date?, Date?, String?).self)
        return WebhookEndpoint(
            id: id, url: url, description: description,
            eventTypes: try types.map { try StoredValue.enumeration($0, column: "webhook_endpoints.event_types") }, active: active,
            version: version, createdAt: createdAt, updatedAt: updatedAt, failingSince: failingSince, disabledAt: disabledAt,
            disabledReason: disabledReason)
    }

    static let deliveryColumns = """
        d.id, d.seq, d.endpoint_id, e.id, e.type, d.state, d.attempts, CASE WHEN d.state = 'pending' THEN d.next_attempt_at END,
        d.last_status, d.last_latency_ms, d.last_error, d.created_at, d.finished_at, d.replay_of
        """

    static func delivery(_ row: PostgresRow) throws -> WebhookDelivery {
        let (id, seq, endpointId, eventId, type, state, attempts, next, status, latency, error, createdAt, finishedAt, replayOf) =
            try row.decode((UUID, Int64, UUID, UUID, String, String, Int, Date?, Int?, Int?, String?, Date, Date?, UUID?).self)
        return WebhookDelivery(
            id: id, seq: seq, endpointId: endpointId, eventId: eventId, eventType: try StoredValue.enumeration(type, column: "events.type"),
            state: try StoredValue.enumeration(state, column: "webhook_deliveries.state"), attempts: attempts,
            nextAttemptAt: next.map { $0 < Date(timeIntervalSince1970: 1) ? createdAt : $0 }, lastStatus: status,
            lastLatencyMilliseconds: latency, lastError: error, createdAt: createdAt, finishedAt: finishedAt, replayOf: replayOf)
    }

    package func create(_ draft: WebhookEndpointDraft, sealedSecret: [UInt8], by: UUID, now: Date) async throws -> WebhookEndpoint {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                INSERT INTO webhook_endpoints (id, url, description, event_types, active, secret, created_by, created_at, updated_at)
                VALUES (\(UUID()), \(draft.url), \(draft.description), \(draft.eventTypes.map(\.rawValue)), \(draft.active),
                        \(Data(sealedSecret)), \(by), \(now), \(now))
                RETURNING \(unescaped: Self.endpointColumns)
                """,
                logger: logger
            ).collect()
            let endpoint = try Self.endpoint(try StoredValue.single(rows, column: "webhook_endpoints.id"))
            try await AuditLog.record(
                on: connection, subject: by, entity: "webhook_endpoint", entityId: endpoint.id, action: "create", by: by, at: now,
                changes: Self.changes(from: nil, to: endpoint), logger: logger)
            return endpoint
        }
    }

    package func endpoints() async throws -> [WebhookEndpoint] {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.endpointColumns) FROM webhook_endpoints ORDER BY created_at, id LIMIT 1000", logger: logger
            ).collect().map(Self.endpoint)
        }
    }

    package func endpoint(id: UUID) async throws -> WebhookEndpoint? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.endpointColumns) FROM webhook_endpoints WHERE id = \(id)", logger: logger
            ).collect().first.map(Self.endpoint)
        }
    }

    package func update(id: UUID, _ draft: WebhookEndpointDraft, by: UUID, now: Date) async throws -> WebhookEndpoint? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            guard
                let before = try await connection.query(
                    "SELECT \(unescaped: Self.endpointColumns) FROM webhook_endpoints WHERE id = \(id) FOR UPDATE", logger: logger
                ).collect().first.map(Self.endpoint)
            else { return nil }
            // Turned on again by an admin: the disabled mark and the failing streak go.
            let rows = try await connection.query(
                """
                UPDATE webhook_endpoints SET url = \(draft.url), description = \(draft.description),
                    event_types = \(draft.eventTypes.map(\.rawValue)), active = \(draft.active), version = version + 1, updated_at = \(now),
                    failing_since = CASE WHEN \(draft.active) AND NOT active THEN NULL ELSE failing_since END,
                    disabled_at = CASE WHEN \(draft.active) THEN NULL ELSE disabled_at END,
                    disabled_reason = CASE WHEN \(draft.active) THEN NULL ELSE disabled_reason END
                WHERE id = \(id)
                RETURNING \(unescaped: Self.endpointColumns)
                """,
                logger: logger
            ).collect()
            let endpoint = try Self.endpoint(try StoredValue.single(rows, column: "webhook_endpoints.id"))
            try await AuditLog.record(
                on: connection, subject: by, entity: "webhook_endpoint", entityId: id, action: "update", by: by, at: now,
                changes: Self.changes(from: before, to: endpoint), logger: logger)
            if draft.active {
                _ = try await connection.query("SELECT pg_notify(\(PostgresJobQueue.channel), '')", logger: logger).collect()
            }
            return endpoint
        }
    }

    package func delete(id: UUID, by: UUID, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            guard
                let before = try await connection.query(
                    "DELETE FROM webhook_endpoints WHERE id = \(id) RETURNING \(unescaped: Self.endpointColumns)", logger: logger
                ).collect().first.map(Self.endpoint)
            else { return false }
            try await AuditLog.record(
                on: connection, subject: by, entity: "webhook_endpoint", entityId: id, action: "delete", by: by, at: now,
                changes: Self.changes(from: before, to: nil), logger: logger)
            return true
        }
    }

    static func changes(from before: WebhookEndpoint?, to after: WebhookEndpoint?) -> AuditLog.Changes {
        var changes: AuditLog.Changes = [:]
        func note(_ field: String, _ old: String?, _ new: String?) {
            if old != new { changes[field] = .init(from: old, to: new) }
        }
        note("url", before?.url, after?.url)
        note("description", before?.description, after?.description)
        note("eventTypes", before?.eventTypes.map(\.rawValue).joined(separator: " "), after?.eventTypes.map(\.rawValue).joined(separator: " "))
        note("active", before.map { String($0.active) }, after.map { String($0.active) })
        return changes
    }

    package func deliveries(
        endpointId: UUID, state: WebhookDeliveryState?, page: PageRequest<DeliveryPosition>
    ) async throws -> [WebhookDelivery] {
        let logger = self.logger
        let after = page.after?.seq
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.deliveryColumns)
                FROM webhook_deliveries d JOIN events e ON e.seq = d.event_seq
                WHERE d.endpoint_id = \(endpointId) AND (\(state?.rawValue)::text IS NULL OR d.state = \(state?.rawValue))
                  AND (\(after)::bigint IS NULL OR d.seq < \(after))
                ORDER BY d.seq DESC
                LIMIT \(page.fetchLimit)
                """,
                logger: logger
            ).collect().map(Self.delivery)
        }
    }

    package func replay(deliveryId: UUID, endpointId: UUID, now: Date) async throws -> WebhookDelivery? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            // A replay is an admin's explicit resend: it waits for nothing and holds nothing up.
            let id = UUID()
            let rows = try await connection.query(
                """
                WITH added AS (
                    INSERT INTO webhook_deliveries (id, endpoint_id, event_seq, ordering_key, replay_of, created_at)
                    SELECT \(id), d.endpoint_id, d.event_seq, 'replay:' || \(id.lowercasedString), d.id, \(now)
                    FROM webhook_deliveries d WHERE d.id = \(deliveryId) AND d.endpoint_id = \(endpointId)
                    RETURNING *
                )
                SELECT \(unescaped: Self.deliveryColumns) FROM added d JOIN events e ON e.seq = d.event_seq
                """,
                logger: logger
            ).collect()
            guard let row = rows.first else { return nil }
            _ = try await connection.query("SELECT pg_notify(\(PostgresJobQueue.channel), '')", logger: logger).collect()
            return try Self.delivery(row)
        }
    }

    package func claimDue(now: Date, worker: String, leaseUntil: Date, limit: Int) async throws -> [DueWebhookDelivery] {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                WITH due AS (
                    SELECT d.id FROM webhook_deliveries d
                    JOIN webhook_endpoints w ON w.id = d.endpoint_id AND w.active
                    WHERE d.state = 'pending' AND d.next_attempt_at <= \(now) AND (d.locked_until IS NULL OR d.locked_until < \(now))
                      AND NOT EXISTS (
                          SELECT 1 FROM webhook_deliveries p
                          WHERE p.endpoint_id = d.endpoint_id AND p.ordering_key = d.ordering_key AND p.state = 'pending' AND p.seq < d.seq)
                    ORDER BY d.next_attempt_at, d.seq
                    LIMIT \(limit)
                    FOR UPDATE OF d SKIP LOCKED
                )
                UPDATE webhook_deliveries d SET locked_by = \(worker), locked_until = \(leaseUntil)
                FROM due, webhook_endpoints w, events e
                WHERE d.id = due.id AND w.id = d.endpoint_id AND e.seq = d.event_seq
                RETURNING d.id, d.attempts, w.id, w.url, w.secret, w.failing_since, e.id, e.type, e.occurred_at, e.data::text
                """,
                logger: logger
            ).collect()
            return try rows.map { row in
                let (id, attempts, endpointId, url, secret, failingSince, eventId, type, occurredAt, data) = try row.decode(
                    (UUID, Int, UUID, String, Data, Date?, UUID, String, Date, String).self)
                return DueWebhookDelivery(
                    deliveryId: id, attempts: attempts, endpointId: endpointId, url: url, sealedSecret: Array(secret),
                    failingSince: failingSince, eventId: eventId, eventType: try StoredValue.enumeration(type, column: "events.type"),
                    occurredAt: occurredAt, data: data)
            }
        }
    }

    package func record(
        _ delivery: DueWebhookDelivery, attempt: WebhookAttempt, decision: WebhookRetry.Decision, worker: String, now: Date
    ) async throws -> Bool {
        let logger = self.logger
        let (status, error): (Int?, String?) =
            switch attempt.result {
            case .accepted(let status): (status, nil)
            case .failed(let status, let error): (status, String(error.prefix(1000)))
            case .refused(let why): (nil, String("refused: \(why)".prefix(1000)))
            }
        let succeeded = decision.state == .delivered
        return try await database.withTransaction { connection in
            let held = try await connection.query(
                """
                UPDATE webhook_deliveries SET state = \(decision.state.rawValue), attempts = attempts + 1,
                    next_attempt_at = coalesce(\(decision.nextAttemptAt), next_attempt_at), locked_by = NULL, locked_until = NULL,
                    last_status = \(status), last_latency_ms = \(attempt.latencyMilliseconds), last_error = \(error),
                    finished_at = CASE WHEN \(decision.state.rawValue) = 'pending' THEN NULL ELSE \(now) END
                WHERE id = \(delivery.deliveryId) AND state = 'pending' AND locked_by = \(worker)
                RETURNING id
                """,
                logger: logger
            ).collect()
            guard held.count == 1 else { return false }
            let endpoint = try await connection.query(
                "SELECT active, url FROM webhook_endpoints WHERE id = \(delivery.endpointId) FOR UPDATE", logger: logger
            ).collect().first.map { try $0.decode((Bool, String).self) }
            try await connection.query(
                """
                UPDATE webhook_endpoints SET
                    failing_since = CASE WHEN \(succeeded) THEN NULL ELSE coalesce(failing_since, \(decision.failingSince)) END,
                    active = active AND \(decision.disableEndpoint)::text IS NULL,
                    disabled_at = CASE WHEN active AND \(decision.disableEndpoint)::text IS NOT NULL THEN \(now) ELSE disabled_at END,
                    disabled_reason = CASE WHEN active AND \(decision.disableEndpoint)::text IS NOT NULL THEN \(decision.disableEndpoint)
                                      ELSE disabled_reason END
                WHERE id = \(delivery.endpointId) AND (failing_since IS NOT NULL OR NOT \(succeeded))
                """,
                logger: logger
            )
            // Turned off now: every admin hears of it, in the transaction that turned it off.
            if let (wasActive, url) = endpoint, wasActive, let why = decision.disableEndpoint {
                let admins = try await connection.query(
                    "SELECT id FROM accounts WHERE is_active AND 'admin' = ANY (roles) ORDER BY id", logger: logger
                ).collect().map { try $0.decode(UUID.self) }
                for admin in admins {
                    try await NotificationOutbox.add(
                        NewNotification(accountId: admin, kind: .webhookDisabled, payload: NotificationPayload(reason: why, endpoint: url)),
                        now: now, on: connection, logger: logger)
                }
            }
            return true
        }
    }
}
