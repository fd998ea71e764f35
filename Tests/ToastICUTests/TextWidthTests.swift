import Testing
@testable import ToastICU

@Suite struct TextWidthTests {
    @Test(arguments: [
        ("a", 1), ("中", 2), ("ｱ", 1), ("한", 2), ("e\u{301}", 1), ("👍", 2), ("👍🏽", 2),
        ("👨\u{200D}👩\u{200D}👧", 2), ("🇫🇷", 2), ("☺\u{FE0E}", 1), ("☺\u{FE0F}", 2), ("\u{200B}", 0),
        ("\u{2068}", 0), ("\u{AD}", 1), ("\u{1100}\u{1161}", 2), ("ก", 1), ("กี", 1), ("क्षि", 3), ("कि", 2), ("ทำ", 2), ("±", 1),
        // An emoji with a wide mark joined to it is drawn as both (fuzz finding).
        ("👩\u{302E}", 4), ("👩\u{200D}\u{302E}", 4), ("🏃\u{200D}♀\u{FE0F}", 2),
    ])
    func cellsOfOneCluster(text: String, cells: Int) {
        #expect(text.count == 1)
        #expect(TextWidth.cells(of: Character(text)) == cells)
    }

    @Test func ambiguousWidthSetting() {
        #expect(TextWidth.cells(of: Character("±"), ambiguous: .wide) == 2)
        #expect(TextWidth.cells(of: "Привет", ambiguous: .narrow) == 6)
    }

    @Test(arguments: [("hello", 5), ("日本語", 6), ("abc中", 5), ("", 0), ("العربية", 7)])
    func cellsOfStrings(text: String, cells: Int) {
        #expect(TextWidth.cells(of: text) == cells)
    }

    /// A string's width is the sum of its clusters' widths, whichever path measures it.
    @Test(arguments: ["👩\u{302E}x", "a👩\u{302E}", "👍🏽👩\u{302E}", "中\u{302E}", "e\u{301}👩\u{200D}\u{302E}", "☺\u{FE0E}☺\u{FE0F}👩\u{302E}",
                      "🇫🇷🇫", "\u{2E43}\u{302E}"])
    func stringIsTheSumOfItsClusters(text: String) {
        for ambiguous in AmbiguousWidth.allCases {
            #expect(TextWidth.cells(of: text, ambiguous: ambiguous) == text.reduce(0) { $0 + TextWidth.cells(of: $1, ambiguous: ambiguous) })
        }
    }

    /// Texts in many scripts: CJK, kana, Hangul (with conjoining jamo), emoji sequences,
    /// ambiguous and zero-width characters, scalars past the BMP.
    static let scriptTexts = ["日本語のテキスト", "ｶﾀｶﾅ", "한국어 \u{1100}\u{1161}\u{11A8}", "中文，标点。", "±°§ Привет", "👨\u{200D}👩\u{200D}👧 🇫🇷 ☺\u{FE0E}",
                              "e\u{301} क्षि ทำ", "\u{200B}\u{2068}x\u{2069}", "𠀋𝄞😀", "ꀀ ꓐ ㄅ ㆠ", "\u{3000}\u{FF01}\u{FFE0}", "العربية עברית"]

    /// A services instance measures as ``TextWidth`` does, while it asks ICU scalar by scalar
    /// and once it reads the whole table.
    @Test func servicesMeasureAsTheTable() {
        let services = ICUServices()
        #expect(services.widthLookupsAsked == 0)
        func check() {
            for text in Self.scriptTexts {
                for ambiguous in AmbiguousWidth.allCases {
                    #expect(services.cells(of: text, ambiguous: ambiguous) == TextWidth.cells(of: text, ambiguous: ambiguous), "\(text)")
                    #expect(services.cells(of: text.dropFirst(), ambiguous: ambiguous) == TextWidth.cells(of: text.dropFirst(), ambiguous: ambiguous))
                    for character in text {
                        #expect(services.cells(of: character, ambiguous: ambiguous) == TextWidth.cells(of: character, ambiguous: ambiguous), "\(character)")
                    }
                }
            }
        }
        // A text longer than what is left of the limit is read from the table at once.
        let long = String(repeating: "漢字かなカナ", count: ICUServices.directWidthLookups / 6 + 1)
        #expect(services.cells(of: long) == TextWidth.cells(of: long))
        #expect(services.widthLookupsAsked == 0)
        check()
        // A few lines of text are asked scalar by scalar …
        let asked = services.widthLookupsAsked
        #expect(asked > 0 && asked < ICUServices.directWidthLookups)
        // … until the limit is near: never more than the limit, then the table, with the same
        // answers.
        let line = "漢字かなカナ"
        var rounds = 0
        while rounds < ICUServices.directWidthLookups {
            let before = services.widthLookupsAsked
            #expect(services.cells(of: line) == TextWidth.cells(of: line))
            if services.widthLookupsAsked == before { break }
            rounds += 1
        }
        #expect(services.widthLookupsAsked <= ICUServices.directWidthLookups)
        #expect(services.widthLookupsAsked > ICUServices.directWidthLookups - line.utf8.count)
        // Shorter texts may still fit what is left; the limit holds.
        check()
        #expect(services.widthLookupsAsked <= ICUServices.directWidthLookups)
    }

    /// The BMP table made from ICU's property ranges is the one made by asking ICU each
    /// scalar's properties, scalar for scalar.
    @Test func theTableFromPropertyRangesIsTheTableByScalar() throws {
        let byRanges = try #require(ScalarTable.byRanges())
        let byScalars = ScalarTable.byScalars()
        let differing = (0..<0x10000).filter { byRanges[$0] != byScalars[$0] }
        #expect(differing.isEmpty, "first differing: \(differing.prefix(8).map { String($0, radix: 16) })")
        #expect(ScalarTable.bmp == byRanges)
        #expect(ScalarTable.low == Array(byScalars[0..<0x800]))
        #expect(ScalarTable.punctuation == Array(byScalars[0x2000..<0x2100]))
        #expect((0..<0x10000).allSatisfy { ScalarTable.info(UInt32($0)) == byScalars[$0] })
    }
}
