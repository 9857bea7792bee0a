import StaffbookCore

/// What an operation's card says besides its shape: who may call it, which personal tokens reach
/// it, and how large its body may be (the contract's `x-staffbook-…` extensions).
extension ReferencePage.Model {
    static func tokens(_ scopes: [String]) -> String {
        scopes.isEmpty
            ? "Personal tokens: none reach it; a signed-in session only."
            : "Personal tokens with one of the scopes: \(scopes.joined(separator: ", "))."
    }

    /// The settings that bound the body (their defaults as `AppConfig` loads them).
    static func bodyLimit(_ operation: ContractOutline.Operation) -> String {
        let envelope = operation.requestTypes.contains("multipart/form-data") ? ", and 64 KiB for the multipart envelope" : ""
        return switch operation.bodyLimit {
        case "upload": "Body: up to HTTP_MAX_UPLOAD_BYTES (10 MiB by default)\(envelope)."
        case "statement": "Body: up to HTTP_MAX_STATEMENT_BYTES (32 MiB by default)\(envelope)."
        default: "Body: up to HTTP_MAX_BODY_BYTES (1 MiB by default)."
        }
    }

    static func roles(_ access: Access?) -> [String] {
        switch access {
        case .anyone: ["anyone (no token)"]
        case .signedIn: ["worker", "team_leader", "admin"]
        case .anyOf(let roles): Role.allCases.filter(roles.contains).map(\.rawValue)
        case nil: ["nobody (not in the access table)"]
        }
    }
}
