/// Where the database is and how to use it.
package struct DatabaseConfig: Sendable {
    package var host: String
    package var port: Int
    package var username: String
    package var password: String?
    package var name: String
    package var requireTLS: Bool
    package var maxConnections: Int
    /// Bound on waiting for a connection, so a database outage answers 503 quickly.
    package var connectTimeout: Duration

    package init(
        host: String, port: Int, username: String, password: String?, name: String,
        requireTLS: Bool = false, maxConnections: Int = 20, connectTimeout: Duration = .seconds(3)
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.name = name
        self.requireTLS = requireTLS
        self.maxConnections = maxConnections
        self.connectTimeout = connectTimeout
    }
}
