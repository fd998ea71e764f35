import Foundation
import Testing
import ToastTestSupport
import ToastCatalog
import ToastSupport
import ToastKitTesting

/// A large String Catalog's entries are read on several cores from guessed entry starts; the
/// result — entries, key order, warnings, and the error and its position for a broken file —
/// must be exactly that of reading on one core, wherever the guesses fall.
@Suite struct ParallelReadTests {
    typealias Outcome = Result<StringCatalog, CatalogError>

    static func read(_ bytes: [UInt8], _ parallelism: XCStringsParallelism) -> Outcome {
        Result { () throws(CatalogError) in
            try StringCatalog(xcstrings: bytes, file: "Main.xcstrings", parallelism: parallelism)
        }
    }

    /// Whether the reader saw a repeated or unknown member.
    static func sawRepeat(_ bytes: [UInt8], _ parallelism: XCStringsParallelism) -> Bool {
        let notes = XCStringsReadNotes()
        _ = try? StringCatalog(xcstrings: bytes, file: "Main.xcstrings", parallelism: parallelism, notes: notes)
        return notes.hasRepeatedOrUnknownMembers
    }

    /// Reads `bytes` on one core, then in parts from guesses at every `step`th byte (and with
    /// 2, 3 and 5 even parts), and expects the same outcome each time; returns it.
    @discardableResult
    static func expectSameEverywhere(_ bytes: [UInt8], step: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Outcome {
        let sequential = read(bytes, .sequential)
        var settings = [2, 3, 5].map { XCStringsParallelism(parts: $0, minimumBytes: 0) }
        for search in stride(from: 1, to: bytes.count, by: step) {
            settings.append(XCStringsParallelism(parts: 2, minimumBytes: 0, searchOffsets: [search]))
            settings.append(XCStringsParallelism(parts: 3, minimumBytes: 0, searchOffsets: [search, search + step / 2]))
        }
        for setting in settings {
            let parallel = read(bytes, setting)
            #expect(positions(parallel) == positions(sequential), sourceLocation: sourceLocation)
            #expect(parallel == sequential, "parts \(setting.parts), searches \(setting.searchOffsets ?? [])", sourceLocation: sourceLocation)
            #expect(sawRepeat(bytes, setting) == sawRepeat(bytes, .sequential), sourceLocation: sourceLocation)
        }
        return sequential
    }

    /// Where every kept unknown member stood (catalog equality leaves positions out).
    static func positions(_ outcome: Outcome) -> [String] {
        guard case .success(let catalog) = outcome else { return [] }
        var found: [String] = []
        func visit(_ members: [JSONMember], _ path: String) {
            for member in members { found.append("\(path).\(member.key)@\(member.line):\(member.column)") }
        }
        func visit(_ value: LocalizedValue, _ path: String) {
            visit(value.extra, path)
            visit(value.stringUnit?.extra ?? [], path + ".stringUnit")
            for (category, form) in value.plural.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { visit(form, path + "." + category.rawValue) }
            for (device, form) in value.device.sorted(by: { $0.key < $1.key }) { visit(form, path + "." + device) }
            for (name, substitution) in value.substitutions.sorted(by: { $0.key < $1.key }) {
                visit(substitution.extra, path + "." + name)
                for (category, form) in substitution.plural.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                    visit(form, path + "." + name + "." + category.rawValue)
                }
            }
        }
        visit(catalog.extra, "")
        for key in catalog.keys {
            guard let entry = catalog.entries[key] else { continue }
            visit(entry.extra, key)
            for (code, value) in entry.localizations.sorted(by: { $0.key < $1.key }) { visit(value, key + "." + code) }
        }
        return found
    }

    /// The entries' places noted while reading (in parts or not) are those the pass of their
    /// own finds: repeated keys at their last spelling, keys spelled two ways, a repeated
    /// `"strings"` member, non-ASCII before a name, one line, and parts of any size.
    static let locatedCatalogs: [(name: String, text: String)] = [
        ("large", ParallelReadTests.catalog(count: 3_000)),
        ("large, repeated keys", ParallelReadTests.catalog(count: 3_000, duplicateEvery: 7)),
        ("respelled", #"{"sourceLanguage":"en","strings":{"caf\#u{E9}":{},"cafe\#u{301}":{},"a":{}},"version":"1.0"}"#),
        ("repeated strings", #"{"sourceLanguage":"en","strings":{"a":{},"b":{}},"strings":{"c":{},"a":{}},"version":"1.0"}"#),
        ("non-ASCII", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"é\" : {}, \"日本\" : {},\n\t\"x\" : {}\n  }\n}"),
    ]

    @Test(arguments: locatedCatalogs.indices)
    func entryPlacesNotedWhileReadingAreThePassesPlaces(index: Int) throws {
        let bytes = Array(Self.locatedCatalogs[index].text.utf8)
        let expected = StringCatalog.entryLocations(xcstrings: bytes, file: "L.xcstrings")
        #expect(!expected.isEmpty)
        for setting in [XCStringsParallelism.sequential, XCStringsParallelism(parts: 2, minimumBytes: 0),
                        XCStringsParallelism(parts: 3, minimumBytes: 0)] {
            let notes = XCStringsReadNotes()
            notes.recordsEntryLocations = true
            _ = try StringCatalog(xcstrings: bytes, file: "L.xcstrings", parallelism: setting, notes: notes)
            #expect(notes.entryLocations == expected, "\(Self.locatedCatalogs[index].name), parts \(setting.parts)")
        }
    }

    /// Counting newlines 32 bytes at a time, in runs of 255 blocks: dense, sparse and none.
    @Test(arguments: [(0.0, 5_000), (0.03, 100_003), (0.5, 70_001), (1.0, 40_000), (1.0, 7)])
    func newlineCounts(density: Double, size: Int) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<size).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) < density ? 0x0A : UInt8(truncatingIfNeeded: state >> 40) | 0x80
        }
        for end in [0, 1, 9, size / 3, size - 1, size] where end >= 0 && end <= size {
            #expect(XCStringsParallelism.newlineCount(bytes, upTo: end) == bytes[..<end].filter { $0 == 0x0A }.count, "end \(end)")
        }
    }

    /// Xcode's layout: `count` entries, every 5th with plural forms and an unknown member.
    static func catalog(count: Int, duplicateEvery: Int? = nil) -> String {
        var entries: [String] = []
        for index in 0..<count {
            let name = duplicateEvery.map { index % $0 == 0 ? "key.0" : "key.\(index)" } ?? "key.\(index)"
            if index % 5 == 0 {
                entries.append("""
                    "\(name)" : {
                      "localizations" : {
                        "de" : {
                          "variations" : {
                            "plural" : {
                              "one" : {
                                "stringUnit" : {
                                  "state" : "translated",
                                  "value" : "%lld Datei (\(index))"
                                }
                              },
                              "other" : {
                                "stringUnit" : {
                                  "state" : "translated",
                                  "value" : "%lld Dateien (\(index))"
                                }
                              }
                            }
                          }
                        }
                      },
                      "x-tool" : [1, 2.50, null]
                    }
                """)
            } else {
                entries.append("""
                    "\(name)" : {
                      "comment" : "Entry \(index) – “quoted”",
                      "localizations" : {
                        "fr" : {
                          "stringUnit" : {
                            "state" : "needs_review",
                            "value" : "Élément \(index)\\n"
                          }
                        }
                      }
                    }
                """)
            }
        }
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n") + "\n  },\n  \"version\" : \"1.0\"\n}\n"
    }

    @Test(arguments: [1, 2, 3, 40])
    func xcodeLayout(count: Int) throws {
        let bytes = Array(Self.catalog(count: count).utf8)
        let catalog = try Self.expectSameEverywhere(bytes, step: 97).get()
        #expect(catalog.keys.count == count)
        #expect(catalog.keys.last == "key.\(count - 1)")
        if count >= 3 {
            // The parts do start at entries (the guesses are taken, not all abandoned).
            let brace = Array(Self.catalog(count: count).utf8).firstIndex(of: UInt8(ascii: "{"))!
            let strings = bytes.indices.first { bytes[$0] == UInt8(ascii: "{") && $0 > brace }!
            let offsets = XCStringsParallelism(parts: 3, minimumBytes: 0).partOffsets(bytes, brace: strings)
            #expect(offsets.count == 2)
            for offset in offsets {
                #expect(bytes[offset] == UInt8(ascii: "\"") && bytes[offset - 5] == 0x0A && bytes[offset + 1] == UInt8(ascii: "k"))
            }
        }
    }

    /// Work handed out beside the parts (`fmt --check`'s layout check) runs once, on the same
    /// cores, exactly when the strings are read in parts, and changes nothing in the read; a
    /// catalog not read in parts (one line, or under the size worth splitting) leaves it to
    /// the caller.
    @Test(arguments: [2, 3, 5])
    func alongsideWorkRunsOnceWithTheParts(parts: Int) throws {
        let text = Self.catalog(count: 40)
        let bytes = Array(text.utf8)
        let minified = Array(text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined().utf8)
        for (input, minimum, expected) in [(bytes, 0, 1), (minified, 0, 0), (bytes, bytes.count + 1, 0)] {
            let runs = Locked(0)
            let setting = XCStringsParallelism(parts: parts, minimumBytes: minimum, alongside: { runs.withLock { $0 += 1 } })
            let read = Self.read(input, setting)
            #expect(read == Self.read(input, .sequential))
            #expect((try? read.get())?.keys.count == 40)
            #expect(runs.withLock { $0 } == expected, "\(input.count) bytes, split from \(minimum)")
        }
        // A repeated "strings" member (read, with a warning) does not run the work again.
        let object = text[text.range(of: "\"strings\" : ")!.upperBound..<text.range(of: ",\n  \"version\"")!.lowerBound]
        let repeated = Array(text.replacingOccurrences(of: "\n  \"version\"", with: "\n  \"strings\" : \(object),\n  \"version\"").utf8)
        let repeatedRuns = Locked(0)
        let repeatedRead = Self.read(repeated, XCStringsParallelism(parts: parts, minimumBytes: 0, alongside: { repeatedRuns.withLock { $0 += 1 } }))
        #expect(repeatedRead == Self.read(repeated, .sequential))
        #expect((try? repeatedRead.get())?.keys.count == 40)
        #expect(repeatedRuns.withLock { $0 } == 1)
        // A part's error does not keep the work from running.
        let broken = Array(text.replacingOccurrences(of: "\"value\" : \"Élément 38\\n\"", with: "\"value\" : 38").utf8)
        let runs = Locked(0)
        let read = Self.read(broken, XCStringsParallelism(parts: parts, minimumBytes: 0, alongside: { runs.withLock { $0 += 1 } }))
        #expect(read == Self.read(broken, .sequential))
        #expect(runs.withLock { $0 } == 1)
    }

    /// Each part tells of the bytes it has read past, a stretch of at least the given size at
    /// a time and its last stretch when it is done: the stretches lie inside the strings, do not
    /// overlap (but for an indent), and cover them, and the read is unchanged. A catalog not read in parts tells
    /// nothing.
    @Test(arguments: [(2, 1), (3, 1), (3, 600), (5, 1 << 20)])
    func partsTellOfTheBytesTheyReadPast(parts: Int, every: Int) throws {
        let text = Self.catalog(count: 40)
        let bytes = Array(text.utf8)
        let told = Locked<[Range<Int>]>([])
        var setting = XCStringsParallelism(parts: parts, minimumBytes: 0, readBehind: { range in told.withLock { $0.append(range) } })
        setting.readBehindBytes = every
        let read = Self.read(bytes, setting)
        #expect(read == Self.read(bytes, .sequential))
        let stretches = told.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        let strings = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: "\"strings\" : {")!.upperBound)
        let end = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: "\n  \"version\"")!.lowerBound)
        // Inside the strings, overlapping at most by the indent where one part ends at an entry's
        // name and the next starts at its line, each at least the size but each part's last;
        // together all of the strings.
        #expect(stretches.allSatisfy { !$0.isEmpty && $0.lowerBound >= strings && $0.upperBound <= end })
        #expect(zip(stretches, stretches.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound + 16 })
        #expect(stretches.filter { $0.count < every }.count <= parts)
        #expect(stretches.reduce(0) { $0 + $1.count } >= end - strings - 16 * parts)
        if every == 1 { #expect(stretches.count >= 40) }
        if every >= bytes.count { #expect(stretches.count <= parts) }
        // One line: not read in parts, nothing told.
        let minified = Array(text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined().utf8)
        let none = Locked(0)
        _ = Self.read(minified, XCStringsParallelism(parts: parts, minimumBytes: 0, readBehind: { _ in none.withLock { $0 += 1 } }))
        #expect(none.withLock { $0 } == 0)
    }

    @Test func duplicateKeysAcrossParts() throws {
        let catalog = try Self.expectSameEverywhere(Array(Self.catalog(count: 30, duplicateEvery: 7).utf8), step: 211).get()
        #expect(catalog.warnings.count == 4)
        #expect(catalog.warnings.allSatisfy { $0.rule == "duplicate-key" })
        #expect(catalog.keys.count == 26)
    }

    /// Lint scans a catalog's outline only when the reader saw a repeated or unknown member,
    /// wherever the parts start: here one repeat, in an entry near the end.
    @Test(arguments: [false, true])
    func aRepeatedMemberInALatePart(repeated: Bool) throws {
        var text = Self.catalog(count: 40).replacingOccurrences(of: ",\n      \"x-tool\" : [1, 2.50, null]", with: "")
        #expect(!text.contains("x-tool"))
        if repeated {
            text = text.replacingOccurrences(of: "\"comment\" : \"Entry 38 – “quoted”\",",
                                             with: "\"comment\" : \"Entry 38\", \"comment\" : \"Entry 38 – “quoted”\",")
        }
        let bytes = Array(text.utf8)
        _ = try Self.expectSameEverywhere(bytes, step: 173).get()
        #expect(Self.sawRepeat(bytes, .sequential) == repeated)
        #expect(Self.sawRepeat(bytes, XCStringsParallelism(parts: 3, minimumBytes: 0)) == repeated)
        #expect(Self.sawRepeat(Array(Self.catalog(count: 40).utf8), .sequential), "x-tool is a member the reader does not know")
    }

    /// Every line indented as the entries are: most guesses are not entry starts.
    @Test func linesThatLookLikeEntries() throws {
        let flat = Self.catalog(count: 12).split(separator: "\n").map { line in
            "    " + line.drop { $0 == " " }
        }.joined(separator: "\n")
        let catalog = try Self.expectSameEverywhere(Array(flat.utf8), step: 31).get()
        #expect(catalog.keys.count == 12)
    }

    static let breakages: [(name: String, edit: @Sendable (String) -> String)] = [
        ("truncated at two thirds", { (text: String) -> String in String(text.prefix(text.count * 2 / 3)) }),
        ("a missing comma late", { (text: String) -> String in text.replacingOccurrences(of: ",\n    \"key.34\"", with: "\n    \"key.34\"") }),
        // U+FFFF's lead byte 0xEF is made 0xFF below, which is never valid UTF-8.
        ("invalid UTF-8 late", { (text: String) -> String in text.replacingOccurrences(of: "Élément 36", with: "\u{FFFF}36") }),
        ("a raw newline in a late value", { (text: String) -> String in text.replacingOccurrences(of: "Élément 37", with: "Élé\nment") }),
        ("a schema error late", { (text: String) -> String in text.replacingOccurrences(of: "\"value\" : \"Élément 38\\n\"", with: "\"value\" : 38") }),
        ("a bad plural category in the last plural entry", { (text: String) -> String in
            let last = text.range(of: "\"one\" :", options: .backwards)!
            return text.replacingCharacters(in: last, with: "\"uno\" :")
        }),
        ("an early error", { (text: String) -> String in text.replacingOccurrences(of: "Élément 2\\n", with: "Élément 2\\q") }),
        ("the strings never close", { (text: String) -> String in text.replacingOccurrences(of: "\n  },\n  \"version\"", with: ",\n  \"version\"") }),
    ]

    @Test(arguments: breakages.indices)
    func brokenCatalogs(_ index: Int) {
        let text = Self.catalog(count: 40)
        let broken = Self.breakages[index].edit(text)
        #expect(broken != text, "the edit applies")
        let bytes = Array(broken.utf8).map { $0 == 0xEF ? 0xFF : $0 }
        let outcome = Self.expectSameEverywhere(bytes, step: 173)
        guard case .failure(let error) = outcome else {
            Issue.record("\(Self.breakages[index].name): expected an error")
            return
        }
        #expect(error.location.line > 1, "\(error)")
    }
}

@Suite(.enabled(if: TestCorpus.shared().shouldRun, "../shared/corpus is absent"))
struct ParallelReadCorpusTests {
    static let corpus = TestCorpus.shared()

    @Test(arguments: corpus.files(endingWith: [".xcstrings"]))
    func sameCatalog(_ path: String) throws {
        let bytes = try Self.corpus.bytes(path)
        ParallelReadTests.expectSameEverywhere(bytes, step: max(512, bytes.count / 40))
    }
}
