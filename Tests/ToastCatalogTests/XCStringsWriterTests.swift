import Foundation
import Testing
import ToastTestSupport
import ToastCatalog
import ToastKitTesting

@Suite(.enabled(if: TestCorpus.shared().shouldRun, "../shared/corpus is absent"))
struct XCStringsWriterCorpusTests {
    static let corpus = TestCorpus.shared()
    static let files = corpus.files(endingWith: [".xcstrings"])
    static let writer = try! XCStringsWriter()

    @Test func corpusHasItsCatalogs() {
        #expect(Self.files.count >= 13)
    }

    @Test(arguments: files)
    func xcodeLayoutIsReproducedByteForByte(file: String) throws {
        let bytes = try Self.corpus.bytes(file)
        let tree = try JSONParser.parse(bytes, file: file)
        #expect(Array(Self.writer.string(tree, finalNewline: bytes.last == 0x0A).utf8) == bytes)
    }

    @Test(arguments: files)
    func theModelLosesNothing(file: String) throws {
        let bytes = try Self.corpus.bytes(file)
        let catalog = try StringCatalog(xcstrings: bytes, file: file)
        #expect(Array(Self.writer.string(catalog.jsonValue(), finalNewline: bytes.last == 0x0A).utf8) == bytes)
    }

    @Test(arguments: files)
    func minifiedAndShuffledComeBackToXcodesBytes(file: String) throws {
        let bytes = try Self.corpus.bytes(file)
        var rng = SeededGenerator(seed: UInt64(bytes.count))
        let shuffled = Self.shuffle(try JSONParser.parse(bytes, file: file), &rng)
        let minified = Array(JSONWriter.string(shuffled).utf8)
        #expect(minified != bytes)
        let reformatted = Self.writer.string(try JSONParser.parse(minified, file: file), finalNewline: bytes.last == 0x0A)
        #expect(Array(reformatted.utf8) == bytes)
        // dump before and after fmt is identical
        let before = try StringCatalog(xcstrings: minified, file: "f").leaves(file: "f")
        let after = try StringCatalog(xcstrings: Array(reformatted.utf8), file: "f").leaves(file: "f")
        #expect(before == after)
    }

    static func shuffle(_ value: JSONValue, _ rng: inout SeededGenerator) -> JSONValue {
        switch value {
        case .object(let members):
            var shuffled = members.map { JSONMember(key: $0.key, value: shuffle($0.value, &rng)) }
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
                shuffled.swapAt(i, Int(rng.next() % UInt64(i + 1)))
            }
            return .object(shuffled)
        case .array(let items): return .array(items.map { shuffle($0, &rng) })
        default: return value
        }
    }
}

@Suite struct XCStringsWriterTests {
    let writer = try! XCStringsWriter()

    @Test func layout() throws {
        let tree = try JSONParser.parse(Array(#"{"version":"1.0","strings":{"b":{},"a":{"x":[1,"\u0001/\n\"\\é"],"e":[]}},"sourceLanguage":"en"}"#.utf8), file: "t")
        #expect(writer.string(tree) == """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : {
              "e" : [

              ],
              "x" : [
                1,
                "\\u0001/\\n\\"\\\\é"
              ]
            },
            "b" : {

            }
          },
          "version" : "1.0"
        }
        """)
    }

    @Test func memberOrderIsXcodesCollation() throws {
        let keys = ["zh-Hant", "zh-HK", "Zeta", "10 files", "2 files", "_under", "%@ x", "apple", "Apple", "zh-Hans", "éclair", "eclair"]
        let members = keys.map { JSONMember(key: $0, value: .null) }
        #expect(writer.sorted(members).map(\.key) == ["_under", "%@ x", "2 files", "10 files", "apple", "Apple", "eclair", "éclair", "Zeta", "zh-Hans", "zh-Hant", "zh-HK"])
    }
}
