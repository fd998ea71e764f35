import Foundation
import Testing
import ToastCatalog

@Suite struct CatalogSetTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
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

    @Test func pathsWithSpacesNestedBundlesAndMerging() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("\"a\" = \"A\";\n\"n\" = \"plain\";", root.appendingPathComponent("My App/Supporting Files/sr-Latn.lproj/Main.strings"))
        try write("""
            <plist><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@c@</string>
            <key>c</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d stavki</string></dict></dict></dict></plist>
            """, root.appendingPathComponent("My App/Supporting Files/sr-Latn.lproj/Main.stringsdict"))
        try write("\"x\" = \"y\";", root.appendingPathComponent("My App/Settings.bundle/en.lproj/Root.strings"))
        let set = try CatalogSet.load(paths: [root.path])
        #expect(set.tables.map(\.table).sorted() == ["Main", "Root"])
        let main = try #require(set.tables.first { $0.table == "Main" })
        #expect(main.entries["a"]?.localizations["sr-Latn"]?.stringUnit?.value == "A")
        // the .stringsdict entry wins over the .strings one for the same key and locale
        #expect(main.entries["n"]?.localizations["sr-Latn"]?.substitutions["c"] != nil)
    }

    @Test func duplicateMembersInStringCatalogsWarn() throws {
        let text = "{\"sourceLanguage\": \"en\", \"strings\": {\n\"k\": {},\n\"k\": {\"comment\": \"second\"}}}"
        let catalog = try StringCatalog(xcstrings: Array(text.utf8), file: "d.xcstrings")
        #expect(catalog.entries["k"]?.comment == "second")
        #expect(catalog.warnings.map { "\($0.location.line):\($0.location.column) \($0.rule)" } == ["3:1 duplicate-key"])
    }
}
