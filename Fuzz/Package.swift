// swift-tools-version: 6.1
// libFuzzer targets for ToastKit's parsers, formatter and presenter.
//
// A separate package: a fuzz target runs libFuzzer's driver and is built only with
// `-sanitize=fuzzer,address`, which the main package's build must not see. Build and run one with `Scripts/fuzz.sh TARGET SECONDS` (docs/ROBUSTNESS.md).
import PackageDescription

let targets = [
    ("FuzzStrings", "fuzz-strings"),
    ("FuzzStringsdict", "fuzz-stringsdict"),
    ("FuzzXCStrings", "fuzz-xcstrings"),
    ("FuzzXCStringsRoundTrip", "fuzz-xcstrings-roundtrip"),
    ("FuzzFormat", "fuzz-format"),
    ("FuzzLocale", "fuzz-locale"),
    ("FuzzPresenter", "fuzz-presenter"),
    ("FuzzLint", "fuzz-lint"),
]

let package = Package(
    name: "ToastKitFuzz",
    platforms: [.macOS(.v15)],
    products: targets.map { .executable(name: $0.1, targets: [$0.0]) },
    dependencies: [.package(name: "ToastKit", path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "ToastKit", package: "ToastKit"),
                .product(name: "ToastCatalog", package: "ToastKit"),
                .product(name: "ToastICU", package: "ToastKit"),
            ]
        ),
    ] + targets.map { name, _ in
        .executableTarget(
            name: name,
            dependencies: [
                "FuzzSupport",
                .product(name: "ToastKit", package: "ToastKit"),
                .product(name: "ToastCatalog", package: "ToastKit"),
                .product(name: "ToastLint", package: "ToastKit"),
                .product(name: "ToastICU", package: "ToastKit"),
            ]
        )
    },
    swiftLanguageModes: [.v6]
)
