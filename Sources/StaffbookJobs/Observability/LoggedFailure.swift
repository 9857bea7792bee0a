import Logging
import StaffbookCore

/// What a log line may say about an error: its type and a message known to hold no input. The
/// HTTP layer adds its own errors (and the operation) on top of this.
package enum LoggedFailure {
    package static func metadata(_ error: any Error, message: String? = nil) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["error_type": .string(String(describing: type(of: error)))]
        if let text = message ?? safeMessage(error) { metadata["error"] = .string(text) }
        return metadata
    }

    /// Messages of our own errors, which name codes and columns, never values.
    package static func safeMessage(_ error: any Error) -> String? {
        switch error {
        case let error as StoreError: error.description
        case let error as ConfigurationError: error.description
        default: nil
        }
    }
}
