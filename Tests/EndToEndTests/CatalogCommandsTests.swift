import Foundation
import Testing

/// dump, fmt, stats and convert on the built binary.
@Suite struct CatalogCommandsTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static var corpusAvailable: Bool {
        FileManager.default.fileExists(atPath: corpus.path) || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    func temporaryFolder() throws -> URL { try TestFiles.temporaryFolder("toastkit-cat") }
    func write(_ text: String, _ url: URL) throws { try TestFiles.write(text, url) }

    /// (table, key, locale, path, value) of every leaf `dump` prints.
    func leaves(_ path: String) throws -> Set<[String]> {
        let result = try ToastkitBinary.run(["dump", path])
        #expect(result.status == 0, "\(result.stderr)")
        var set = Set<[String]>()
        for line in result.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            set.insert([object["table"], object["key"], object["locale"], object["path"], object["value"]].map { ($0 as? String) ?? "<null>" })
        }
        return set
    }

    @Test(.enabled(if: corpusAvailable)) func convertThereAndBackPreservesEveryLeaf() throws {
        let source = Self.corpus.appendingPathComponent("element-hq__element-x-ios/ElementX/Resources/Localizations").path
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalogs = work.appendingPathComponent("catalogs").path
        let there = try ToastkitBinary.run(["convert", source, catalogs])
        #expect(there.status == 0, "\(there.stderr)")
        let back = work.appendingPathComponent("back").path
        for table in try FileManager.default.contentsOfDirectory(atPath: catalogs).sorted() {
            let result = try ToastkitBinary.run(["convert", catalogs + "/" + table, back])
            #expect(result.status == 0, "\(result.stderr)")
            let check = try ToastkitBinary.run(["fmt", "--check", catalogs + "/" + table])
            #expect(check.status == 0, "\(check.stderr)")
        }
        let original = try leaves(source)
        #expect(original.count > 70_000)
        #expect(try leaves(back) == original)
    }

    @Test(.enabled(if: corpusAvailable)) func fmtCheckPassesOnTheCorpusAndFailsOnMinified() throws {
        let check = try ToastkitBinary.run(["fmt", "--check", Self.corpus.path])
        #expect(check.status == 0, "\(check.stderr)")
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let original = Self.corpus.appendingPathComponent("MrKai77__Loop/Loop/Localizable.xcstrings")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: original))
        let minified = work.appendingPathComponent("Localizable.xcstrings")
        try JSONSerialization.data(withJSONObject: json).write(to: minified)
        let failing = try ToastkitBinary.run(["fmt", "--check", minified.path])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("not in Xcode's layout"))
        let fixed = try ToastkitBinary.run(["fmt", minified.path])
        #expect(fixed.status == 0)
        #expect(try Data(contentsOf: minified) == Data(contentsOf: original))
    }

    @Test func dumpContract() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try write("\"b\" = \"B\";\n\"a\" = \"A\";\n", work.appendingPathComponent("English.lproj/T.strings"))
        try write(#"{"sourceLanguage":"en","strings":{"k":{},"p":{"localizations":{"zh-Hant":{"variations":{"plural":{"other":{"stringUnit":{"state":"new","value":"%lld 個"}}}}}}}},"version":"1.0"}"#,
                  work.appendingPathComponent("C.xcstrings"))
        let result = try ToastkitBinary.run(["dump", work.path])
        #expect(result.status == 0)
        let base = work.path
        #expect(result.stdout == """
            {"file":"\(base)/C.xcstrings","table":"C","key":"k","locale":"en","path":"","value":null,"state":null}
            {"file":"\(base)/C.xcstrings","table":"C","key":"p","locale":"zh-Hant","path":"plural.other","value":"%lld 個","state":"new"}
            {"file":"\(base)/English.lproj/T.strings","table":"T","key":"a","locale":"en","path":"","value":"A","state":null}
            {"file":"\(base)/English.lproj/T.strings","table":"T","key":"b","locale":"en","path":"","value":"B","state":null}

            """)
    }

    @Test func brokenFilesExitTwoWithTheirLocation() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try write("\"a\" = \"b\"\n\"c\" = \"d\";", work.appendingPathComponent("fr.lproj/X.strings"))
        let result = try ToastkitBinary.run(["dump", work.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("fr.lproj/X.strings:2:1: error: [strings-syntax] expected ';' after the entry “a”"))
    }

    /// Every catalog command reads a loose `.strings` (outside any `.lproj` folder) as the
    /// source language, says so once on stderr, and goes on (exit 0; lint lists a note).
    @Test(arguments: [["dump"], ["stats"], ["lint"], ["convert"], ["dump", "--source-language", "fr"], ["stats", "--source-language", "fr"],
                      ["lint", "--source-language", "fr"], ["convert", "--source-language", "fr"]])
    func looseStringsFilesAreTheSourceLanguage(command: [String]) throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try write("/* Greeting. */\n\"hello\" = \"Hello\";\n", work.appendingPathComponent("Source/Localizable.strings"))
        let language = command.count > 1 ? command[2] : "en"
        var arguments = [command[0], work.appendingPathComponent("Source").path] + command.dropFirst()
        if command[0] == "convert" { arguments.insert(work.appendingPathComponent("Out").path, at: 2) }
        if command[0] == "lint" { arguments.append("--notes") }  // notes are counted, not listed, without it
        let result = try ToastkitBinary.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let said = "Source/Localizable.strings:1:1: \(command[0] == "lint" ? "note" : "warning"): [assumed-locale] not inside a LOCALE.lproj folder: read as the source language “\(language)”"
        #expect((result.stdout + result.stderr).components(separatedBy: said).count == 2, "\(result.stdout)\n\(result.stderr)")
        switch command[0] {
        case "dump": #expect(result.stdout.contains(#""key":"hello","locale":"\#(language)","path":"","value":"Hello""#), "\(result.stdout)")
        case "stats": #expect(result.stdout.contains("Localizable  \(language)               1"), "\(result.stdout)")
        case "convert":
            let catalog = try String(contentsOf: work.appendingPathComponent("Out/Localizable.xcstrings"), encoding: .utf8)
            #expect(catalog.contains(#""sourceLanguage" : "\#(language)""#), "\(catalog)")
        default: #expect(!result.stderr.contains("parse-error"))
        }
    }

    @Test func statsMergesTablesAndCountsStates() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try write("\"one\" = \"One\";\n\"two\" = \"Two\";\n", work.appendingPathComponent("en.lproj/T.strings"))
        try write("\"one\" = \"Un\";\n", work.appendingPathComponent("fr.lproj/T.strings"))
        try write("""
            <plist><dict><key>two</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d deux</string></dict></dict></dict></plist>
            """, work.appendingPathComponent("fr.lproj/T.stringsdict"))
        try write("\"x\" = \"y\";", work.appendingPathComponent("fr.lproj/t.strings"))
        let result = try ToastkitBinary.run(["stats", work.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("T      en               2             0    0        0    100.0%"), "\(result.stdout)")
        #expect(result.stdout.contains("T      fr               2             0    0        0    100.0%"), "\(result.stdout)")
        #expect(result.stderr.contains("[table-case-clash]"))
    }

    @Test func convertReportsWhatItCannotCarry() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = work.appendingPathComponent("Main.xcstrings")
        try write(#"{"sourceLanguage":"en","strings":{"Tap":{"localizations":{"en":{"variations":{"device":{"mac":{"stringUnit":{"state":"translated","value":"Click"}},"other":{"stringUnit":{"state":"translated","value":"Tap"}}}}},"fr":{"stringUnit":{"state":"needs_review","value":"Touchez"}}}}},"version":"1.0"}"#, catalog)
        let result = try ToastkitBinary.run(["convert", catalog.path, work.appendingPathComponent("out").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("device variations have no .strings form"))
        #expect(result.stderr.contains("state “needs_review” is not kept"))
        let french = try String(contentsOf: work.appendingPathComponent("out/fr.lproj/Main.strings"), encoding: .utf8)
        #expect(french == "\"Tap\" = \"Touchez\";\n\n")
    }
}
