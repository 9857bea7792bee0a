import OpenAPIRuntime

extension HTTPBody {
    /// A body that can be sent more than once (for a retry): a streamed one is read into memory
    /// first, up to `limit` bytes; one already in memory is returned as it is.
    static func replayable(_ body: HTTPBody?, limit: Int) async throws -> HTTPBody? {
        guard let body, body.iterationBehavior == .single else { return body }
        return HTTPBody(try await ArraySlice<UInt8>(collecting: body, upTo: limit))
    }

    /// Reads and drops a response that will not be returned, so its connection can be reused.
    static func discard(_ body: HTTPBody?) async {
        guard let body else { return }
        _ = try? await ArraySlice<UInt8>(collecting: body, upTo: 1 << 20)
    }
}
