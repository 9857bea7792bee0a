// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "staffbook",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "staffbook", targets: ["StaffbookCLI"]),
        .executable(name: "staffbook-fuzz", targets: ["StaffbookFuzz"]),
        // Reads a PDF's ISDOC attachment with poppler, in a process of its own (the server runs it).
        .executable(name: "staffbook-pdf-attachments", targets: ["StaffbookPDFAttachments"]),
        // The HTTP stack's own cost of a keyed read, for `make bench` to measure the server against.
        .executable(name: "staffbook-ceiling", targets: ["StaffbookCeiling"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: [.defaults, "CommandLineArguments"]),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.0"),
        // The client for apps is a package of its own (Client/); the end-to-end tests drive the
        // server through it.
        .package(path: "Client"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.0"),
        // The contract's descriptions are Markdown; the reference page shows them as HTML.
        .package(url: "https://github.com/JohnSundell/Ink.git", from: "0.6.0"),
    ],
    targets: [
        // The HTTP contract's types: generated from openapi.yaml at build time, never committed.
        // The server stubs are generated into a target of their own that imports these.
        .target(
            name: "StaffbookAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")
            ],
            resources: [.copy("openapi.yaml")],
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The server side of the contract (`registerHandlers`), from the same openapi.yaml.
        .target(
            name: "StaffbookAPIServer",
            dependencies: [
                "StaffbookAPI",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // poppler's GLib API (Debian's libpoppler-glib-dev) for the attachments of PDFs.
        .systemLibrary(
            name: "CPopplerGlib",
            pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev"])]
        ),
        // libzip (Debian's libzip-dev) for ISDOCX containers.
        .systemLibrary(
            name: "CLibzip",
            pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        // A PDF's ISDOC attachment, read by poppler in a child process of the server: a PDF that
        // crashes or hangs the C library ends that process only.
        .executableTarget(
            name: "StaffbookPDFAttachments",
            dependencies: ["CPopplerGlib"],
            swiftSettings: swiftSettings
        ),
        // The domain: values, rules, domain errors, repository protocols, use cases. Foundation only.
        .target(
            name: "StaffbookCore",
            swiftSettings: swiftSettings
        ),
        // Repositories, statements, migrations and seeds on PostgreSQL. Knows no HTTP.
        .target(
            name: "StaffbookPostgres",
            dependencies: [
                "StaffbookCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // A small SMTP client (submission with STARTTLS or TLS, AUTH PLAIN/LOGIN) on SwiftNIO.
        .target(
            name: "StaffbookMail",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
            ],
            swiftSettings: swiftSettings
        ),
        // The job worker and what it runs: schedules, notification delivery by e-mail and chat
        // webhook, invitation and reset links. Imports no HTTP server.
        .target(
            name: "StaffbookJobs",
            dependencies: [
                "StaffbookCore",
                "StaffbookPostgres",
                "StaffbookMail",
                "CLibzip",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Handlers, middleware, problems and the composition root.
        .target(
            name: "StaffbookHTTP",
            dependencies: [
                "StaffbookCore",
                "StaffbookPostgres",
                "StaffbookMail",
                "StaffbookJobs",
                "StaffbookAPI",
                "StaffbookAPIServer",
                "CZlib",
                "CQRencode",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Ink", package: "Ink"),
                "CLibzip",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Auth/common-passwords.txt")],
            swiftSettings: swiftSettings
        ),
        // The desk: server-rendered pages for people in a browser, a second client of the same
        // rules (Core's services and the API's access policy, through the composition root).
        .target(
            name: "StaffbookDesk",
            dependencies: [
                "StaffbookCore",
                "StaffbookPostgres",
                "StaffbookHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The composition root: the API and the desk on one server, for `serve` and every test.
        .target(
            name: "StaffbookApp",
            dependencies: [
                "StaffbookHTTP",
                "StaffbookDesk",
                "StaffbookCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "StaffbookCLI",
            dependencies: [
                "StaffbookCore",
                "StaffbookPostgres",
                "StaffbookJobs",
                "StaffbookHTTP",
                "StaffbookApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Every parser of outside input as a fuzz target: built with libFuzzer by
        // scripts/fuzz.sh from Fuzz/Package.swift (`make verify`), and here as a plain program
        // whose targets replay the seed corpus (Fuzz/corpus) in `make test`.
        .executableTarget(
            name: "StaffbookFuzz",
            dependencies: [
                "StaffbookCore",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                "CLibzip",
            ],
            path: "Fuzz/Sources/StaffbookFuzz",
            exclude: ["main.swift"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "StaffbookCeiling",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "bench/Ceiling",
            swiftSettings: swiftSettings
        ),
        // Real parts for tests: a database per test copied from a migrated template, a clock
        // moved by hand, an SMTP server (aiosmtpd) and a webhook receiver on loopback.
        .target(
            name: "StaffbookTestSupport",
            dependencies: [
                "StaffbookCore",
                "StaffbookPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ],
            path: "Tests/StaffbookTestSupport",
            swiftSettings: swiftSettings
        ),
        // The SMTP client against a real SMTP server on loopback (aiosmtpd).
        .testTarget(
            name: "StaffbookMailTests",
            dependencies: ["StaffbookMail", "StaffbookTestSupport"],
            swiftSettings: swiftSettings
        ),
        // The domain's rules, without a database: seconds.
        .testTarget(
            name: "StaffbookCoreTests",
            dependencies: ["StaffbookCore", "StaffbookFuzz"],
            exclude: ["Schemas"],
            swiftSettings: swiftSettings
        ),
        // Everything else, on real PostgreSQL through the real application.
        .testTarget(
            name: "StaffbookTests",
            dependencies: [
                "StaffbookCore",
                "StaffbookPostgres",
                "StaffbookJobs",
                "StaffbookHTTP",
                "StaffbookDesk",
                "StaffbookApp",
                "StaffbookTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            // ISDOC.PDFs as invoicing services make them, read from the source tree.
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        // The client library against the real server on a loopback port: docs/walk-through.md's
        // walk-through, and token refreshes under concurrency.
        .testTarget(
            name: "StaffbookEndToEndTests",
            dependencies: [
                .product(name: "StaffbookClient", package: "Client"),
                "StaffbookCore",
                "StaffbookHTTP",
                "StaffbookApp",
                "StaffbookPostgres",
                "StaffbookTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
