import Hummingbird
import Logging
import StaffbookCore
import StaffbookDesk
import StaffbookHTTP

/// The composition root: everything the service is made of is wired here, for `serve` and for
/// every test alike — the API's areas and the desk's pages on one server, over one set of
/// services.
package func buildApplication(
    config: AppConfig,
    logger: Logger,
    clock: any AppClock = SystemClock()
) async throws -> some ApplicationProtocol {
    try await buildServer(config: config, logger: logger, clock: clock) { services in
        [try Desk(services: services)]
    }
}
