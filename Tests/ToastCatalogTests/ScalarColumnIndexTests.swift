import Testing
import ToastCatalog
import ToastTestSupport

/// Columns found through the index (issue 30: lint of a one-line catalog counted each column
/// from the start of the line) are the columns counted scalar by scalar.
@Suite struct ScalarColumnIndexTests {
    /// Text of ASCII, 2-, 3- and 4-byte scalars, with lines from a few bytes to several blocks.
    static func text(seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        let pieces: [String] = ["a", "bc", "é", "日本", "😀", " ", "\"k\":", "\n"]
        var out = ""
        let lineBreakChance = [2, 40, 4000][Int(seed % 3)]
        for _ in 0..<6000 {
            if Int.random(in: 0..<lineBreakChance, using: &generator) == 0 { out += "\n"; continue }
            out += pieces[Int.random(in: 0..<(pieces.count - 1), using: &generator)]
        }
        return Array(out.utf8)
    }

    /// Built at once, or lazily when a long line first needs it (``ScalarColumnIndex/init()``).
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64], [false, true])
    func indexedColumnsAreCountedColumns(_ seed: UInt64, lazily: Bool) {
        let bytes = Self.text(seed: seed)
        bytes.withUnsafeBufferPointer { buffer in
            let index = lazily ? ScalarColumnIndex() : ScalarColumnIndex(buffer)
            var lineStart = 0
            var column = 1
            for offset in 0...buffer.count {
                // Positions stand at scalar starts.
                if offset == buffer.count || buffer[offset] & 0xC0 != 0x80 {
                    #expect(index.column(in: buffer, lineStart: lineStart, offset: offset) == column, "offset \(offset)")
                }
                guard offset < buffer.count else { break }
                if buffer[offset] == 0x0A { lineStart = offset + 1; column = 1 } else if buffer[offset] & 0xC0 != 0x80 { column += 1 }
            }
        }
    }

    /// A file large enough to be indexed in parts on all cores (from 4 MiB), of long lines
    /// and non-ASCII scalars: columns sampled through the file, and every column for 4 KiB
    /// after each place a part could start (for up to eight cores), are the counted ones.
    @Test func partsIndexedOnAllCoresCountAsOne() {
        var bytes: [UInt8] = []
        // Seeds of long lines (one break in 4,000 pieces), so that lines cross the parts' edges.
        var seed: UInt64 = 2
        while bytes.count < 5 << 20 { bytes += Self.text(seed: seed); seed += 3 }
        let blocks = (bytes.count + ScalarColumnIndex.block - 1) / ScalarColumnIndex.block
        var nearEdges = Set<Int>()
        for parts in 2...8 {
            for part in 1..<parts {
                let edge = blocks * part / parts * ScalarColumnIndex.block
                nearEdges.formUnion(max(0, edge - 64)..<min(bytes.count, edge + 4096))
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            let index = ScalarColumnIndex(buffer)
            var lineStart = 0
            var column = 1
            var checked = 0
            for offset in 0...buffer.count {
                if (offset % 997 == 0 || offset == buffer.count || nearEdges.contains(offset))
                    && (offset == buffer.count || buffer[offset] & 0xC0 != 0x80) {
                    #expect(index.column(in: buffer, lineStart: lineStart, offset: offset) == column, "offset \(offset)")
                    checked += 1
                }
                guard offset < buffer.count else { break }
                if buffer[offset] == 0x0A { lineStart = offset + 1; column = 1 } else if buffer[offset] & 0xC0 != 0x80 { column += 1 }
            }
            #expect(checked > 10000)
        }
    }

    /// A one-line String Catalog whose keys are spelled twice (NFC, NFD): each warning stands
    /// at its key, counted in scalars, whichever way the reader counted it.
    @Test func oneLineCatalogWarningsStandAtTheirKeys() throws {
        var members: [String] = []
        for i in 0..<300 {
            members.append("\"caf\u{E9}\(i)\":{}")
            members.append("\"cafe\u{301}\(i)\":{\"comment\":\"x\"}")
        }
        let text = "{\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{" + members.joined(separator: ",") + "}}"
        let catalog = try StringCatalog(xcstrings: Array(text.utf8), file: "One.xcstrings")
        #expect(catalog.warnings.count == 300)
        for warning in catalog.warnings {
            let key = try #require(warning.key)
            let quoted = "\"" + key + "\""
            // The key's own spelling (NFD), found by its bytes.
            let utf8 = Array(text.utf8), needle = Array(quoted.utf8)
            let start = try #require((0...(utf8.count - needle.count)).first { utf8[$0..<($0 + needle.count)].elementsEqual(needle) })
            let column = String(decoding: utf8[..<start], as: UTF8.self).unicodeScalars.count + 1
            #expect(warning.location.line == 1)
            #expect(warning.location.column == column, "\(key.debugDescription)")
        }
    }
}
