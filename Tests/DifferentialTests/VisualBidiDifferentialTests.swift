import Foundation
import Testing
import ToastICU
import ToastKit
import ToastMatrix

/// `--bidi visual` against GNU FriBidi: every wrapped line that mixes directions, rendered in
/// logical order, is given to the `fribidi` command (Debian `libfribidi-bin`, installed by
/// `.ci/run`) with the toast's paragraph direction; its visual-to-logical map (`--vtol`)
/// applied to the logical line must give ToastKit's visual line once Arabic shaping
/// (presentation forms, lam-alef ligatures), mirrored brackets and the bidi controls ICU
/// removes (isolates, LRM/RLM/ALM) are set aside.
@Suite struct VisualBidiDifferentialTests {
    static let services = ICUServices()

    static let names = ["Report.pdf", "Report (final).pdf", "تقرير ٢٠٢٤.pdf", "דוח שנתי.docx", "v2.1 notes", "2025-11-21.log",
                        "C++ [draft]", "«Maps».zip", "مجلد ABC", "photo_001.jpg"]
    static let mixedMessages: [(locale: String, text: String)] = [
        ("en", "Uploaded שלום עולם (2 files) to the server"),
        ("en", "The folder مستنداتي contains 12 items and 3 [hidden] ones"),
        ("en", "Sync of «אלבום קיץ» finished at 10:45 with 0 errors"),
        ("en", "Copied ملف التقرير النهائي to Desktop/Archive (copy 2)"),
        ("he", "הקובץ README.md נשמר ב-3 תיקיות (גיבוי) בהצלחה"),
        ("he", "החיבור ל-server.example.com נכשל אחרי 30 שניות"),
        ("he", "העלאה של photo_001.jpg ו-photo_002.jpg הושלמה"),
        ("ar", "تم حفظ الملف Report.pdf في المجلد Documents (نسخة ٢)"),
        ("ar", "فشل الاتصال بالخادم api.example.com بعد 30 ثانية"),
        ("ar", "لا يمكن فتح [config.json] لأن الملف تالف"),
        ("fa", "فایل notes.txt با موفقیت در پوشه Downloads ذخیره شد"),
        ("ur", "فائل backup-2024.zip محفوظ ہو گئی ہے (3 MB)"),
    ]

    /// Toasts in right-to-left and left-to-right locales whose lines mix directions.
    static func cases() -> [(toast: Toast, locale: String)] {
        var out: [(Toast, String)] = []
        for locale in ["ar", "he", "en"] {
            for name in names {
                out.append((Toast(.error, title: .custom(.key(key: "Couldn’t save “%@”", table: "Demo", arguments: [.string(name)])),
                                  message: .key(key: "The disk is full.", table: "Demo"),
                                  actions: [ToastAction(standard: .retry), ToastAction(standard: .dismiss)]), locale))
                out.append((Toast(.info, message: .key(key: "Downloading “%@”", table: "Demo", arguments: [.string(name)]),
                                  style: .progress(0.42)), locale))
            }
        }
        for (locale, text) in mixedMessages {
            out.append((Toast(.warning, message: .verbatim(text), actions: [ToastAction(standard: .details)]), locale))
        }
        return out
    }

    struct Line {
        var logical: String
        var visual: String
        var direction: TextDirection
        /// The logical line as FriBidi gets it: each FSI replaced by the LRI or RLI it resolves
        /// to over the whole paragraph, and the isolates still open from earlier lines reopened
        /// at its start, so that a line-by-line reader sees the paragraph's isolates.
        var forFriBidi: String
    }

    /// See ``Line/forFriBidi``.
    static func paragraphIsolates(_ lines: [String]) -> [String] {
        let scalars = Array(lines.joined(separator: " ").unicodeScalars)
        // The resolved direction of each isolate initiator, by its scalar offset.
        var resolved: [Int: Unicode.Scalar] = [:]
        for (index, scalar) in scalars.enumerated() where scalar.value == 0x2068 {
            var depth = 0
            var end = index + 1
            while end < scalars.count {
                if (0x2066...0x2068).contains(scalars[end].value) { depth += 1 }
                if scalars[end].value == 0x2069 { if depth == 0 { break }; depth -= 1 }
                end += 1
            }
            var content = String.UnicodeScalarView()
            content.append(contentsOf: scalars[(index + 1)..<end])
            let direction = TextDirection.firstStrong(in: String(content)) ?? .leftToRight
            resolved[index] = direction == .rightToLeft ? "\u{2067}" : "\u{2066}"
        }
        var out: [String] = []
        var open: [Unicode.Scalar] = []
        var offset = 0
        for line in lines {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: open)
            for scalar in line.unicodeScalars {
                switch scalar.value {
                case 0x2068:
                    let initiator = resolved[offset] ?? scalar
                    open.append(initiator)
                    text.append(initiator)
                case 0x2066, 0x2067:
                    open.append(scalar)
                    text.append(scalar)
                case 0x2069:
                    if !open.isEmpty { open.removeLast() }
                    text.append(scalar)
                default:
                    text.append(scalar)
                }
                offset += 1
            }
            offset += 1  // the joining space
            out.append(String(text))
        }
        return out
    }

    static func renderedLines() -> [Line] {
        var lines: [Line] = []
        for (toast, locale) in cases() {
            let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag(locale)!], services: services)
            let resolved = localizer.resolve(toast)
            for width in [20, 40, 80] {
                for symbols in [SymbolSet.none, .unicode] {
                    let logical = LinePresenter(options: .init(width: width, symbols: symbols), services: services).lines(for: resolved)
                    let visual = LinePresenter(options: .init(width: width, symbols: symbols, bidi: .visual), services: services)
                        .lines(for: resolved)
                    guard logical.count == visual.count else {
                        Issue.record("\(locale) \(width): \(logical.count) logical lines, \(visual.count) visual")
                        continue
                    }
                    let trimmed = logical.map { String($0.drop { $0 == " " }) }
                    for ((l, v), f) in zip(zip(trimmed, visual), paragraphIsolates(trimmed)) {
                        lines.append(Line(logical: l, visual: String(v.drop { $0 == " " }), direction: resolved.direction, forFriBidi: f))
                    }
                }
            }
        }
        return lines
    }

    static func isMixed(_ text: String) -> Bool {
        TextDirection.leftToRight.conflicts(with: text) && TextDirection.rightToLeft.conflicts(with: text)
    }

    /// Controls ICU's `UBIDI_REMOVE_BIDI_CONTROLS` drops.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static let mirrors: [Character: Character] = [")": "(", "]": "[", "}": "{", ">": "<", "»": "«", "›": "‹"]

    /// Shaping and mirroring set aside: presentation forms back to letters (a lam-alef
    /// ligature, in visual order, to alef then lam), brackets to their opening form.
    static func normalized(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars where !isBidiControl(scalar) {
            switch scalar.value {
            case 0xFEF5...0xFEFC:
                let alef: [UInt32: String] = [0xFEF5: "\u{622}", 0xFEF6: "\u{622}", 0xFEF7: "\u{623}", 0xFEF8: "\u{623}",
                                              0xFEF9: "\u{625}", 0xFEFA: "\u{625}", 0xFEFB: "\u{627}", 0xFEFC: "\u{627}"]
                out += alef[scalar.value]! + "\u{644}"
            case 0xFE70...0xFE7F:
                // Tashkeel: the combining mark.
                out += String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars
                    .filter { $0.value != 0x20 && $0.value != 0x640 }.map(String.init).joined()
            case 0xFB50...0xFDFF, 0xFE80...0xFEFF:
                out += String(scalar).precomposedStringWithCompatibilityMapping
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return String(out.map { mirrors[$0] ?? $0 })
    }

    static func fribidiPath() -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/fribidi"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// FriBidi's visual-to-logical maps (code-point indexes) for lines in one direction.
    static func fribidiMaps(_ path: String, lines: [String], direction: TextDirection) throws -> [[Int]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--novisual", "--vtol", "--nobreak", "--nomirror", direction == .rightToLeft ? "--rtl" : "--ltr"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let text = lines.joined(separator: "\n") + "\n"
        let writer = Thread { input.fileHandleForWriting.write(Data(text.utf8)); try? input.fileHandleForWriting.close() }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let mapLines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        return mapLines.map { $0.split(separator: " ").compactMap { Int($0) } }
    }

    /// Whether GNU FriBidi's command is installed; under `CI=true` the test runs regardless
    /// (and fails when it is missing).
    static var fribidiAvailable: Bool { ProcessInfo.processInfo.environment["CI"] == "true" || fribidiPath() != nil }

    @Test(.enabled(if: fribidiAvailable, "GNU FriBidi is not installed (apt-get install libfribidi-bin)"))
    func visualLinesAgreeWithFriBidi() throws {
        guard let fribidi = Self.fribidiPath() else {
            Issue.record("fribidi (Debian libfribidi-bin) is missing; .ci/run installs it")
            return
        }
        let mixed = Self.renderedLines().filter { Self.isMixed($0.logical) }
        var unique: [String: Line] = [:]
        for line in mixed { unique[line.logical + "|" + line.direction.rawValue] = line }
        let lines = unique.keys.sorted().map { unique[$0]! }
        #expect(lines.count >= 100, "only \(lines.count) mixed-direction lines")
        var compared = 0
        for direction in [TextDirection.leftToRight, .rightToLeft] {
            let group = lines.filter { $0.direction == direction }
            if group.isEmpty { continue }
            let maps = try Self.fribidiMaps(fribidi, lines: group.map(\.forFriBidi), direction: direction)
            try #require(maps.count == group.count, "fribidi answered \(maps.count) maps for \(group.count) lines")
            for (line, map) in zip(group, maps) {
                let scalars = Array(line.forFriBidi.unicodeScalars)
                guard map.allSatisfy({ $0 >= 0 && $0 < scalars.count }), map.count == scalars.count else {
                    Issue.record("fribidi map does not fit “\(line.logical)”: \(map)")
                    continue
                }
                var reference = String.UnicodeScalarView()
                for index in map { reference.append(scalars[index]) }
                let expected = Self.normalized(String(reference))
                let actual = Self.normalized(line.visual)
                #expect(actual == expected, "\(direction.rawValue) “\(line.logical)”\n ours:    \(line.visual)\n fribidi: \(String(reference))")
                compared += 1
            }
        }
        print("VisualBidiDifferentialTests: \(compared) mixed-direction lines compared with fribidi")
    }
}
