import Foundation
import Testing
import ToastCatalog
import ToastTestSupport

@Suite struct CatalogSetTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Merging keeps the table's value for a locale both have unless the other is preferred,
    /// adds the locales it lacks, keeps its comment (else takes the other's), and appends new
    /// keys in the other's order.
    @Test(arguments: [false, true])
    func mergeKeepsOrPrefers(preferring: Bool) {
        func unit(_ text: String) -> LocalizedValue { LocalizedValue(stringUnit: StringUnit(state: nil, value: text)) }
        var table = StringCatalog(table: "T", sourceLanguage: "en",
                                  entries: ["a": CatalogEntry(comment: "mine", localizations: ["de": unit("1")]),
                                            "b": CatalogEntry(localizations: ["de": unit("b")])], keys: ["a", "b"])
        let other = StringCatalog(table: "T", sourceLanguage: "en",
                                  entries: ["a": CatalogEntry(comment: "theirs", localizations: ["de": unit("2"), "fr": unit("3")]),
                                            "b": CatalogEntry(comment: "theirs", localizations: ["fr": unit("b")]),
                                            "z": CatalogEntry(localizations: ["fr": unit("z")]),
                                            "c": CatalogEntry(localizations: ["fr": unit("c")])], keys: ["z", "a", "c", "b"])
        table.merge(other, preferring: preferring)
        #expect(table.keys == ["a", "b", "z", "c"])
        #expect(table.entries["a"]?.localizations["de"]?.stringUnit?.value == (preferring ? "2" : "1"))
        #expect(table.entries["a"]?.localizations["fr"]?.stringUnit?.value == "3")
        #expect(table.entries["a"]?.comment == "mine")
        #expect(table.entries["b"]?.comment == "theirs")
        #expect(table.entries["b"]?.localizations.keys.sorted() == ["de", "fr"])
        #expect(table.entries["z"]?.localizations["fr"]?.stringUnit?.value == "z")
    }

    func write(_ text: String, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test(arguments: [("English", "en"), ("Base", "Base"), ("mul", "mul"), ("zh_CN", "zh-CN"), ("zh-hans", "zh-Hans"),
                      ("zh-Hant-TW", "zh-Hant-TW"), ("sr-Latn", "sr-Latn"), ("pt_PT", "pt-PT"), ("es-419", "es-419"), ("Klingon!", "Klingon!")])
    func folderNames(folder: String, locale: String) {
        #expect(CatalogLocale.normalize(folder) == locale)
        #expect(CatalogLocale.folderLocale(ofPath: "a b/\(folder).lproj/T.strings")?.locale == locale)
    }

    /// A `.stringsdict` whose key `n` is a plural variable `c` with only an `other` form.
    static func pluralStringsdict(other: String) -> String {
        """
        <plist><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@c@</string>
        <key>c</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>\(other)</string></dict></dict></dict></plist>
        """
    }

    @Test func pathsWithSpacesNestedBundlesAndMerging() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("\"a\" = \"A\";\n\"n\" = \"plain\";", root.appendingPathComponent("My App/Supporting Files/sr-Latn.lproj/Main.strings"))
        try write(Self.pluralStringsdict(other: "%d stavki"), root.appendingPathComponent("My App/Supporting Files/sr-Latn.lproj/Main.stringsdict"))
        try write("\"x\" = \"y\";", root.appendingPathComponent("My App/Settings.bundle/en.lproj/Root.strings"))
        let set = try CatalogSet.load(paths: [root.path])
        #expect(set.tables.map(\.table).sorted() == ["Main", "Root"])
        let main = try #require(set.tables.first { $0.table == "Main" })
        #expect(main.entries["a"]?.localizations["sr-Latn"]?.stringUnit?.value == "A")
        // the .stringsdict entry wins over the .strings one for the same key and locale
        #expect(main.entries["n"]?.localizations["sr-Latn"]?.substitutions["c"] != nil)
    }

    /// A `.strings`/`.stringsdict` outside any `.lproj` folder is read as the source language,
    /// with a warning naming it; a loose `.strings` and `.stringsdict` of one name merge, and
    /// never with the `.lproj` table of the same name beside them.
    @Test(arguments: ["en", "de", "pt-BR"])
    func looseFilesAreTheSourceLanguage(sourceLanguage: String) throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("\"a\" = \"A\";\n\"n\" = \"plain\";", root.appendingPathComponent("Source/Main.strings"))
        try write(Self.pluralStringsdict(other: "%d items"), root.appendingPathComponent("Source/Main.stringsdict"))
        try write("\"a\" = \"Ä\";", root.appendingPathComponent("Source/fr.lproj/Main.strings"))
        let set = try CatalogSet.load(paths: [root.path], sourceLanguage: sourceLanguage)
        #expect(set.tables.count == 2)
        let loose = try #require(set.tables.first { $0.entries["n"] != nil })
        #expect(loose.sourceLanguage == sourceLanguage)
        #expect(loose.entries["a"]?.localizations.keys.sorted() == [sourceLanguage])
        #expect(loose.entries["n"]?.localizations[sourceLanguage]?.substitutions["c"] != nil)
        let lproj = try #require(set.tables.first { $0.entries["n"] == nil })
        #expect(lproj.entries["a"]?.localizations.keys.sorted() == ["fr"])
        let assumed = set.warnings.filter { $0.rule == .assumedLocale }
        #expect(assumed.count == 2)
        #expect(assumed.allSatisfy { $0.message.contains("read as the source language “\(sourceLanguage)”") && $0.location.line == 1 })
        // One file alone says the same.
        let one = try CatalogLoader.readFile(root.appendingPathComponent("Source/Main.strings").path, sourceLanguage: sourceLanguage)
        #expect(one.warnings.map(\.rule) == [.assumedLocale])
        #expect(CatalogLocale.locale(ofPath: "Source/Main.strings", sourceLanguage: sourceLanguage) == (sourceLanguage, true))
        #expect(CatalogLocale.locale(ofPath: "Source/fr.lproj/Main.strings", sourceLanguage: sourceLanguage) == ("fr", false))
    }

    @Test func duplicateMembersInStringCatalogsWarn() throws {
        let text = "{\"sourceLanguage\": \"en\", \"strings\": {\n\"k\": {},\n\"k\": {\"comment\": \"second\"}}}"
        let catalog = try StringCatalog(xcstrings: Array(text.utf8), file: "d.xcstrings")
        #expect(catalog.entries["k"]?.comment == "second")
        #expect(catalog.warnings.map { "\($0.location.line):\($0.location.column) \($0.rule)" } == ["3:1 duplicate-key"])
    }

    /// Files are read on all cores: the merged tables are those of reading and merging one
    /// file at a time, in path order.
    @Test func parallelLoadMergesAsOneByOne() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let locales = ["de", "en", "fr", "ja", "pt-BR", "zh-Hans"]
        for (n, locale) in locales.enumerated() {
            var text = ""
            for index in 0..<300 where (index + n) % 4 != 0 {
                text += "/* c\(index) */\n\"key.\(index)\" = \"\(locale) \(index)\";\n"
            }
            try write(text, root.appendingPathComponent("App/\(locale).lproj/Main.strings"))
            try write("\"only.\(locale)\" = \"x\";", root.appendingPathComponent("App/\(locale).lproj/Extra.strings"))
        }
        try write("""
            <plist><dict><key>key.1</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@c@</string>
            <key>c</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d Dinge</string></dict></dict></dict></plist>
            """, root.appendingPathComponent("App/de.lproj/Main.stringsdict"))
        let set = try CatalogSet.load(paths: [root.path])
        // One file at a time, by hand.
        var expected: [String: StringCatalog] = [:]
        var order: [String] = []
        for file in try CatalogLoader.files(at: root.path) {
            let catalog = try CatalogLoader.readFile(file)
            if expected[catalog.table] == nil {
                expected[catalog.table] = catalog
                order.append(catalog.table)
            } else {
                expected[catalog.table]!.merge(catalog, preferring: file.hasSuffix(".stringsdict"))
            }
        }
        #expect(set.tables.map(\.table) == order)
        for table in set.tables { #expect(table == expected[table.table]) }
        let main = try #require(set.tables.first { $0.table == "Main" })
        #expect(main.keys.count == 300)
        #expect(main.entries["key.1"]?.localizations["de"]?.substitutions["c"] != nil)
        #expect(main.entries["key.2"]?.localizations.keys.sorted() == ["de", "en", "ja", "pt-BR", "zh-Hans"])
    }

    /// With several broken files, the error is the first one's in path order.
    @Test func theFirstBrokenFileInPathOrderFails() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        for locale in ["a", "b", "c", "d", "e", "f", "g", "h"] {
            let broken = locale == "c" || locale == "f"
            try write(broken ? "\"k\" = \"v\"\n\"x\" = \"y\";" : "\"k\" = \"v\";", root.appendingPathComponent("\(locale).lproj/T.strings"))
        }
        for _ in 0..<5 {
            #expect(throws: CatalogError.self) { try CatalogSet.load(paths: [root.path]) }
            do {
                _ = try CatalogSet.load(paths: [root.path, "/nonexistent/toastkit"])
                Issue.record("expected an error")
            } catch {
                #expect(error.location.file.hasSuffix("/c.lproj/T.strings") && error.location.line == 2, "\(error)")
            }
        }
        do {
            _ = try CatalogSet.load(paths: [root.appendingPathComponent("a.lproj").path, "/nonexistent/toastkit", root.path])
            Issue.record("expected an error")
        } catch {
            #expect(error.rule == "io" && error.location.file == "/nonexistent/toastkit", "\(error)")
        }
    }
}

/// The entries of a table merged from several files are made in one pass over the files;
/// each must equal the entry read key by key through the files (`entry(forKey:)`).
@Suite(.enabled(if: TestCorpus.shared().shouldRun, "../shared/corpus is absent"))
struct MergedEntriesTests {
    static let apps = (try? FileManager.default.contentsOfDirectory(atPath: TestCorpus.shared().root.path))?.sorted() ?? []

    @Test(arguments: apps)
    func entriesMadeAtOnceEqualEntriesKeyByKey(app: String) throws {
        let set = try CatalogSet.load(paths: [TestCorpus.shared().root.appendingPathComponent(app).path])
        var compared = 0
        for table in set.tables where table.format != .xcstrings {
            let entries = table.entries
            #expect(entries.count == Set(table.keys).count, "\(app) \(table.table)")
            for key in table.keys {
                #expect(entries[key] == table.entry(forKey: key), "\(app) \(table.table) “\(key)”")
                compared += 1
            }
        }
        #expect(compared > 0 || !set.tables.contains { $0.format != .xcstrings })
    }

    /// `jsonValue()` does not depend on the order of the model's dictionaries: two loads of
    /// one app give one tree (each dictionary iterates in its own order).
    @Test(arguments: apps)
    func theJSONTreeIsTheSameOnEveryLoad(app: String) throws {
        let path = TestCorpus.shared().root.appendingPathComponent(app).path
        let first = try CatalogSet.load(paths: [path]).tables.map { $0.jsonValue() }
        let second = try CatalogSet.load(paths: [path]).tables.map { $0.jsonValue() }
        let same = first == second  // a Bool, so that a failure does not print two trees
        #expect(same, "two loads of \(app) gave two different JSON trees")
    }

    @Test func aPreferredLayerAndCommentsMergeAsKeyByKey() throws {
        var table = try StringCatalog(strings: Array("/* en */\n\"a\" = \"A\";\n\"b\" = \"B\";\n".utf8), file: "en.lproj/L.strings", locale: "en")
        table.merge(try StringCatalog(strings: Array("\"a\" = \"A2\";\n/* de */\n\"c\" = \"C\";\n".utf8), file: "en.lproj/L2.strings", locale: "en"),
                    preferring: true)
        table.merge(try StringCatalog(strings: Array("/* b */\n\"b\" = \"Bde\";\n\"a\" = \"Ade\";\n".utf8), file: "de.lproj/L.strings", locale: "de"),
                    preferring: false)
        let entries = table.entries
        for key in table.keys { #expect(entries[key] == table.entry(forKey: key), "“\(key)”") }
        #expect(entries["a"]?.localizations["en"]?.stringUnit?.value == "A2")
        #expect(entries["a"]?.comment == "en" && entries["b"]?.comment == "b" && entries["c"]?.comment == "de")
    }
}
