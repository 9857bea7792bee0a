import ArgumentParser
import Foundation
import StaffbookCore
import StaffbookHTTP
import StaffbookPostgres

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct CreateAdmin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-admin",
        abstract: "Create the first admin of a new installation; the password is read from standard input."
    )

    @Option(help: "Work e-mail (the sign-in identity).") var email: String
    @Option(help: "First name.") var firstName: String
    @Option(help: "Last name.") var lastName: String
    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let config = try options.load()
        let logger = options.logger(config)
        let password = Self.readPassword()
        switch PasswordRules.problem(password, isCommon: CommonPasswords.contains) {
        case .tooShort:
            FileHandleStderr.write("staffbook: the password needs at least \(PasswordRules.minimumLength) characters\n")
            throw ExitCode(65)
        case .tooLong:
            FileHandleStderr.write("staffbook: the password may have at most \(PasswordRules.maximumBytes) bytes (UTF-8)\n")
            throw ExitCode(65)
        case .controlCharacter:
            FileHandleStderr.write("staffbook: the password must not contain control characters\n")
            throw ExitCode(65)
        case .common:
            FileHandleStderr.write("staffbook: the password is among the most common ones (or one character repeated)\n")
            throw ExitCode(65)
        case nil:
            break
        }
        let hash = try await PasswordHasher(cost: config.auth.bcryptCost).hash(password)
        let created = try await DatabasePool.withRunning(config: config.database, logger: logger) { database in
            try await AdminAccounts(database: database, logger: logger).create(
                NewAccount(email: email, firstName: firstName, lastName: lastName, roles: [.admin], passwordHash: hash),
                now: Date()
            )
        }
        guard let created else {
            FileHandleStderr.write("staffbook: an account with e-mail \(email) already exists\n")
            throw ExitCode(65)
        }
        print("Created admin \(created.email) (\(created.id.lowercasedString)).")
    }

    /// Without echo on a terminal; a plain line when piped (`echo "$PW" | staffbook create-admin …`).
    private static func readPassword() -> String {
        if isatty(STDIN_FILENO) != 0, let typed = getpass("Password: ") {
            return String(cString: typed)
        }
        return readLine(strippingNewline: true) ?? ""
    }
}

struct DeactivateAccount: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deactivate-account",
        abstract: "Deactivate an account: no sign-in, its sessions end at once."
    )

    @Option(help: "Work e-mail of the account.") var email: String
    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let config = try options.load()
        let logger = options.logger(config)
        let done = try await DatabasePool.withRunning(config: config.database, logger: logger) { database in
            try await AdminAccounts(database: database, logger: logger).deactivate(email: email, now: Date())
        }
        guard done else {
            FileHandleStderr.write("staffbook: no active account with e-mail \(email)\n")
            throw ExitCode(65)
        }
        print("Deactivated \(email); its sessions have ended.")
    }
}
