import Foundation
import Testing
import ToastCatalog

/// An entry whose locale codes match the last entry's, in order, reuses its table layout;
/// every other sequence must read exactly as a member-by-member reading would.
@Suite struct LocalizationLayoutTests {
    /// Codes as written in the file (JSON escapes included) and as decoded.
    static let sequences: [[(written: String, code: String)]] = {
        func plain(_ codes: String...) -> [(written: String, code: String)] { codes.map { ($0, $0) } }
        return [
            plain("en", "de", "fr"), plain("en", "de", "fr"),   // the same: reused
            plain("de", "en", "fr"),                            // reordered
            plain("en", "de"),                                  // a prefix of the last
            plain("en", "de", "fr", "ja"), plain("en", "de", "fr", "ja"),  // longer, then reused
            [],                                                 // none
            plain("en"),
            [("en", "en"), ("d\\u0065", "de")],                 // an escaped code
            plain("en", "de"),                                  // after the escaped one
            plain("en", "zh-Hänt"), plain("en", "zh-Hänt"),     // non-ASCII, then reused
            plain("en", "de", "fr"),
        ]
    }()

    static func catalog(_ sequences: [[(written: String, code: String)]]) -> String {
        let entries = sequences.enumerated().map { index, codes in
            let localizations = codes.enumerated().map { position, code in
                "\"\(code.written)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(index) \(code.code) \(position)\" } }"
            }
            return "\"k\(index)\" : { \"localizations\" : { \(localizations.joined(separator: ", ")) } }"
        }
        // One entry a line, indented as Xcode does, so that a parallel read can split them.
        return "{ \"sourceLanguage\" : \"en\", \"strings\" : {\n    \(entries.joined(separator: ",\n    "))\n  }, \"version\" : \"1.0\" }"
    }

    /// What reading member by member gives: the last value of a code wins.
    static func expected(_ index: Int, _ codes: [(written: String, code: String)]) -> [String: String] {
        var table: [String: String] = [:]
        for (position, code) in codes.enumerated() { table[code.code] = "\(index) \(code.code) \(position)" }
        return table
    }

    @Test(arguments: [XCStringsParallelism.sequential, XCStringsParallelism(parts: 2, minimumBytes: 0)])
    func tablesAcrossLocaleSequences(parallelism: XCStringsParallelism) throws {
        let notes = XCStringsReadNotes()
        let bytes = Array(Self.catalog(Self.sequences).utf8)
        if parallelism.parts > 1 {
            // The parts do split the entries (each part starts with a layout of its own).
            let brace = try #require(bytes.firstIndex(of: UInt8(ascii: "{")).flatMap { first in bytes[(first + 1)...].firstIndex(of: UInt8(ascii: "{")) })
            #expect(!parallelism.partOffsets(bytes, brace: brace).isEmpty)
        }
        let catalog = try StringCatalog(xcstrings: bytes, file: "L.xcstrings", parallelism: parallelism, notes: notes)
        for (index, codes) in Self.sequences.enumerated() {
            let entry = try #require(catalog.entries["k\(index)"])
            #expect(entry.localizations.mapValues { $0.stringUnit?.value ?? "" } == Self.expected(index, codes), "entry \(index)")
            #expect(entry.hadLocalizationsMember)
        }
        #expect(!notes.hasRepeatedOrUnknownMembers)
    }

    /// A code repeated in one entry: the last value wins, the repeat is noted, and the entries
    /// after it read as before (their layout is not the repeated one).
    @Test(arguments: [0, 1, 2])
    func repeatedCodeLastWins(after: Int) throws {
        let before = Array(repeating: [("en", "en"), ("de", "de")], count: after)
        let sequences: [[(written: String, code: String)]] = before + [[("en", "en"), ("de", "de"), ("de", "de")], [("en", "en"), ("de", "de")]]
        let notes = XCStringsReadNotes()
        let catalog = try StringCatalog(xcstrings: Array(Self.catalog(sequences).utf8), file: "L.xcstrings",
                                        parallelism: .sequential, notes: notes)
        for (index, codes) in sequences.enumerated() {
            #expect(catalog.entries["k\(index)"]?.localizations.mapValues { $0.stringUnit?.value ?? "" } == Self.expected(index, codes))
        }
        #expect(catalog.entries["k\(after)"]?.localizations["de"]?.stringUnit?.value == "\(after) de 2")
        #expect(notes.hasRepeatedOrUnknownMembers)
    }
}
