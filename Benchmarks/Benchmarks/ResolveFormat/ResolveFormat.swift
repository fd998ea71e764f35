import Benchmark
import Foundation
import ToastCatalog
import ToastICU
import ToastKit

/// Resolve + format of a plural message with a locale-formatted number (Russian), against
/// Foundation's `String(format:locale:)` with a dictionary lookup of the form, in one run.
/// Each measured iteration formats a different number (`n % 100_000`), so no result repeats.
let catalogJSON = #"""
{"sourceLanguage": "en", "strings": {"%lld files synced": {"localizations": {"ru": {"variations": {"plural": {
  "one": {"stringUnit": {"state": "translated", "value": "Синхронизирован %lld файл"}},
  "few": {"stringUnit": {"state": "translated", "value": "Синхронизировано %lld файла"}},
  "many": {"stringUnit": {"state": "translated", "value": "Синхронизировано %lld файлов"}},
  "other": {"stringUnit": {"state": "translated", "value": "Синхронизировано %lld файла"}}}}}}}}}
"""#

let localizer: Localizer = {
    let catalog = try! StringCatalog(xcstrings: Array(catalogJSON.utf8), file: "bench.xcstrings")
    return Localizer(catalogs: [catalog], includeBuiltin: false, preferences: [LocaleTag("ru")!])
}()
let foundationForms: [String: String] = ["%lld files synced": "Синхронизировано %lld файлов"]
let foundationLocale = Locale(identifier: "ru_RU")
let ruRules = try! ICUServices().pluralRules(LocaleTag("ru")!)
let ruIntegers = try! ICUServices().numberFormatter(LocaleTag("ru")!)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.throughput, .wallClock, .mallocCountTotal],
                                           scalingFactor: .kilo, maxDuration: .seconds(3))

    Benchmark("ToastKit resolve+format ru plural") { benchmark in
        var n: Int64 = 0
        for _ in benchmark.scaledIterations {
            n &+= 7
            var diagnostics: [ToastDiagnostic] = []
            blackHole(localizer.string(.key(key: "%lld files synced", arguments: [.int(n % 100_000)]), &diagnostics))
        }
    }

    Benchmark("Foundation lookup+String(format:locale:) ru") { benchmark in
        var n: Int64 = 0
        for _ in benchmark.scaledIterations {
            n &+= 7
            blackHole(String(format: foundationForms["%lld files synced"]!, locale: foundationLocale, n % 100_000))
        }
    }

    Benchmark("ToastKit plural category only (cached ICU rules)") { benchmark in
        var n: Int64 = 0
        for _ in benchmark.scaledIterations {
            n &+= 7
            blackHole(ruRules.category(for: n % 100_000))
        }
    }

    Benchmark("ToastKit number format only (learned locale format)") { benchmark in
        var n: Int64 = 0
        for _ in benchmark.scaledIterations {
            n &+= 7
            blackHole(ruIntegers.format(n % 100_000))
        }
    }
}
