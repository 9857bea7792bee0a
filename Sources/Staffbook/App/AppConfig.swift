import Configuration
import Foundation
import Logging

/// Everything the service needs to start, read once and validated before anything runs.
public struct AppConfig: Sendable {
    public struct HTTP: Sendable {
        public var host: String
        public var port: Int
        /// Largest request body accepted; larger bodies answer 413 without being read.
        public var maxBodyBytes: Int
        /// How long in-flight requests may take to finish after SIGTERM/SIGINT.
        public var shutdownGracePeriod: Duration
        /// Largest invoice file; its upload route accepts a body this big plus the multipart envelope.
        public var maxUploadBytes: Int = 10 << 20
        /// Prefix of links in responses and exports (`https://staffbook.example.com`); empty: relative links.
        public var publicBaseURL: String = ""
    }

    public struct Database: Sendable {
        public var host: String
        public var port: Int
        public var username: String
        public var password: String?
        public var name: String
        public var requireTLS: Bool
        public var maxConnections: Int
        /// Bound on waiting for a connection, so a database outage answers 503 quickly.
        public var connectTimeout: Duration
    }

    public var http: HTTP
    public var database: Database
    public var auth: AuthConfig
    public var logLevel: Logger.Level
    public var migrateOnStart: Bool
    public var schemaDirectory: URL
    public var seedsDirectory: URL

    public init(
        http: HTTP,
        database: Database,
        auth: AuthConfig,
        logLevel: Logger.Level,
        migrateOnStart: Bool,
        schemaDirectory: URL,
        seedsDirectory: URL
    ) {
        self.http = http
        self.database = database
        self.auth = auth
        self.logLevel = logLevel
        self.migrateOnStart = migrateOnStart
        self.schemaDirectory = schemaDirectory
        self.seedsDirectory = seedsDirectory
    }
}

extension AppConfig.HTTP {
    public init(host: String = "127.0.0.1", port: Int = 8080, maxBodyBytes: Int = 1 << 20) {
        self.init(host: host, port: port, maxBodyBytes: maxBodyBytes, shutdownGracePeriod: .seconds(10))
    }
}

extension AppConfig.Database {
    public init(host: String, port: Int, username: String, password: String?, name: String) {
        self.init(
            host: host, port: port, username: username, password: password, name: name,
            requireTLS: false, maxConnections: 20, connectTimeout: .seconds(3)
        )
    }
}
