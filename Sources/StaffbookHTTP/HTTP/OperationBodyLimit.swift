import HTTPTypes

/// An operation whose body may be larger than the default: its method, its path as the contract
/// writes it (a `{name}` segment stands for any one segment), and which of the larger limits.
struct OperationBodyLimit: Sendable {
    enum Kind: Sendable, Equatable {
        /// An invoice's file.
        case upload
        /// A bank statement.
        case statement
    }

    let method: HTTPRequest.Method
    let segments: [Substring]
    let kind: Kind
    /// Whether the body is multipart: the file's limit then gets room for the envelope.
    let envelope: Bool

    init(method: HTTPRequest.Method, path: String, kind: Kind, envelope: Bool) {
        self.method = method
        segments = path.split(separator: "/", omittingEmptySubsequences: false)
        self.kind = kind
        self.envelope = envelope
    }

    func matches(_ method: HTTPRequest.Method, _ path: String) -> Bool {
        guard method == self.method else { return false }
        var index = 0
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard index < segments.count else { return false }
            let expected = segments[index]
            guard expected.first == "{" || expected == segment else { return false }
            index += 1
        }
        return index == segments.count
    }
}
