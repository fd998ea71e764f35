import Foundation
import Testing
import ToastCatalog
import ToastICU
import ToastKit
import ToastKitTesting

/// The demo catalog's matrix, parameterized cases, samples, pseudo-locales, spec generation
/// and the JSON shape.
@Suite struct LocaleMatrixTests {
    static let demo = LocaleMatrix(catalogs: [BuiltinCatalogs.demo], toasts: BuiltinCatalogs.demoToasts, locales: nil)

    @Test func demoMatrixMatchesItsGoldenFile() {
        let result = Self.demo.run()
        result.assertMatches(GoldenFile(path: "Tests/ToastMatrixTests/Golden/matrix-demo.txt"))
        result.expectNoFindings(atLeast: .warning)
        #expect(result.blocks.count == BuiltinCatalogs.demoToasts.count * 15, "11 catalog locales and 4 pseudo-locales")
    }

    /// One case per toast × locale; each renders the same block as the whole run.
    @Test(arguments: demo.cases)
    func demoCaseRendersCleanly(_ matrixCase: LocaleMatrix.Case) throws {
        let block = Self.demo.run(matrixCase)
        block.expectNoFindings(atLeast: .warning)
        #expect(block.toast == matrixCase.toast)
        #expect(!block.cells.isEmpty)
        for cell in block.cells {
            #expect(cell.lines.allSatisfy { TextWidth.cells(of: $0) <= 80 })
        }
    }

    @Test(arguments: [("en", ["one · 1", "other · 2"]), ("ru", ["one · 1", "few · 2", "many · 5"]),
                      ("ar", ["zero · 0", "one · 1", "two · 2", "few · 3", "many · 11", "other · 100"]),
                      ("ja", ["other · 1"]), ("fr", ["one · 1", "many · 1000000", "other · 2"])])
    func integerToastsGetOneCellPerReachableCategory(locale: String, expected: [String]) {
        let matrix = LocaleMatrix(catalogs: [BuiltinCatalogs.demo], toasts: [BuiltinCatalogs.demoToasts[0]],
                                  locales: [LocaleTag(locale)!], pseudoLocales: [])
        #expect(matrix.run().cells.map(\.sampleLabel) == expected)
    }

    @Test func aZeroFormAddsACellForZero() throws {
        let catalog = try Seeded.catalog([
            ("%lld files", [("en", .plural(["zero": "No files", "one": "%lld file", "other": "%lld files"]))]),
        ])
        let toasts = [Toast(.info, id: "files", message: .key(key: "%lld files", arguments: [.int(3)]))]
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: nil, pseudoLocales: []).run()
        #expect(result.cells.map(\.sampleLabel) == ["zero · 0", "one · 1", "other · 2"])
        #expect(result.cells[0].lines == ["Information: No files"])
        #expect(result.findings.isEmpty)
    }

    @Test func floatingPointToastsReachDecimalCategories() throws {
        let catalog = try Seeded.catalog([
            ("%.1f GB left", [("ru", .plural(["one": "%.1f ГБ", "few": "%.1f ГБ", "many": "%.1f ГБ", "other": "осталось %.1f ГБ"]))]),
        ], sourceLanguage: "ru")
        let toasts = [Toast(.info, id: "space", message: .key(key: "%.1f GB left", arguments: [.double(2.5)]))]
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: nil, pseudoLocales: []).run()
        let other = try #require(result.cells.first { $0.category == .other })
        #expect(other.number == "1.1")
        #expect(other.lines == ["Информация: осталось 1,1 ГБ"])
    }

    @Test func deviceVariationsGetACellPerDeviceClass() throws {
        let json = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {"Tap to open": {"localizations": {"en": {"variations": {"device": {
          "mac": {"stringUnit": {"state": "translated", "value": "Click to open"}},
          "other": {"stringUnit": {"state": "translated", "value": "Tap to open"}}}}}}}}}
        """
        let catalog = try StringCatalog(xcstrings: Array(json.utf8), file: "Localizable.xcstrings")
        let toasts = [Toast(.info, id: "open", message: "Tap to open")]
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: nil, pseudoLocales: []).run()
        #expect(result.cells.map(\.device) == ["mac", "other"])
        #expect(result.cells.map { $0.lines[0] } == ["Information: Click to open", "Information: Tap to open"])
    }

    @Test(arguments: [
        (PseudoLocale.accented, "%lld files in “%1$@” %#@n@ 100%%", "%lld ƒíĺéš íñ “%1$@” %#@n@ 100%%"),
        (.double, "%lld files uploaded.", "%lld files files uploaded. uploaded."),
        (.rtl, "Save %@", "עאץה %@"),
        (.bounded, "Saved %lld", "⟦Saved %lld⟧"),
    ])
    func pseudoLocalesKeepSpecifiers(pseudo: PseudoLocale, source: String, expected: String) {
        #expect(pseudo.transform(source) == expected)
    }

    @Test func pseudoLocaleTagsAndDirection() {
        let en = LocaleTag("en")!
        #expect(PseudoLocale.allCases.map { $0.tag(sourceLanguage: en).identifier }
            == ["en-x-accented", "en-x-double", "en-Hebr-x-rtl", "en-x-bounded"])
        #expect(PseudoLocale.rtl.tag(sourceLanguage: en).isRightToLeft)
        #expect(PseudoLocale.list("accented, rtl") == [.accented, .rtl])
        #expect(PseudoLocale.list("none") == [])
        #expect(PseudoLocale.list("mirror") == nil)
    }

    @Test func pseudoLocalesCoverKeysWithoutSourceValues() throws {
        // Xcode leaves many source strings without an `en` localization: the key is the text.
        let json = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"Copied": {}}}"#
        let catalog = try StringCatalog(xcstrings: Array(json.utf8), file: "Localizable.xcstrings")
        let result = LocaleMatrix(catalogs: [catalog], toasts: [Toast(.success, id: "c", message: "Copied")],
                                  locales: nil, pseudoLocales: [.accented]).run()
        #expect(result.cells.map { $0.lines[0] } == ["Success: Copied", "Šûççéšš: Çöþíéđ"])
        #expect(result.findings.isEmpty)
    }

    @Test func generatedSpecHasAnArgumentPerSpecifier() throws {
        let json = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "%1$@ uploaded %2$lld files at %3$.1f MB/s": {},
          "files": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@n@ in %@"},
            "substitutions": {"n": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%arg file"}},
              "other": {"stringUnit": {"state": "translated", "value": "%arg files"}}}}}}}}},
          "": {}, "Plain": {}}}
        """
        let catalog = try StringCatalog(xcstrings: Array(json.utf8), file: "Localizable.xcstrings")
        let toasts = ToastSpec.generated(from: [catalog])
        #expect(toasts.map(\.id) == ["Localizable/%1$@ uploaded %2$lld files at %3$.1f MB/s", "Localizable/files", "Localizable/Plain"])
        #expect(toasts[0].message.arguments == [.string("Alice"), .int(3), .double(2.5)])
        #expect(toasts[1].message.arguments == [.int(3), .string("Alice")])
        #expect(toasts[2].message.arguments.isEmpty)
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: nil, pseudoLocales: []).run()
        #expect(result.blocks[1].cells.map { $0.lines[0] } == ["Information: 1 file in Alice", "Information: 2 files in Alice"])
    }

    @Test func jsonHasTheContractShape() throws {
        let result = LocaleMatrix(catalogs: [BuiltinCatalogs.demo], toasts: Array(BuiltinCatalogs.demoToasts.prefix(1)),
                                  locales: [LocaleTag("pl")!], pseudoLocales: []).run()
        let text = JSONWriter.string(result.json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let cells = try #require(object["cells"] as? [[String: Any]])
        #expect(cells.count == 3)
        for key in ["toast", "locale", "pseudo", "category", "number", "device", "lines", "wraps", "widest", "direction", "findings"] {
            #expect(cells[0].keys.contains(key), "cell member \(key)")
        }
        #expect(cells[1]["category"] as? String == "few")
        #expect(cells[1]["number"] as? Int == 2)
        #expect(cells[0]["device"] is NSNull && cells[0]["pseudo"] is NSNull)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["cells"] as? Int == 3)
        #expect((summary["kinds"] as? [String: Int])?.count == MatrixFinding.Kind.allCases.count)
    }

    @Test func presenterCutsAtItsLineLimit() {
        let toast = Toast(.warning, message: .verbatim("Your changes were saved on this device, but the server could not be reached."))
        let localizer = Localizer(preferences: [LocaleTag("en")!])
        let presenter = LinePresenter(options: .init(width: 30, maxLines: 2))
        let lines = presenter.lines(for: localizer.resolve(toast))
        #expect(lines == ["Warning: Your changes were", "         saved on this device…"])
        #expect(lines.allSatisfy { TextWidth.cells(of: $0) <= 30 })
        let coloured = LinePresenter(options: .init(width: 12, color: true, maxLines: 1)).lines(for: localizer.resolve(toast))
        #expect(coloured == ["\u{1B}[1;33mWarning:\u{1B}[0m…"])
    }
}
