import Configuration
import Crypto
import Foundation
import Logging
import StaffbookCore
import StaffbookJobs
import StaffbookMail
import StaffbookPostgres

extension AppConfig {
    static func loadAuth(_ values: ConfigValues) throws(ConfigurationError) -> AuthConfig {
        let jwks = values.string("auth.google.jwksUrl", default: "https://www.googleapis.com/oauth2/v3/certs")
        guard let jwksURL = URL(string: jwks), ["https", "http", "file"].contains(jwksURL.scheme ?? "") else {
            throw ConfigurationError(key: "auth.google.jwksUrl", reason: "'\(jwks)' is not an http(s) or file URL")
        }
        var auth = AuthConfig(
            signingKey: try signingKey(values, "auth.signingKey"),
            google: .init(
                clientIds: (values.optionalString("auth.google.clientIds") ?? "")
                    .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
                hostedDomain: values.optionalString("auth.google.hostedDomain"),
                jwksURL: jwksURL
            )
        )
        auth.google.fetchTimeout = .milliseconds(try values.int("auth.google.fetchTimeoutMs", default: 5000, in: 100...60000))
        auth.previousSigningKey = try signingKey(values, "auth.previousSigningKey")
        if let previous = auth.previousSigningKey, previous.id == auth.signingKey?.id {
            throw ConfigurationError(key: "auth.previousSigningKey", reason: "has the same kid as auth.signingKey")
        }
        auth.accessTokenLifetime = TimeInterval(try values.int("auth.accessTokenMinutes", default: 60, in: 1...1440) * 60)
        auth.refreshGracePeriod = TimeInterval(try values.int("auth.refreshGraceSeconds", default: 30, in: 0...300))
        auth.sessionIdleLifetime = TimeInterval(try values.int("auth.sessionIdleDays", default: 30, in: 1...365) * 86400)
        auth.sessionAbsoluteLifetime = TimeInterval(try values.int("auth.sessionMaxDays", default: 90, in: 1...730) * 86400)
        auth.bcryptCost = try values.int("auth.bcryptCost", default: 12, in: 4...16)
        auth.maxFailuresPerAccount = try values.int("auth.maxFailuresPerAccount", default: 5, in: 1...1000)
        auth.maxFailuresPerAddress = try values.int("auth.maxFailuresPerAddress", default: 50, in: 1...100_000)
        auth.personalTokenRequestsPerMinute = try values.int("auth.personalTokenRequestsPerMinute", default: 120, in: 1...1_000_000)
        auth.maxResetsPerAccount = try values.int("auth.maxResetsPerAccount", default: 3, in: 1...100_000)
        auth.maxResetsPerAddress = try values.int("auth.maxResetsPerAddress", default: 20, in: 1...100_000)
        auth.maxLinkFailuresPerAddress = try values.int("auth.maxLinkFailuresPerAddress", default: 20, in: 1...100_000)
        auth.failureWindow = TimeInterval(try values.int("auth.failureWindowMinutes", default: 15, in: 1...1440) * 60)
        auth.trustForwardedFor = try values.bool("http.trustForwardedFor", default: false)
        let policy = values.string("auth.adminSecondFactor", default: AdminSecondFactorPolicy.required.rawValue)
        guard let adminSecondFactor = AdminSecondFactorPolicy(rawValue: policy) else {
            throw ConfigurationError(key: "auth.adminSecondFactor", reason: "'\(policy)' is not required or optional")
        }
        auth.adminSecondFactor = adminSecondFactor
        return auth
    }

    /// `kid:base64-secret`; the secret must be at least 32 bytes (HS256).
    static func signingKey(_ values: ConfigValues, _ key: String) throws(ConfigurationError) -> AuthConfig.SigningKey? {
        guard let text = values.optionalString(key, isSecret: true) else { return nil }
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, !parts[0].isEmpty,
            parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") })
        else {
            throw ConfigurationError(key: key, reason: "expected kid:base64-secret")
        }
        guard let secret = Data(base64Encoded: String(parts[1])) else {
            throw ConfigurationError(key: key, reason: "the secret is not base64")
        }
        guard secret.count >= 32 else {
            throw ConfigurationError(key: key, reason: "the secret has \(secret.count) bytes; at least 32 are needed")
        }
        return AuthConfig.SigningKey(id: String(parts[0]), secret: Array(secret))
    }
}
