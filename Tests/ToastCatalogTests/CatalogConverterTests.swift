import Testing
import ToastCatalog
import ToastICU

/// What `CatalogConverter` writes for one locale of a String Catalog, byte for byte.
@Suite struct CatalogConverterTests {
    static func catalog(_ entries: [(String, CatalogEntry)]) -> StringCatalog {
        var catalog = StringCatalog(table: "L", sourceLanguage: "en")
        for (key, entry) in entries {
            catalog.keys.append(key)
            catalog.entries[key] = entry
        }
        return catalog
    }

    static func plain(_ value: String, comment: String? = nil) -> CatalogEntry {
        CatalogEntry(comment: comment, localizations: ["de": LocalizedValue(stringUnit: StringUnit(value: value))])
    }

    static let escapes: [(value: String, comment: String?, strings: String)] = [
        ("plain", nil, "\"k\" = \"plain\";\n\n"),
        ("quote \" and \\ slash", nil, "\"k\" = \"quote \\\" and \\\\ slash\";\n\n"),
        ("line\nfeed\ttab\rreturn", nil, "\"k\" = \"line\\nfeed\\ttab\\rreturn\";\n\n"),
        ("bell\u{7}vt\u{B}", nil, "\"k\" = \"bell\\U0007vt\\U000b\";\n\n"),
        ("é 日本 🙂", "note", "/* note */\n\"k\" = \"é 日本 🙂\";\n\n"),
        ("v", "ends */ early */", "/* ends * / early * / */\n\"k\" = \"v\";\n\n"),
        ("v", "star * and slash / apart", "/* star * and slash / apart */\n\"k\" = \"v\";\n\n"),
        ("v", "a *é/ is no end", "/* a *é/ is no end */\n\"k\" = \"v\";\n\n"),
        ("v", "a/b//c", "/* a/b//c */\n\"k\" = \"v\";\n\n"),
        ("v", "**/x/*/", "/* ** /x/* / */\n\"k\" = \"v\";\n\n"),
        ("\"\u{1F}\\", nil, "\"k\" = \"\\\"\\U001f\\\\\";\n\n"),
    ]

    @Test(arguments: escapes.indices)
    func stringsEscapes(index: Int) {
        let (value, comment, expected) = Self.escapes[index]
        let catalog = Self.catalog([("k", Self.plain(value, comment: comment))])
        let (strings, stringsdict, report) = CatalogConverter.lproj(from: catalog, locale: "de")
        #expect(strings == expected)
        #expect(stringsdict == nil)
        #expect(report.notConverted.map(\.message) == (comment?.contains("*/") == true
            ? ["“k” (de): the comment holds “*/”, which would end a .strings comment; written as “* /”"] : []))
    }

    /// `%arg` is replaced by its bytes exactly where `String.replacing` replaces it: whole
    /// characters only, so not where a combining mark after its `g` or a prepended mark before
    /// its `%` joins it into a larger character.
    static let placeholderTexts = [
        "%arg", "%arg files", "x %arg %arg y", "%%arg", "none", "", "%ar", "%ar%arg", "é %arg ü", "%arg\u{301}",
        "%arg\u{301} and %arg", "\u{600}%arg", "%arg😀", "日本%arg語", "%%%arg%arg", "%argarg", "\r\n%arg\r\n",
    ]

    @Test(arguments: placeholderTexts)
    func argumentPlaceholderIsReplacedAsStringReplacingReplacesIt(text: String) {
        for argument in ["%1$lld", "%d", "", "%arg"] {
            let replaced = CatalogConverter.replacingArgumentPlaceholder(in: text, with: argument)
            #expect(Array(replaced.utf8) == Array(text.replacing("%arg", with: argument).utf8), "\(argument)")
        }
    }

    /// The value type a plural value's `.stringsdict` gets is the first specifier of a form:
    /// found by one scan, it is the first specifier token's text without its `%`.
    @Test(arguments: ["%lld files", "%%lld x %d", "none", "%1$@ y", "%#@n@ then %d", "%", "100%", "%.2f",
                      "é %ld", "%-5s", "%%%", "%@%@", "%1$#@a@ %2$#@b@", "%hhu", "%q %d", ""])
    func theFirstSpecifierIsTheFirstSpecifierToken(text: String) {
        var expected: String?
        for case .specifier(let spec) in FormatString.tokens(text) {
            expected = String(spec.text.dropFirst())
            break
        }
        #expect(FormatString.firstSpecifier(in: text) == expected)
    }

    @Test func stringsdictEscapesXML() throws {
        let forms: [PluralCategory: LocalizedValue] = [
            .one: LocalizedValue(stringUnit: StringUnit(value: "%lld <file> & \u{1}")),
            .other: LocalizedValue(stringUnit: StringUnit(value: "%lld files\n")),
        ]
        let catalog = Self.catalog([("a<b>&c", CatalogEntry(localizations: ["de": LocalizedValue(plural: forms)]))])
        let dict = try #require(CatalogConverter.lproj(from: catalog, locale: "de").stringsdict)
        #expect(dict.contains("\t<key>a&lt;b&gt;&amp;c</key>\n"))
        #expect(dict.contains("\t\t\t<key>one</key>\n\t\t\t<string>%lld &lt;file&gt; &amp; &#1;</string>\n"))
        #expect(dict.contains("\t\t\t<key>other</key>\n\t\t\t<string>%lld files\n</string>\n"))
    }

    /// Forms that disagree on the argument's type: the value type comes from `other`, else from
    /// the first form in CLDR order with a specifier, the same on every run (it came from
    /// whichever form a dictionary yielded first, and so changed from run to run).
    static let valueTypes: [(forms: [PluralCategory: String], type: String)] = [
        ([.one: "%@ item", .other: "%lld items"], "lld"),
        ([.one: "%lld item", .few: "%@ items", .other: "%@ items"], "@"),
        ([.zero: "none", .one: "%d item", .few: "%u items", .other: "items"], "d"),
        ([.one: "one", .other: "many"], "lld"),
    ]

    @Test(arguments: valueTypes.indices)
    func pluralValueTypeIsTheSameOnEveryRun(index: Int) throws {
        let (forms, type) = Self.valueTypes[index]
        let plural = forms.mapValues { LocalizedValue(stringUnit: StringUnit(value: $0)) }
        let catalog = Self.catalog([("n items", CatalogEntry(localizations: ["de": LocalizedValue(plural: plural)]))])
        let dict = try #require(CatalogConverter.lproj(from: catalog, locale: "de").stringsdict)
        #expect(dict.contains("<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>\(type)</string>"))
    }
}

/// `leaves(file:)` sorts by ranks of keys, locales and paths; the order must be
/// `CatalogLeaf.precedes`' order (code points), whatever the keys' scripts.
@Suite struct LeafOrderTests {
    @Test(arguments: [false, true])
    func leavesComeInCodePointOrder(respelled: Bool) throws {
        var catalog = StringCatalog(table: "L", sourceLanguage: "en")
        let keys = ["b", "a", "Z", "é", "日本", "a.b", "%lld files", "", "e\u{301}x", "ä"]
        for key in keys {
            let plural: [PluralCategory: LocalizedValue] = [.one: LocalizedValue(stringUnit: StringUnit(value: "1 \(key)")),
                                                            .other: LocalizedValue(stringUnit: StringUnit(value: "n \(key)"))]
            catalog.keys.append(key)
            catalog.entries[key] = CatalogEntry(localizations: ["zh-Hans": LocalizedValue(stringUnit: StringUnit(value: key)),
                                                                "de": LocalizedValue(plural: plural),
                                                                "fr": LocalizedValue(stringUnit: StringUnit(value: key))])
        }
        if respelled {
            // “é” spelled a second way: the leaves are sorted leaf by leaf then.
            catalog.respelledEntries.append(SpelledEntry(key: "e\u{301}", entry: CatalogEntry(localizations: ["fr": LocalizedValue(stringUnit: StringUnit(value: "x"))])))
        }
        let leaves = catalog.leaves(file: "L.xcstrings")
        #expect(leaves.count == keys.count * 4 + (respelled ? 1 : 0))
        let expected = leaves.sorted(by: CatalogLeaf.precedes)
        #expect(leaves.map { "\($0.key)|\($0.locale)|\($0.path)" } == expected.map { "\($0.key)|\($0.locale)|\($0.path)" })
    }

    /// `writeJSONLines` writes without making leaves, a run of keys per core: its bytes are
    /// those of the leaves, in order, each written by `appendJSONLine`. Two codes of one locale
    /// (`pt_BR`, `pt-BR`) give leaves equal but for their values, ordered by value.
    @Test(arguments: [false, true])
    func jsonLinesAreTheLeavesLines(respelled: Bool) throws {
        var catalog = StringCatalog(table: "L", sourceLanguage: "en")
        for index in 0..<700 {
            let key = index % 7 == 0 ? "é\(index)" : "k\(index)"
            catalog.keys.append(key)
            catalog.entries[key] = index % 50 == 0 ? CatalogEntry() : CatalogEntry(localizations: [
                "pt-BR": LocalizedValue(stringUnit: StringUnit(value: "b \(index)")),
                "pt_BR": LocalizedValue(stringUnit: StringUnit(state: "new", value: "a \(index)")),
                "de": LocalizedValue(plural: [.one: LocalizedValue(stringUnit: StringUnit(value: "1")),
                                              .other: LocalizedValue(stringUnit: StringUnit(value: "\"n\"\n"))]),
            ])
        }
        if respelled {
            catalog.respelledEntries.append(SpelledEntry(key: "e\u{301}7", entry: CatalogEntry(localizations: ["fr": LocalizedValue(stringUnit: StringUnit(value: "x"))])))
        }
        var expected: [UInt8] = []
        for leaf in catalog.leaves(file: "a/L.xcstrings") { leaf.appendJSONLine(to: &expected) }
        var written: [UInt8] = []
        catalog.writeJSONLines(file: "a/L.xcstrings") { written += $0 }
        #expect(written == expected)
        let lines = String(decoding: written, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == (700 - 14) * 4 + 14 + (respelled ? 1 : 0))
        #expect(lines.contains(#"{"file":"a/L.xcstrings","table":"L","key":"k1","locale":"pt-BR","path":"","value":"a 1","state":"new"}"#))
        let first = try #require(lines.firstIndex { $0.contains(#""key":"k1","locale":"pt-BR""#) })
        #expect(lines[first + 1].contains(#""value":"b 1","state":"translated""#))
    }
}
