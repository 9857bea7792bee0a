import Foundation
import HTTPTypes
import OpenAPIRuntime
import StaffbookAPI

/// Names the field of an unreadable date in a JSON body. The runtime decodes dates through a
/// transcoder that is given the text only, so its error says where nothing is: for the
/// operations whose bodies carry dates, the body is kept (it is small: `BodyLimitMiddleware`
/// bounds it, and the runtime collects it whole anyway) and, when a date in it cannot be read,
/// decoded again with a date strategy that knows the coding path, so `{"at": ""}` is reported
/// against `body.at` rather than the whole body. Which operations, and the type of each one's
/// body: `bodies`, written from the contract (DateFieldMiddleware+Operations.swift).
struct DateFieldMiddleware: ServerMiddleware {
    let maxBytes: Int

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let type = Self.bodies[operationID], let body else { return try await next(request, body, metadata) }
        let bytes = try await [UInt8](collecting: body, upTo: maxBytes)
        do {
            return try await next(request, HTTPBody(bytes), metadata)
        } catch let error as ServerError where error.operationInput == nil {
            guard case .dataCorrupted(let context) = error.underlyingError as? DecodingError,
                context.codingPath.isEmpty, LenientDateTranscoder.messages.contains(context.debugDescription),
                let located = Self.locate(type, in: bytes)
            else { throw error }
            throw located
        }
    }

    /// The decoding error of `bytes` as `type` with the date's coding path, or nil when they
    /// now decode (they cannot, but nothing is invented if they do).
    static func locate(_ type: any Decodable.Type, in bytes: [UInt8]) -> DecodingError? {
        let decoder = JSONDecoder()
        let transcoder = LenientDateTranscoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            do {
                return try transcoder.decode(text)
            } catch DecodingError.dataCorrupted(let context) {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: context.debugDescription))
            }
        }
        do {
            _ = try decoder.decode(type, from: Data(bytes))
            return nil
        } catch let error as DecodingError {
            return error
        } catch {
            return nil
        }
    }
}
