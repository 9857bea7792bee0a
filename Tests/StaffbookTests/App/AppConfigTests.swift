import Configuration
import Crypto
import Foundation
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Configuration")
struct AppConfigTests {
    private func load(_ values: [String: String]) throws(ConfigurationError) -> AppConfig {
        let reader = ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: values))
        return try AppConfig.load(from: reader)
    }

    @Test func aCompleteEnvironmentLoadsWithDefaultsForTheRest() throws {
        let config = try load(["DATABASE_URL": "postgres://app:s%40cret@db.internal:5433/staffbook?sslmode=require"])

        #expect(config.database.host == "db.internal")
        #expect(config.database.port == 5433)
        #expect(config.database.username == "app")
        #expect(config.database.password == "s@cret")
        #expect(config.database.name == "staffbook")
        #expect(config.database.requireTLS)
        #expect(config.http.host == "127.0.0.1")
        #expect(config.http.port == 8080)
        #expect(config.migrateOnStart)
        #expect(config.http.listJSON == .database, "PostgreSQL writes the JSON of lists unless told otherwise")
        #expect(config.executor == .eventLoops, "Staffbook's executor runs the tasks unless told otherwise")
    }

    @Test func databasePartsWorkWithoutAURL() throws {
        let config = try load([
            "DATABASE_HOST": "localhost", "DATABASE_NAME": "sb", "DATABASE_USER": "sb", "DATABASE_PORT": "6543",
            "HTTP_PORT": "9000", "HTTP_MAX_BODY_BYTES": "2048", "LOG_LEVEL": "DEBUG", "CONCURRENCY_EXECUTOR": "nio",
        ])

        #expect(config.database.port == 6543)
        #expect(config.database.password == nil)
        #expect(config.http.port == 9000)
        #expect(config.http.maxBodyBytes == 2048)
        #expect(config.executor == .nio)
        #expect(config.logLevel == .debug)
    }

    @Test func flagsOverrideTheEnvironment() throws {
        let reader = ConfigReader(providers: [
            CommandLineArgumentsProvider(arguments: ["staffbook", "--http-port", "9100"]),
            EnvironmentVariablesProvider(environmentVariables: ["HTTP_PORT": "9000", "DATABASE_URL": "postgres://a@h/d"]),
        ])

        #expect(try AppConfig.load(from: reader).http.port == 9100)
    }

    @Test(arguments: [
        ([:], "database.url", "missing"),
        (["DATABASE_HOST": "h", "DATABASE_USER": "u"], "database.name", "missing"),
        (["DATABASE_URL": "mysql://a@h/d"], "database.url", "not a postgres:// URL"),
        (["DATABASE_URL": "postgres://a@h/"], "database.url", "the URL has no database name"),
        (["DATABASE_URL": "postgres://a@h/d", "HTTP_PORT": "eighty"], "http.port", "'eighty' is not a whole number"),
        (["DATABASE_URL": "postgres://a@h/d", "HTTP_PORT": "70000"], "http.port", "70000 is outside 1...65535"),
        (["DATABASE_URL": "postgres://a@h/d", "LOG_LEVEL": "loud"], "log.level", "'loud' is not one of"),
        (["DATABASE_URL": "postgres://a@h/d", "DATABASE_MIGRATE_ON_START": "maybe"], "database.migrateOnStart", "'maybe' is not true or false"),
        (["DATABASE_URL": "postgres://a@h/d", "HTTP_LIST_JSON": "postgres"], "http.listJson", "'postgres' is not database or server"),
        (["DATABASE_URL": "postgres://a@h/d", "CONCURRENCY_EXECUTOR": "dispatch"], "concurrency.executor", "'dispatch' is not event-loops or nio"),
    ])
    func anUnusableSettingFailsNamingItsKey(environment: [String: String], key: String, reason: String) {
        do {
            _ = try load(environment)
            Issue.record("expected a configuration error for \(key)")
        } catch {
            #expect(error.key == key)
            #expect(error.reason.hasPrefix(reason))
        }
    }

    @Test func theMessageNamesTheEnvironmentVariableAndTheFlag() {
        let error = ConfigurationError(key: "http.maxBodyBytes", reason: "'x' is not a whole number")

        #expect(
            error.description
                == "configuration 'http.maxBodyBytes' (environment HTTP_MAX_BODY_BYTES, flag --http-max-body-bytes): 'x' is not a whole number")
    }

    @Test func apnsSettingsNeedTheKeyItsIdTheTeamAndTheTopicAndChooseTheHost() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("AuthKey-\(UUID().uuidString).p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let base = [
            "DATABASE_URL": "postgres://a@h/d", "APNS_KEY_FILE": file.path, "APNS_KEY_ID": "ABC123DEFG", "APNS_TEAM_ID": "DEF123GHIJ",
            "APNS_TOPIC": "com.staffbook.app",
        ]
        #expect(try load(base).apns?.endpoint == "https://api.push.apple.com")
        #expect(try load(base.merging(["APNS_ENVIRONMENT": "sandbox"]) { $1 }).apns?.endpoint == "https://api.sandbox.push.apple.com")
        #expect(try load(["DATABASE_URL": "postgres://a@h/d"]).apns == nil)
        for (change, key) in [
            (["APNS_KEY_ID": "short"], "apns.keyId"), (["APNS_TEAM_ID": ""], "apns.teamId"), (["APNS_TOPIC": ""], "apns.topic"),
            (["APNS_ENVIRONMENT": "staging"], "apns.environment"), (["APNS_URL": "http://127.0.0.1:1"], "apns.url"),
            (["APNS_KEY_FILE": "/nonexistent.p8"], "apns.keyFile"), (["APNS_CA_FILE": "/nonexistent.pem"], "apns.caFile"),
        ] {
            #expect(throws: ConfigurationError.self, "\(key)") { _ = try load(base.merging(change) { $1 }) }
            do {
                _ = try load(base.merging(change) { $1 })
            } catch {
                #expect(error.key == key)
            }
        }
    }
}
