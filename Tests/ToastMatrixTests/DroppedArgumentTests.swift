import Testing
import ToastCatalog
import ToastICU
import ToastKit
import ToastKitTesting

/// `dropped-argument`: an argument the source shows is missing from a translation, and only
/// then; and a missing form a sample reaches is an error, as lint's `plural-missing-category`.
@Suite struct DroppedArgumentTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let source: Seeded.Value
        let locale: String
        let target: Seeded.Value
        let arguments: [ToastArgument]
        /// The samples (`few · 2`, `-` for a cell without one) with a dropped-argument finding.
        let expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "ar drops the file name", source: .text("Couldn’t open “%@”"), locale: "ar",
             target: .text("تعذّر فتح الملف"), arguments: [.string("report.pdf")], expected: ["-"]),
        Case(name: "ar keeps the file name", source: .text("Couldn’t open “%@”"), locale: "ar",
             target: .text("تعذّر فتح “%@”"), arguments: [.string("report.pdf")], expected: []),
        Case(name: "de drops the second of two", source: .text("%1$@ invited %2$@"), locale: "de",
             target: .text("%1$@ hat eingeladen"), arguments: [.string("Ana"), .string("Ben")], expected: ["-"]),
        Case(name: "ru one spelled in words reads wrong for 21", source: .plural(["one": "%lld file", "other": "%lld files"]),
             locale: "ru", target: .plural(["one": "Один файл", "few": "%lld файла", "many": "%lld файлов", "other": "%lld файла"]),
             arguments: [.int(3)], expected: ["one · 1"]),
        Case(name: "en one in words is 1 alone", source: .plural(["one": "%lld file", "other": "%lld files"]),
             locale: "en", target: .plural(["one": "One file", "other": "%lld files"]), arguments: [.int(3)], expected: []),
        Case(name: "ar zero, one and two in words", source: .plural(["one": "%lld file", "other": "%lld files"]), locale: "ar",
             target: .plural(["zero": "لا ملفات", "one": "ملف واحد", "two": "ملفان", "few": "%lld ملفات", "many": "%lld ملفًا",
                              "other": "%lld ملف"]),
             arguments: [.int(3)], expected: []),
        Case(name: "ar few written without the count", source: .plural(["one": "%lld file", "other": "%lld files"]), locale: "ar",
             target: .plural(["one": "ملف واحد", "two": "ملفان", "few": "بعض الملفات", "many": "%lld ملفًا", "other": "%lld ملف"]),
             arguments: [.int(3)], expected: ["few · 3"]),
        Case(name: "fr number shown", source: .text("%lld files"), locale: "fr", target: .text("%lld fichiers"),
             arguments: [.int(3)], expected: []),
        Case(name: "a source that never shows its argument", source: .text("Deleted"), locale: "fr", target: .text("Supprimé"),
             arguments: [.string("x")], expected: []),
        Case(name: "a float in the locale's decimal form", source: .text("%.1f MB left"), locale: "de", target: .text("%.1f MB frei"),
             arguments: [.double(2.5)], expected: []),
        Case(name: "the second of two counts dropped", source: .text("%lld of %lld files"), locale: "fr",
             target: .text("%lld fichiers"), arguments: [.int(2), .int(9)], expected: ["one · 1", "many · 1000000", "other · 2"]),
        Case(name: "ru one drops the count beside another", source: .plural(["one": "%1$lld file of %2$lld", "other": "%1$lld files of %2$lld"]),
             locale: "ru", target: .plural(["one": "Один файл из %2$lld", "few": "%1$lld файла из %2$lld", "many": "%1$lld файлов из %2$lld",
                                           "other": "%1$lld файла из %2$lld"]),
             arguments: [.int(1), .int(5)], expected: ["one · 1"]),
        Case(name: "a value inside a longer word", source: .text("Copied %@"), locale: "fr", target: .text("Copié dans le presse-papiers"),
             arguments: [.string("pi")], expected: ["-"]),
        Case(name: "two equal values, one read twice", source: .text("%1$@ and %2$@"), locale: "fr", target: .text("%1$@ et %1$@"),
             arguments: [.string("Ana"), .string("Ana")], expected: ["-"]),
        Case(name: "fr one is 0 and 1, so words drop the count", source: .plural(["one": "%lld left", "other": "%lld left"]), locale: "fr",
             target: .plural(["one": "Un restant", "many": "%lld restants", "other": "%lld restants"]), arguments: [.int(3)], expected: ["one · 1"]),
        Case(name: "a float dropped", source: .text("%.1f MB left"), locale: "de", target: .text("Wenig frei"),
             arguments: [.double(2.5)], expected: ["other · 2"]),  // de one is 1 alone
    ]

    @Test(arguments: cases)
    func onlyADroppedArgumentIsReported(_ test: Case) throws {
        let catalog = try Seeded.catalog([("k", [("en", test.source), (test.locale, test.target)])])
        let toast = Toast(.info, id: "t", message: .key(key: "k", arguments: test.arguments))
        let result = LocaleMatrix(catalogs: [catalog], toasts: [toast], locales: [Seeded.tag(test.locale)], pseudoLocales: []).run()
        let dropped = result.cells.filter { $0.findings.contains { $0.kind == .droppedArgument } }
        #expect(dropped.map { $0.sampleLabel.isEmpty ? "-" : $0.sampleLabel } == test.expected)
        #expect(result.findings.filter { $0.kind == .droppedArgument }.allSatisfy { $0.severity == .error })
    }

    @Test func aMissingFormTheSampleReachesIsAnError() throws {
        let catalog = try Seeded.catalog([
            ("%lld files", [("en", .plural(["one": "%lld file", "other": "%lld files"])),
                            ("ru", .plural(["one": "%lld файл", "many": "%lld файлов", "other": "%lld файла"]))]),
        ])
        let toast = Toast(.info, id: "files", message: .key(key: "%lld files", arguments: [.int(3)]))
        let result = LocaleMatrix(catalogs: [catalog], toasts: [toast], locales: [Seeded.tag("ru")], pseudoLocales: []).run()
        let found = result.findingsWithPlace(atLeast: .note)
        #expect(found.map(\.place) == ["files · ru · few · 2"])
        #expect(found.first?.finding.kind == .format && found.first?.finding.severity == .error)
        #expect(found.first?.finding.message.hasPrefix("[variation-missing-form] “%lld files” has no “few” form in ru") == true)
        #expect(result.hasErrors)
    }

    @Test func aFormOnlyAMillionReachesIsANoteAsInLint() throws {
        let catalog = try Seeded.catalog([
            ("%lld left", [("en", .plural(["one": "%lld left", "other": "%lld left"])),
                           ("fr", .plural(["one": "%lld restant", "other": "%lld restants"]))]),
        ])
        let toast = Toast(.info, id: "left", message: .key(key: "%lld left", arguments: [.int(3)]))
        let result = LocaleMatrix(catalogs: [catalog], toasts: [toast], locales: [Seeded.tag("fr")], pseudoLocales: []).run()
        let found = result.findingsWithPlace(atLeast: .note)
        #expect(found.map(\.place) == ["left · fr · many · 1000000"])
        #expect(found.first?.finding.severity == .note)
        #expect(found.first?.finding.message.hasSuffix("; only numbers from a million up reach it") == true)
        #expect(!result.hasErrors)
    }

    @Test func aWronglyReadArgumentIsOneFinding() throws {
        let catalog = try Seeded.catalog([("Open %@", [("en", .text("Open %@")), ("de", .text("%2$@ öffnen"))])])
        let toast = Toast(.info, id: "open", message: .key(key: "Open %@", arguments: [.string("a.txt")]))
        let result = LocaleMatrix(catalogs: [catalog], toasts: [toast], locales: [Seeded.tag("de")], pseudoLocales: []).run()
        #expect(result.findings.map(\.kind) == [.format])
    }

    @Test(arguments: [("format=warning", MatrixFinding.Kind.format, Severity.warning),
                      ("fallback=error", .fallback, .error), ("dropped-argument=note", .droppedArgument, .note)])
    func aKindsSeverityCanBeChanged(text: String, kind: MatrixFinding.Kind, severity: Severity) throws {
        var options = LocaleMatrix.Options()
        #expect(options.applySeverity(text) == nil)
        #expect(options.severities == [kind: severity])
        let catalog = try Seeded.catalog([
            ("Open %@", [("en", .text("Open %@")), ("ar", .text("افتح"))]),
            ("%lld files", [("en", .plural(["one": "%lld file", "other": "%lld files"])), ("ar", .plural(["other": "%lld ملف"]))]),
            ("Saved", [("en", .text("Saved"))]),
        ])
        let toasts = [Toast(.info, id: "open", message: .key(key: "Open %@", arguments: [.string("a.txt")])),
                      Toast(.info, id: "files", message: .key(key: "%lld files", arguments: [.int(3)])),
                      Toast(.info, id: "saved", message: "Saved")]
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: [Seeded.tag("ar")], pseudoLocales: [],
                                  options: options).run()
        let ofKind = result.findings.filter { $0.kind == kind }
        #expect(!ofKind.isEmpty && ofKind.allSatisfy { $0.severity == severity })
        #expect(result.findings.filter { $0.kind != kind }.allSatisfy { $0.severity == $0.kind.severity })
    }

    @Test(arguments: ["width=3", "format=fatal", "format", "=error"])
    func aBadSeverityIsExplained(text: String) {
        var options = LocaleMatrix.Options()
        let problem = options.applySeverity(text)
        #expect(problem?.hasPrefix("expected") == true, "\(problem ?? "nil")")
        #expect(options.severities.isEmpty)
    }
}
