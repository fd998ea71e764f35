import Foundation
import Testing
@testable import ToastCatalog

/// The keys of an `.lproj` table's files numbered without a `String` of each key
/// (``CatalogLayers/flatKeyNumbers()``, each file's keys looked up in the first file's index
/// by their bytes) exactly as through one dictionary of every key
/// (``CatalogLayers/keyNumbersByDictionary()``): the keys in the same order, the same number
/// for each record, and the same verdict on keys spelled two ways.
@Suite struct LayerKeyNumberTests {
    /// Keys whose spellings the index reads in each of its ways: ASCII, the three singletons
    /// canonically equal to ASCII (U+212A KELVIN SIGN, U+037E, U+1FEF), and keys beyond ASCII
    /// precomposed and decomposed.
    static let spellings: [(name: String, first: String, other: String)] = [
        ("ASCII", "Done", "Done"),
        ("Kelvin sign", "\u{212A}elvin", "Kelvin"),
        ("Greek question mark", "why\u{37E}", "why;"),
        ("Greek varia", "\u{1FEF}quoted", "`quoted"),
        ("precomposed, decomposed", "caf\u{E9}", "cafe\u{301}"),
        ("Hangul syllable, jamo", "\u{D55C}", "\u{1112}\u{1161}\u{11AB}"),
    ]

    /// A table in `locales`, each locale's `.strings` holding `keys(locale index)`.
    static func numberings(_ keys: (Int) -> [String], locales: Int = 5, stringsdict: Bool = false) throws
        -> (byBytes: (keys: [String], respells: Bool, recordKeys: [[Int32]]?)?, byDictionary: (keys: [String], respells: Bool, recordKeys: [[Int32]]?)) {
        var files: [String: String] = [:]
        for index in 0..<locales {
            let locale = ["en", "de", "fr", "ja", "ar", "pt-BR", "zh-Hans"][index % 7] + (index >= 7 ? "-\(index)" : "")
            files["\(locale).lproj/Main.strings"] = keys(index).map { "\"\($0)\" = \"\($0) \(locale)\";" }.joined(separator: "\n")
            if stringsdict {
                files["\(locale).lproj/Main.stringsdict"] = ConvertStreamingTests.stringsdict(
                    keys(index).prefix(3).map { ($0, "NSStringPluralRuleType", locale) } + [("%d only \(index)", "NSStringPluralRuleType", locale)])
            }
        }
        let root = try ConvertStreamingTests.tree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let set = try CatalogSet.load(paths: [root], reportsKeySpellings: true)
        let table = try #require(set.tables.first { $0.table == "Main" })
        let layers = try #require(table.layers)
        #expect(layers.isFlat)
        #expect(layers.layers.count == locales * (stringsdict ? 2 : 1))
        return (layers.flatKeyNumbers(), layers.keyNumbersByDictionary())
    }

    static func expectSame(_ made: (byBytes: (keys: [String], respells: Bool, recordKeys: [[Int32]]?)?, byDictionary: (keys: [String], respells: Bool, recordKeys: [[Int32]]?)),
                           respells: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let byBytes = try #require(made.byBytes, sourceLocation: sourceLocation)
        // Compared by scalars: Swift's `==` would call canonically equal spellings equal.
        #expect(byBytes.keys.map { Array($0.unicodeScalars) } == made.byDictionary.keys.map { Array($0.unicodeScalars) }, sourceLocation: sourceLocation)
        #expect(byBytes.recordKeys == made.byDictionary.recordKeys, sourceLocation: sourceLocation)
        #expect(byBytes.respells == made.byDictionary.respells, sourceLocation: sourceLocation)
        #expect(byBytes.respells == respells, sourceLocation: sourceLocation)
    }

    /// Each spelling: a later file spells a key as the first does, or the other way (found in
    /// the first file's index either way, a respelling only when the bytes differ); or the
    /// first file lacks it and two later files spell it each their way (found among the keys
    /// the first lacks). Files list keys in other orders, leave some out and add their own.
    @Test(arguments: spellings.indices, [false, true])
    func numberedAsThroughOneDictionary(spelling: Int, inFirstFile: Bool) throws {
        let (_, first, other) = Self.spellings[spelling]
        let base = (0..<30).map { "key \($0)" }
        let made = try Self.numberings({ index in
            var keys = index % 2 == 0 ? base : base.reversed()
            if index == 2 { keys.removeAll { $0.hasSuffix("7") } }
            keys.append("only in \(index)")
            if index == 3 { keys.insert("only in 1", at: 5) }
            switch (inFirstFile, index) {
            case (true, 0), (false, 1): keys.insert(first, at: 3)
            case (_, 2), (_, 4): keys.append(other)
            case (true, 3): keys.insert(first, at: 0)
            default: break
            }
            return keys
        }, stringsdict: spelling % 2 == 0)
        try Self.expectSame(made, respells: first.unicodeScalars.elementsEqual(other.unicodeScalars) == false)
    }

    /// Every file bringing keys of its own, so that the later files' keys are looked up past
    /// the last base (``CatalogLayers/flatKeyBases``), in the dictionary; spellings among them.
    @Test(arguments: [false, true])
    func keysPastTheBasesAgree(stringsdict: Bool) throws {
        let made = try Self.numberings({ index in
            var keys = (0..<20).map { "key \($0)" } + (0...index).map { "new in \($0)" }
            let spelling = Self.spellings[index % Self.spellings.count]
            keys.append(index % 2 == 0 ? spelling.first : spelling.other)
            if index > CatalogLayers.flatKeyBases + 1 { keys.append(index % 2 == 0 ? "late caf\u{E9}" : "late cafe\u{301}") }
            return keys.shuffled()
        }, locales: 9, stringsdict: stringsdict)
        try Self.expectSame(made, respells: true)
    }

    /// Many files and keys, every spelling in some of them, on all cores.
    @Test func manyFilesAgree() throws {
        let made = try Self.numberings({ index in
            var keys = (0..<400).map { "key \(($0 * 7 + index) % 400)" }
            keys += Self.spellings.enumerated().compactMap { at, spelling in
                (index + at) % 3 == 0 ? nil : (index + at) % 3 == 1 ? spelling.first : spelling.other
            }
            keys += (0..<index).map { "late \($0)" }
            return keys
        }, locales: 12, stringsdict: true)
        try Self.expectSame(made, respells: true)
    }
}
