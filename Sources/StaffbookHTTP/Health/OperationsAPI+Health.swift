import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// Health, readiness, metrics and the contract itself.
extension OperationsAPI {
    func getLiveness(_ input: Operations.GetLiveness.Input) async throws -> Operations.GetLiveness.Output {
        .ok(.init(body: .json(.init(status: .ok))))
    }

    func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output {
        do {
            try await database.ping()
        } catch {
            throw Problem(
                .serviceUnavailable,
                detail: RequestTexts.databaseDown,
                headers: [.retryAfter: "5"]
            )
        }
        return .ok(.init(body: .json(.init(status: .ok))))
    }

    func getOpenAPIDocument(_ input: Operations.GetOpenAPIDocument.Input) async throws -> Operations.GetOpenAPIDocument.Output {
        .ok(.init(body: .yaml(HTTPBody(OpenAPIDocument.yaml))))
    }

    func getMetrics(_ input: Operations.GetMetrics.Input) async throws -> Operations.GetMetrics.Output {
        let scope = RequestScope.current
        switch metricsAccess {
        case .public:
            break
        case .loopback:
            guard MetricsAccess.isLoopback(scope.clientAddress) else { throw Problem(.notFound) }
        case .token(let token):
            guard case .bearer(let sent) = scope.credentials, MetricsAccess.matches(sent, token) else {
                throw Problem.unauthenticated(invalidToken: scope.credentials != nil)
            }
        }
        return .ok(.init(body: .plainText(HTTPBody(metrics.emitToBuffer()))))
    }
}
