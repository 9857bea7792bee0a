import ArgumentParser
import StaffbookJobs

/// Prints a new Web Push key for `PUSH_VAPID_PRIVATE_KEY`; keep it as secret as the signing key.
struct VAPIDKey: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vapid-key",
        abstract: "Print a new Web Push (VAPID) private key for PUSH_VAPID_PRIVATE_KEY.",
        discussion: "Browsers subscribe to the key's public half; a new key means every browser subscribes again."
    )

    func run() throws {
        print(VAPID.newPrivateKey())
    }
}
