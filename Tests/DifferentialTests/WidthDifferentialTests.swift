import Foundation
import Testing
import ToastICU
import ToastKit
import ToastMatrix

/// Every line rendered from the built-in and demo catalogs — all their locales, widths 20, 40
/// and 80 — measured by an independent width table, Python's `wcwidth` (installed by
/// `.ci/run`): no line is wider than the width, ToastKit's own measure agrees with it (or, for
/// Indic conjuncts and spacing vowel signs, which `wcwidth` 0.7 assumes are shaped, counts
/// more, as terminals on the C library's `wcwidth` draw them), and the lines of each toast,
/// joined, give back the unwrapped text.
@Suite struct WidthDifferentialTests {
    static let services = ICUServices()

    struct Rendered {
        var width: Int
        var locale: String
        var lines: [String]
        var unwrapped: String
    }

    static func toasts() -> [Toast] {
        var toasts = BuiltinCatalogs.demoToasts
        for role in ToastRole.allCases {
            toasts.append(Toast(role, message: .verbatim("Backup finished"), actions: ToastAction.StandardAction.allCases.map {
                ToastAction(standard: $0)
            }))
        }
        toasts.append(Toast(.info, message: .verbatim("Emoji 👍🏽 👨‍👩‍👧 🇫🇷 ☺︎ ☺️ and ± ° wide 全角"), style: .progress(0.5)))
        return toasts
    }

    static func rendered() -> [Rendered] {
        var locales = Set(BuiltinCatalogs.roles[0].localeCodes)
        locales.formUnion(BuiltinCatalogs.demo.localeCodes)
        var out: [Rendered] = []
        for locale in locales.sorted() {
            let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag(locale)!], services: services)
            let unwrapping = LinePresenter(options: .init(symbols: .unicode), services: services)
            for toast in toasts() {
                let resolved = localizer.resolve(toast)
                let unwrapped = unwrapping.lines(for: resolved).joined(separator: "\n")
                for width in [20, 40, 80] {
                    let lines = LinePresenter(options: .init(width: width, symbols: .unicode), services: services).lines(for: resolved)
                    out.append(Rendered(width: width, locale: locale, lines: lines, unwrapped: unwrapped))
                }
            }
        }
        return out
    }

    /// `wcswidth` of each line, from a Python process.
    static func wcwidths(_ lines: [String]) throws -> [Int]? {
        let script = """
            import json, sys
            try:
                import wcwidth
            except ImportError:
                print("missing"); sys.exit(0)
            lines = json.load(sys.stdin)
            print(json.dumps([wcwidth.wcswidth(line) for line in lines]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        let data = try JSONSerialization.data(withJSONObject: lines)
        let writer = Thread { input.fileHandleForWriting.write(data); try? input.fileHandleForWriting.close() }
        writer.start()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let widths = try? JSONSerialization.jsonObject(with: answer) as? [Int] else { return nil }
        return widths
    }

    /// Indic virama or spacing vowel sign: where `wcwidth` 0.7 assumes conjunct shaping.
    static func hasShapedCluster(_ line: String) -> Bool {
        line.unicodeScalars.contains { scalar in
            (0x0900...0x0DFF).contains(scalar.value)
                && (scalar.properties.generalCategory == .spacingMark || scalar.properties.canonicalCombiningClass.rawValue == 9)
        }
    }

    /// Whether Python's `wcwidth` can be run; under `CI=true` the test runs regardless (and
    /// fails when it is missing).
    static var wcwidthAvailable: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true" || ((try? wcwidths(["a"])) ?? nil) != nil
    }

    @Test(.enabled(if: wcwidthAvailable, "Python's wcwidth is not installed (pip install wcwidth)"))
    func everyLineFitsByAnIndependentWidthTable() throws {
        let rendered = Self.rendered()
        let lines = rendered.flatMap(\.lines)
        guard let widths = try Self.wcwidths(lines) else {
            Issue.record("Python's wcwidth is missing; .ci/run installs it")
            return
        }
        try #require(widths.count == lines.count)
        var index = 0
        var agreed = 0, wider = 0
        for toast in rendered {
            for line in toast.lines {
                let theirs = widths[index]
                let ours = TextWidth.cells(of: line)
                index += 1
                #expect(theirs >= 0 && theirs <= toast.width, "\(toast.locale) \(toast.width): wcwidth \(theirs): \(line)")
                #expect(ours <= toast.width, "\(toast.locale) \(toast.width): \(ours) cells: \(line)")
                if ours == theirs {
                    agreed += 1
                } else if Self.hasShapedCluster(line) && ours > theirs {
                    wider += 1
                } else {
                    Issue.record("\(toast.locale): ToastKit measures \(ours) cells, wcwidth \(theirs): \(line)")
                }
            }
            // The progress bar adapts its length to the width; everything else must come back.
            func text(_ s: String) -> String { s.filter { !$0.isWhitespace && $0 != "▰" && $0 != "▱" } }
            #expect(text(toast.lines.joined()) == text(toast.unwrapped), "\(toast.locale) \(toast.width): lines do not join back")
        }
        print("WidthDifferentialTests: \(lines.count) lines in \(Set(rendered.map(\.locale)).count) locales; "
              + "\(agreed) measured alike, \(wider) wider by ToastKit (Indic conjuncts)")
    }
}
