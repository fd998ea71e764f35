import Benchmark
import Foundation
import ToastCatalog
import ToastICU
import ToastKit

/// Resolve + format of a plural message with a locale-formatted number (Russian), against
/// Foundation's `String(format:locale:)` with a dictionary lookup of the same forms.
let catalogJSON = #"""
{"sourceLanguage": "en", "strings": {"%lld files synced": {"localizations": {"ru": {"variations": {"plural": {
  "one": {"stringUnit": {"state": "translated", "value": "Синхронизирован %lld файл"}},
  "few": {"stringUnit": {"state": "translated", "value": "Синхронизировано %lld файла"}},
  "many": {"stringUnit": {"state": "translated", "value": "Синхронизировано %lld файлов"}},
  "other": {"stringUnit": {"state": "translated", "value": "Синхронизировано %lld файла"}}}}}}}}}
"""#

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.throughput, .wallClock, .mallocCountTotal], maxDuration: .seconds(3))

    Benchmark("ToastKit resolve+format ru plural") { benchmark in
        let catalog = try! StringCatalog(xcstrings: Array(catalogJSON.utf8), file: "bench.xcstrings")
        let localizer = Localizer(catalogs: [catalog], includeBuiltin: false, preferences: [LocaleTag("ru")!])
        var n: Int64 = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            n &+= 7
            var diagnostics: [ToastDiagnostic] = []
            blackHole(localizer.string(.key(key: "%lld files synced", arguments: [.int(n % 100_000)]), &diagnostics))
        }
    }

    Benchmark("Foundation lookup+String(format:locale:) ru") { benchmark in
        let forms: [String: String] = ["%lld files synced": "Синхронизировано %lld файлов"]
        let locale = Locale(identifier: "ru_RU")
        var n: Int64 = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            n &+= 7
            blackHole(String(format: forms["%lld files synced"]!, locale: locale, n % 100_000))
        }
    }

    Benchmark("ToastKit plural category only (cached ICU rules)") { benchmark in
        let services = ICUServices()
        let rules = try! services.pluralRules(LocaleTag("ru")!)
        var n: Int64 = 0
        for _ in benchmark.scaledIterations {
            n &+= 7
            blackHole(rules.category(for: n % 100_000))
        }
    }

    Benchmark("ToastKit number format only (cached ICU formatter)") { benchmark in
        let formatter = try! ICUServices().numberFormatter(LocaleTag("ru")!)
        var n: Int64 = 0
        for _ in benchmark.scaledIterations {
            n &+= 7
            blackHole(formatter.format(n % 100_000))
        }
    }
}
