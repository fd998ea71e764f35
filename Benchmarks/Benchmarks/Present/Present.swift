import Benchmark
import ToastICU
import ToastKit
import ToastMatrix

/// The presenter: rendered toasts per second for a two-line toast at width 80 (ICU line
/// breaking, cell widths, sanitizing, list formatting), and the cost per line of measuring
/// cell widths, each against a plain `String.count`-based equivalent measured in the same run.
/// Pairs share a `[tag]`; Scripts/bench.sh prints the ratios.

let services = ICUServices()
let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag("en")!], services: services)
let toast = localizer.resolve(Toast(.error, message: .verbatim(
    "Your changes were saved on this device, but the server could not be reached. They will be uploaded later."),
    actions: [ToastAction(standard: .retry), ToastAction(standard: .dismiss)]))
let presenter = LinePresenter(options: .init(width: 80, symbols: .unicode), services: services)
let renderedLines: [String] = {
    let lines = presenter.lines(for: toast)
    precondition(lines.count == 2, "the benchmark toast must take two lines at width 80: \(lines)")
    return lines
}()

/// The same toast's text, unwrapped, for the baseline.
let plainText = "✖ Error: " + toast.message + " Actions: Retry, Dismiss"

/// The baseline: greedy wrap on spaces, widths by `String.count`, no sanitizing, no ICU.
func countWrap(_ text: String, width: Int) -> [Substring] {
    var lines: [Substring] = []
    var lineStart = text.startIndex
    var lastSpace: String.Index?
    var count = 0
    var index = text.startIndex
    while index < text.endIndex {
        if text[index] == " " { lastSpace = index }
        count += 1
        if count > width, let space = lastSpace, space > lineStart {
            lines.append(text[lineStart..<space])
            lineStart = text.index(after: space)
            count = text.distance(from: lineStart, to: index) + 1
            lastSpace = nil
        }
        index = text.index(after: index)
    }
    lines.append(text[lineStart...])
    return lines
}

/// Lines in several scripts for the width measurement: rendered demo toasts in 8 locales.
let measuredLines: [String] = {
    var lines: [String] = []
    for locale in ["en", "de", "ru", "ar", "he", "ja", "zh-Hans", "es"] {
        let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag(locale)!], services: services)
        let presenter = LinePresenter(options: .init(width: 40, symbols: .unicode), services: services)
        for toast in BuiltinCatalogs.demoToasts { lines += presenter.lines(for: localizer.resolve(toast)) }
    }
    return lines
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.throughput, .wallClock, .mallocCountTotal],
                                           scalingFactor: .kilo, maxDuration: .seconds(3))

    Benchmark("ToastKit render two-line toast at width 80 [render]") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(presenter.lines(for: toast)) }
    }
    Benchmark("Baseline String.count wrap of the same text [render]") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(countWrap(plainText, width: 80)) }
    }
    Benchmark("ToastKit TextWidth.cells of \(measuredLines.count) lines [width]") { benchmark in
        for _ in benchmark.scaledIterations {
            var total = 0
            for line in measuredLines { total &+= TextWidth.cells(of: line) }
            blackHole(total)
        }
    }
    Benchmark("Baseline String.count of \(measuredLines.count) lines [width]") { benchmark in
        for _ in benchmark.scaledIterations {
            var total = 0
            for line in measuredLines { total &+= line.count }
            blackHole(total)
        }
    }
}
