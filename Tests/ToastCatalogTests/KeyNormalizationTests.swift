import Foundation
import Testing
import ToastCatalog

/// Keys spelled differently but canonically equal: one key to ToastKit, two to Apple's
/// runtime. Every reader says so (`key-normalization`), whatever the values.
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
        #expect(warnings.first?.message.contains("two to Apple's runtime") == true)
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
}
