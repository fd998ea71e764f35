import Foundation
import Testing
import ToastCatalog
import ToastICU
import ToastKit

/// The one obvious entry point: a catalog, the environment's locale and the terminal's facts.
@Suite struct ToasterTests {
    static let catalog = """
        {"sourceLanguage":"en","strings":{"%lld files uploaded":{"localizations":{
          "en":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld file uploaded"}},"other":{"stringUnit":{"state":"translated","value":"%lld files uploaded"}}}}},
          "de":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld Datei hochgeladen"}},"other":{"stringUnit":{"state":"translated","value":"%lld Dateien hochgeladen"}}}}}}}},"version":"1.0"}
        """
    static let toast = Toast(.success, message: "\(3) files uploaded", actions: [ToastAction(standard: .undo)])

    @Test(arguments: [("de_DE.UTF-8", "Erfolg: 3 Dateien hochgeladen Aktionen: Rückgängig"),
                      ("en_US.UTF-8", "Success: 3 files uploaded Actions: Undo"),
                      ("C", "Success: 3 files uploaded Actions: Undo")])
    func showsInTheEnvironmentsLocale(lang: String, expected: String) throws {
        var toaster = Toaster(facts: TerminalFacts(environment: ["LANG": lang], isTerminal: false))
        try toaster.addCatalog(xcstrings: Array(Self.catalog.utf8), table: "Localizable")
        var output = ""
        let resolved = toaster.show(Self.toast, to: &output)
        #expect(output == expected + "\n")
        #expect(resolved.diagnostics.isEmpty, "\(resolved.diagnostics)")
        #expect(toaster.lines(for: Self.toast) == [expected])
    }

    /// On a terminal: symbols, colour unless NO_COLOR, and the window's width.
    @Test(arguments: [false, true])
    func takesWidthColourAndSymbolsFromTheTerminal(noColor: Bool) {
        var environment = ["LANG": "en_US.UTF-8", "TERM": "xterm-256color"]
        if noColor { environment["NO_COLOR"] = "1" }
        let toaster = Toaster(facts: TerminalFacts(environment: environment, isTerminal: true, windowColumns: 24))
        let lines = toaster.lines(for: Toast(.error, message: .verbatim("The disk is full, and nothing more can be saved.")))
        #expect(lines.count > 1 && lines[0].contains("✖"))
        #expect(lines[0].contains("\u{1B}[") != noColor)
        for line in lines { #expect(TextWidth.cells(of: line.replacingOccurrences(of: "\u{1B}[1;31m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")) <= 24, "\(line)") }
    }

    @Test func catalogsFromPathsKeepTheirOrderAndErrorsTheirPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.catalog.write(toFile: folder + "/Localizable.xcstrings", atomically: true, encoding: .utf8)
        let toaster = try Toaster(catalogsAt: [folder + "/Localizable.xcstrings"], facts: TerminalFacts(), preferences: [LocaleTag("de")!])
        #expect(toaster.locale == LocaleTag("de")!)
        #expect(toaster.lines(for: Self.toast) == ["Erfolg: 3 Dateien hochgeladen Aktionen: Rückgängig"])
        #expect(throws: CatalogError.self) { try Toaster(catalogsAt: [folder + "/Missing.xcstrings"]) }
        do {
            var broken = toaster
            try broken.addCatalog(xcstrings: Array("{\"sourceLanguage\":\"en\",\n\"strings\":{\"a\":".utf8), table: "Broken")
            Issue.record("a broken catalog was accepted")
        } catch {
            #expect(error.description.hasPrefix("Broken.xcstrings:2:16: error: [json-syntax]"), "\(error)")
        }
    }
}
