import Testing
@testable import ToastCatalog
import ToastICU
import ToastTestSupport

/// `CodePointOrder.Prefix`, the reference-free sort key of `dump`'s entry lines, orders as
/// code-point order wherever two prefixes differ, and equal whole prefixes are equal strings.
@Suite struct CodePointPrefixTests {
    /// Texts of 0 to 20 bytes from a small alphabet that makes long shared prefixes, with a
    /// NUL byte (which pads a shorter prefix), ASCII and two- and three-byte scalars.
    static let texts: [String] = {
        let alphabet: [String] = ["\u{0}", "a", "b", "-", "é", "日"]
        var generator = SeededGenerator(seed: 29)
        var texts: Set<String> = ["", "a", "aaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaab", "aaaaaaaaaaaaaab"]
        while texts.count < 400 {
            let length = Int(generator.next() % 21)
            let prefix = String(repeating: "a", count: Int(generator.next() % 16))
            var text = prefix
            while text.utf8.count < length { text += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            texts.insert(text)
        }
        return texts.sorted { CodePointOrder.precedes($0, $1) }
    }()

    @Test func prefixesOrderAsCodePointsOrWholeTextsTie() {
        let prefixes = Self.texts.map(CodePointOrder.Prefix.init)
        for (i, a) in Self.texts.enumerated() {
            for (j, b) in Self.texts.enumerated() {
                let order = CodePointOrder.compare(a, b)
                if prefixes[i] != prefixes[j] {
                    #expect((prefixes[i] < prefixes[j]) == (order < 0), "\(Array(a.utf8)) \(Array(b.utf8))")
                } else if prefixes[i].isWhole {
                    #expect(order == 0, "\(Array(a.utf8)) \(Array(b.utf8))")
                } else {
                    #expect(a.utf8.count >= 15 && b.utf8.count >= 15)
                }
            }
        }
    }

    @Test(arguments: ["", "de", "plural.other", "aaaaaaaaaaaaaaa"])
    func aPrefixOfFifteenBytesOrFewerIsWhole(text: String) {
        #expect(CodePointOrder.Prefix(text).isWhole)
        #expect(!CodePointOrder.Prefix(text + "ab").isWhole || text.utf8.count + 2 <= 15)
    }

    /// An entry whose locales and paths tie in their first fifteen bytes is dumped in the
    /// leaves' order (`CatalogLeaf.precedes`), from the model and as it is read.
    @Test(arguments: [["sr-Latn-RS-u-nu-latn", "sr-Latn-RS-u-nu-arab", "sr-Latn-RS", "sr"],
                      ["en-US-u-ca-gregory", "en-US-u-ca-buddhist", "en-US", "en-GB", "en"]])
    func longSharedPrefixesAreOrderedInFull(locales: [String]) throws {
        let forms: [PluralCategory: LocalizedValue] = [.one: LocalizedValue(stringUnit: StringUnit(state: "translated", value: "1")),
                                                       .other: LocalizedValue(stringUnit: StringUnit(state: "translated", value: "n"))]
        let value = LocalizedValue(stringUnit: StringUnit(state: "translated", value: "%#@substitution1@ %#@substitution2@ %#@sub@"),
                                   device: ["mac": LocalizedValue(stringUnit: StringUnit(state: "new", value: "m"))],
                                   substitutions: ["substitution2": Substitution(argNum: 2, formatSpecifier: "lld", plural: forms),
                                                   "substitution1": Substitution(argNum: 1, formatSpecifier: "lld", plural: forms),
                                                   "sub": Substitution(argNum: 3, formatSpecifier: "lld", plural: forms)])
        var catalog = StringCatalog(table: "L", sourceLanguage: "en")
        catalog.keys = ["k"]
        catalog.entries["k"] = CatalogEntry(localizations: Dictionary(uniqueKeysWithValues: locales.map { ($0, value) }))
        var expected: [UInt8] = []
        for leaf in catalog.leaves(file: "L.xcstrings").sorted(by: CatalogLeaf.precedes) { leaf.appendJSONLine(to: &expected) }
        var written: [UInt8] = []
        catalog.writeJSONLines(file: "L.xcstrings") { written += $0 }
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        let bytes = try XCStringsWriter().bytes(catalog)
        try XCStringsDumpTests.expectTheModelsLines(bytes, file: "L.xcstrings", streamed: true)
    }

    /// Two spellings of one path (a variable-width rule's widths `K` and KELVIN SIGN, which
    /// are the same characters) are one path: their lines are ordered by their texts, as the
    /// leaves are, not by the spellings' bytes.
    @Test func twoSpellingsOfOnePathAreOrderedByTheirTexts() {
        let rule = JSONValue.object([JSONMember(key: "NSStringFormatSpecTypeKey", value: .string("NSStringVariableWidthRuleType")),
                                     JSONMember(key: "K", value: .string("b")),
                                     JSONMember(key: "\u{212A}", value: .string("a")),
                                     JSONMember(key: "Ka", value: .string("c"))])
        var catalog = StringCatalog(table: "L", sourceLanguage: "en")
        catalog.keys = ["k"]
        catalog.entries["k"] = CatalogEntry(localizations: [
            "de": LocalizedValue(stringUnit: StringUnit(value: "%#@w@"), extra: [JSONMember(key: "w", value: rule)]),
        ])
        var expected: [UInt8] = []
        for leaf in catalog.leaves(file: "L.xcstrings") { leaf.appendJSONLine(to: &expected) }
        var written: [UInt8] = []
        catalog.writeJSONLines(file: "L.xcstrings") { written += $0 }
        let lines = String(decoding: written, as: UTF8.self)
        #expect(lines == String(decoding: expected, as: UTF8.self))
        // "a" (KELVIN SIGN) before "b" (K): their paths are equal.
        #expect(lines.range(of: #""value":"a""#)!.lowerBound < lines.range(of: #""value":"b""#)!.lowerBound, "\(lines)")
    }
}
