// swift-tools-version: 6.1
// Benchmarks for ToastKit, kept out of the main package so its build needs no benchmark
// dependencies. Run: `cd Benchmarks && swift package benchmark` (or ../Scripts/bench.sh for
// the ratios against the Foundation baselines measured in the same run).
import PackageDescription

let package = Package(
    name: "ToastKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ToastKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ResolveFormat",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ToastKit", package: "ToastKit"),
                .product(name: "ToastCatalog", package: "ToastKit"),
            ],
            path: "Benchmarks/ResolveFormat",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Present",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ToastKit", package: "ToastKit"),
                .product(name: "ToastMatrix", package: "ToastKit"),  // the demo toasts
            ],
            path: "Benchmarks/Present",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LoadCatalogs",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ToastCatalog", package: "ToastKit"),
                .product(name: "ToastLint", package: "ToastKit"),
                .product(name: "ToastICU", package: "ToastKit"),
            ],
            path: "Benchmarks/LoadCatalogs",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Matrix",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ToastMatrix", package: "ToastKit"),
                .product(name: "ToastKit", package: "ToastKit"),
                .product(name: "ToastCatalog", package: "ToastKit"),
                .product(name: "ToastICU", package: "ToastKit"),
            ],
            path: "Benchmarks/Matrix",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
