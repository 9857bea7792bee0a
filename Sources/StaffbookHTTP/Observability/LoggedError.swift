import Logging
import OpenAPIRuntime
import StaffbookCore
import StaffbookJobs

/// What a log line may say about an error: its type, the operation and a message known to hold
/// no request data. `String(reflecting:)` of the OpenAPI runtime's errors carries the decoded
/// input and the request's headers (a password, refresh and bearer tokens), so it is never used.
enum LoggedError {
    static func metadata(_ error: any Error) -> Logger.Metadata {
        var error = error
        var metadata: Logger.Metadata = [:]
        if let serverError = error as? ServerError {
            metadata["operation"] = .string(serverError.operationID)
            error = serverError.underlyingError
        }
        return metadata.merging(LoggedFailure.metadata(error, message: safeMessage(error))) { first, _ in first }
    }

    /// Messages of the HTTP layer's own errors; the rest as `LoggedFailure` says.
    private static func safeMessage(_ error: any Error) -> String? {
        switch error {
        case let error as Problem: error.type.rawValue
        case let error as UploadSpoolError: error.description
        default: nil
        }
    }
}
