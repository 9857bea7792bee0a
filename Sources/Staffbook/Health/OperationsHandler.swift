import Foundation
import Logging
import OpenAPIRuntime
import PostgresNIO
import Prometheus
import StaffbookAPI

/// Health, readiness, metrics and the contract itself.
struct OperationsHandler: Sendable {
    let database: DatabasePool
    let metrics: PrometheusCollectorRegistry

    func getLiveness(_ input: Operations.GetLiveness.Input) async throws -> Operations.GetLiveness.Output {
        .ok(.init(body: .json(.init(status: .ok))))
    }

    func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output {
        do {
            let logger = database.logger
            try await database.withConnection { connection in
                _ = try await connection.query("SELECT 1", logger: logger)
            }
        } catch {
            throw Problem(
                .serviceUnavailable,
                detail: LocalizedText(en: "The database does not answer.", cs: "Databáze neodpovídá."),
                headers: [.retryAfter: "5"]
            )
        }
        return .ok(.init(body: .json(.init(status: .ok))))
    }

    func getOpenAPIDocument(_ input: Operations.GetOpenAPIDocument.Input) async throws -> Operations.GetOpenAPIDocument.Output {
        .ok(.init(body: .yaml(HTTPBody(OpenAPIDocument.yaml))))
    }

    func getMetrics(_ input: Operations.GetMetrics.Input) async throws -> Operations.GetMetrics.Output {
        .ok(.init(body: .plainText(HTTPBody(metrics.emitToBuffer()))))
    }
}
