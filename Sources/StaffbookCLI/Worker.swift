import ArgumentParser
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import StaffbookCore
import StaffbookHTTP

/// Only the job worker: schedules, the queue's jobs, notification delivery. `serve` runs one
/// too; this is for a deployment that scales the HTTP servers and the workers apart.
struct Worker: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the job worker only (no HTTP server); serve runs one as well.")

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let config = try options.load()
        EventLoopExecutor.install(config.executor)
        let logger = options.logger(config)
        let services: [any Service]
        do {
            services = try await buildWorker(config: config, logger: logger)
        } catch let error as ConfigurationError {
            FileHandleStderr.write("staffbook: \(error)\n")
            throw ExitCode(78)  // EX_CONFIG
        }
        var configuration = ServiceGroupConfiguration(
            services: services.map { .init(service: $0) }, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
        )
        configuration.maximumGracefulShutdownDuration = config.http.shutdownGracePeriod
        try await ServiceGroup(configuration: configuration).run()
    }
}
