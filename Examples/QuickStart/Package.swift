// swift-tools-version: 6.1
// The README's quick start as a package of its own, depending on ToastKit as yours would
// (here by path; use the repository's URL in your package). CI builds and runs it.
import PackageDescription

let package = Package(
    name: "QuickStart",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ToastKit", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "QuickStart", dependencies: [.product(name: "ToastKit", package: "ToastKit")]),
    ]
)
