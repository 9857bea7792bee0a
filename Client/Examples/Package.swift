// swift-tools-version: 6.0
// An app's view of the client: a package that depends on the client package only, as an iOS
// or command-line app would. `staffbook-example` runs the common flows against a server
// (`make verify` runs it against a real one); `ReadmeApp` is the README's snippet, compiled in
// Swift 6 language mode.
import PackageDescription

let package = Package(
    name: "StaffbookExamples",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        .executableTarget(
            name: "staffbook-example",
            dependencies: [.product(name: "StaffbookClient", package: "Client")]
        ),
        .target(
            name: "ReadmeApp",
            dependencies: [.product(name: "StaffbookClient", package: "Client")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
