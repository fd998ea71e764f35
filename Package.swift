// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ToastKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ToastKit", targets: ["ToastKit"]),
        .library(name: "ToastCatalog", targets: ["ToastCatalog"]),
        .library(name: "ToastICU", targets: ["ToastICU"]),
        .library(name: "ToastLint", targets: ["ToastLint"]),
        .library(name: "ToastMatrix", targets: ["ToastMatrix"]),
        .library(name: "ToastKitTesting", targets: ["ToastKitTesting"]),
        .executable(name: "toastkit", targets: ["toastkit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The system ICU's compiler and linker flags (pkg-config), read by CICU alone.
        .systemLibrary(
            name: "CICUSystem",
            pkgConfig: "icu-uc icu-i18n",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // The one door to ICU: plain C declarations (no ICU type), imported by ToastICU only.
        .target(name: "CICU", dependencies: ["CICUSystem"]),
        // Internal support (package access only, no product): locks, slots, parallel loops.
        .target(name: "ToastSupport"),
        .target(name: "ToastICU", dependencies: ["CICU", "ToastSupport"]),
        // The list of temporary files a signal handler removes (C: real atomics, signal-safe).
        .target(name: "CFileCleanup"),
        .target(name: "ToastCatalog", dependencies: ["ToastICU", "ToastSupport", "CFileCleanup"]),
        .target(name: "ToastLint", dependencies: ["ToastCatalog", "ToastICU", "ToastSupport"]),
        .target(name: "ToastKit", dependencies: ["ToastCatalog", "ToastICU"]),
        .target(name: "ToastMatrix", dependencies: ["ToastKit", "ToastCatalog", "ToastICU", "ToastSupport"]),
        .target(name: "ToastKitTesting", dependencies: ["ToastKit", "ToastCatalog", "ToastMatrix"]),
        .executableTarget(
            name: "toastkit",
            dependencies: [
                "ToastKit", "ToastCatalog", "ToastLint", "ToastMatrix",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The repository's own test helpers (the shared corpus beside the checkout, a seeded
        // random generator): not a product, never shipped.
        .target(name: "ToastTestSupport", path: "Tests/ToastTestSupport"),
        // Writes the Swift files that carry Resources/ inside the libraries
        // (Scripts/embed-resources.sh runs it); no dependencies, no product.
        .executableTarget(name: "toastkit-embed"),
        .testTarget(name: "ToastICUTests", dependencies: ["ToastICU"]),
        .testTarget(name: "ToastSupportTests", dependencies: ["ToastSupport", "ToastTestSupport"]),
        .testTarget(name: "ToastCatalogTests", dependencies: ["ToastCatalog", "ToastSupport", "ToastKitTesting", "ToastTestSupport"]),
        .testTarget(name: "ToastLintTests", dependencies: ["ToastLint", "ToastCatalog", "ToastICU", "ToastKitTesting", "ToastTestSupport"],
                    exclude: ["Golden", "SARIF"]),
        .testTarget(name: "ToastKitTests", dependencies: ["ToastKit", "ToastMatrix", "ToastSupport", "ToastKitTesting", "ToastTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ToastMatrixTests", dependencies: ["ToastMatrix", "ToastKitTesting", "ToastKit", "ToastCatalog", "ToastICU"],
                    exclude: ["Golden"], resources: [.copy("Team")]),
        .testTarget(name: "EndToEndTests", dependencies: ["toastkit"]),
        .testTarget(name: "DifferentialTests", dependencies: ["ToastKit", "ToastMatrix", "ToastICU"], resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
