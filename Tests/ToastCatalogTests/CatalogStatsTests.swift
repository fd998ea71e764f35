import Foundation
import Testing
@testable import ToastCatalog
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
            // Each localization is the shared value of its state, as read in full.
            #expect(entry.localizations == table.entries[key]!.localizations.mapValues { CatalogDetail.value(for: CatalogStats.state(of: $0)) })
        }
    }

    /// Localizations of every shape, read with `detail: .states`, are the shared values of
    /// their states, as if read in full and then kept so; comments and unknown members go.
    @Test(arguments: [
        #"{"stringUnit":{"state":"new","value":"a"}}"#,
        #"{"stringUnit":{"value":"a","state":"needs_review"}}"#,
        #"{"stringUnit":{"state":"translated","value":"a","x":1}}"#,
        #"{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"1"}},"other":{"stringUnit":{"state":"new","value":"n"}}}}}"#,
        #"{"variations":{"plural":{}}}"#,
        #"{"variations":{"device":{"mac":{"stringUnit":{"state":"needs_review","value":"m"}},"other":{"stringUnit":{"state":"translated","value":"o"}}}}}"#,
        #"{"variations":{"device":{"iphone":{"variations":{"plural":{"other":{"stringUnit":{"state":"new","value":"o"}}}}}}}}"#,
        #"{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"formatSpecifier":"lld","variations":{"plural":{"one":{"stringUnit":{"state":"needs_review","value":"%arg"}},"other":{"stringUnit":{"state":"translated","value":"%arg"}}}}}}}"#,
        #"{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%arg"}}}}}}}"#,
        #"{"unknown":true,"stringUnit":{"state":"stale","value":"s"}}"#,
        // Plural forms counted as they are read, without a table (`pluralFormStates`): a
        // repeated category keeps its last form, a repeated `plural` its last set, and the
        // value's own unit and a form's own substitutions still count.
        #"{"variations":{"plural":{"one":{"stringUnit":{"state":"needs_review","value":"1"}},"one":{"stringUnit":{"state":"translated","value":"1"}},"other":{"stringUnit":{"state":"translated","value":"n"}}}}}"#,
        #"{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"1"}},"other":{"stringUnit":{"state":"translated","value":"n"}},"one":{"stringUnit":{"state":"new","value":"1"}}}}}"#,
        #"{"variations":{"plural":{"other":{"stringUnit":{"state":"needs_review","value":"n"}}},"plural":{"other":{"stringUnit":{"state":"translated","value":"n"}}}}}"#,
        #"{"variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"n"}}},"plural":{}}}"#,
        #"{"stringUnit":{"state":"new","value":"a"},"variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"n"}}}}}"#,
        #"{"stringUnit":{"state":"needs_review","value":"a"},"variations":{"plural":{}}}"#,
        #"{"variations":{"plural":{"zero":{"stringUnit":{"state":"translated","value":"0"}},"two":{"stringUnit":{"state":"new","value":"2"}},"few":{"stringUnit":{"state":"translated","value":"f"}},"many":{"stringUnit":{"state":"translated","value":"m"}},"other":{"stringUnit":{"state":"translated","value":"o"}}}}}"#,
        #"{"variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"needs_review","value":"%arg"}}}}}}}}}}"#,
        #"{"variations":{"plural":{"other":{"variations":{"plural":{"one":{"stringUnit":{"state":"new","value":"1"}}}}}}}}"#,
        #"{"substitutions":{"n":{"formatSpecifier":"lld","variations":{"plural":{"one":{"stringUnit":{"state":"new","value":"%arg"}},"one":{"stringUnit":{"state":"translated","value":"%arg"}}}}}},"variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%#@n@"}}}}}"#,
        #"{"variations":{"plural":{"other":{"stringUnit":{"state":"needs_review","value":"%#@n@"}}}},"substitutions":{"n":{"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%arg"}}}}}}}"#,
    ])
    func statesDetailKeepsEachShapeAsItsState(localization: String) throws {
        let json = #"{"sourceLanguage":"en","strings":{"k":{"comment":"c","x":[1],"localizations":{"de":\#(localization),"fr":{"stringUnit":{"state":"translated","value":"f"}}}}},"version":"1.0"}"#
        let full = try StringCatalog(xcstrings: Array(json.utf8), file: "S.xcstrings")
        let states = try StringCatalog(xcstrings: Array(json.utf8), file: "S.xcstrings", detail: .states, onEntry: nil)
        let entry = try #require(states.entries["k"])
        #expect(entry.localizations == full.entries["k"]!.localizations.mapValues { CatalogDetail.value(for: CatalogStats.state(of: $0)) })
        #expect(entry.comment == nil && entry.extra.isEmpty)
        #expect(CatalogStats([states]) == CatalogStats([full]))
    }

    /// Random localizations of nested shapes (units in every state, plural and device
    /// variations, substitutions, repeated members, unknown ones, members in any order), read
    /// for their states, are the shared values of their states read in full.
    @Test(arguments: 0..<8)
    func statesDetailKeepsRandomShapesAsTheirStates(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 2026)
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        func unit() -> String {
            #""stringUnit":{"state":"\#(pick(["translated", "translated", "new", "needs_review", "stale"]))","value":"\#(pick(["a", "%lld", "%arg"]))"}"#
        }
        func forms(_ depth: Int) -> String {
            let count = Int(rng.next() % 4)
            // Now and then a name that is no category, which both reads refuse.
            let names = ["zero", "one", "two", "few", "many", "other", "other"] + (rng.next() % 40 == 0 ? ["Other"] : [])
            return (0..<count).map { _ in #""\#(pick(names))":\#(value(depth + 1))"# }
                .joined(separator: ",")
        }
        func value(_ depth: Int) -> String {
            var members = [unit()]
            if depth < 3 {
                if rng.next() % 2 == 0 { members.append(#""variations":{"plural":{\#(forms(depth))}}"#) }
                if rng.next() % 4 == 0 {
                    members.append(#""variations":{"device":{"mac":\#(value(depth + 1)),"other":\#(value(depth + 1))}}"#)
                }
                if rng.next() % 4 == 0 {
                    members.append(#""substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{\#(forms(depth))}}}}"#)
                }
            }
            if rng.next() % 5 == 0 { members.removeFirst() }
            if rng.next() % 6 == 0 { members.append(#""x":[1]"#) }
            if rng.next() % 6 == 0, let first = members.first { members.append(first) }
            for index in members.indices.reversed() { members.swapAt(index, Int(rng.next() % UInt64(index + 1))) }
            return "{" + members.joined(separator: ",") + "}"
        }
        for round in 0..<60 {
            let localizations = (0..<4).map { #""l\#($0)":\#(value(0))"# }.joined(separator: ",")
            let json = #"{"sourceLanguage":"en","strings":{"k":{"localizations":{\#(localizations)}}},"version":"1.0"}"#
            let full: StringCatalog
            do { full = try StringCatalog(xcstrings: Array(json.utf8), file: "S.xcstrings") } catch {
                // A shape the reader refuses is refused the same way: the same error, at the same place.
                do {
                    _ = try StringCatalog(xcstrings: Array(json.utf8), file: "S.xcstrings", detail: .states, onEntry: nil)
                    Issue.record("round \(round): the states read accepted what the full read refused: \(error)")
                } catch let states {
                    #expect(states.description == error.description, "round \(round)")
                }
                continue
            }
            let fullNotes = XCStringsReadNotes(), statesNotes = XCStringsReadNotes()
            _ = try StringCatalog(xcstrings: Array(json.utf8), file: "S.xcstrings", notes: fullNotes, onEntry: nil)
            let states = try StringCatalog(xcstrings: Array(json.utf8), file: "S.xcstrings", notes: statesNotes, detail: .states, onEntry: nil)
            // What the model does not show (a repeated or unknown member) is noted the same way.
            #expect(statesNotes.hasRepeatedOrUnknownMembers == fullNotes.hasRepeatedOrUnknownMembers, "round \(round): \(json)")
            let entry = try #require(states.entries["k"])
            #expect(entry.localizations == full.entries["k"]!.localizations.mapValues { CatalogDetail.value(for: CatalogStats.state(of: $0)) },
                    "round \(round): \(json)")
            #expect(CatalogStats([states]) == CatalogStats([full]), "round \(round)")
            #expect(states.warnings == full.warnings, "round \(round)")
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
        // Counted as read (``StateTally``) unless a key was read twice or spelled two ways.
        let repeated = full.warnings.contains { $0.rule == .duplicateKey || $0.rule == .keyNormalization }
        #expect((states.stateTally != nil) == !repeated)
    }

    /// The same for every corpus app's tables, `.lproj` ones included: a `.stringsdict` read
    /// for its states keeps each key's locale, translated, and nothing of its forms.
    @Test func statesDetailCountsEveryAppAsInFull() throws {
        let apps = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.root.path).sorted()
        var stringsdicts = 0
        for app in apps {
            let path = Self.corpus.root.appendingPathComponent(app).path
            let full = try CatalogSet.load(paths: [path])
            let states = try CatalogSet.load(paths: [path], detail: .states)
            #expect(CatalogStats(states.tables) == CatalogStats(full.tables), "\(app)")
            #expect(states.warnings == full.warnings, "\(app)")
            for file in try CatalogLoader.files(at: path) where file.hasSuffix(".stringsdict") {
                let read = try CatalogLoader.readFile(file, detail: .states)
                #expect(read.entries.values.allSatisfy { $0.localizations.values.allSatisfy { $0.stringUnit?.value == "" && $0.substitutions.isEmpty } })
                #expect(read.keys == (try CatalogLoader.readFile(file)).keys)
                stringsdicts += 1
            }
        }
        #expect(stringsdicts >= 10)
    }
}

/// A table read from `.lproj` files is counted from which locales have each key, straight
/// from its files; the counts must be those of its merged entries counted one by one.
@Suite struct LprojStatsTests {
    /// The files of one table across `locales` folders, as ``CatalogSet`` merges them (each
    /// `.stringsdict` after its `.strings`, preferred): every locale has a random share of
    /// `keys` (the source language most of them), some an empty `.strings`, some a
    /// `.stringsdict` with a few plural keys; `respelled` writes `café` decomposed in one file.
    /// With `sameKeys`, every `.strings` file lists every key, in one order (as generated
    /// tables do), but one locale that leaves one out.
    /// With `dictsFirst`, the first locale's `.strings` file is empty and it has a
    /// `.stringsdict`, so that a `.stringsdict` file comes before any `.strings` file with
    /// keys; with `shuffledDicts`, each `.stringsdict` lists its keys in an order of its own.
    static func table(locales: [String], keys: Int, seed: UInt64, respelled: Bool = false, sameKeys: Bool = false,
                      detail: CatalogDetail = .full, dictsFirst: Bool = false, shuffledDicts: Bool = false) throws -> StringCatalog {
        var random = SeededGenerator(seed: seed)
        var merged: StringCatalog?
        for (index, locale) in locales.enumerated() {
            let file = "App/\(locale).lproj/Localizable"
            let share = dictsFirst && index == 0 ? 0 : sameKeys ? 10 : locale == "en" ? 9 : Int.random(in: 0..<10, using: &random)
            var strings = ""
            for key in 0..<keys where Int.random(in: 0..<10, using: &random) < share && !(sameKeys && index == 2 && key == keys / 2) {
                strings += "\"key \(key)\" = \"\(locale) \(key)\";\n"
            }
            if respelled && index == 1 {
                strings += "\"cafe\u{301}\" = \"x\";\n"
            } else if index == 0 && !dictsFirst {
                strings += "\"caf\u{E9}\" = \"x\";\n"
            }
            let table = try StringCatalog(strings: Array(strings.utf8), file: file + ".strings", locale: locale)
            if merged == nil { merged = table } else { merged!.merge(table, preferring: false) }
            guard Int.random(in: 0..<3, using: &random) == 0 || (dictsFirst && index == 0) else { continue }
            var dict = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            var dictKeys = Array(stride(from: 0, to: keys + 5, by: 7))
            if shuffledDicts { dictKeys.shuffle(using: &random) }
            for key in dictKeys {
                dict += "<key>key \(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
                dict += "<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                dict += "<key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict></dict>\n"
            }
            dict += "</dict>\n</plist>\n"
            merged!.merge(try StringCatalog(stringsdict: Array(dict.utf8), file: file + ".stringsdict", locale: locale, detail: detail),
                          preferring: true)
        }
        return merged!
    }

    /// The same table with its entries merged into one dictionary, counted entry by entry.
    static func counted(asEntries table: StringCatalog) -> CatalogStats {
        var copy = StringCatalog(table: table.table, sourceLanguage: table.sourceLanguage, entries: table.entries, keys: table.keys)
        copy.format = table.format
        return CatalogStats([copy])
    }

    static let many = ["en"] + (0..<70).map { "x\($0)" }

    @Test(arguments: [
        (["en", "de", "fr"], 40, 1),
        (["en", "de", "pt_BR", "pt-BR", "ar"], 200, 2),
        (["de", "fr", "ja"], 50, 3),  // no source-language file: nothing is obsolete
        (["en", "Base", "de", "zh-Hans", "zh_Hans"], 300, 4),
        (many, 120, 5),  // more locales than one word of bits
    ] as [([String], Int, UInt64)])
    func countsAreThoseOfTheMergedEntries(locales: [String], keys: Int, seed: UInt64) throws {
        let table = try Self.table(locales: locales, keys: keys, seed: seed)
        let stats = CatalogStats([table])
        #expect(stats == Self.counted(asEntries: table))
        #expect(stats.rows.contains { $0.missing > 0 })
        if locales.contains("en") { #expect(stats.rows.contains { $0.obsolete > 0 }) }
        // Its `.stringsdict` files read for their states alone (`stats`' read: their keys kept
        // flat, no values) count the same.
        let states = try Self.table(locales: locales, keys: keys, seed: seed, detail: .states)
        #expect(CatalogStats([states]) == stats)
        #expect(CatalogStats([states]) == Self.counted(asEntries: states))
    }

    /// Files that list the same keys in the same order (each key found by its position in
    /// the first file), one file that leaves a key out (the keys after it found by hashing),
    /// and a key spelled two ways at the same position in two files.
    @Test(arguments: [false, true])
    func keysInTheSameOrderAreCountedAsTheMergedEntries(respelled: Bool) throws {
        let table = try Self.table(locales: ["en", "de", "fr", "ja"], keys: 300, seed: 8, respelled: respelled, sameKeys: true)
        let stats = CatalogStats([table])
        #expect(stats == Self.counted(asEntries: table))
        #expect(table.respelledEntries.count == (respelled ? 1 : 0))
    }

    /// `.stringsdict` files listing their keys each in its own order, or alike, the first of
    /// them before any `.strings` file with keys, read in full or for their states: each
    /// compared with the first of theirs, key by position, and counted as the merged entries.
    @Test(arguments: [(false, CatalogDetail.full), (true, .full), (false, .states), (true, .states)])
    func stringsdictFilesAreCountedAsTheMergedEntries(shuffled: Bool, detail: CatalogDetail) throws {
        let table = try Self.table(locales: ["en", "de", "fr", "ja", "ko", "ru"], keys: 120, seed: 11, detail: detail,
                                   dictsFirst: true, shuffledDicts: shuffled)
        #expect(table.localeCodes.contains("en"))
        let stats = CatalogStats([table])
        #expect(stats == Self.counted(asEntries: table))
        #expect(stats.rows.contains { $0.missing > 0 })
    }

    /// A String Catalog merged in whose values are all translated is counted by presence too:
    /// one layer holding several locales' codes (spelled two ways for one locale, in another
    /// order from one entry to the next), each found its row.
    @Test func aLayerOfSeveralLocalesIsCountedAsTheMergedEntries() throws {
        var table = try Self.table(locales: ["en", "de", "fr"], keys: 30, seed: 9)
        func unit(_ text: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(text)"}}"# }
        let json = """
            {"sourceLanguage":"en","strings":{
            "key 1":{"localizations":{"fr":\(unit("a")),"ja":\(unit("b")),"pt_BR":\(unit("c"))}},
            "key 2":{"localizations":{"pt-BR":\(unit("d")),"de":\(unit("e"))}},
            "key 3":{"localizations":{"ja":\(unit("f"))}},
            "only here":{"localizations":{"ko":\(unit("g")),"fr":\(unit("h")),"ja":\(unit("i"))}}}}
            """
        table.merge(try StringCatalog(xcstrings: Array(json.utf8), file: "Localizable.xcstrings"), preferring: false)
        let stats = CatalogStats([table])
        #expect(stats == Self.counted(asEntries: table))
        #expect(Set(stats.rows.map(\.locale)).isSuperset(of: ["ja", "ko", "pt-BR"]))
    }

    /// A key spelled two ways across files, or a String Catalog merged in (values with
    /// states), is counted from the merged entries.
    @Test func respelledKeysAndStatesAreCountedFromTheEntries() throws {
        let respelled = try Self.table(locales: ["en", "de", "fr"], keys: 30, seed: 6, respelled: true)
        #expect(respelled.respelledEntries.count == 1)
        #expect(CatalogStats([respelled]) == Self.counted(asEntries: respelled))
        var withStates = try Self.table(locales: ["en", "de"], keys: 30, seed: 7)
        let json = #"{"sourceLanguage":"en","strings":{"key 1":{"localizations":{"fr":{"stringUnit":{"state":"needs_review","value":"x"}}}}}}"#
        withStates.merge(try StringCatalog(xcstrings: Array(json.utf8), file: "Localizable.xcstrings"), preferring: false)
        let stats = CatalogStats([withStates])
        #expect(stats == Self.counted(asEntries: withStates))
        #expect(stats.rows.first { $0.locale == "fr" }?.needsReview == 1)
    }
}
