import HTTPTypes
import StaffbookCore

/// A problem as a page shows it: the same classification and the same words as the API's
/// problem+json, for the desk, which renders them in its own look instead of as JSON.
package struct PageProblem: Sendable, Equatable {
    package var status: Int
    /// The problem type's last part (`not-found`, `invoice-stale`…).
    package var type: String
    package var title: String
    package var detail: String
    /// Each invalid field's name as the API names it and its message.
    package var fields: [Field]
    /// Ours, not the person's: logged as an error, shown with the request id.
    package var isServerFault: Bool
    /// When to try again (a throttle's wait), as the API's `Retry-After`.
    package var retryAfter: String?

    package struct Field: Sendable, Equatable {
        package var name: String
        package var message: String
    }
}

extension PageProblem {
    /// What the API would answer for `error`, in `language`.
    package init(_ error: any Error, language: Language) {
        let (problem, isServerFault) = Problem.from(error)
        self.init(
            status: Int(problem.status.code),
            type: problem.type.rawValue,
            title: problem.type.title.text(in: language),
            detail: problem.detail.text(in: language),
            fields: problem.fieldErrors.map { .init(name: $0.field, message: $0.message.text(in: language)) },
            isServerFault: isServerFault,
            retryAfter: problem.headers[.retryAfter]
        )
    }
}
