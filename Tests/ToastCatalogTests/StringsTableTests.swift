import Foundation
import Testing
import ToastTestSupport
import ToastCatalog
import ToastKitTesting

/// `.strings` files are kept as flat tables, and merged `.lproj` files side by side, until
/// their entries are asked for as a dictionary. Every way of reading such a catalog must give
/// what one dictionary merged file by file gives.
@Suite struct StringsTableTests {
    static func unit(_ text: String) -> LocalizedValue { LocalizedValue(stringUnit: StringUnit(state: nil, value: text)) }

    /// The merge ToastKit did before layers, on plain dictionaries: a key both have takes the
    /// locales it lacks (all of `other`'s when preferring) and the first comment; new keys
    /// follow in `other`'s order.
    static func referenceMerge(_ table: inout StringCatalog, _ other: StringCatalog, preferring: Bool) {
        var entries = table.entries, keys = table.keys
        for key in other.keys {
            let incoming = other.entries[key]!
            guard var mine = entries[key] else {
                keys.append(key)
                entries[key] = incoming
                continue
            }
            for (locale, value) in incoming.localizations where preferring || mine.localizations[locale] == nil {
                mine.localizations[locale] = value
            }
            if mine.comment == nil { mine.comment = incoming.comment }
            entries[key] = mine
        }
        table = StringCatalog(table: table.table, sourceLanguage: table.sourceLanguage, entries: entries, keys: keys)
    }

    /// Keys that repeat across files, some spelled differently but equal as Swift's strings
    /// are (NFC and NFD, the Kelvin sign and K, the Greek question mark and ';').
    static let keyPool = ["a", "b", "long key with words, over fifteen bytes", "é", "e\u{301}", "K", "\u{212A}", "x;y", "x\u{037E}y",
                          "`q", "\u{1FEF}q", "日本語", "", "key \"quoted\"", "tab\tkey"]
    static let localePool = ["de", "fr", "ja", "de", "Base"]

    /// The text of a `.strings` file of `pairs`, escaped as Xcode writes them.
    static func stringsFile(_ pairs: [(key: String, value: String, comment: String?)]) -> [UInt8] {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\t", with: "\\t") + "\""
        }
        var text = ""
        for pair in pairs {
            if let comment = pair.comment { text += "/* \(comment) */\n" }
            text += quoted(pair.key) + " = " + quoted(pair.value) + ";\n"
        }
        return Array(text.utf8)
    }

    /// Random files of one table: `.strings` files read by the reader (kept flat) and
    /// dictionaries (as `.stringsdict` files give), each merged with or without preference.
    static func files(seed: UInt64) throws -> [(catalog: StringCatalog, preferring: Bool)] {
        try filesWithSpellings(seed: seed).map { ($0.catalog, $0.preferring) }
    }

    /// ``files(seed:)`` with each file's entries by exact spelling, worked out from the pairs
    /// written: a spelling's first place, its last value, its last comment.
    static func filesWithSpellings(seed: UInt64) throws -> [(catalog: StringCatalog, preferring: Bool, spelled: [SpelledEntry])] {
        var random = SeededGenerator(seed: seed)
        var files: [(StringCatalog, Bool, [SpelledEntry])] = []
        for index in 0..<Int.random(in: 2...7, using: &random) {
            let locale = localePool.randomElement(using: &random)!
            var pairs: [(key: String, value: String, comment: String?)] = []
            for _ in 0..<Int.random(in: 0...9, using: &random) {
                let key = keyPool.randomElement(using: &random)!
                let comment: String? = Bool.random(using: &random) ? "note \(index) \(pairs.count)" : nil
                pairs.append((key, "\(locale) \(index) \(Int.random(in: 0...2, using: &random))", comment))
            }
            if Int.random(in: 0...3, using: &random) == 0 {
                // A dictionary, as a .stringsdict file gives (its first spelling of a key wins).
                var entries: [String: CatalogEntry] = [:], keys: [String] = []
                for pair in pairs where entries[pair.key] == nil {
                    keys.append(pair.key)
                    entries[pair.key] = CatalogEntry(comment: pair.comment, localizations: [locale: unit(pair.value)])
                }
                files.append((StringCatalog(table: "T", sourceLanguage: "en", entries: entries, keys: keys), true,
                              keys.map { SpelledEntry(key: $0, entry: entries[$0]!) }))
            } else {
                let catalog = try StringCatalog(strings: stringsFile(pairs), file: "\(locale).lproj/T.strings", locale: locale)
                var spelled: [SpelledEntry] = []
                for pair in pairs {
                    if let at = spelled.firstIndex(where: { $0.key.unicodeScalars.elementsEqual(pair.key.unicodeScalars) }) {
                        spelled[at].entry.localizations[locale] = unit(pair.value)
                        if let comment = pair.comment { spelled[at].entry.comment = comment }
                    } else {
                        spelled.append(SpelledEntry(key: pair.key, entry: CatalogEntry(comment: pair.comment, localizations: [locale: unit(pair.value)])))
                    }
                }
                files.append((catalog, Bool.random(using: &random), spelled))
            }
        }
        return files
    }

    /// The files' entries merged spelling by spelling (as by ``referenceMerge(_:_:preferring:)``,
    /// but keys equal only when their scalars are), then grouped: each key's first spelling
    /// followed by its others.
    static func referenceBySpelling(_ files: [(catalog: StringCatalog, preferring: Bool, spelled: [SpelledEntry])]) -> [SpelledEntry] {
        var merged: [SpelledEntry] = []
        for file in files {
            for item in file.spelled {
                guard let at = merged.firstIndex(where: { $0.key.unicodeScalars.elementsEqual(item.key.unicodeScalars) }) else {
                    merged.append(item)
                    continue
                }
                for (locale, value) in item.entry.localizations where file.preferring || merged[at].entry.localizations[locale] == nil {
                    merged[at].entry.localizations[locale] = value
                }
                if merged[at].entry.comment == nil { merged[at].entry.comment = item.entry.comment }
            }
        }
        var groups: [[SpelledEntry]] = []
        for item in merged {
            if let at = groups.firstIndex(where: { $0[0].key == item.key }) { groups[at].append(item) } else { groups.append([item]) }
        }
        return groups.flatMap { $0 }
    }

    @Test(arguments: 0..<40)
    func layeredMergeMatchesDictionaryMerge(seed: Int) throws {
        let spelledFiles = try Self.filesWithSpellings(seed: UInt64(seed))
        let files = spelledFiles.map { (catalog: $0.catalog, preferring: $0.preferring) }
        var layered = files[0].catalog
        // The reference merges plain dictionaries made from each file.
        var reference = StringCatalog(table: "T", sourceLanguage: "en", entries: files[0].catalog.entries, keys: files[0].catalog.keys)
        for (catalog, preferring) in files.dropFirst() {
            layered.merge(catalog, preferring: preferring)
            let plain = StringCatalog(table: "T", sourceLanguage: "en", entries: catalog.entries, keys: catalog.keys)
            Self.referenceMerge(&reference, plain, preferring: preferring)
        }
        // Looked up key by key before anything is made into a dictionary…
        let fresh = layered
        for key in Self.keyPool + ["absent", "k"] {
            #expect(fresh.entry(forKey: key) == reference.entries[key], "\(key)")
            #expect(fresh.contains(key: key) == (reference.entries[key] != nil), "\(key)")
            for locale in Set(Self.localePool) {
                #expect(fresh.localization(forKey: key, locale: locale) == reference.entries[key]?.localizations[locale], "\(key) \(locale)")
            }
        }
        #expect(fresh.localeCodes == reference.localeCodes)
        // …then as a whole: every spelling with its own entry, each key's first one in entries.
        let spelled = Self.referenceBySpelling(spelledFiles)
        #expect(fresh.entriesBySpelling() == spelled)
        var firsts = Set<String>(), first: [SpelledEntry] = [], others: [SpelledEntry] = []
        for item in spelled {
            if firsts.insert(item.key).inserted { first.append(item) } else { others.append(item) }
        }
        var exact = StringCatalog(table: "T", sourceLanguage: "en", entries: Dictionary(uniqueKeysWithValues: first.map { ($0.key, $0.entry) }),
                                  keys: first.map(\.key))
        exact.respelledEntries = others
        #expect(layered.keys == reference.keys)
        #expect(layered.entries == exact.entries)
        #expect(layered.respelledEntries == others)
        #expect(layered.leaves(file: "T") == exact.leaves(file: "T"))
        if others.isEmpty { #expect(layered.entries == reference.entries) }
        // A change makes the layers one dictionary; the copy taken before keeps its layers.
        layered.entries["added"] = CatalogEntry(localizations: ["de": Self.unit("neu")])
        layered.keys.append("added")
        #expect(layered.entry(forKey: "added")?.localizations["de"] == Self.unit("neu"))
        #expect(fresh.entry(forKey: "added") == nil)
        #expect(layered.keys == reference.keys + ["added"])
    }

    /// Keys equal as Swift's strings are, spelled differently, in one file: two keys to Apple's
    /// runtime, so each keeps its value (the second is a respelled entry, written back by
    /// writers); lookups by either spelling find the first, and the warning is
    /// `key-normalization` (it was `duplicate-key` before).
    @Test(arguments: [("é", "e\u{301}"), ("K", "\u{212A}"), ("\u{212A}", "K"), ("a;b", "a\u{037E}b"), ("`", "\u{1FEF}"),
                      ("Ω", "\u{2126}"), ("Kelvin \u{212A} é", "Kelvin K e\u{301}")])
    func canonicallyEquivalentKeysRepeat(first: String, second: String) throws {
        let bytes = Self.stringsFile([(first, "one", "c1"), ("other", "x", nil), (second, "two", nil), (second, "three", nil)])
        let catalog = try StringCatalog(strings: bytes, file: "de.lproj/T.strings", locale: "de")
        #expect(catalog.keys.count == 2)
        #expect(catalog.keys.first.map { Array($0.utf8) } == Array(first.utf8))
        for spelling in [first, second] {
            #expect(catalog.entry(forKey: spelling)?.localizations["de"] == Self.unit("one"))
            #expect(catalog.entry(forKey: spelling)?.comment == "c1")
            #expect(catalog.entries[spelling]?.localizations["de"] == Self.unit("one"))
        }
        // The second spelling repeated is a duplicate of its own: the last value wins.
        #expect(catalog.respelledEntries == [SpelledEntry(key: second, entry: CatalogEntry(localizations: ["de": Self.unit("three")]))])
        let spelled = catalog.entriesBySpelling()
        #expect(spelled.map { Array($0.key.utf8) } == [Array(first.utf8), Array(second.utf8), Array("other".utf8)])
        #expect(catalog.warnings.map(\.rule) == ["key-normalization", "duplicate-key"])
        #expect(catalog.warnings.first?.location.line == 4)
    }

    /// The three characters indexed by an ASCII form are exactly those whose canonical
    /// decomposition is ASCII (checked over every assigned scalar).
    @Test func asciiEquivalentsAreExactlyTheCanonicalOnes() {
        var found: [String: String] = [:]
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned,
                  scalar.properties.generalCategory != .privateUse else { continue }
            let text = String(scalar)
            let decomposed = text.decomposedStringWithCanonicalMapping
            let form = StringsKeyForm.asciiEquivalent(of: "a" + text + "z")
            if decomposed.utf8.allSatisfy({ $0 < 0x80 }) {
                found[text] = decomposed
                #expect(form == "a" + decomposed + "z", "U+\(String(value, radix: 16))")
                #expect(text == decomposed)
            } else {
                #expect(form == nil, "U+\(String(value, radix: 16))")
            }
        }
        #expect(found == ["\u{212A}": "K", "\u{037E}": ";", "\u{1FEF}": "`"])
    }

    /// More keys than the reader reserved room for (it counts at most 65,536 semicolons): the
    /// index grows and finds every key, in order.
    @Test func indexGrowsPastItsEstimate() throws {
        var text = ""
        for index in 0..<70_000 { text += "\"k\(index)\" = \"v\(index)\";\n" }
        let catalog = try StringCatalog(strings: Array(text.utf8), file: "de.lproj/Big.strings", locale: "de")
        for index in stride(from: 0, to: 70_000, by: 97) {
            #expect(catalog.localization(forKey: "k\(index)", locale: "de") == Self.unit("v\(index)"))
        }
        #expect(catalog.entry(forKey: "k70000") == nil)
        #expect(catalog.keys.count == 70_000 && catalog.keys.last == "k69999")
        #expect(catalog.entries.count == 70_000)
    }

    /// A binary property list's strings go into the same table.
    @Test func binaryPropertyListKeysAreLookedUp() throws {
        let plist: [String: String] = ["Hello": "Bonjour", "long key with words, over fifteen bytes": "Longue", "é": "E"]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let catalog = try StringCatalog(strings: Array(data), file: "fr.lproj/B.strings", locale: "fr")
        for (key, value) in plist {
            #expect(catalog.localization(forKey: key, locale: "fr") == Self.unit(value))
            #expect(catalog.entries[key]?.localizations["fr"] == Self.unit(value))
        }
        #expect(catalog.localization(forKey: "Hello", locale: "de") == nil)
        #expect(Set(catalog.keys) == Set(plist.keys))
    }

    /// A binary property list pointing many keys at one long string would decode to far more
    /// than the file: refused with a `limit` error (the property-list reader bounds shared
    /// references) before anything is copied into the table.
    @Test func binaryPropertyListExpansionIsRefused() throws {
        // bplist00 written by hand: a dictionary of 5,000 keys whose values all refer to one
        // 2,200-byte string object (Apple's writer shares equal strings this way).
        let long = Array(String(repeating: "long value ", count: 200).utf8)
        let count = 5_000
        var objects: [[UInt8]] = []
        func big(_ n: Int) -> [UInt8] { [0x11, UInt8(n >> 8), UInt8(n & 0xFF)] }
        var dict: [UInt8] = [0xDF] + big(count)
        for i in 0..<count { dict += [UInt8((1 + i) >> 8), UInt8((1 + i) & 0xFF)] }
        for _ in 0..<count { dict += [UInt8((1 + count) >> 8), UInt8((1 + count) & 0xFF)] }
        objects.append(dict)
        for i in 0..<count { let key = Array("k\(i)".utf8); objects.append([0x50 | UInt8(key.count)] + key) }
        objects.append([0x5F] + big(long.count) + long)
        var data = Array("bplist00".utf8), offsets: [Int] = []
        for object in objects { offsets.append(data.count); data += object }
        let table = data.count
        for offset in offsets { data += (0..<4).reversed().map { UInt8((offset >> ($0 * 8)) & 0xFF) } }
        func be8(_ n: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((n >> ($0 * 8)) & 0xFF) } }
        data += [0, 0, 0, 0, 0, 0, 4, 2] + be8(objects.count) + be8(0) + be8(table)
        // The file is small; its strings, decoded, are not.
        try #require(data.count * 40 < count * long.count)
        #expect {
            try StringCatalog(strings: Array(data), file: "fr.lproj/Bomb.strings", locale: "fr")
        } throws: { error in
            let error = error as! CatalogError
            return error.rule == "limit" && error.location.line == 1 && error.location.column == 1
        }
    }

    /// A catalog kept in layers equals the same entries kept as a dictionary.
    @Test func equalityIsByContents() throws {
        let bytes = Self.stringsFile([("a", "1", "note"), ("b", "2", nil)])
        let layered = try StringCatalog(strings: bytes, file: "de.lproj/T.strings", locale: "de")
        var plain = StringCatalog(table: "T", sourceLanguage: "en",
                                  entries: ["a": CatalogEntry(comment: "note", localizations: ["de": Self.unit("1")]),
                                            "b": CatalogEntry(localizations: ["de": Self.unit("2")])], keys: ["a", "b"])
        plain.format = .strings
        #expect(layered == plain)
        plain.entries["b"]?.localizations["de"] = Self.unit("3")
        #expect(layered != plain)
    }
}
