import ArgumentParser
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import StaffbookApp
import StaffbookCore
import StaffbookHTTP

#if canImport(Glibc)
    import Glibc
#endif

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Migrate the database (unless --no-migrate) and serve HTTP.")

    @Flag(name: .customLong("no-migrate"), help: "Do not apply schema/ before serving.")
    var noMigrate = false

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        var config = try options.load()
        // Tasks then run on the event loops that do the server's and the database's I/O, instead
        // of hopping to and from Swift's own thread pool on every await (docs/performance.md).
        // Nothing here blocks a thread: bcrypt runs on NIO's thread pool.
        EventLoopExecutor.install(config.executor)
        #if canImport(Glibc)
            // glibc raises its mmap threshold to the size of any large block that is freed; from then
            // on, upload-sized buffers come from the heap and their pages stay with the process after
            // use. A fixed threshold keeps blocks of 1 MiB and more mapped, and returned when freed.
            Self.setMallocOption(-3 /* M_MMAP_THRESHOLD */, 1 << 20)
        #endif
        if noMigrate { config.migrateOnStart = false }
        let logger = options.logger(config)
        do {
            try await Self.serve(config: config, logger: logger)
        } catch let error as ConfigurationError {
            FileHandleStderr.write("staffbook: \(error)\n")
            throw ExitCode(78)  // EX_CONFIG
        }
    }

    private static func serve(config: AppConfig, logger: Logger) async throws {
        let app = try await buildApplication(config: config, logger: logger)
        var serviceConfiguration = ServiceGroupConfiguration(
            services: [.init(service: app)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        // In-flight requests get this long to finish after a signal; then they are cancelled.
        serviceConfiguration.maximumGracefulShutdownDuration = config.http.shutdownGracePeriod
        serviceConfiguration.maximumCancellationDuration = .seconds(5)
        try await ServiceGroup(configuration: serviceConfiguration).run()
    }

    #if canImport(Glibc)
        /// glibc's `mallopt`, which Swift's Glibc module does not import (malloc.h is not part of it).
        private static func setMallocOption(_ option: Int32, _ value: Int32) {
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: Mallopt.self)(option, value)
        }
    #endif
}
