import Testing
import ToastCatalog

/// The byte writer `dump` uses escapes exactly as the string writer does.
@Suite struct JSONWriterBytesTests {
    @Test(arguments: ["", "plain", "quote \" and back \\ slash", "lines\nand\r\ttabs\u{8}\u{C}", "\u{0}\u{1F}\u{7F}",
                      "non-ASCII: é 日本 👍 \u{2028} \u{9B}", "%1$@ “%lld”"])
    func bytesMatchTheStringWriter(_ text: String) {
        var expected = ""
        JSONWriter.writeString(text, into: &expected)
        var bytes: [UInt8] = []
        JSONWriter.appendString(text, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
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
