import HTTPTypes

/// The one error type the API answers with; rendered as `application/problem+json`.
public struct Problem: Error, Sendable {
    /// One invalid input: where it is (`body.amount`, `query.limit`), a stable code and a message.
    public struct FieldError: Sendable, Equatable {
        public var field: String
        public var code: String
        public var message: LocalizedText

        public init(field: String, code: String, message: LocalizedText) {
            self.field = field
            self.code = code
            self.message = message
        }
    }

    public var type: ProblemType
    public var detail: LocalizedText
    public var fieldErrors: [FieldError]
    public var headers: HTTPFields

    public init(
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

    public var status: HTTPResponse.Status { type.status }
}
