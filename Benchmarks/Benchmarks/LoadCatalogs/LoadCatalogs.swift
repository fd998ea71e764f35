import Benchmark
import Foundation
import ToastCatalog
import ToastICU
import ToastLint

/// Load throughput of a generated String Catalog (≥ 50 MB, 40 locales + the English source,
/// 20% plural keys with each locale's CLDR categories) and of 40 `.lproj` `.strings` files,
/// against Foundation's JSONSerialization and PropertyListSerialization in the same run; and
/// `toastkit lint` of the same catalog against loading it (tags `[lint]`, `[lint-baseline]`; and
/// `[lint-findings]`, the catalog with thousands of findings, reported but not a target); and
/// the two load targets again as ratios timed in pairs (`[load-paired]`). The inputs are generated deterministically into
/// a temporary folder on first use (not committed). Throughput counts bytes: 1 iteration = one
/// whole input.

let workFolder = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-bench-inputs")

/// A small deterministic generator (SplitMix64).
struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func words(_ count: Int) -> String {
        let words = ["alpha", "beta", "files", "folder", "upload", "settings", "account", "server", "network", "error",
                     "warning", "please", "again", "connection", "café", "日本語", "данные", "بيانات"]
        return (0..<count).map { _ in words[Int(next() % UInt64(words.count))] }.joined(separator: " ")
    }
}

let locales = ["ar", "cs", "da", "de", "el", "es", "fa", "fi", "fr", "he", "hi", "id", "it", "ja", "ko", "ms", "nb", "nl", "pl",
               "pt-BR", "pt-PT", "ru", "sv", "th", "tr", "uk", "ur", "vi", "zh-Hans", "zh-Hant", "bg", "ca", "hr", "hu", "ro",
               "sk", "sl", "sr", "et", "lt"]

/// The String Catalog input with every 37th `"state" : "translated"` made `"needs_review"`
/// (a `review-state` finding each: 9,076 of them).
func findingsCatalog() -> [UInt8] {
    let from = Array(#""state" : "translated""#.utf8), to = Array(#""state" : "needs_review""#.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(catalogBytes.count + catalogBytes.count / 100)
    var seen = 0, i = 0
    while i < catalogBytes.count {
        if catalogBytes[i] == from[0], i + from.count <= catalogBytes.count, catalogBytes[i..<i + from.count].elementsEqual(from) {
            out += seen % 37 == 0 ? to : from
            seen += 1
            i += from.count
        } else {
            out.append(catalogBytes[i])
            i += 1
        }
    }
    return out
}

/// The String Catalog input, in Xcode's layout.
let catalogBytes: [UInt8] = {
    let path = workFolder.appendingPathComponent("Big-v2.xcstrings")
    if let data = FileManager.default.contents(atPath: path.path), data.count > 50_000_000 { return Array(data) }
    var generator = Generator(state: 42)
    let services = ICUServices()
    let categories = Dictionary(uniqueKeysWithValues: (["en"] + locales).map { locale in
        let rules = try! services.pluralRules(LocaleTag(locale)!)
        return (locale, rules.samples(services: services).filter { !$0.integers.isEmpty || $0.category == .other }.map(\.category.rawValue))
    })
    var strings: [JSONMember] = []
    var size = 0
    var index = 0
    while size < 52_000_000 {
        let plural = generator.next() % 5 == 0
        var localizations: [JSONMember] = []
        for locale in ["en"] + locales {
            let value: JSONValue
            if plural {
                value = .members(["variations": .members(["plural": .object(categories[locale]!.map { category in
                    JSONMember(key: category, value: .members(["stringUnit": .members([
                        "state": .string("translated"), "value": .string("%lld \(locale) " + generator.words(5))])]))
                })])])
            } else {
                value = .members(["stringUnit": .members(["state": .string("translated"), "value": .string("\(locale): " + generator.words(6))])])
            }
            localizations.append(JSONMember(key: locale, value: value))
        }
        let entry = JSONValue.members(["comment": .string("Generated entry \(index); %lld is a count"), "localizations": .object(localizations)])
        size += plural ? 40 * 420 : 40 * 150
        strings.append(JSONMember(key: "key.\(index) " + generator.words(3), value: entry))
        index += 1
    }
    let catalog = JSONValue.members(["sourceLanguage": .string("en"), "strings": .object(strings), "version": .string("1.0")])
    let text = try! XCStringsWriter().string(catalog)
    try? FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
    try? Data(text.utf8).write(to: path)
    return Array(text.utf8)
}()

/// The 40 `.strings` inputs (UTF-8, comments, escapes), about 640 kB each, of one table: the
/// same 6,000 keys in every locale, as translations of one app share them, with values of
/// their own.
let stringsFiles: [(path: String, bytes: [UInt8])] = {
    var keyWords = Generator(state: 3)
    let keys = (0..<6_000).map { "key.\($0) \(keyWords.words(1))" }
    var generator = Generator(state: 7)
    return locales.map { locale in
        var text = ""
        for (index, key) in keys.enumerated() {
            text += "/* Comment for key \(index) */\n\"\(key)\" = \"\(locale): \(generator.words(6)) \\\"q\\\" é\";\n\n"
        }
        return ("\(locale).lproj/Localizable.strings", Array(text.utf8))
    }
}()
let stringsTotal = stringsFiles.reduce(0) { $0 + $1.bytes.count }

/// The same 40 files as an `.lproj` tree on disk, as an app's resources hold them: both
/// ToastKit and Foundation read them from there.
let stringsTree: String = {
    let root = workFolder.appendingPathComponent("Strings-v2")
    for file in stringsFiles {
        let url = root.appendingPathComponent(file.path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if FileManager.default.contents(atPath: url.path) != Data(file.bytes) { try! Data(file.bytes).write(to: url) }
    }
    return root.path
}()

/// Counts the iterations of a paired benchmark, to alternate which of the two runs first.
final class PairCounter: @unchecked Sendable {
    private var count = 0
    func next() -> Int { defer { count += 1 }; return count }
}

/// A benchmark timing `numerator` and `denominator` back to back in each iteration (the
/// order alternating) and recording the first's time over the second's, ×100, as `metric`:
/// its median is their ratio on the same machine at the same moment.
func paired(_ name: String, metric: String, polarity: BenchmarkMetric.Polarity,
            numerator: @escaping () -> Void, denominator: @escaping () -> Void) {
    let pairs = PairCounter()
    let custom = BenchmarkMetric.custom(metric, polarity: polarity, useScalingFactor: false)
    Benchmark(name, configuration: .init(metrics: [custom], maxDuration: .seconds(40), maxIterations: 15)) { benchmark in
        for _ in benchmark.scaledIterations {
            func time(_ body: () -> Void) -> UInt64 {
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                return DispatchTime.now().uptimeNanoseconds - start
            }
            let (top, bottom) = pairs.next() % 2 == 0
                ? (time(numerator), time(denominator))
                : { let b = time(denominator); return (time(numerator), b) }()
            benchmark.measurement(custom, Int(top * 100 / max(bottom, 1)))
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.throughput, .wallClock, .peakMemoryResident],
                                           maxDuration: .seconds(20), maxIterations: 9)

    Benchmark("Empty run: catalog bytes only") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(catalogBytes.count) }
    }
    // Also the baseline of the lint benchmark (tag `lint-baseline`).
    Benchmark("ToastKit load .xcstrings (\(catalogBytes.count / 1_000_000) MB) [lint-baseline]") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! StringCatalog(xcstrings: catalogBytes, file: "Big.xcstrings")) }
    }
    Benchmark("Foundation JSONSerialization .xcstrings (\(catalogBytes.count / 1_000_000) MB)") { benchmark in
        let data = Data(catalogBytes)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try! JSONSerialization.jsonObject(with: data)) }
    }
    Benchmark("ToastKit lint .xcstrings (\(catalogBytes.count / 1_000_000) MB) [lint]") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Linter().lint(file: "Big.xcstrings", bytes: catalogBytes)) }
    }
    // The same comparison with both timed back to back in each iteration (the order
    // alternating), so that lint and load meet the same machine: the VM's speed drifts between
    // benchmarks by more than the margin measured. The metric is lint's time over load's
    // (×100) in each iteration; its median is the ratio.
    paired("ToastKit lint ÷ load of the same catalog, timed in pairs [lint-paired]", metric: "lint ÷ load ×100",
           polarity: .prefersSmaller,
           numerator: { blackHole(Linter().lint(file: "Big.xcstrings", bytes: catalogBytes)) },
           denominator: { blackHole(try! StringCatalog(xcstrings: catalogBytes, file: "Big.xcstrings")) })
    // Not a target: the same catalog with every 37th string unit in state needs_review, so
    // that lint also writes and locates thousands of findings.
    Benchmark("ToastKit lint .xcstrings, every 37th unit to review [lint-findings]") { benchmark in
        // Made here, not kept in a global, so that it does not weigh on the other benchmarks' peak memory.
        let bytes = findingsCatalog()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(Linter().lint(file: "Big.xcstrings", bytes: bytes)) }
    }
    // Each file into a catalog of its own, as Foundation reads each into a dictionary: the
    // files are read on all cores, a few ahead of the one handed on.
    Benchmark("ToastKit load 40 .strings (\(stringsTotal / 1_000_000) MB)") { benchmark in
        let files = try! CatalogLoader.files(at: stringsTree)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { CatalogLoader.readFiles(files) { _, result in blackHole(result) } }
    }
    // The whole job of `toastkit` commands: the 40 files merged into one table.
    Benchmark("ToastKit load 40 .strings merged into one table (\(stringsTotal / 1_000_000) MB)") { benchmark in
        let root = stringsTree
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try! CatalogSet.load(paths: [root])) }
    }
    // The throughput targets measured as ratios within each iteration: Foundation and ToastKit
    // read the same input back to back (the order alternating), so that both meet the same
    // machine; the VM's speed drifts between benchmarks by more than the margins measured. The
    // metric is Foundation's time over ToastKit's (×100); its median is the speed-up.
    paired("Foundation ÷ ToastKit load .xcstrings, timed in pairs [load-paired]", metric: "Foundation ÷ ToastKit ×100",
           polarity: .prefersLarger,
           numerator: { blackHole(try! JSONSerialization.jsonObject(with: Data(catalogBytes))) },
           denominator: { blackHole(try! StringCatalog(xcstrings: catalogBytes, file: "Big.xcstrings")) })
    let stringsPaths = stringsFiles.map { URL(fileURLWithPath: stringsTree).appendingPathComponent($0.path) }
    let stringsList = try! CatalogLoader.files(at: stringsTree)
    paired("Foundation ÷ ToastKit load 40 .strings, timed in pairs [load-paired]", metric: "Foundation ÷ ToastKit ×100",
           polarity: .prefersLarger,
           numerator: {
               for path in stringsPaths {
                   blackHole(try! PropertyListSerialization.propertyList(from: Data(contentsOf: path), options: [], format: nil))
               }
           },
           denominator: { CatalogLoader.readFiles(stringsList) { _, result in blackHole(result) } })
    Benchmark("Foundation PropertyListSerialization 40 .strings (\(stringsTotal / 1_000_000) MB)") { benchmark in
        let paths = stringsFiles.map { URL(fileURLWithPath: stringsTree).appendingPathComponent($0.path) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for path in paths {
                blackHole(try! PropertyListSerialization.propertyList(from: Data(contentsOf: path), options: [], format: nil))
            }
        }
    }
}
