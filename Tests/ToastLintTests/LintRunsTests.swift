import Testing
import ToastCatalog
@testable import ToastLint

/// A large table is checked in runs of keys on all cores: the findings are those of one
/// checker over every key, in the same order, with the table's own findings once, first.
@Suite struct LintRunsTests {
    /// An `.lproj` table of `count` keys in English and German, every fifth German text
    /// missing its placeholder and every seventh key only in German, so that every run has
    /// findings.
    static func table(keys count: Int) throws -> LintTable {
        var english = "", german = ""
        for key in 0..<count {
            if key % 7 != 0 { english += "\"key \(key)\" = \"Saved %@ file \(key).\";\n" }
            german += "\"key \(key)\" = \"\(key % 5 == 0 ? "Gespeichert" : "%@ gespeichert") \(key).\";\n"
        }
        var table = LintTable()
        for (locale, text) in [("en", english), ("de", german)] {
            let file = "App/\(locale).lproj/Localizable.strings"
            let catalog = try StringCatalog(strings: Array(text.utf8), file: file, locale: locale)
            table.add(lproj: catalog, file: file, locale: locale, sourceLanguage: "en")
        }
        table.finishLproj(groupFiles: ["App/en.lproj/Localizable.strings", "App/de.lproj/Localizable.strings"])
        return table
    }

    static func described(_ findings: [RawFinding]) -> [String] {
        findings.map { "\($0.rule) \($0.file) \($0.key) \($0.locale) \($0.path) \($0.message)" }
    }

    @Test(arguments: [1, 1_999, 2_000, 5_003])
    func runsGiveTheFindingsOfOneChecker(keys: Int) throws {
        let table = try Self.table(keys: keys)
        let configuration = LintConfiguration()
        var one = LintChecker(table: table, configuration: configuration)
        one.run()
        let inRuns = LintChecker.findingRuns(table: table, configuration: configuration).flatMap { $0 }
        #expect(Self.described(inRuns) == Self.described(one.findings))
        if keys > 7 { #expect(inRuns.contains { $0.rule == .placeholderMismatch }) }
    }

    /// A String Catalog's own findings (no "version" here) come once, first, whatever the runs.
    @Test(arguments: [10, 2_500])
    func aCatalogsOwnFindingsComeOnce(keys: Int) throws {
        let entries = (0..<keys).map { key in
            #""k\#(key)":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%@ \#(key)"}},"de":{"stringUnit":{"state":"translated","value":"x \#(key)"}}}}"#
        }
        let json = #"{"sourceLanguage":"en","strings":{"# + entries.joined(separator: ",") + "}}"
        var table = LintTable()
        table.add(catalog: try StringCatalog(xcstrings: Array(json.utf8), file: "L.xcstrings"), file: "L.xcstrings")
        var one = LintChecker(table: table, configuration: LintConfiguration())
        one.run()
        let inRuns = LintChecker.findingRuns(table: table, configuration: LintConfiguration()).flatMap { $0 }
        #expect(Self.described(inRuns) == Self.described(one.findings))
        #expect(inRuns.filter { $0.key.isEmpty && $0.rule == .schemaViolation }.count == 1)
        #expect(inRuns.first?.rule == .schemaViolation)
    }

    /// A table without keys still gets the checks of the table itself.
    @Test func aTableWithoutKeysIsChecked() throws {
        var table = LintTable()
        let catalog = try StringCatalog(xcstrings: Array(#"{"sourceLanguage":"en","strings":{}}"#.utf8), file: "L.xcstrings")
        table.add(catalog: catalog, file: "L.xcstrings")
        let findings = LintChecker.findingRuns(table: table, configuration: LintConfiguration()).flatMap { $0 }
        #expect(findings.contains { $0.rule == .schemaViolation && $0.message.contains("version") })
    }
}
