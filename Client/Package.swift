// swift-tools-version: 6.0
// Staffbook's client for apps, a package of its own: it depends on the OpenAPI runtime, its
// URLSession transport and HTTP types only, never on the server. Its generated sources are
// committed (scripts/generate-client.py writes them from the server's openapi.yaml; `make test`
// fails when they are stale), so an app's build runs no generator.
import PackageDescription

let package = Package(
    name: "StaffbookClient",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "StaffbookClient", targets: ["StaffbookClient"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.7.0"),
    ],
    targets: [
        .target(
            name: "StaffbookClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        )
    ],
    swiftLanguageModes: [.v6]
)
