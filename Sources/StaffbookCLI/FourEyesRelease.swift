import ArgumentParser
import Foundation
import StaffbookPostgres

/// The operator's way back once the four-eyes rule engaged: with one admin left for good (the
/// other left the company), `auto` would otherwise keep every payment waiting for a second admin
/// who is not there. Deployment access, not an admin session: a stolen session cannot do this.
struct FourEyesRelease: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "four-eyes-release",
        abstract: "Let PAYMENTS_FOUR_EYES=auto apply again only while two admins can check each other (it engages again when they can)."
    )

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let config = try options.load()
        let logger = options.logger(config)
        let released = try await DatabasePool.withRunning(config: config.database, logger: logger) { database in
            try await AdminChangeGate.release(now: Date(), on: database, logger: logger)
        }
        print(released ? "Released: four eyes applies again once two admins can check each other." : "The rule was not engaged.")
    }
}
