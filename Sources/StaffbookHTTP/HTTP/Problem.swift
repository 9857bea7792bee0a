import HTTPTypes
import StaffbookCore

/// The one error type the API answers with; rendered as `application/problem+json`.
struct Problem: Error, Sendable {
    /// One invalid input: where it is (`body.amount`, `query.limit`), a stable code and a message.
    struct FieldError: Sendable, Equatable {
        var field: String
        var code: String
        var message: LocalizedText

        init(field: String, code: String, message: LocalizedText) {
            self.field = field
            self.code = code
            self.message = message
        }
    }

    var type: ProblemType
    var detail: LocalizedText
    var fieldErrors: [FieldError]
    var headers: HTTPFields

    init(
        _ type: ProblemType,
        detail: LocalizedText? = nil,
        fieldErrors: [FieldError] = [],
        headers: HTTPFields = [:]
    ) {
        self.type = type
        self.detail = detail ?? type.defaultDetail
        self.fieldErrors = fieldErrors
        self.headers = headers
    }

    var status: HTTPResponse.Status { type.status }
}
