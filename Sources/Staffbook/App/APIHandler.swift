import StaffbookAPI

/// The generated `APIProtocol`, answered by one handler per domain area.
struct APIHandler: APIProtocol {
    let operations: OperationsHandler

    func getLiveness(_ input: Operations.GetLiveness.Input) async throws -> Operations.GetLiveness.Output {
        try await operations.getLiveness(input)
    }

    func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output {
        try await operations.getReadiness(input)
    }

    func getOpenAPIDocument(_ input: Operations.GetOpenAPIDocument.Input) async throws -> Operations.GetOpenAPIDocument.Output {
        try await operations.getOpenAPIDocument(input)
    }

    func getMetrics(_ input: Operations.GetMetrics.Input) async throws -> Operations.GetMetrics.Output {
        try await operations.getMetrics(input)
    }
}
