import Foundation
import StaffbookCore

/// The JSON shape of a problem (RFC 9457) in one language, with our `requestId` and `errors` members.
struct ProblemBody: Codable, Equatable {
    struct FieldError: Codable, Equatable {
        var field: String
        var code: String
        var message: String
    }

    var type: String
    var title: String
    var status: Int
    var detail: String
    var instance: String?
    var requestId: String?
    var errors: [FieldError]?

    init(problem: Problem, language: Language, instance: String?, requestId: String?) {
        self.type = problem.type.uri
        self.title = problem.type.title.text(in: language)
        self.status = problem.type.status.code
        self.detail = problem.detail.text(in: language)
        self.instance = instance
        self.requestId = requestId
        self.errors =
            problem.fieldErrors.isEmpty
            ? nil
            : problem.fieldErrors.map { FieldError(field: $0.field, code: $0.code, message: $0.message.text(in: language)) }
    }
}
