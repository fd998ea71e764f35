import Testing
@testable import ToastCatalog

/// A String Catalog read for its states is counted as it is read (``StateTally``), on each
/// part's core; ``CatalogStats`` takes those counts instead of walking the entries. They must
/// be the counts of the entries walked one by one (a catalog read in full has no tally), and
/// be dropped wherever the entries are not the ones counted.
@Suite struct StateTallyTests {
    /// The catalog of ``CatalogStatsTests/catalog(keys:seed:)``, without its second spelling of
    /// a locale (`pt_BR` beside `pt-BR`, which the tally leaves to the walk), in Xcode's layout
    /// (whose entries the reader can split into parts).
    static func catalogBytes(keys: Int, seed: UInt64, keepingRespelledLocales: Bool) throws -> (full: StringCatalog, bytes: [UInt8]) {
        var table = try CatalogStatsTests.catalog(keys: keys, seed: seed)
        if !keepingRespelledLocales {
            for key in table.keys { table.entries[key]!.localizations["pt_BR"] = nil }
        }
        let bytes = try XCStringsWriter().bytes(table.jsonValue(), finalNewline: true)
        return (try StringCatalog(xcstrings: bytes, file: "Big.xcstrings"), bytes)
    }

    static func statesRead(_ bytes: [UInt8], _ parallelism: XCStringsParallelism, file: String = "Big.xcstrings") throws -> StringCatalog {
        try StringCatalog(xcstrings: bytes, file: file, parallelism: parallelism, detail: .states, onEntry: nil)
    }

    /// Read on one core, in even parts, and in parts starting at later entries, the tally
    /// gives the walk's counts.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func tallyCountsAsTheWalk(seed: UInt64) throws {
        let (full, bytes) = try Self.catalogBytes(keys: 1500, seed: seed, keepingRespelledLocales: false)
        #expect(full.stateTally == nil)
        let walked = CatalogStats([full])
        let third = bytes.count / 3
        let settings: [XCStringsParallelism] = [
            .sequential,
            XCStringsParallelism(parts: 2, minimumBytes: 0),
            XCStringsParallelism(parts: 3, minimumBytes: 0, searchOffsets: [third + 7, 2 * third + 13]),
            XCStringsParallelism(parts: 3, minimumBytes: 0, searchOffsets: [bytes.count / 10, bytes.count - bytes.count / 10]),
        ]
        for setting in settings {
            let states = try Self.statesRead(bytes, setting)
            let tally = try #require(states.stateTally, "parts \(setting.parts)")
            #expect(tally.entries == full.keys.count)
            #expect(CatalogStats.rows(table: states, tally: tally) != nil)
            #expect(CatalogStats([states]) == walked, "parts \(setting.parts), searches \(setting.searchOffsets ?? [])")
        }
    }

    /// Every line indented as entry names are: the parts' guesses fall on members inside
    /// entries, which the part before reads again (each entry counted once, by the part that
    /// read it for the catalog).
    @Test func guessesInsideEntriesCountAsTheWalk() throws {
        let (full, written) = try Self.catalogBytes(keys: 200, seed: 6, keepingRespelledLocales: false)
        let flat = String(decoding: written, as: UTF8.self).split(separator: "\n").map { "    " + $0.drop { $0 == " " } }.joined(separator: "\n")
        let bytes = Array(flat.utf8)
        let walked = CatalogStats([full])
        let stringsMember = try #require(flat.range(of: "\"strings\" : {"))
        let brace = flat.utf8.distance(from: flat.utf8.startIndex, to: stringsMember.upperBound) - 1
        var wrongGuesses = 0
        for search in stride(from: 1, to: bytes.count, by: 997) {
            for setting in [XCStringsParallelism(parts: 2, minimumBytes: 0, searchOffsets: [search]),
                            XCStringsParallelism(parts: 3, minimumBytes: 0, searchOffsets: [search, search + 499])] {
                let offsets = setting.partOffsets(bytes, brace: brace)
                // Entry names are "k…"; a guess at any other quoted name is inside an entry.
                wrongGuesses += offsets.filter { $0 + 1 < bytes.count && bytes[$0 + 1] != UInt8(ascii: "k") }.count
                let states = try Self.statesRead(bytes, setting)
                #expect(states.stateTally != nil, "searches \(setting.searchOffsets ?? [])")
                #expect(CatalogStats([states]) == walked, "searches \(setting.searchOffsets ?? [])")
            }
        }
        #expect(wrongGuesses > 20)
    }

    /// A key read twice, once by each part: the tally counted both and is dropped.
    @Test func aKeyReadByTwoPartsDropsTheTally() throws {
        let (_, written) = try Self.catalogBytes(keys: 400, seed: 7, keepingRespelledLocales: false)
        var text = String(decoding: written, as: UTF8.self)
        // The first entry, again, as the last one.
        let first = try #require(text.range(of: "\n    \""))
        let second = try #require(text.range(of: "\n    \"", range: first.upperBound..<text.endIndex))
        let entry = text[first.lowerBound..<second.lowerBound].dropLast()  // without its comma
        let end = try #require(text.range(of: "\n  },\n  \"version\"", options: .backwards))
        text.insert(contentsOf: "," + entry, at: end.lowerBound)
        let bytes = Array(text.utf8)
        let full = try StringCatalog(xcstrings: bytes, file: "Big.xcstrings", parallelism: .sequential)
        #expect(full.warnings.contains { $0.rule == .duplicateKey })
        let states = try Self.statesRead(bytes, XCStringsParallelism(parts: 2, minimumBytes: 0))
        #expect(states.stateTally == nil)
        #expect(CatalogStats([states]) == CatalogStats([full]))
    }

    /// An entry holding two codes of one locale counts once, as the less finished: the tally
    /// cannot say which entries do, so the entries are walked.
    @Test func twoCodesOfOneLocaleAreWalked() throws {
        let (full, bytes) = try Self.catalogBytes(keys: 1500, seed: 4, keepingRespelledLocales: true)
        let states = try Self.statesRead(bytes, XCStringsParallelism(parts: 2, minimumBytes: 0))
        let tally = try #require(states.stateTally)
        #expect(CatalogStats.rows(table: states, tally: tally) == nil)
        #expect(CatalogStats([states]) == CatalogStats([full]))
    }

    static let translated = #"{"stringUnit":{"state":"translated","value":"t"}}"#
    static let new = #"{"stringUnit":{"state":"new","value":"n"}}"#
    static let review = #"{"stringUnit":{"state":"needs_review","value":"r"}}"#

    /// Catalogs whose entries are not each counted once as their table keeps them: the tally
    /// is dropped, and the counts are the walk's.
    @Test(arguments: [
        // A key read twice: the last one wins.
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":\#(new)}},"a":{"localizations":{"de":\#(translated)}}}}"#,
        // A key spelled two ways (é as one scalar, then as e and U+0301).
        #"{"sourceLanguage":"en","strings":{"caf\u00e9":{"localizations":{"de":\#(new)}},"cafe\u0301":{"localizations":{"de":\#(translated)}}}}"#,
        // A second "strings" member replaces the first.
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":\#(new)}}},"strings":{"b":{"localizations":{"fr":\#(review)}}}}"#,
        // A code repeated in one "localizations": its last value is kept.
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":\#(new),"de":\#(translated)}}}}"#,
    ])
    func entriesNotCountedOnceDropTheTally(json: String) throws {
        let bytes = Array(json.utf8)
        let full = try StringCatalog(xcstrings: bytes, file: "S.xcstrings")
        let states = try Self.statesRead(bytes, .sequential, file: "S.xcstrings")
        #expect(states.stateTally == nil)
        #expect(CatalogStats([states]) == CatalogStats([full]))
    }

    /// Entries without localizations (source text), with an empty "localizations", or not to
    /// translate, and substitutions and variations, are counted as the walk counts them.
    @Test(arguments: [
        #"{"sourceLanguage":"en","strings":{"a":{},"b":{"shouldTranslate":false},"c":{"localizations":{}},"d":{"localizations":{"de":\#(review)}}}}"#,
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":\#(translated),"de":\#(new)},"shouldTranslate":false},"b":{"localizations":{"fr":\#(translated)}}}}"#,
        #"{"sourceLanguage":"de","strings":{"a":{"localizations":{"de":{"variations":{"plural":{"one":\#(translated),"other":\#(review)}}}}},"b":{}}}"#,
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":\#(CatalogStatsTests.laughs(levels: 3, fanOut: 2, plainForms: true, inPluralVariation: true)),"fr":\#(new)}}}}"#,
        // A repeated "localizations" member: the last one is the entry's.
        #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":\#(new),"ja":\#(new)},"localizations":{"fr":\#(review)}},"b":{"localizations":{"de":\#(translated)}}}}"#,
    ])
    func everyShapeIsCountedAsTheWalk(json: String) throws {
        let bytes = Array(json.utf8)
        let full = try StringCatalog(xcstrings: bytes, file: "S.xcstrings")
        let states = try Self.statesRead(bytes, .sequential, file: "S.xcstrings")
        let tally = try #require(states.stateTally)
        #expect(CatalogStats.rows(table: states, tally: tally) != nil)
        #expect(CatalogStats([states]) == CatalogStats([full]))
    }

    /// A change to the entries drops the tally: the counts are those of the entries as changed.
    @Test func changedEntriesDropTheTally() throws {
        let (full, bytes) = try Self.catalogBytes(keys: 300, seed: 5, keepingRespelledLocales: false)
        var states = try Self.statesRead(bytes, .sequential)
        var changed = full
        let key = full.keys[7]
        states.entries[key] = nil
        changed.entries[key] = nil
        #expect(states.stateTally == nil)
        #expect(CatalogStats([states]) == CatalogStats([changed]))
        #expect(CatalogStats([states]) != CatalogStats([full]))
        // Merging another table into it, too.
        var merged = try Self.statesRead(bytes, .sequential)
        #expect(merged.stateTally != nil)
        merged.merge(try Self.statesRead(bytes, .sequential), preferring: false)
        #expect(merged.stateTally == nil)
    }
}
