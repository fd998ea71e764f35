import Foundation
import Testing
import ToastCatalog
import ToastTestSupport

/// `CatalogStats` counts a large catalog in slices, one per core, and takes each entry's row
/// indices from the last entry when their codes agree; the counts must be those of a plain
/// count of every key.
@Suite struct CatalogStatsTests {
    /// A String Catalog of `count` keys: most list the same locales in the same order, some
    /// another order, a subset, a second spelling of a locale (`pt_BR` beside `pt-BR`), none
    /// at all, or `shouldTranslate: false`; states drawn from a seeded generator.
    static func catalog(keys count: Int, seed: UInt64) throws -> StringCatalog {
        var random = seed
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        let locales = ["en", "de", "fr", "ar", "ja", "pt-BR", "zh-Hans"]
        let states = ["translated", "translated", "translated", "needs_review", "new", "stale"]
        var json = "{\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{"
        for key in 0..<count {
            if key > 0 { json += "," }
            var codes = locales
            switch next(20) {
            case 0:
                var generator = SeededGenerator(seed: random)
                codes.shuffle(using: &generator)
            case 1: codes = codes.filter { _ in next(2) == 0 }
            case 2: codes.append("pt_BR")
            case 3: codes = []
            default: break
            }
            json += "\"k\(key)\":{"
            if next(30) == 0 { json += "\"shouldTranslate\":false," }
            json += "\"localizations\":{"
            json += codes.map { code in
                if next(10) == 0 {
                    let forms = ["one", "other"].map { "\"\($0)\":{\"stringUnit\":{\"state\":\"\(states[next(states.count)])\",\"value\":\"v\"}}" }
                    return "\"\(code)\":{\"variations\":{\"plural\":{\(forms.joined(separator: ","))}}}"
                }
                return "\"\(code)\":{\"stringUnit\":{\"state\":\"\(states[next(states.count)])\",\"value\":\"v\"}}"
            }.joined(separator: ",")
            json += "}}"
        }
        json += "}}"
        return try StringCatalog(xcstrings: Array(json.utf8), file: "Big.xcstrings")
    }

    /// The plain count: every key in file order, every code made canonical; two codes of one
    /// locale count as the less finished.
    static func reference(_ table: StringCatalog) -> [String: [Int]] {
        func canonical(_ code: String) -> String { code == "pt_BR" ? "pt-BR" : code }
        var locales = Set(table.entries.values.flatMap { $0.localizations.keys.map(canonical) })
        if table.entries.values.contains(where: { $0.localizations.isEmpty }) { locales.insert("en") }
        var counts = Dictionary(uniqueKeysWithValues: locales.map { ($0, [0, 0, 0, 0]) })
        for key in table.keys {
            let entry = table.entries[key]!
            guard entry.shouldTranslate != false else { continue }
            for locale in locales {
                let values = entry.localizations.filter { canonical($0.key) == locale }.map(\.value)
                guard !values.isEmpty else {
                    counts[locale]![entry.localizations.isEmpty && locale == "en" ? 0 : 3] += 1
                    continue
                }
                let leaves = values.flatMap { value in value.stringUnit.map { [$0] } ?? value.plural.values.compactMap(\.stringUnit) }
                if leaves.contains(where: { $0.state == "needs_review" }) { counts[locale]![1] += 1 }
                else if leaves.contains(where: { $0.state == "new" }) { counts[locale]![2] += 1 }
                else { counts[locale]![0] += 1 }
            }
        }
        return counts
    }

    @Test(arguments: [(12, 1), (1023, 2), (1024, 3), (5000, 4)] as [(Int, UInt64)])
    func countsAreThoseOfAPlainCount(keys: Int, seed: UInt64) throws {
        let table = try Self.catalog(keys: keys, seed: seed)
        let stats = CatalogStats([table])
        let expected = Self.reference(table)
        #expect(stats.rows.count == expected.count)
        for row in stats.rows {
            #expect([row.translated, row.needsReview, row.new, row.missing] == expected[row.locale], "\(row.locale)")
        }
        #expect(stats.rows.map(\.locale) == expected.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
    }

    /// A catalog read with `detail: .states` keeps what coverage needs: the same stats, keys
    /// and locales, each localization one string unit of its state, and no texts.
    @Test func statesDetailKeepsTheCounts() throws {
        let table = try Self.catalog(keys: 3000, seed: 7)
        let bytes = try XCStringsWriter().bytes(table.jsonValue(), finalNewline: true)
        let states = try StringCatalog(xcstrings: bytes, file: "Big.xcstrings", detail: .states, onEntry: nil)
        #expect(CatalogStats([states]) == CatalogStats([table]))
        #expect(states.keys == table.keys)
        for key in table.keys {
            let entry = try #require(states.entries[key])
            #expect(Set(entry.localizations.keys) == Set(table.entries[key]!.localizations.keys))
            #expect(entry.localizations.values.allSatisfy { $0.stringUnit?.value == "" && $0.plural.isEmpty })
        }
    }

    /// Substitutions whose forms name the next one `fanOut` times, `levels` deep, as one
    /// localization's JSON: `plainForms` writes each form as a bare string unit (the reader's
    /// fast path), else with an unknown member beside it.
    static func laughs(levels: Int, fanOut: Int, plainForms: Bool, inPluralVariation: Bool) -> String {
        func form(_ text: String) -> String {
            plainForms ? #"{"stringUnit":{"state":"translated","value":"\#(text)"}}"#
                : #"{"stringUnit":{"state":"translated","value":"\#(text)","x":1}}"#
        }
        let substitutions = (0..<levels).map { level in
            let text = level + 1 < levels ? String(repeating: "%#@s\(level + 1)@ ", count: fanOut) : "%arg x"
            return #""s\#(level)":{"formatSpecifier":"lld","variations":{"plural":{"other":\#(form(text))}}}"#
        }.joined(separator: ",")
        let own = inPluralVariation ? #""variations":{"plural":{"one":\#(form("1")),"other":\#(form("%#@s0@"))}}"#
            : #""stringUnit":{"state":"translated","value":"%#@s0@"}"#
        return #"{\#(own),"substitutions":{\#(substitutions)}}"#
    }

    /// Reading with `detail: .states` still checks every entry, texts it does not keep
    /// included: an error is the same error.
    @Test(arguments: [
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"stringUnit":{"state":1}}}}}}"#,
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"stringUnit":{"state":"new","value":"\x"}}}}}}"#,
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"variations":{"plural":{"other":{"stringUnit":{"state":"new","value":"\uD800"}}}}}}}}}"#,
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":\#(laughs(levels: 8, fanOut: 10, plainForms: true, inPluralVariation: false))}}}}"#,
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":\#(laughs(levels: 8, fanOut: 10, plainForms: false, inPluralVariation: false))}}}}"#,
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":\#(laughs(levels: 8, fanOut: 10, plainForms: true, inPluralVariation: true))}}}}"#,
    ])
    func statesDetailReportsTheSameErrors(catalog: String) {
        let bad = Array(catalog.utf8)
        func error(_ detail: CatalogDetail) -> String? {
            do { _ = try StringCatalog(xcstrings: bad, file: "Bad.xcstrings", detail: detail, onEntry: nil); return nil } catch { return error.description }
        }
        #expect(error(.states) != nil)
        #expect(error(.states) == error(.full))
        if catalog.contains("%#@s0@") { #expect(error(.states)?.contains("error: [limit] the substitutions of “a” (de)") == true) }
    }

    /// A localization with substitutions within the limits reads the same in both details.
    @Test func statesDetailCountsLocalizationsWithSubstitutions() throws {
        let json = #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":\#(Self.laughs(levels: 3, fanOut: 2, plainForms: true, inPluralVariation: true)),"fr":{"stringUnit":{"state":"new","value":"x"}}}}}}"#
        let full = try StringCatalog(xcstrings: Array(json.utf8), file: "S.xcstrings", detail: .full, onEntry: nil)
        let states = try StringCatalog(xcstrings: Array(json.utf8), file: "S.xcstrings", detail: .states, onEntry: nil)
        #expect(CatalogStats([states]) == CatalogStats([full]))
        #expect(states.entries["a"]?.localizations["fr"]?.stringUnit?.value == "")
    }
}

/// Coverage of every corpus String Catalog is the same read in full and read for its states.
@Suite(.enabled(if: TestCorpus.shared().shouldRun, "../shared/corpus is absent"))
struct CatalogStatsCorpusTests {
    static let corpus = TestCorpus.shared()

    @Test(arguments: corpus.files(endingWith: [".xcstrings"]))
    func statesDetailCountsAsTheFullCatalog(file: String) throws {
        let path = Self.corpus.root.appendingPathComponent(file).path
        let full = try CatalogLoader.readFile(path)
        let states = try CatalogLoader.readFile(path, detail: .states)
        #expect(CatalogStats([states]) == CatalogStats([full]))
        #expect(states.warnings == full.warnings)
    }
}
