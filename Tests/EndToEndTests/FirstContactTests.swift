import Foundation
import Testing

/// The command-line edges a new user meets first: exit codes that agree with what the
/// commands print, unknown locales and options named, located conversion warnings, renamed
/// tables, stale keys in coverage.
@Suite struct FirstContactTests {
    static let quickStart = MatrixCommandTests.packageRoot.appendingPathComponent("Examples/QuickStart/Localizable.xcstrings").path

    func temporaryFolder() throws -> URL { try TestFiles.temporaryFolder("toastkit-first") }
    func write(_ text: String, _ url: URL) throws { try TestFiles.write(text, url) }

    /// `show` prints a toast's diagnostics and exits 0; with `--strict` it exits 1 when there
    /// are any (and 0 when there are none).
    @Test(arguments: [(["abc"], false, 1), (["abc"], true, 1), (["2"], true, 0), (["2"], false, 0)] as [([String], Bool, Int32)])
    func showStrictFailsOnDiagnostics(arguments: [String], strict: Bool, diagnostics: Int32) throws {
        var command = ["show", "%lld files uploaded", "--catalog", Self.quickStart, "--locale", "de"] + arguments.flatMap { ["--arg", $0] }
        if strict { command.append("--strict") }
        let result = try ToastkitBinary.run(command)
        #expect(result.status == (strict ? diagnostics : 0), "\(result.stderr)")
        #expect(result.stderr.contains("[format-argument]") == (diagnostics == 1), "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Information: "), "\(result.stdout)")
    }

    /// A `--locale` whose language neither ICU nor any catalog knows is named in a warning;
    /// a language ICU knows (but no catalog has) falls back quietly, as a preference list does.
    @Test(arguments: [("zz", true), ("qaa", true), ("sw", false), ("de", false), ("pt-BR", false)])
    func unknownLocalesAreNamed(locale: String, warns: Bool) throws {
        for command in [["show", "Upload complete", "--locale", locale], ["demo", "--locale", locale]] {
            let result = try ToastkitBinary.run(command)
            #expect(result.status == 0)
            let warning = "toastkit: warning: “\(locale)” is a language neither ICU nor any catalog knows; showing en"
            #expect(result.stderr.contains(warning) == warns, "\(command): \(result.stderr)")
        }
    }

    /// `demo --locale all` renders the demo catalog's own locales: nothing to warn about.
    @Test func demoInEveryLocaleDoesNotWarn() throws {
        let result = try ToastkitBinary.run(["demo", "--locale", "all"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("== ar =="))
    }

    /// A misspelled option is named by argument-parser, never hidden behind the missing KEY.
    @Test(arguments: [(["show", "--frobnicate"], "Error: Unknown option '--frobnicate'"),
                      (["show", "Saved", "--frobnicate"], "Error: Unknown option '--frobnicate'"),
                      (["show"], "Error: give a KEY or --verbatim TEXT\nUsage: toastkit show [<options>] [<key>]"),
                      (["show", "Saved", "--verbatim", "Saved"], "Error: give either a KEY or --verbatim, not both\nUsage: toastkit show")])
    func usageErrorsNameTheProblem(arguments: [String], message: String) throws {
        let result = try ToastkitBinary.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    /// What `convert` cannot carry from a String Catalog is reported at its entry's line and
    /// column in the input.
    @Test func convertWarningsAreLocatedAtTheirEntry() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = work.appendingPathComponent("Main.xcstrings")
        try write("""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Open" : {
                  "localizations" : { "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Öffnen" } } }
                },
                "Save" : {
                  "localizations" : { "de" : { "variations" : { "device" : { "mac" : { "stringUnit" : { "state" : "translated", "value" : "Sichern" } } } } } }
                }
              },
              "version" : "1.0"
            }
            """, input)
        let result = try ToastkitBinary.run(["convert", input.path, work.appendingPathComponent("Out").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(input.path):4:5: warning: [not-converted] “Open” (de): state “needs_review” is not kept in .strings"),
                "\(result.stderr)")
        #expect(result.stderr.contains("\(input.path):7:5: warning: [not-converted] “Save” (de): device variations have no .strings form"),
                "\(result.stderr)")
    }

    /// Converting a table into a String Catalog of another name renames the table, with a
    /// warning; into a folder, the catalog is named after the table.
    @Test(arguments: [("Other.xcstrings", "Other.xcstrings", true), ("Out", "Out/Localizable.xcstrings", false)])
    func convertSaysWhenATableIsRenamed(output: String, written: String, warns: Bool) throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try write("\"a\" = \"A\";\n", work.appendingPathComponent("In/en.lproj/Localizable.strings"))
        let result = try ToastkitBinary.run(["convert", work.appendingPathComponent("In").path, work.appendingPathComponent(output).path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent(written).path))
        #expect(result.stderr.contains("[table-renamed] table “Localizable” becomes table “Other”") == warns, "\(result.stderr)")
    }

    /// In an `.lproj` tree, keys only a translation has (stale ones) are counted as obsolete,
    /// not as missing in the source language.
    @Test func statsCountsStaleKeysAsObsolete() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try write("\"a\" = \"A\";\n\"b\" = \"B\";\n", work.appendingPathComponent("en.lproj/T.strings"))
        try write("\"a\" = \"Ä\";\n\"old\" = \"Alt\";\n\"older\" = \"Älter\";\n", work.appendingPathComponent("de.lproj/T.strings"))
        let result = try ToastkitBinary.run(["stats", work.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            table  locale  translated  needs review  new  missing  obsolete  coverage
            T      de               1             0    0        1         2     50.0%
            T      en               2             0    0        0         0    100.0%

            """, "\(result.stdout)")
    }
}
