import Foundation
import Testing
import ToastCatalog
import ToastTestSupport
@testable import ToastLint

/// A finding of a text `.strings` file is located from where its reader noted each key, not by
/// reading the file again: for every key, the noted place is where the file's locator finds it
/// (``PropertyListLocator``, which lexes the file again): the last entry whose key is
/// canonically equal to it, or the file's start when the file lacks it.
@Suite struct LintKeyPositionTests {
    /// The table of `file` (its bytes) after a file of other keys, so that key numbers are not
    /// record numbers and some keys of the table are not in `file`.
    static func table(file: String, bytes: [UInt8]) throws -> LintTable {
        var table = LintTable()
        let other = "App/en.lproj/L.strings"
        let otherText = "\"elsewhere\" = \"E\";\n\"b\" = \"B\";\n\"only-en\" = \"O\";\n"
        for (path, data) in [(other, Array(otherText.utf8)), (file, bytes)] {
            let catalog = try CatalogLoader.stringsTable(data, file: path, sourceLanguage: "en", limits: .standard, notesPositions: true)
            table.add(lproj: catalog, file: path, locale: CatalogLocale.locale(ofPath: path, sourceLanguage: "en").locale, sourceLanguage: "en")
        }
        table.finishLproj(groupFiles: [other, file])
        return table
    }

    /// Compares the noted place of every key of the table, and of `absent`, with the
    /// locator's; returns how many keys the file has a noted place for.
    @discardableResult
    static func compare(file: String, bytes: [UInt8], absent: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Int {
        let table = try table(file: file, bytes: bytes)
        guard let positions = table.keyPositions(ofFile: file) else {
            Issue.record("\(file): no places noted", sourceLocation: sourceLocation)
            return 0
        }
        let keys = table.keys + absent
        let locator = PropertyListLocator(file: file, bytes: bytes, keys: Set(keys))
        var found = 0
        for key in keys {
            let noted = table.location(ofKey: key, in: positions, file: file)
            let located = locator.location(key: key, path: "")
            #expect(noted == located, "“\(key)”", sourceLocation: sourceLocation)
            if noted.line != 1 || noted.column != 1 { found += 1 }
        }
        return found
    }

    static func utf16LE(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static let cases: [(name: String, text: String)] = [
        ("lines", "\"a\" = \"A\";\n\n/* A comment. */\n\"b\" = \"B\";\n   \"c\" = \"C\";\n"),
        ("one line, text beyond ASCII before the keys", "\"é\" = \"ü\"; \"日本\" = \"語\"; \"a\" = \"🙂🙂\"; \"b\" = \"x\";"),
        ("a key repeated later", "\"a\" = \"1\";\n\"b\" = \"2\";\n  \"a\" = \"3\";\n"),
        ("another spelling, then the first again", "\"caf\u{E9}\" = \"1\";\n\"cafe\u{301}\" = \"2\";\n \"caf\u{E9}\" = \"3\";\n"),
        ("another spelling last", "\"caf\u{E9}\" = \"1\";\n\"x\" = \"2\";\n\"cafe\u{301}\" = \"3\";\n"),
        ("an ASCII key and its Kelvin sign", "\"K\" = \"1\";\n\"\u{212A}\" = \"2\";\n\"L\" = \"3\";\n"),
        ("the dictionary form", "{\n  \"a\" = \"A\";\n  b = B;\n}\n"),
        ("unquoted keys, key-only entries, // comments", "// top\na = \"A\";\n\"b\";\nc_d = e;\n"),
        ("CRLF", "\"a\" = \"A\";\r\n\"b\" = \"B\";\r\n"),
        ("escapes in keys", "\"a\\\"q\" = \"1\";\n\"\\U00e9t\u{E9}\" = \"2\";\n\"tab\\there\" = \"3\";\n"),
        // Past the column index's blocks (512 bytes): its indexed path, not the direct count.
        ("a line of 2,000 bytes", (0..<60).map { "\"k\($0)\" = \"\(String(repeating: "ü", count: 8))\";" }.joined(separator: " ") + "\n"),
    ]

    @Test(arguments: cases.indices)
    func notedWhereTheLocatorFindsIt(_ index: Int) throws {
        let (name, text) = Self.cases[index]
        let file = "App/de.lproj/L.strings"
        // Keys the file lacks, and other spellings of keys it has (found as those keys).
        let asked = ["absent", "only-en", "elsewhere", "cafe\u{301}", "\u{212A}"]
        let found = try Self.compare(file: file, bytes: Array(text.utf8), absent: asked)
        #expect(found > 0, "\(name): no key placed")
        // The same text as UTF-16: the places are the decoded text's, as the locator's are.
        let foundInUTF16 = try Self.compare(file: file, bytes: Self.utf16LE(text), absent: asked)
        #expect(foundInUTF16 == found, "\(name), UTF-16")
    }

    /// Lint's reader of an `.lproj` file notes places for a text `.strings` file and for no
    /// other kind (the flag that asks for them is lint's own).
    @Test func lintsReaderNotesPlacesOfTextStringsFiles() throws {
        func noted(_ file: String, _ text: String) throws -> Bool {
            guard case .preloaded(_, let parsed) = LprojRead(file, preloaded: Array(text.utf8), sourceLanguage: "en", limits: .standard) else {
                Issue.record("not read as handed over")
                return false
            }
            return try parsed.get().fileRecords?.keyPositions != nil
        }
        #expect(try noted("App/de.lproj/L.strings", "\"a\" = \"A\";\n"))
        #expect(try !noted("App/de.lproj/L.stringsdict", LintTableTests.plural))
        #expect(try !noted("App/de.lproj/L.strings", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><string>A</string></dict></plist>"))
    }

    /// Findings of a text `.strings` file are located from the noted places, without its
    /// bytes or a snapshot to read it again by (without the noted places, they would be at 1:1).
    @Test func findingsAreLocatedFromTheNotedPlaces() throws {
        let file = "App/de.lproj/L.strings"
        let table = try Self.table(file: file, bytes: Array("\n  \"b\" = \"x\";\n\"cafe\u{301}\" = \"y\";\n".utf8))
        let raw = [
            RawFinding(rule: .reviewState, file: file, key: "b", locale: "de", message: "b"),
            RawFinding(rule: .reviewState, file: file, key: "caf\u{E9}", locale: "de", message: "café"),
            RawFinding(rule: .reviewState, file: file, key: "only-en", locale: "de", message: "not in the file"),
        ]
        // Handed on in lists read one after the other (an empty one among them), in order.
        let located = Linter.resolve([[raw[0]], [], Array(raw[1...])], table: table, bytes: [:], snapshots: [:], limits: .standard,
                                     configuration: LintConfiguration(), strict: false)
        #expect(located.map(\.message) == ["b", "café", "not in the file"])
        #expect(located.map(\.location) == [
            ToastCatalog.SourceLocation(file: file, line: 2, column: 3),
            ToastCatalog.SourceLocation(file: file, line: 3, column: 1),
            ToastCatalog.SourceLocation(file: file, line: 1, column: 1),
        ])
    }

    /// A key written again: its place is the last entry's, not the first (a locator that
    /// kept the first would pass a comparison with a reader that did too).
    @Test func aRepeatedKeyIsPlacedAtItsLastEntry() throws {
        let file = "App/de.lproj/L.strings"
        let table = try Self.table(file: file, bytes: Array("\"a\" = \"1\";\n\"caf\u{E9}\" = \"x\";\n\"cafe\u{301}\" = \"y\";\n  \"a\" = \"2\";\n".utf8))
        let positions = try #require(table.keyPositions(ofFile: file))
        #expect(table.location(ofKey: "a", in: positions, file: file) == ToastCatalog.SourceLocation(file: file, line: 4, column: 3))
        #expect(table.location(ofKey: "caf\u{E9}", in: positions, file: file) == ToastCatalog.SourceLocation(file: file, line: 3, column: 1))
        #expect(table.location(ofKey: "b", in: positions, file: file) == ToastCatalog.SourceLocation(file: file, line: 1, column: 1))
    }

    /// Only text `.strings` files note places: a property-list `.strings` file (XML or
    /// binary) and a `.stringsdict` are still read again to locate findings.
    @Test func propertyListsNoteNone() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>a</key><string>A</string></dict></plist>
            """
        var binary = [UInt8]()
        let data = try PropertyListSerialization.data(fromPropertyList: ["a": "A"], format: .binary, options: 0)
        binary.append(contentsOf: data)
        for (file, bytes) in [("App/de.lproj/L.strings", Array(xml.utf8)), ("App/de.lproj/L.strings", binary),
                              ("App/de.lproj/L.stringsdict", Array(LintTableTests.plural.utf8))] {
            let table = try Self.table(file: file, bytes: bytes)
            #expect(table.keyPositions(ofFile: file) == nil, "\(file)")
            #expect(table.keyPositions(ofFile: "App/en.lproj/L.strings") != nil)
        }
    }
}

/// The same comparison over every text `.strings` file of the real apps.
@Suite(.enabled(if: TestCorpus.shared().shouldRun, "../shared/corpus is absent"))
struct LintKeyPositionCorpusTests {
    static let corpus = TestCorpus.shared()

    @Test func everyKeyOfEveryFileIsPlacedWhereTheLocatorFindsIt() throws {
        var files = 0
        for path in Self.corpus.files(endingWith: [".strings"]) {
            let bytes = try Self.corpus.bytes(path)
            // Property lists and files the reader refuses are not placed from noted positions.
            guard !bytes.starts(with: Array("bplist00".utf8)), !StringCatalog.isXMLPropertyList(bytes),
                  (try? CatalogLoader.stringsTable(bytes, file: path, sourceLanguage: "en", limits: .standard)) != nil else { continue }
            try LintKeyPositionTests.compare(file: path, bytes: bytes)
            files += 1
        }
        #expect(files >= 100, "only \(files) text .strings files compared")
    }
}
