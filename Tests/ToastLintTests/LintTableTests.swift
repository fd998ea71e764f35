import Foundation
import Testing
import ToastCatalog
@testable import ToastLint

/// An `.lproj` table keeps its files' flat tables and makes each entry when asked: the entry
/// of a key is each locale's localization from the file its origin names (the first file's,
/// or the last `.stringsdict`'s), the development language's comment, and no Base localization
/// unless Base is the source.
@Suite struct LintTableTests {
    static let plural = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>a</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>%d Datei</string><key>other</key><string>%d Dateien</string></dict>
        </dict></dict></plist>
        """

    /// The table of `files` (path and text), added in order.
    static func table(_ files: [(String, String)]) throws -> LintTable {
        var table = LintTable()
        for (file, text) in files {
            let catalog = try CatalogLoader.stringsTable(Array(text.utf8), file: file, sourceLanguage: "en", limits: .standard)
            table.add(lproj: catalog, file: file, locale: CatalogLocale.locale(ofPath: file, sourceLanguage: "en").locale, sourceLanguage: "en")
        }
        table.finishLproj(groupFiles: files.map(\.0))
        return table
    }

    static func text(_ value: LocalizedValue?) -> String? { value?.stringUnit?.value }

    @Test func entriesAreMadeFromTheFilesTheirOriginsName() throws {
        var table = try Self.table([
            ("App/en.lproj/L.strings", "\"a\" = \"A %d\";\n/* The b */\n\"b\" = \"B\";\n"),
            ("App/Base.lproj/L.strings", "/* Base a */\n\"a\" = \"Base A\";\n\"z\" = \"Z\";\n"),
            ("App/de.lproj/L.strings", "\"a\" = \"DE\";\n\"b\" = \"DE B\";\n\"b\" = \"DE B2\";\n"),
            ("App/de.lproj/L.stringsdict", Self.plural),
            ("App/fr.lproj/L.strings", "\"b\" = \"FR B\";\n"),
        ])
        let a = try #require(table.entry(forKey: "a"))
        #expect(Set(a.localizations.keys) == ["en", "de"])
        #expect(Self.text(a.localizations["en"]) == "A %d")
        // The .stringsdict overrides the .strings file of its locale.
        #expect(a.localizations["de"]?.substitutions["n"]?.plural[.other]?.stringUnit?.value == "%d Dateien")
        #expect(a.comment == nil)
        let b = try #require(table.entry(forKey: "b"))
        #expect(b.comment == "The b")
        #expect(Self.text(b.localizations["de"]) == "DE B2")
        #expect(Self.text(b.localizations["fr"]) == "FR B")
        // Base beside the development language is a fallback, not a locale.
        #expect(table.entry(forKey: "z")?.localizations.isEmpty == true)
        #expect(table.localeCodes == ["en", "de", "fr"])
        #expect(table.file(key: "a", locale: "de") == "App/de.lproj/L.stringsdict")
        #expect(table.entry(forKey: "missing") == nil)
        // Once checked, the localizations go; comments and origins stay.
        table.releaseLocalizations()
        #expect(table.comment(forKey: "b") == "The b")
        #expect(table.file(key: "b", locale: "fr") == "App/fr.lproj/L.strings")
    }

    /// Files that list their keys in the table's order, in another order, one key repeated and
    /// one respelled (another code point sequence of the same characters) give each key one
    /// entry, under its first spelling, whichever way its number is found.
    @Test func keysFoundInOrderAndOutOfIt() throws {
        let table = try Self.table([
            ("App/en.lproj/L.strings", "\"a\" = \"A\";\n\"caf\u{E9}\" = \"Cafe\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n"),
            ("App/de.lproj/L.strings", "\"a\" = \"DE A\";\n\"caf\u{E9}\" = \"DE Cafe\";\n\"b\" = \"DE B\";\n\"c\" = \"DE C\";\n"),
            ("App/fr.lproj/L.strings", "\"c\" = \"FR C\";\n\"b\" = \"FR B\";\n\"a\" = \"FR A\";\n\"d\" = \"FR D\";\n"),
            ("App/it.lproj/L.strings", "\"a\" = \"IT A\";\n\"cafe\u{301}\" = \"IT Cafe\";\n\"b\" = \"IT B\";\n\"b\" = \"IT B2\";\n\"c\" = \"IT C\";\n"),
        ])
        for (key, expected) in [("a", ["en": "A", "de": "DE A", "fr": "FR A", "it": "IT A"]),
                                ("caf\u{E9}", ["en": "Cafe", "de": "DE Cafe", "it": "IT Cafe"]),
                                ("b", ["en": "B", "de": "DE B", "fr": "FR B", "it": "IT B2"]),
                                ("c", ["en": "C", "de": "DE C", "fr": "FR C", "it": "IT C"]),
                                ("d", ["fr": "FR D"])] {
            let entry = try #require(table.entry(forKey: key), "\(key)")
            #expect(entry.localizations.mapValues { Self.text($0) ?? "" } == expected, "\(key)")
        }
        #expect(table.keys.map { Array($0.unicodeScalars) } == ["a", "caf\u{E9}", "b", "c", "d"].map { Array($0.unicodeScalars) })
    }

    /// A key met again in another spelling is asked again whether it names an Interface Builder
    /// object, though it is found where the table expects it: `\u{212A}` (Kelvin) is canonically
    /// `K`, so only the second, ASCII spelling has an object's shape.
    @Test func aKeyInAnotherSpellingIsAskedAgain() throws {
        let table = try Self.table([
            ("App/en.lproj/L.strings", "\"\u{212A}b1-c2-d3e.title\" = \"Title\";\n"),
            ("App/de.lproj/L.strings", "\"Kb1-c2-d3e.title\" = \"Titel\";\n"),
        ])
        #expect(table.keys.count == 1)
        #expect(table.interfaceBuilderKeys.map { Array($0.utf8) } == [Array("Kb1-c2-d3e.title".utf8)])
    }

    /// A record found where the table expects its key is placed from its bytes, unless its
    /// comment is one the table keeps: the source file's, a Base file's (the source when there
    /// is no development-language file), or Interface Builder's. Each file here lists the keys
    /// of the file before it, in order, so each of those comments comes on an expected key.
    @Test(arguments: [
        // The source file after a locale's: its comments are the entries'.
        ([("App/de.lproj/L.strings", "\"a\" = \"DE A\";\n\"b\" = \"DE B\";\n"),
          ("App/en.lproj/L.strings", "/* The a */\n\"a\" = \"A\";\n/* The b */\n\"b\" = \"B\";\n")],
         ["a": "The a", "b": "The b"], [String]()),
        // Base, the source: its comments are the entries'.
        ([("App/de.lproj/L.strings", "\"a\" = \"DE A\";\n\"b\" = \"DE B\";\n"),
          ("App/Base.lproj/L.strings", "/* Base a */\n\"a\" = \"A\";\n\"b\" = \"B\";\n")],
         ["a": "Base a"], []),
        // A locale's comment written by ibtool marks its key as Interface Builder's; another
        // comment of a locale is not kept.
        ([("App/en.lproj/L.strings", "\"a\" = \"A\";\n/* The b */\n\"b\" = \"B\";\n"),
          ("App/de.lproj/L.strings", "/* Class = \"NSButton\"; title = \"A\"; ObjectID = \"1\"; */\n\"a\" = \"DE A\";\n/* Not kept */\n\"b\" = \"DE B\";\n")],
         ["b": "The b"], ["a"]),
    ])
    func commentsOnExpectedKeysAreKept(files: [(String, String)], comments: [String: String], interfaceBuilder: [String]) throws {
        let table = try Self.table(files)
        #expect(table.keys == ["a", "b"])
        for key in table.keys { #expect(table.comment(forKey: key) == comments[key], "\(key)") }
        #expect(table.interfaceBuilderKeys == Set(interfaceBuilder))
        #expect(table.stringsdictKeys.isEmpty)
    }

    /// A `.stringsdict` file's keys, found where the table expects them, are listed as the
    /// table's `.stringsdict` keys (its records take the string path).
    @Test func stringsdictKeysOnExpectedKeysAreListed() throws {
        let table = try Self.table([
            ("App/en.lproj/L.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n"),
            ("App/de.lproj/L.stringsdict", Self.plural),
        ])
        #expect(table.keys == ["a", "b"])
        #expect(table.stringsdictKeys == ["a"])
    }

    @Test func baseIsTheSourceWithoutADevelopmentLanguageFile() throws {
        let table = try Self.table([
            ("App/Base.lproj/L.strings", "/* Base a */\n\"a\" = \"Base A\";\n"),
            ("App/de.lproj/L.strings", "\"a\" = \"DE\";\n"),
        ])
        #expect(table.sourceIsBase)
        let a = try #require(table.entry(forKey: "a"))
        #expect(Set(a.localizations.keys) == ["en", "de"])
        #expect(Self.text(a.localizations["en"]) == "Base A")
        #expect(a.comment == "Base a")
        #expect(table.comment(forKey: "a") == "Base a")
        #expect(table.localeCodes == ["en", "de"])
    }

    /// A file is read again to locate its findings only when it is unchanged since it was read.
    @Test func aFileIsReadAgainOnlyWhenUnchanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("L.strings").path
        try Data("\"a\" = \"A\";\n".utf8).write(to: URL(fileURLWithPath: file))
        let read = try CatalogLoader.contents(ofFile: file)
        #expect(LprojRead.bytesAgain(of: file, preloaded: nil, snapshot: read.snapshot, limits: .standard) == read.bytes)
        #expect(LprojRead.bytesAgain(of: file, preloaded: [1, 2], snapshot: nil, limits: .standard) == [1, 2])
        try Data("\"a\" = \"A\";\n\"b\" = \"B\";\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(LprojRead.bytesAgain(of: file, preloaded: nil, snapshot: read.snapshot, limits: .standard) == nil)
        try FileManager.default.removeItem(atPath: file)
        #expect(LprojRead.bytesAgain(of: file, preloaded: nil, snapshot: read.snapshot, limits: .standard) == nil)
    }

    /// Interface Builder's comment for an object's property holds both `Class = "` and
    /// `ObjectID = "`, in either order; the quick refusal of a comment without `=` refuses no
    /// such comment.
    @Test(arguments: [
        ("Class = \"UILabel\"; text = \"Hi\"; ObjectID = \"abc-12-XyZ\";", true),
        ("ObjectID = \"1\"; Class = \"NSButton\"; title = \"A\";", true),
        ("Überschrift — Class = \"UILabel\"; ObjectID = \"a\";", true),
        ("Class = \"UILabel\"; text = \"Hi\";", false),
        ("ObjectID = \"1\";", false),
        ("Class =\"UILabel\"; ObjectID =\"1\";", false),
        ("Title of the upload toast", false),
        ("a = b", false),
        ("", false),
    ])
    func interfaceBuilderCommentsAreToldApart(comment: String, generated: Bool) {
        #expect(InterfaceBuilderTable.isGeneratedComment(comment) == generated)
        #expect(InterfaceBuilderTable.isGeneratedComment(nil) == false)
    }
}
