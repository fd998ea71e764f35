// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ToastKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ToastKit", targets: ["ToastKit"]),
        .library(name: "ToastCatalog", targets: ["ToastCatalog"]),
        .library(name: "ToastICU", targets: ["ToastICU"]),
        .library(name: "ToastMatrix", targets: ["ToastMatrix"]),
        .library(name: "ToastKitTesting", targets: ["ToastKitTesting"]),
        .executable(name: "toastkit", targets: ["toastkit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc icu-i18n",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        .target(name: "ToastICU", dependencies: ["CICU"]),
        .target(name: "ToastCatalog", dependencies: ["ToastICU"]),
        .target(name: "ToastKit", dependencies: ["ToastCatalog", "ToastICU"]),
        .target(name: "ToastMatrix", dependencies: ["ToastKit", "ToastCatalog", "ToastICU"]),
        .target(name: "ToastKitTesting", dependencies: ["ToastKit", "ToastMatrix"]),
        .executableTarget(
            name: "toastkit",
            dependencies: [
                "ToastKit", "ToastCatalog", "ToastMatrix",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ToastICUTests", dependencies: ["ToastICU"]),
        .testTarget(name: "ToastCatalogTests", dependencies: ["ToastCatalog", "ToastKitTesting"]),
        .testTarget(name: "ToastKitTests", dependencies: ["ToastKit", "ToastKitTesting"]),
        .testTarget(name: "ToastMatrixTests", dependencies: ["ToastMatrix", "ToastKitTesting", "ToastKit", "ToastCatalog", "ToastICU"],
                    exclude: ["Golden"]),
        .testTarget(name: "EndToEndTests", dependencies: ["toastkit"]),
        .testTarget(name: "DifferentialTests", dependencies: ["ToastKit", "ToastICU"], resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
