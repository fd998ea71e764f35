import Foundation
import Testing
import ToastCatalog

/// Keys spelled differently but canonically equal: one key to ToastKit's lookups, two to
/// Apple's runtime. Every reader says so (`key-normalization`), whatever the values, and keeps
/// both; every writer writes both.
@Suite struct KeyNormalizationTests {
    /// (first spelling, second spelling): NFC and NFD, K and KELVIN SIGN, Å and ANGSTROM SIGN.
    static let pairs: [(String, String)] = [("caf\u{E9}", "cafe\u{301}"), ("K", "\u{212A}"), ("\u{C5}ngstr\u{F6}m", "\u{212B}ngstro\u{308}m")]

    static func strings(_ first: String, _ second: String, sameValue: Bool) -> [UInt8] {
        Array("\"\(first)\" = \"one\";\n\"\(second)\" = \"\(sameValue ? "one" : "two")\";\n".utf8)
    }

    @Test(arguments: pairs.indices, [true, false])
    func stringsTablesReportTheSecondSpelling(pair: Int, sameValue: Bool) throws {
        let (first, second) = Self.pairs[pair]
        let catalog = try StringCatalog(strings: Self.strings(first, second, sameValue: sameValue), file: "de.lproj/L.strings", locale: "de")
        let warnings = catalog.warnings.filter { $0.rule == "key-normalization" }
        #expect(warnings.count == 1 && warnings.first?.location.line == 2, "\(catalog.warnings)")
        #expect(warnings.first?.message.contains("two keys to Apple's runtime") == true)
        #expect(!catalog.warnings.contains { $0.rule == "duplicate-key" })
        #expect(catalog.keys.count == 1 && catalog.keys.first!.unicodeScalars.elementsEqual(first.unicodeScalars))
    }

    @Test func theSameSpellingTwiceIsStillADuplicateKey() throws {
        let catalog = try StringCatalog(strings: Self.strings("K", "K", sameValue: false), file: "de.lproj/L.strings", locale: "de")
        #expect(catalog.warnings.map(\.rule) == ["duplicate-key"])
    }

    @Test(arguments: pairs.indices)
    func stringCatalogsAndStringsdictsReportIt(pair: Int) throws {
        let (first, second) = Self.pairs[pair]
        let json = #"{"sourceLanguage":"en","strings":{"\#(first)":{},"\#(second)":{}},"version":"1.0"}"#
        for parallel in [XCStringsParallelism.sequential, XCStringsParallelism(parts: 2, minimumBytes: 0)] {
            let catalog = try StringCatalog(xcstrings: Array(json.utf8), file: "L.xcstrings", parallelism: parallel)
            #expect(catalog.warnings.map(\.rule) == ["key-normalization"], "\(catalog.warnings)")
        }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>\(first)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict></dict>
            <key>\(second)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict></dict>
            </dict></plist>
            """
        let dict = try StringCatalog(stringsdict: Array(plist.utf8), file: "de.lproj/L.stringsdict", locale: "de")
        #expect(dict.warnings.map(\.rule) == ["key-normalization"], "\(dict.warnings)")
    }

    /// Two files of one `.lproj` table, each with its own spelling: the merge joins them, so
    /// the set reports it when asked (convert asks); lint and stats pay nothing by default.
    @Test(arguments: pairs.indices)
    func spellingsMeetingAcrossFilesOfATableAreReported(pair: Int) throws {
        let (first, second) = Self.pairs[pair]
        let root = try SafeFileWriterTests.folder(); defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["App/en.lproj", "App/de.lproj", "Other/de.lproj"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try SafeFileWriterTests.make(root + "/App/en.lproj/L.strings", "\"\(first)\" = \"one\";\n\"same\" = \"s\";\n")
        try SafeFileWriterTests.make(root + "/App/de.lproj/L.strings", "\"\(second)\" = \"eins\";\n\"same\" = \"S\";\n")
        try SafeFileWriterTests.make(root + "/Other/de.lproj/L.strings", "\"\(second)\" = \"x\";\n")
        let reported = try CatalogSet.load(paths: [root], reportsKeySpellings: true).warnings
        #expect(reported.map(\.rule) == ["key-normalization"], "\(reported)")
        // Files are read in path order: de.lproj first, so the report is at en.lproj.
        #expect(reported.first?.location.file.hasSuffix("App/en.lproj/L.strings") == true)
        #expect(reported.first?.message.contains("App/de.lproj/L.strings") == true)
        #expect(try CatalogSet.load(paths: [root]).warnings.isEmpty)
    }

    /// A table's files whose keys are all ASCII are gone through key by key only once a file
    /// of the table has another key: an ASCII spelling read first (de.lproj) is still the
    /// earlier one a later file's other spelling is reported against, in every order of the
    /// files and with ASCII files on both sides of it.
    @Test(arguments: [true, false])
    func anASCIISpellingReadFirstIsStillTheEarlierOne(otherSpellingLast: Bool) throws {
        let root = try SafeFileWriterTests.folder(); defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["App/de.lproj", "App/en.lproj", "App/fr.lproj"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        // K, and the Kelvin sign (U+212A), which is canonically K; `a;b` and `a` GREEK
        // QUESTION MARK `b` likewise.
        let other = "\"\u{212A}\" = \"k\";\n\"a\u{37E}b\" = \"q\";\n"
        let ascii = "\"K\" = \"k\";\n\"a;b\" = \"q\";\n\"plain\" = \"p\";\n"
        try SafeFileWriterTests.make(root + "/App/de.lproj/L.strings", ascii)
        try SafeFileWriterTests.make(root + "/App/en.lproj/L.strings", otherSpellingLast ? ascii : other)
        try SafeFileWriterTests.make(root + "/App/fr.lproj/L.strings", otherSpellingLast ? other : ascii)
        let reported = try CatalogSet.load(paths: [root], reportsKeySpellings: true).warnings
        #expect(reported.map(\.rule) == ["key-normalization", "key-normalization"], "\(reported)")
        let otherFile = otherSpellingLast ? "App/fr.lproj/L.strings" : "App/en.lproj/L.strings"
        #expect(reported.allSatisfy { $0.location.file.hasSuffix(otherFile) }, "\(reported)")
        #expect(reported.allSatisfy { $0.message.contains("App/de.lproj/L.strings") }, "\(reported)")
        #expect(try CatalogSet.load(paths: [root]).warnings.isEmpty)
    }

    static func scalars(_ entries: [SpelledEntry]) -> [[UInt32]] { entries.map { $0.key.unicodeScalars.map(\.value) } }
    static func unit(_ text: String, _ state: String? = nil) -> LocalizedValue { LocalizedValue(stringUnit: StringUnit(state: state, value: text)) }

    @Test(arguments: pairs.indices)
    func everyReaderKeepsBothSpellingsWithTheirValues(pair: Int) throws {
        let (first, second) = Self.pairs[pair]
        let strings = try StringCatalog(strings: Self.strings(first, second, sameValue: false), file: "de.lproj/L.strings", locale: "de")
        #expect(Self.scalars(strings.entriesBySpelling()) == Self.scalars([SpelledEntry(key: first, entry: .init()), SpelledEntry(key: second, entry: .init())]))
        #expect(strings.entriesBySpelling().map { $0.entry.localizations["de"] } == [Self.unit("one"), Self.unit("two")])
        #expect(strings.localization(forKey: second, locale: "de") == Self.unit("one"))

        let json = #"{"sourceLanguage":"en","strings":{"\#(first)":{"comment":"a"},"\#(second)":{"comment":"b"}},"version":"1.0"}"#
        for parallel in [XCStringsParallelism.sequential, XCStringsParallelism(parts: 2, minimumBytes: 0)] {
            let catalog = try StringCatalog(xcstrings: Array(json.utf8), file: "L.xcstrings", parallelism: parallel)
            #expect(catalog.entriesBySpelling().map(\.entry.comment) == ["a", "b"])
            #expect(Self.scalars(catalog.respelledEntries) == [second.unicodeScalars.map(\.value)])
            #expect(catalog.entry(forKey: second)?.comment == "a")
            // Written back, both are there, and read again the catalog is the same.
            let written = try XCStringsWriter().string(catalog.jsonValue())
            let again = try StringCatalog(xcstrings: Array(written.utf8), file: "L.xcstrings")
            #expect(again.entriesBySpelling() == catalog.entriesBySpelling())
        }
    }

    /// `.lproj` → String Catalog → `.lproj`: four keys in, four keys out, each with its value,
    /// in every locale; and a change to the catalog keeps the other spellings.
    @Test func conversionKeepsEverySpellingBothWays() throws {
        let text = "\"caf\u{E9}\" = \"1\";\n\"cafe\u{301}\" = \"2\";\n\"K\" = \"3\";\n\"\u{212A}\" = \"4\";\n"
        var table = try StringCatalog(strings: Array(text.utf8), file: "en.lproj/L.strings", locale: "en")
        table.merge(try StringCatalog(strings: Array(text.replacingOccurrences(of: "\"1\"", with: "\"eins\"").utf8),
                                      file: "de.lproj/L.strings", locale: "de"), preferring: false)
        let (catalog, report) = CatalogConverter.stringCatalog(from: table, sourceLanguage: "en")
        #expect(report.notConverted.isEmpty)
        #expect(catalog.keys.count == 2 && catalog.respelledEntries.count == 2)
        let keys = ["caf\u{E9}", "cafe\u{301}", "K", "\u{212A}"]
        #expect(Self.scalars(catalog.entriesBySpelling()) == keys.map { $0.unicodeScalars.map(\.value) })
        #expect(catalog.entriesBySpelling().map { $0.entry.localizations["de"] } == ["eins", "2", "3", "4"].map { Self.unit($0, "translated") })
        let written = try XCStringsWriter().string(catalog.jsonValue())
        let read = try StringCatalog(xcstrings: Array(written.utf8), file: "L.xcstrings")
        for locale in ["en", "de"] {
            let strings = try #require(CatalogConverter.lproj(from: read, locale: locale).strings)
            let back = try StringCatalog(strings: Array(strings.utf8), file: "\(locale).lproj/L.strings", locale: locale)
            #expect(Self.scalars(back.entriesBySpelling()) == keys.map { $0.unicodeScalars.map(\.value) })
            #expect(back.entriesBySpelling().map { $0.entry.localizations[locale]?.stringUnit?.value } == [locale == "de" ? "eins" : "1", "2", "3", "4"])
        }
        var changed = read
        changed.entries["new"] = CatalogEntry()
        changed.keys.append("new")
        #expect(changed.entriesBySpelling().count == 5 && changed.respelledEntries.count == 2)
    }

    /// One spelling per file of a table (`en.lproj` NFC, `de.lproj` NFD): to Apple's runtime,
    /// two keys each with one locale; so they are converted. Lookups join them.
    @Test(arguments: pairs.indices)
    func spellingsAcrossFilesStayApartWhenWritten(pair: Int) throws {
        let (first, second) = Self.pairs[pair]
        var table = try StringCatalog(strings: Array("\"\(first)\" = \"one\";\n\"x\" = \"x\";\n".utf8), file: "en.lproj/L.strings", locale: "en")
        table.merge(try StringCatalog(strings: Array("\"\(second)\" = \"eins\";\n\"x\" = \"y\";\n".utf8), file: "de.lproj/L.strings", locale: "de"),
                    preferring: false)
        #expect(table.entry(forKey: first)?.localizations == ["en": Self.unit("one"), "de": Self.unit("eins")])
        #expect(table.entries[first]?.localizations == ["en": Self.unit("one")])
        #expect(table.respelledEntries.map(\.entry.localizations) == [["de": Self.unit("eins")]])
        #expect(table.localeCodes == ["en", "de"])
        let (catalog, _) = CatalogConverter.stringCatalog(from: table, sourceLanguage: "en")
        let de = try #require(CatalogConverter.lproj(from: catalog, locale: "de").strings)
        let back = try StringCatalog(strings: Array(de.utf8), file: "de.lproj/L.strings", locale: "de")
        #expect(Self.scalars(back.entriesBySpelling()) == [second, "x"].map { $0.unicodeScalars.map(\.value) })
        // Changed after the merge, the catalog keeps both spellings apart.
        var changed = table
        changed.keys.append("y")
        changed.entries["y"] = CatalogEntry()
        #expect(changed.respelledEntries == table.respelledEntries)
        #expect(changed.entry(forKey: second)?.localizations.count == 2)
    }
}
