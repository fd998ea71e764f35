import Benchmark
import ToastCatalog
import ToastICU
import ToastKit
import ToastMatrix

/// The locale matrix: 500 toasts × 40 locales × their plural categories, against resolving
/// and rendering the same cells with `Localizer.resolve` and `LinePresenter.lines` alone
/// (the resolve and render work, measured in the same run). The ratio is the matrix's own
/// overhead: sample substitution, tracing, the checks and the result. Both run on one
/// thread; a third benchmark reports the matrix on all cores (cells per second).
/// Scripts/bench.sh --target Matrix prints the ratio.

let services = ICUServices()

/// 40 locales covering every CLDR plural shape the catalogs meet.
let localeNames = ["en", "ar", "be", "bg", "ca", "cs", "cy", "da", "de", "el", "es", "fa", "fi", "fr", "ga", "he",
                   "hi", "hr", "hu", "id", "it", "ja", "ko", "lt", "lv", "mt", "nb", "nl", "pl", "pt", "pt-PT", "ro",
                   "ru", "sk", "sl", "sr", "sv", "th", "uk", "zh-Hans"]
let locales = localeNames.map { LocaleTag($0)! }

/// 500 keys: every fifth a plural (`%lld`), every fifth a `%@` value, the rest plain; each
/// locale's value is a sentence of 6–14 words, the plural forms those of the locale's rules.
let catalog: StringCatalog = {
    let words = ["files", "sync", "server", "upload", "library", "changes", "device", "account", "folder", "network",
                 "photos", "backup", "settings", "update", "message", "download", "storage", "document"]
    var catalog = StringCatalog(table: "Localizable", sourceLanguage: "en")
    for index in 0..<500 {
        let key: String
        switch index % 5 {
        case 0: key = "%lld items in task \(index)"
        case 1: key = "Opened “%@” for task \(index)"
        default: key = "Task \(index) finished"
        }
        var entry = CatalogEntry()
        for (position, locale) in locales.enumerated() {
            let count = 6 + (index + position) % 9
            let sentence = (0..<count).map { words[($0 * 7 + index + position) % words.count] }.joined(separator: " ")
            var value = LocalizedValue()
            switch index % 5 {
            case 0:
                let categories = (try? services.pluralRules(locale).categories) ?? [.other]
                for category in categories {
                    value.plural[category] = LocalizedValue(stringUnit: StringUnit(value: "%lld \(category.rawValue) \(sentence)"))
                }
            case 1: value.stringUnit = StringUnit(value: "\(sentence) “%@”")
            default: value.stringUnit = StringUnit(value: sentence)
            }
            entry.localizations[locale.identifier] = value
        }
        catalog.entries[key] = entry
        catalog.keys.append(key)
    }
    return catalog
}()

let toasts: [Toast] = catalog.keys.enumerated().map { index, key in
    let role = ToastRole.allCases[index % 4]
    let arguments: [ToastArgument] = index % 5 == 0 ? [.int(3)] : index % 5 == 1 ? [.string("Report.pdf")] : []
    return Toast(role, id: "toast.\(index)", message: .key(key: key, table: "Localizable", arguments: arguments),
                 actions: index % 2 == 0 ? [ToastAction(standard: .retry), ToastAction(standard: .dismiss)] : [])
}

let matrix = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: locales, pseudoLocales: [], services: services)

/// The same cells, built independently: per locale a localizer, per plural category with an
/// integer sample the smallest non-zero one; toasts with a number once per sample.
let plainCells: [(Localizer, Toast, LinePresenter)] = {
    let presenter = LinePresenter(options: .init(width: 80), services: services)
    var cells: [(Localizer, Toast, LinePresenter)] = []
    let localizers = locales.map { Localizer(catalogs: matrix.catalogs, includeBuiltin: false, preferences: [$0], services: services) }
    for toast in toasts {
        for (locale, localizer) in zip(locales, localizers) {
            guard !toast.message.arguments.contains(where: { if case .int = $0 { true } else { false } }) else {
                let rules = try! services.pluralRules(locale)
                // Apple's zero cell: the catalog has a `zero` form (lv, ar); 0 is its number.
                if rules.categories.contains(.zero), rules.category(for: 1 as Int64) != .zero,
                   rules.samples(limit: 40, services: services).first(where: { $0.category == .zero })?.integers.contains(where: { $0 != "0" }) == true {
                    var copy = toast
                    copy.message = .key(key: toast.message.key!, table: "Localizable", arguments: [.int(0)])
                    cells.append((localizer, copy, presenter))
                }
                for sample in rules.samples(limit: 40, services: services).sorted(by: { $0.category < $1.category }) {
                    guard let integer = sample.integers.first(where: { $0 != "0" }) ?? sample.integers.first else { continue }
                    var copy = toast
                    copy.message = .key(key: toast.message.key!, table: "Localizable", arguments: [.int(Int64(integer)!)])
                    cells.append((localizer, copy, presenter))
                }
                continue
            }
            cells.append((localizer, toast, presenter))
        }
    }
    return cells
}()

let benchmarks: @Sendable () -> Void = {
    let cellCount = matrix.run(concurrently: false).cells.count
    precondition(cellCount == plainCells.count, "the baseline renders the matrix's cells: \(cellCount) vs \(plainCells.count)")
    Benchmark.defaultConfiguration = .init(metrics: [.throughput, .wallClock, .peakMemoryResident],
                                           scalingFactor: .one, maxDuration: .seconds(20), maxIterations: 15)

    Benchmark("ToastKit matrix, one thread: \(cellCount) cells [matrix]") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(matrix.run(concurrently: false)) }
    }
    Benchmark("ToastKit resolve + render the same \(cellCount) cells [matrix-baseline]") { benchmark in
        for _ in benchmark.scaledIterations {
            for (localizer, toast, presenter) in plainCells { blackHole(presenter.lines(for: localizer.resolve(toast))) }
        }
    }
    Benchmark("ToastKit matrix, all cores: \(cellCount) cells") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(matrix.run()) }
    }
}
