// swift-tools-version: 6.1
// The fuzz targets on their own: StaffbookCore (the same sources, through a link), the OpenAPI
// runtime's multipart parser and libzip (for the ISDOCX container, whose source is linked in),
// without the server's dependencies or the generator plugin, so an instrumented build
// (scripts/fuzz.sh) compiles only what the parsers need.
import PackageDescription

let package = Package(
    name: "staffbook-fuzz",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "staffbook-fuzz", targets: ["StaffbookFuzz"])],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.0"),
    ],
    targets: [
        .target(name: "StaffbookCore", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .systemLibrary(name: "CLibzip", pkgConfig: "libzip"),
        .executableTarget(
            name: "StaffbookFuzz",
            dependencies: [
                "StaffbookCore", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                "CLibzip",
            ],
            exclude: ["Replay.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
