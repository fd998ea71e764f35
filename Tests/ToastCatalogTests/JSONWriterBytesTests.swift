import Testing
import ToastCatalog

/// The byte writer `dump` uses escapes exactly as the string writer does.
@Suite struct JSONWriterBytesTests {
    @Test(arguments: ["", "plain", "quote \" and back \\ slash", "lines\nand\r\ttabs\u{8}\u{C}", "\u{0}\u{1F}\u{7F}",
                      "non-ASCII: é 日本 👍 \u{2028} \u{9B}", "%1$@ “%lld”", "bidi \u{202E}\u{2066}\u{061C}\u{200F} soft\u{AD} bom\u{FEFF}",
                      "edges \u{80}\u{9F}\u{A0}\u{AE} \u{200A}\u{2010} \u{2027}\u{202F} \u{205F}\u{206A} \u{FEFE}\u{FF00} \u{E000}",
                      "lead byte C2, not escaped: \u{A0}\u{BF} and D8: \u{0600}", "👩‍💻 keeps its joiner escaped: \u{200D}"])
    func bytesMatchTheStringWriter(_ text: String) {
        for escaping in [JSONWriter.Escaping.visible, .minimal] {
            var expected = ""
            JSONWriter.writeString(text, escaping: escaping, into: &expected)
            var bytes: [UInt8] = []
            JSONWriter.appendString(text, escaping: escaping, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == expected)
        }
    }

    /// The writer scans eight bytes at a time and goes straight to the first byte that needs a
    /// look: each scalar that either escaping escapes, or that starts with a lead byte of one
    /// (U+00A0, U+0600, U+2010, U+FEFE are kept), at every place in a word, among texts of
    /// other scripts (whose bytes from 0x80 up are copied with the word).
    @Test(arguments: ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9B}", "\u{A0}", "\u{AD}", "\u{061C}", "\u{0600}",
                      "\u{200B}", "\u{2010}", "\u{2028}", "\u{2069}", "\u{FEFF}", "\u{FEFE}", "é", "👍"])
    func everyPlaceInAWord(_ special: String) {
        for filler in ["abcdefgh", "日本語のテキスト", "éàüöß", "Ωмир עברית", "👍🏽✨"] {
            let scalars = Array(String(repeating: filler, count: 4).unicodeScalars)
            for offset in 0..<17 {
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars.prefix(offset))
                text += special + filler + special + special + filler
                for escaping in [JSONWriter.Escaping.visible, .minimal] {
                    var expected = ""
                    JSONWriter.writeString(text, escaping: escaping, into: &expected)
                    var bytes: [UInt8] = []
                    JSONWriter.appendString(text, escaping: escaping, to: &bytes)
                    #expect(String(decoding: bytes, as: UTF8.self) == expected, "offset \(offset) in \(filler)")
                }
            }
        }
    }

    /// Output JSON escapes every scalar of the one escaping scheme as `\uXXXX` (issue 30: U+009B
    /// went out raw); catalogs (`.minimal`) keep the bytes Xcode writes.
    @Test(arguments: [("\u{9B}31m", #""\u009B31m""#, "\"\u{9B}31m\""), ("a\u{202E}b", #""a\u202Eb""#, "\"a\u{202E}b\""),
                      ("\u{2028}\u{2029}", #""\u2028\u2029""#, "\"\u{2028}\u{2029}\""), ("ي\u{061C}", #""ي\u061C""#, "\"ي\u{061C}\""),
                      ("\u{1B}[2J", #""\u001B[2J""#, #""\u001B[2J""#), ("é 日本", #""é 日本""#, #""é 日本""#)])
    func outputEscapesWhatCatalogsKeep(_ text: String, _ visible: String, _ minimal: String) {
        var shown = ""
        JSONWriter.writeString(text, into: &shown)
        #expect(shown == visible)
        var kept = ""
        JSONWriter.writeString(text, escaping: .minimal, into: &kept)
        #expect(kept == minimal)
    }

    @Test func aLeafLineMatchesItsJSONLine() {
        for leaf in [CatalogLeaf(file: "a\"b.strings", table: "T", key: "k\n", locale: "de", path: "plural.one", value: "v", state: nil),
                     CatalogLeaf(file: "f", table: "T", key: "k", locale: "en", path: "", value: nil, state: "translated")] {
            var bytes: [UInt8] = []
            leaf.appendJSONLine(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == leaf.jsonLine + "\n")
        }
    }
}
