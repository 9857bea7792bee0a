/// A request path as logs and metrics may carry it: the segment of a path that is itself a
/// credential (a file link's, a calendar feed's, an invitation's or a password reset's token) is replaced, so a
/// link copied out of a log opens nothing.
enum LoggedPath {
    /// Paths whose next segment is a secret.
    static let secretPrefixes = [
        "/v1/file-links/", "/v1/calendar-feeds/", "/v1/auth/invitations/", "/v1/auth/password-reset/", "/v1/personal-data-links/",
    ]

    static func redacted(_ path: String) -> String {
        for prefix in secretPrefixes where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            guard !rest.isEmpty else { return path }
            let after = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? ""
            return prefix + "…" + after
        }
        return path
    }
}
