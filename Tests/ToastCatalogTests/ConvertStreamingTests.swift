import Foundation
import Testing
@testable import ToastCatalog
import ToastICU
import ToastTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `convert` of an `.lproj` tree as it writes: the files of a table merged by position, each
/// entry converted and written as its run is, the runs streamed to the file; and each locale's
/// `.lproj` files made on all cores.
@Suite struct ConvertStreamingTests {
    static let writer = try! XCStringsWriter()

    /// A folder of `.lproj` tables, removed by the caller.
    static func tree(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-convert-\(UUID().uuidString)").path
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func stringsdict(_ variables: [(key: String, type: String, locale: String)]) -> String {
        var body = ""
        for (key, type, locale) in variables {
            body += """
                <key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>\(type)</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d \(locale) one</string><key>other</key><string>%d \(locale) other</string></dict></dict>

                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \(body)</dict></plist>
            """
    }

    /// Locales whose files list the keys in the same order, in another order, or with keys
    /// left out or added, and (`respelled`) one spelling a key another way; a rule type
    /// String Catalogs do not hold in two locales. Merged by position, every entry is the one
    /// ``StringCatalog/entry(forKey:)`` merges file by file; written as converted (each entry
    /// merged as it is written, or, with a key spelled two ways, from the merged table), the
    /// bytes and the report are those of the converted catalog, and the warnings come in
    /// code-point order of locales.
    @Test(arguments: [false, true], [false, true])
    func aTreeIsWrittenAsTheCatalogItConvertsTo(shuffled: Bool, respelled: Bool) throws {
        let keys = (0..<40).map { "key \($0)" } + ["caf\u{E9}", "\u{212A}"]
        var files: [String: String] = [:]
        for (index, locale) in ["en", "de", "fr", "pt-BR", "zh-Hans", "ar"].enumerated() {
            var ordered = keys
            if shuffled && index > 0 { ordered = index % 2 == 0 ? ordered.reversed() : ordered.shuffled() }
            if index == 2 { ordered.removeAll { $0 == "key 7" } }
            if index == 3 { ordered.append("only in pt-BR") }
            if index == 4 && respelled { ordered = ordered.map { $0 == "caf\u{E9}" ? "cafe\u{301}" : $0 } }
            files["\(locale).lproj/Main.strings"] = ordered.map { "/* note */\n\"\($0)\" = \"\($0) \(locale)\";" }.joined(separator: "\n")
            let type = index == 1 || index == 5 ? "NSStringGenderRuleType" : "NSStringPluralRuleType"
            files["\(locale).lproj/Main.stringsdict"] = Self.stringsdict([("%d files", type, locale), ("%d days", "NSStringPluralRuleType", locale)])
        }
        let root = try Self.tree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let set = try CatalogSet.load(paths: [root], reportsKeySpellings: true)
        let table = try #require(set.tables.first { $0.table == "Main" })
        let items = table.entriesBySpelling()
        // The keys, two of the .stringsdict, one only pt-BR has, and café as zh-Hans spells it.
        #expect(items.count == keys.count + 2 + 1 + (respelled ? 1 : 0))
        #expect(table.hasRespelledKeys == respelled)
        for item in items where item.key != "caf\u{E9}" {
            #expect(item.entry == table.entry(forKey: item.key), "\(item.key)")
        }
        let spellings = items.filter { $0.key == "caf\u{E9}" }
        if respelled {
            #expect(spellings.map { Array($0.key.unicodeScalars) } == [Array("caf\u{E9}".unicodeScalars), Array("cafe\u{301}".unicodeScalars)])
            #expect(spellings.map { $0.entry.localizations.keys.sorted() } == [["ar", "de", "en", "fr", "pt-BR"], ["zh-Hans"]])
        } else {
            #expect(spellings.map { $0.entry.localizations.keys.sorted() } == [["ar", "de", "en", "fr", "pt-BR", "zh-Hans"]])
        }
        let (catalog, report) = CatalogConverter.stringCatalog(from: table, sourceLanguage: "en")
        var streamed: [UInt8] = []
        let streamedReport = CatalogConverter.writeStringCatalog(from: table, sourceLanguage: "en", writer: Self.writer) { streamed += $0 }
        #expect(streamed == Self.writer.bytes(catalog))
        #expect(streamedReport == report)
        let locales = report.notConverted.map { String($0.message.split(separator: "(")[1].split(separator: ")")[0]) }
        #expect(locales == ["ar", "de"])
    }

    /// The table `table` of a tree of `files`, read (its files must be flat tables, which the
    /// converter writes from without a model) and converted both ways: the model's catalog and
    /// report, and the bytes and report written from the tables.
    static func convertedFlat(_ files: [String: String], table name: String) throws
        -> (catalog: StringCatalog, report: CatalogConverter.Report, streamed: String, streamedReport: CatalogConverter.Report) {
        let root = try tree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let set = try CatalogSet.load(paths: [root], reportsKeySpellings: true)
        let table = try #require(set.tables.first { $0.table == name })
        #expect(table.layers?.isFlat == true)
        let (catalog, report) = CatalogConverter.stringCatalog(from: table, sourceLanguage: "en")
        var streamed: [UInt8] = []
        let streamedReport = CatalogConverter.writeStringCatalog(from: table, sourceLanguage: "en", writer: writer) { streamed += $0 }
        return (catalog, report, String(decoding: streamed, as: UTF8.self), streamedReport)
    }

    /// Written from flat tables, a key a locale's `.strings` and `.stringsdict` both hold, a
    /// comment only a later locale's file has, keys only some files have, `Base.lproj`, and
    /// texts that need escaping come out as the converted catalog's bytes, with its report.
    @Test func flatTablesAreWrittenAsTheCatalogTheyConvertTo() throws {
        let files = [
            "en.lproj/Main.strings": "\"a\" = \"A en\";\n\"b\" = \"B en\";\n",
            "en.lproj/Main.stringsdict": Self.stringsdict([("a", "NSStringPluralRuleType", "en")]),
            "de.lproj/Main.strings": "/* de note */\n\"a\" = \"A de\";\n\"c\" = \"C \\\"quoted\\\"\\n\\t\\U0001 é\";\n",
            "fr.lproj/Main.stringsdict": Self.stringsdict([("b", "NSStringPluralRuleType", "fr"), ("e", "NSStringGenderRuleType", "fr")]),
            "ar.lproj/Main.stringsdict": Self.stringsdict([("e", "NSStringGenderRuleType", "ar")]),
            "Base.lproj/Main.strings": "/* base note */\n\"d\" = \"D base\";\n/* base a */\n\"a\" = \"A base\";\n",
        ]
        let (catalog, report, text, streamedReport) = try Self.convertedFlat(files, table: "Main")
        #expect(Array(text.utf8) == Self.writer.bytes(catalog))  // bytes: String == would take NFC for NFD
        #expect(streamedReport == report)
        #expect(report.notConverted.count == 2)
        // "a" has two comments; the first file's is kept.
        #expect(text.contains("\"comment\" : \"de note\"") != text.contains("\"comment\" : \"base a\""))
        #expect(text.contains(#""value" : "C \"quoted\"\n\t\u0001 é""#))
    }

    /// One `.stringsdict` entry of a format and variables, each variable's members written
    /// as given (a value type, then forms as category and text), XML-escaped.
    static func stringsdictEntry(_ key: String, format: String, variables: [(name: String, type: String?, forms: [(String, String)])]) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        var body = "<key>\(escaped(key))</key><dict><key>NSStringLocalizedFormatKey</key><string>\(escaped(format))</string>"
        for variable in variables {
            body += "<key>\(escaped(variable.name))</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            if let type = variable.type { body += "<key>NSStringFormatValueTypeKey</key><string>\(escaped(type))</string>" }
            for (category, text) in variable.forms { body += "<key>\(category)</key><string>\(escaped(text))</string>" }
            body += "</dict>"
        }
        return body + "</dict>\n"
    }

    /// `.stringsdict` values that `convert` writes from their encoded parts, without making
    /// them, come out as the bytes of the values made and converted: sequential and numbered
    /// specifiers, a form without the specifier, no value type, an empty one, one that is not
    /// ASCII, a token spelled otherwise than the tokens write it, several variables (their
    /// names in code-point order and in Xcode's differ), an argument read through the format
    /// or from the forms, a variable without forms, a name and texts that need escaping, and
    /// an entry with no variables.
    @Test(arguments: [
        ("sequential", "%#@n@", [("n", "d", [("one", "%d file"), ("other", "%d files")])]),
        ("numbered", "%1$#@n@", [("n", "lld", [("one", "%1$lld file"), ("other", "%1$lld files"), ("zero", "no files")])]),
        ("no value type", "%#@n@", [("n", nil, [("one", "%d file"), ("other", "%d files")])]),
        ("value type not ASCII", "%#@n@", [("n", "d\u{E9}", [("other", "%d files")])]),
        ("token spelled otherwise", "%01$#@n@ %#@m@", [("n", "d", [("other", "%d %01$#@m@ x")]), ("m", "d", [("other", "%d y")])]),
        ("several variables", "%2$#@b10@ %1$#@B@ %3$#@b9@ %#@Z@",
         [("b10", "d", [("other", "%2$d b")]), ("b9", "u", [("one", "%u"), ("other", "%3$u b9")]),
          ("B", "@", [("other", "%1$@ B")]), ("Z", "ld", [("few", "%ld z"), ("many", "%ld zz"), ("other", "%%d %ld")])]),
        ("escapes", "\"%#@n@\"\n\t\u{1}", [("n", "d", [("other", "\\ \"%d\" \u{7F}\u{2028}é")])]),
        ("no variables", "just text %d", []),
        ("argument read from the forms", "%#@n@", [("n", "d", [("one", "%2$d file"), ("other", "%2$d files")])]),
        ("a name to escape", "%#@é\"q@", [("é\"q", "d", [("other", "%d x")])]),
        ("no forms", "%#@n@ %#@m@", [("n", "d", []), ("m", "d", [("other", "%d m")])]),
        ("an empty value type", "%#@n@", [("n", "", [("other", "%d x")])]),
    ] as [(String, String, [(String, String?, [(String, String)])])])
    func encodedValuesAreWrittenAsTheirConvertedValues(_ name: String, format: String, variables: [(String, String?, [(String, String)])]) throws {
        let entry = Self.stringsdictEntry("k", format: format, variables: variables.map { (name: $0.0, type: $0.1, forms: $0.2) })
        let plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n\(entry)</dict></plist>\n"
        let files = ["en.lproj/T.strings": "\"k\" = \"K\";\n", "de.lproj/T.stringsdict": plist, "fr.lproj/T.stringsdict": plist]
        let (catalog, report, text, streamedReport) = try Self.convertedFlat(files, table: "T")
        // Compared as bytes (String == would take NFC for NFD), shown as texts.
        let expected = String(decoding: Self.writer.bytes(catalog), as: UTF8.self)
        #expect(text.utf8.elementsEqual(expected.utf8), "\(name): written\n\(text)\nconverted\n\(expected)")
        #expect(streamedReport == report)
        // The values were encoded (the path under test), and read as written.
        let root = try Self.tree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let set = try CatalogSet.load(paths: [root], reportsKeySpellings: true)
        let layers = try #require(set.tables.first { $0.table == "T" }?.layers)
        let encoded = layers.layers.indices.filter { layers.flatTable(at: $0)?.encodedParts(atRecord: 0) != nil }
        #expect(encoded.count == 2)
        #expect(catalog.entries["k"]?.localizations["de"]?.stringUnit?.value == format)
    }

    /// Two folders whose locale codes are one code spelled two ways (NFD before NFC): the
    /// `.stringsdict` of the second replaces the first's `.strings` value, and the locale
    /// keeps the spelling it was first found with, as the merged entry's dictionary keeps it.
    @Test func aReplacedValueKeepsItsLocalesFirstSpelling() throws {
        let files = [
            "en.lproj/T.strings": "\"k\" = \"K\";\n",
            "x-e\u{301}.lproj/T.strings": "\"k\" = \"A\";\n",
            "x-\u{E9}.lproj/T.stringsdict": Self.stringsdict([("k", "NSStringPluralRuleType", "x")]),
        ]
        let (catalog, _, text, _) = try Self.convertedFlat(files, table: "T")
        #expect(Array(text.utf8) == Self.writer.bytes(catalog))  // bytes: String == would take NFC for NFD
        let codes = catalog.entries["k"]?.localizations.keys.map { Array($0.unicodeScalars) } ?? []
        #expect(codes.contains(Array("x-e\u{301}".unicodeScalars)))
    }

    /// Every corpus app's `.lproj` tables written as converted are the converted catalogs'
    /// bytes, with their reports.
    @Test(.enabled(if: TestCorpus.shared().shouldRun, "../shared/corpus is absent"))
    func corpusTablesAreWrittenAsTheCatalogsTheyConvertTo() throws {
        let corpus = TestCorpus.shared()
        var compared = 0
        for app in try FileManager.default.contentsOfDirectory(atPath: corpus.root.path).sorted() {
            let set = try CatalogSet.load(paths: [corpus.root.appendingPathComponent(app).path], reportsKeySpellings: true)
            for table in set.tables where table.format != .xcstrings {
                let (catalog, report) = CatalogConverter.stringCatalog(from: table, sourceLanguage: "en")
                var streamed: [UInt8] = []
                let streamedReport = CatalogConverter.writeStringCatalog(from: table, sourceLanguage: "en", writer: Self.writer,
                                                                         finalNewline: true) { streamed += $0 }
                #expect(streamed == Self.writer.bytes(catalog, finalNewline: true), "\(app): \(table.table)")
                #expect(streamedReport == report, "\(app): \(table.table)")
                compared += 1
            }
        }
        #expect(compared >= 20)
    }

    /// Each locale's files made ahead, a window of locales on all cores, are the files made one
    /// locale at a time, and the shapes found beforehand say which of them are made.
    @Test(arguments: [["en", "de", "fr"], ["de"], ["fr", "en", "de", "en", "fr"], []])
    func localesMadeAheadAreEachLocalesFiles(locales: [String]) throws {
        var catalog = StringCatalog(table: "T", sourceLanguage: "en")
        for index in 0..<300 {
            let key = "k\(index)"
            catalog.keys.append(key)
            catalog.entries[key] = CatalogEntry(comment: index % 3 == 0 ? "c */ \(index)" : nil, localizations: [
                "en": LocalizedValue(stringUnit: StringUnit(value: "v\(index)")),
                "de": index % 5 == 0 ? LocalizedValue(plural: [.one: LocalizedValue(stringUnit: StringUnit(value: "%lld x")),
                                                              .other: LocalizedValue(stringUnit: StringUnit(value: "%lld xs"))])
                    : LocalizedValue(stringUnit: StringUnit(state: "needs_review", value: "d\(index)")),
            ])
        }
        // A key with no localizations: the source language's files hold it as its text.
        catalog.keys.append("bare")
        catalog.entries["bare"] = CatalogEntry()
        let entries = catalog.entriesBySpelling()
        var ahead = CatalogConverter.LprojFilesAhead(catalog: catalog, entries: entries, locales: locales)
        let shapes = CatalogConverter.lprojShapes(of: catalog, entries: entries, locales: locales)
        #expect(shapes.count == locales.count)
        for (index, locale) in locales.enumerated() {
            let made = ahead.take(index)
            let alone = CatalogConverter.lprojFiles(from: catalog, entries: entries, locale: locale)
            #expect(made.strings == alone.strings && made.stringsdict == alone.stringsdict && made.report == alone.report, "\(locale)")
            #expect(shapes[index].strings == (made.strings != nil) && shapes[index].stringsdict == (made.stringsdict != nil), "\(locale)")
        }
        // What each locale gets: en only flat texts, de both files, fr nothing.
        let expected = ["en": (true, false), "de": (true, true), "fr": (false, false)]
        for (locale, shape) in zip(locales, shapes) {
            #expect(shape.strings == expected[locale]!.0 && shape.stringsdict == expected[locale]!.1, "\(locale)")
        }
    }

    /// Parts given to a write land in order; a write refused before any byte is needed never
    /// asks for them; a hard-linked file rewritten in place gets every part.
    @Test func partsAreWrittenInOrderAndOnlyWhenTheWriteGoesAhead() throws {
        let folder = try SafeFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/A.xcstrings"
        try SafeFileWriter.write(to: path) { sink in
            for part in ["{", "\n", String(repeating: "é", count: 70_000), "}"] { sink.append(Array(part.utf8)) }
        }
        #expect(SafeFileWriterTests.text(path) == "{\n" + String(repeating: "é", count: 70_000) + "}")
        var asked = false
        let refused = errorText {
            try SafeFileWriter.write(to: path, options: .init(replacesExisting: false)) { _ in asked = true }
        }
        #expect(refused?.contains("exists") == true && !asked)
        #expect(link(path, folder + "/B.xcstrings") == 0)
        try SafeFileWriter.write(to: path, options: .init(force: true)) { sink in
            sink.append(Array("new ".utf8))
            sink.append(Array("text".utf8))
        }
        #expect(SafeFileWriterTests.text(folder + "/B.xcstrings") == "new text")
        #expect(SafeFileWriterTests.leftovers(folder).isEmpty)
    }
}
