import Foundation
import Testing
import ToastTestSupport
import ToastCatalog
import ToastICU
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

    /// `dump`'s lines of every corpus catalog, `.strings` and `.stringsdict` included, written
    /// without leaves are the leaves' lines.
    @Test(arguments: corpus.files(endingWith: [".xcstrings", ".strings", ".stringsdict"]))
    func dumpLinesAreTheLeavesLines(file: String) throws {
        let catalog = try CatalogLoader.readFile(Self.corpus.root.appendingPathComponent(file).path)
        var expected: [UInt8] = []
        for leaf in catalog.leaves(file: file) { leaf.appendJSONLine(to: &expected) }
        var written: [UInt8] = []
        catalog.writeJSONLines(file: file) { written += $0 }
        #expect(written == expected)
    }

    /// `dump` of a String Catalog as it is read, without its model: the model's lines and
    /// warnings, on every corpus catalog.
    @Test(arguments: files)
    func aCatalogDumpedAsItIsReadGivesTheModelsLines(file: String) throws {
        let bytes = try Self.corpus.bytes(file)
        try XCStringsDumpTests.expectTheModelsLines(bytes, file: file)
    }

    /// `convert` writes a catalog without its whole tree (entries in runs on all cores): the
    /// bytes are the tree's, with a final newline or without.
    @Test(arguments: files)
    func aCatalogIsWrittenAsItsTree(file: String) throws {
        let catalog = try StringCatalog(xcstrings: try Self.corpus.bytes(file), file: file)
        for newline in [false, true] {
            #expect(Self.writer.bytes(catalog, finalNewline: newline) == Self.writer.bytes(catalog.jsonValue(), finalNewline: newline))
        }
    }

    /// The same for every corpus app's `.lproj` tables converted to String Catalogs.
    @Test func convertedTablesAreWrittenAsTheirTrees() throws {
        let apps = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.root.path).sorted()
        var compared = 0
        for app in apps {
            let set = try CatalogSet.load(paths: [Self.corpus.root.appendingPathComponent(app).path], reportsKeySpellings: true)
            for table in set.tables where table.format != .xcstrings {
                let (catalog, _) = CatalogConverter.stringCatalog(from: table, sourceLanguage: "en")
                #expect(Self.writer.bytes(catalog) == Self.writer.bytes(catalog.jsonValue()), "\(app): \(table.table)")
                compared += 1
            }
        }
        #expect(compared >= 20)
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

    @Test(arguments: files)
    func aLaidOutFileIsRecognizedAndAnyChangeIsNot(file: String) throws {
        let bytes = try Self.corpus.bytes(file)
        let tree = try JSONParser.parse(bytes, file: file)
        #expect(Self.writer.isLaidOut(tree, as: bytes))
        // one byte changed at the start, in the middle, past the first 64 KiB block, at the end
        for offset in Set([0, bytes.count / 2, min(bytes.count - 1, 70_000), bytes.count - 1]) {
            var changed = bytes
            changed[offset] = changed[offset] == 0x20 ? 0x09 : 0x20
            #expect(!Self.writer.isLaidOut(tree, as: changed), "byte \(offset) of \(bytes.count)")
        }
        // cut short (the closing brace, not a final newline, which is either way)
        #expect(!Self.writer.isLaidOut(tree, as: Array(bytes.dropLast(bytes.last == 0x0A ? 2 : 1))))
        #expect(!Self.writer.isLaidOut(tree, as: bytes + [0x20]))
        #expect(!Self.writer.isLaidOut(tree, as: []))
    }

    @Test(arguments: files)
    func formattingReadsTheTreeAndTheCatalogAtOnce(file: String) throws {
        let bytes = try Self.corpus.bytes(file)
        let read = try XCStringsFormatting(bytes, file: file, writer: Self.writer)
        #expect(read.isLaidOut)
        #expect(read.tree == nil)  // known from the bytes: nothing to write
        #expect(read.catalog == (try StringCatalog(xcstrings: bytes, file: file, detail: .states, onEntry: nil)))
        // Not in the layout: parsed, and the tree is what is written.
        var changed = bytes
        changed.insert(0x20, at: 1)
        let reread = try XCStringsFormatting(changed, file: file, writer: Self.writer)
        #expect(!reread.isLaidOut)
        #expect(reread.tree == (try JSONParser.parse(bytes, file: file)))
        #expect(try XCStringsFormatting.isLaidOut(bytes, file: file, writer: Self.writer))
        #expect(try !XCStringsFormatting.isLaidOut(changed, file: file, writer: Self.writer))
    }

    /// The check on bytes says "laid out" for every corpus catalog (Xcode wrote them), and it
    /// is exact: on 40 random edits of each file (8 of a file over a megabyte) (a byte changed, inserted or removed, two
    /// lines swapped) it says "laid out" exactly when the parser reads the edit and the writer
    /// writes its document as the edit's bytes. `fmt --check`'s answer on bytes
    /// (`XCStringsFormatting.isLaidOut`) is the full read's, error included.
    @Test(arguments: files)
    func theLayoutCheckOnBytesAgreesWithTheWriter(file: String) throws {
        let bytes = try Self.corpus.bytes(file)
        #expect(Self.writer.isLaidOut(bytes: bytes, limits: .standard))
        var rng = SeededGenerator(seed: UInt64(bytes.count))
        let alphabet = Array(" \n\t\"\\{}[],:0e-.uaé".utf8)
        // Each edit is read four ways; the one catalog over a megabyte gets fewer edits.
        for _ in 0..<(bytes.count > 1_000_000 ? 8 : 40) {
            var edited = bytes
            let at = Int(rng.next() % UInt64(bytes.count))
            switch rng.next() % 4 {
            case 0: edited[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
            case 1: edited.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
            case 2: edited.remove(at: at)
            default:
                var lines = edited.split(separator: 0x0A, omittingEmptySubsequences: false)
                let a = Int(rng.next() % UInt64(lines.count)), b = Int(rng.next() % UInt64(lines.count))
                lines.swapAt(a, b)
                edited = Array(lines.joined(separator: [0x0A]))
            }
            let tree = try? JSONParser.parse(edited, file: file)
            let laidOut = tree.map { Self.writer.isLaidOut($0, as: edited) } ?? false
            #expect(Self.writer.isLaidOut(bytes: edited, limits: .standard) == laidOut, "an edit at \(at) of \(file)")
            #expect(Self.checkOutcome(edited, file: file) == Self.readOutcome(edited, file: file), "an edit at \(at) of \(file)")
        }
    }

    /// Edits of a large laid-out catalog, early (first part) and late (last part).
    static let largeEdits: [(name: String, edit: @Sendable (String) -> String)] = [
        ("laid out", { (text: String) -> String in text }),
        ("a space early", { (text: String) -> String in edit(text, "\"localizations\" : {", "\"localizations\" :  {", last: false) }),
        ("a space late", { (text: String) -> String in edit(text, "\"localizations\" : {", "\"localizations\" :  {") }),
        ("a schema error late", { (text: String) -> String in edit(text, "\"state\" : \"needs_review\"", "\"state\" : 7") }),
        ("a schema error late, not laid out early", { (text: String) -> String in
            edit(edit(text, "\"state\" : \"needs_review\"", "\"state\" : 7"), "\"localizations\" : {", "\"localizations\":{", last: false)
        }),
        ("a syntax error late", { (text: String) -> String in edit(text, "\\n\"", "\\q\"") }),
    ]

    /// A catalog over a megabyte is checked in parts, the layout check beside them
    /// (``XCStringsParallelism/alongside``): its answer is the full read's for a change in the
    /// first or the last part, of the layout, the schema or the syntax.
    @Test(arguments: largeEdits.indices)
    func aLargeCatalogIsCheckedInParts(_ index: Int) throws {
        let (name, edit) = Self.largeEdits[index]
        let tree = try JSONParser.parse(Array(ParallelReadTests.catalog(count: 6_000).utf8), file: "Large.xcstrings")
        let laidOut = String(decoding: Self.writer.bytes(tree, finalNewline: true), as: UTF8.self)
        let bytes = Array(edit(laidOut).utf8)
        #expect(bytes.count > XCStringsParallelism.standard.minimumBytes)
        #expect(name == "laid out" || bytes != Array(laidOut.utf8), "the edit applies")
        let outcome = Self.checkOutcome(bytes, file: "Large.xcstrings")
        #expect(outcome == Self.readOutcome(bytes, file: "Large.xcstrings"))
        switch name {
        case "laid out": #expect(outcome == "true")
        case _ where name.hasPrefix("a space"): #expect(outcome == "false")
        case _ where name.hasPrefix("a schema error"): #expect(outcome.contains(": error: [xcstrings-schema]"), "\(outcome)")
        default: #expect(outcome.contains(": error: [json-syntax]"), "\(outcome)")
        }
        if name.contains("error late") {
            // Found in the last part, at its line.
            let line = outcome.split(separator: ":").dropFirst().first.flatMap { Int($0) } ?? 0
            #expect(line > bytes.count(where: { $0 == 0x0A }) * 9 / 10, "\(outcome)")
        }
    }

    /// `text` with the last (or first) `target` replaced.
    static func edit(_ text: String, _ target: String, _ replacement: String, last: Bool = true) -> String {
        guard let range = text.range(of: target, options: last ? .backwards : []) else { return text }
        return text.replacingCharacters(in: range, with: replacement)
    }

    /// `fmt --check`'s answer: laid out or not, or the error's text.
    static func checkOutcome(_ bytes: [UInt8], file: String) -> String {
        do { return try "\(XCStringsFormatting.isLaidOut(bytes, file: file, writer: writer))" } catch { return error.description }
    }

    /// `fmt`'s answer from the full read (tree and catalog).
    static func readOutcome(_ bytes: [UInt8], file: String) -> String {
        do { return try "\(XCStringsFormatting(bytes, file: file, writer: writer).isLaidOut)" } catch { return error.description }
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

    /// Indentation past the sixty-four spaces the writer copies at once (unknown members nested
    /// more than 32 levels, empty ones closed too) is written whole: every line of `depth`
    /// levels has two spaces a level, and the text reads back as the tree.
    @Test(arguments: [31, 32, 33, 40, 70])
    func deepIndentationIsWrittenWhole(depth: Int) throws {
        var value = JSONValue.object([JSONMember(key: "leaf", value: .string("x")), JSONMember(key: "none", value: .object([]))])
        for level in 0..<depth { value = .object([JSONMember(key: "k\(level)", value: value)]) }
        let text = writer.string(value)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let leaf = try #require(lines.first { $0.contains("\"leaf\"") })
        #expect(leaf.prefix { $0 == " " }.count == 2 * (depth + 1))
        let close = try #require(lines.first { $0.hasSuffix("}") && $0.prefix { $0 == " " }.count == 2 * (depth + 1) })
        #expect(close.trimmingCharacters(in: .whitespaces) == "}")
        #expect(try JSONParser.parse(Array(text.utf8), file: "deep.json", limits: CatalogLimits(maximumDepth: 200)) == value)
    }

    /// Documents on the edge of the writer's layout: the check on bytes says "laid out" exactly
    /// for those the parser reads and the writer writes back byte for byte.
    static let layoutCases: [(text: String, laidOut: Bool)] = [
        ("{\n  \"a\" : \"x\"\n}", true),
        ("{\n  \"a\" : \"x\"\n}\n", true),
        ("{\n  \"a\" : \"x\"\n}\n\n", false),
        ("{\n\n}", true),
        ("{\n}", false),
        ("[\n\n]", true),
        ("{\n  \"a\" : [\n    1,\n    -0.5e+3,\n    true,\n    null\n  ]\n}", true),
        ("{\n  \"a\" : 01\n}", false),
        ("{\n  \"b\" : 1,\n  \"a\" : 2\n}", false),
        ("{\n  \"a\" : 1,\n  \"a\" : 2\n}", true),
        ("{\n  \"item 2\" : 1,\n  \"item 10\" : 2\n}", true),
        ("{\n  \"item 10\" : 1,\n  \"item 2\" : 2\n}", false),
        ("{\n  \"a\" : \"\\\" \\\\ \\n \\r \\t \\b \\f \\u001F \\u007F é 🙂\"\n}", true),
        ("{\n  \"a\" : \"\\u001f\"\n}", false),
        ("{\n  \"a\" : \"\\u000A\"\n}", false),
        ("{\n  \"a\" : \"\\u00E9\"\n}", false),
        ("{\n  \"a\" : \"\\/\"\n}", false),
        ("{\n  \"a\" : \"\t\"\n}", false),
        ("{\n  \"\\n\" : 1,\n  \"\\\"\" : 2\n}", true),
        ("{\n  \"\\\"\" : 1,\n  \"\\n\" : 2\n}", false),
        ("\u{FEFF}{\n\n}", false),
        ("{\n  \"a\" : \"x\" \n}", false),
        ("{\n  \"a\": \"x\"\n}", false),
        ("{\n   \"a\" : \"x\"\n}", false),
        // Objects of one size alternate (several ordered shapes are remembered): a name order
        // met before in order, then out of order, after other shapes of that size.
        (shapes(["state", "value"], ["one", "other"], ["comment", "localizations"], ["state", "value"], ["one", "other"]), true),
        (shapes(["state", "value"], ["one", "other"], ["comment", "localizations"], ["other", "one"]), false),
        (shapes(["state", "value"], ["one", "other"], ["value", "state"]), false),
        (shapes(["b1", "b2"], ["c1", "c2"], ["d1", "d2"], ["e1", "e2"], ["f1", "f2"], ["g1", "g2"], ["h1", "h2"], ["i1", "i2"],
                ["j1", "j2"], ["b1", "b2"], ["b2", "b1"]), false),
        // Names of eight bytes and more, compared a word at a time, and differing only in their last byte.
        (shapes(["abcdefgh1", "abcdefgh2"], ["abcdefgh1", "abcdefgh2"], ["abcdefgh2", "abcdefgh1"]), false),
        (shapes(["abcdefghijklmnop1", "abcdefghijklmnop2"], ["abcdefghijklmnop1", "abcdefghijklmnop2"]), true),
        // A string whose special byte falls at each place of an eight-byte word.
        ("{\n  \"a\" : \"1234567\\n\",\n  \"b\" : \"12345678\\t\",\n  \"c\" : \"123456789é\"\n}", true),
        ("{\n  \"a\" : \"1234567\u{7F}\"\n}", false),
        ("{\n  \"a\" : \"12345678\u{1}\"\n}", false),
    ]

    /// A document whose one member holds an array of objects with these member names (each
    /// value `1`), in Xcode's layout.
    static func shapes(_ objects: [String]...) -> String {
        let items = objects.map { names in
            "    {\n" + names.map { "      \"\($0)\" : 1" }.joined(separator: ",\n") + "\n    }"
        }
        return "{\n  \"a\" : [\n" + items.joined(separator: ",\n") + "\n  ]\n}"
    }

    @Test(arguments: layoutCases.indices)
    func theLayoutCheckOnBytesKnowsTheEdges(index: Int) throws {
        let (text, laidOut) = Self.layoutCases[index]
        let bytes = Array(text.utf8)
        let oracle = (try? JSONParser.parse(bytes, file: "t.xcstrings")).map { writer.isLaidOut($0, as: bytes) } ?? false
        #expect(oracle == laidOut, "the case itself")
        #expect(writer.isLaidOut(bytes: bytes, limits: .standard) == laidOut)
    }

    /// Bytes the parser refuses are never "laid out": invalid UTF-8, nesting or a string past
    /// the limits.
    @Test func theLayoutCheckOnBytesKeepsTheParsersLimits() {
        #expect(!writer.isLaidOut(bytes: Array("{\n  \"a\" : \"".utf8) + [0xC0, 0x80] + Array("\"\n}".utf8), limits: .standard))
        #expect(!writer.isLaidOut(bytes: Array("{\n  \"a\" : \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"\n}".utf8), limits: .standard))
        // The limit on a plain ASCII string that is not the last member (the inline path).
        let notLast = Array("{\n  \"a\" : \"0123456789\",\n  \"b\" : \"x\",\n  \"c\" : \"y\"\n}".utf8)
        for (limit, reads) in [(9, false), (10, true), (11, true)] {
            let limits = CatalogLimits(maximumStringLength: limit)
            #expect(((try? JSONParser.parse(notLast, file: "t", limits: limits)) != nil) == reads, "limit \(limit)")
            #expect(writer.isLaidOut(bytes: notLast, limits: limits) == reads, "limit \(limit)")
        }
        // Non-ASCII bytes and an escape in one word, with the file going on after it.
        let after = Array("\",\n  \"b\" : \"some more text after it\"\n}".utf8)
        #expect(writer.isLaidOut(bytes: Array("{\n  \"a\" : \"ab".utf8) + [0xC3, 0xA9] + Array("\\ncd".utf8) + after, limits: .standard))
        #expect(!writer.isLaidOut(bytes: Array("{\n  \"a\" : \"ab".utf8) + [0xC3] + Array("\\ncd".utf8) + after, limits: .standard))
        #expect(!writer.isLaidOut(bytes: Array("{\n  \"a\" : \"ab".utf8) + [0xED, 0xA0, 0x80] + Array("cd".utf8) + after, limits: .standard))
        // Ill-formed UTF-8 after a run of ASCII words, and a lead byte cut by an escape.
        for prefix in ["", "1234567", "12345678", "123456789abcdef"] {
            let start = Array("{\n  \"a\" : \"\(prefix)".utf8)
            #expect(writer.isLaidOut(bytes: start + [0xC3, 0xA9] + Array("x\"\n}".utf8), limits: .standard), "\(prefix)")
            #expect(!writer.isLaidOut(bytes: start + [0xC3] + Array("x\"\n}".utf8), limits: .standard), "\(prefix)")
            #expect(!writer.isLaidOut(bytes: start + [0xC3] + Array("\\n\"\n}".utf8), limits: .standard), "\(prefix)")
            #expect(!writer.isLaidOut(bytes: start + [0xE2, 0x82] + Array("\"\n}".utf8), limits: .standard), "\(prefix)")
        }
        let nested = Array("{\n  \"a\" : {\n    \"b\" : {\n\n    }\n  }\n}".utf8)
        #expect(writer.isLaidOut(bytes: nested, limits: CatalogLimits(maximumDepth: 3)))
        #expect(!writer.isLaidOut(bytes: nested, limits: CatalogLimits(maximumDepth: 2)))
        #expect((try? JSONParser.parse(nested, file: "t", limits: CatalogLimits(maximumDepth: 2))) == nil)
        let long = Array("{\n  \"a\" : \"0123456789\"\n}".utf8)
        #expect(writer.isLaidOut(bytes: long, limits: CatalogLimits(maximumStringLength: 11)))
        #expect(!writer.isLaidOut(bytes: long, limits: CatalogLimits(maximumStringLength: 9)))
        #expect((try? JSONParser.parse(long, file: "t", limits: CatalogLimits(maximumStringLength: 9))) == nil)
        // The limit is the parser's, on the decoded length: a string of exactly the limit reads.
        let escaped = Array("{\n  \"a\" : \"012345\\n\\u001F78\"\n}".utf8)  // 16 bytes, 10 decoded
        for (limit, reads) in [(9, false), (10, true), (11, true)] {
            let limits = CatalogLimits(maximumStringLength: limit)
            for bytes in [long, escaped] {
                let parses = (try? JSONParser.parse(bytes, file: "t", limits: limits)) != nil
                #expect(parses == reads, "limit \(limit)")
                #expect(writer.isLaidOut(bytes: bytes, limits: limits) == reads, "limit \(limit)")
            }
        }
    }

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

    /// A substitution's members the model does not know (the argument style `convert` adds,
    /// or any other) are written among its known ones without a tree, in the tree's order:
    /// names before, between and after the known ones, one spelled as a known one, and a
    /// variation kind the model does not know (written through the tree).
    static let substitutionExtras: [[String]] = [
        [CatalogConverter.argumentStyleKey],
        ["aardvark"],
        ["b", "g", "zebra"],
        ["argNum"],
        ["Formatspecifier", "VARIATIONS"],
        ["variations.device"],
        ["variations.device", CatalogConverter.argumentStyleKey],
    ]

    @Test(arguments: substitutionExtras.indices)
    func substitutionMembersTheModelDoesNotKnowAreWrittenAsTheTreeOrdersThem(index: Int) {
        for argNum in [nil, 2] {
            for specifier in [nil, "lld"] {
                var substitution = Substitution(argNum: argNum, formatSpecifier: specifier,
                                                plural: [.one: LocalizedValue(stringUnit: StringUnit(state: "translated", value: "%arg file"))])
                substitution.extra = Self.substitutionExtras[index].map { JSONMember(key: $0, value: .string("sequential")) }
                var value = LocalizedValue(stringUnit: StringUnit(state: "translated", value: "%#@n@"))
                value.substitutions = ["n": substitution, "m": Substitution(argNum: 1, formatSpecifier: "d")]
                var catalog = StringCatalog(table: "L", sourceLanguage: "en")
                catalog.keys = ["k"]
                catalog.entries["k"] = CatalogEntry(localizations: ["de": value])
                let written = String(decoding: writer.bytes(catalog), as: UTF8.self)
                #expect(written == String(decoding: writer.bytes(catalog.jsonValue()), as: UTF8.self),
                        "\(Self.substitutionExtras[index]) \(String(describing: argNum)) \(String(describing: specifier))")
                #expect(written.contains("\"sequential\""))
            }
        }
    }

    @Test func memberOrderIsXcodesCollation() throws {
        let keys = ["zh-Hant", "zh-HK", "Zeta", "10 files", "2 files", "_under", "%@ x", "apple", "Apple", "zh-Hans", "éclair", "eclair"]
        let members = keys.map { JSONMember(key: $0, value: .null) }
        #expect(writer.sorted(members).map(\.key) == ["_under", "%@ x", "2 files", "10 files", "apple", "Apple", "eclair", "éclair", "Zeta", "zh-Hans", "zh-Hant", "zh-HK"])
    }

    @Test(arguments: [
        (#"{"sourceLanguage": "en", "strings": {"a": {"localizations": 3}}, "version": "1.0"}"#, "f.xcstrings:1:44: error: [xcstrings-schema]"),
        (#"{"sourceLanguage": "en", "strings": {"a": }"#, "f.xcstrings:1:43: error: [json-syntax]"),
        (#"{"strings": {"a": {"localizations": 3}}, "x": }"#, "f.xcstrings:1:47: error: [json-syntax]"),
    ])
    func formattingReportsSyntaxBeforeSchema(text: String, expected: String) {
        do {
            _ = try XCStringsFormatting(Array(text.utf8), file: "f.xcstrings", writer: writer)
            Issue.record("read \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
        do {
            _ = try XCStringsFormatting.isLaidOut(Array(text.utf8), file: "f.xcstrings", writer: writer)
            Issue.record("checked \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    /// Top-level members the model does not know sort around `strings` as in the tree; no
    /// entries is `{`, an empty line and `}`.
    @Test(arguments: [
        #"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#,
        #"{"sourceLanguage":"en","strings":{}}"#,
        #"{"zzz":{"b":2,"a":[1,{}]},"sourceLanguage":"en","aaa":true,"strings":{"b":{},"a":{"comment":"c"}},"version":"1.0","sss":null}"#,
        #"{"sourceLanguage":"de","strings":{"x":{"localizations":{"en":{"stringUnit":{"state":"new","value":"\u0001\"/é"}}}},"10":{},"9":{}}}"#,
        // Each part of an entry the model knows, written straight from it, and parts it does
        // not (unknown members, device variations), written through their trees.
        #"{"sourceLanguage":"en","strings":{"a":{"shouldTranslate":false,"localizations":{},"isCommentAutoGenerated":true,"extractionState":"manual","comment":"c\n"},"b":{"localizations":{"zh-Hant":{"stringUnit":{"value":"x"}},"de":{}}}}}"#,
        #"{"sourceLanguage":"en","strings":{"p":{"localizations":{"fr":{"variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%lld"}},"zero":{"stringUnit":{"value":"0"}},"few":{"stringUnit":{"value":"f"}},"one":{"stringUnit":{"value":"1"}},"many":{"stringUnit":{"value":"m"}},"two":{"stringUnit":{"value":"2"}}}}}}}}}"#,
        #"{"sourceLanguage":"en","strings":{"s":{"localizations":{"en":{"stringUnit":{"state":"new","value":"%#@b@ %#@a@"},"substitutions":{"b":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{"one":{"stringUnit":{"value":"%arg"}},"other":{"stringUnit":{"value":"%arg s"}}}}},"a":{"formatSpecifier":"@","argNum":1,"variations":{"plural":{"other":{"stringUnit":{"value":"x"}}}},"zz":1},"10":{"argNum":3},"9":{}}}}}}}"#,
        #"{"sourceLanguage":"en","strings":{"d":{"localizations":{"en":{"variations":{"device":{"mac":{"stringUnit":{"value":"m"}},"iphone":{"stringUnit":{"value":"i"}}}}},"de":{"stringUnit":{"value":"v","x":1}},"fr":{"stringUnit":{"value":"v"},"extra":[1]},"it":{"variations":{"width":{"1":{}}}}},"custom":{"k":null}}}}"#,
    ])
    func aCatalogIsWrittenAsItsTreeAtTheEdges(text: String) throws {
        let catalog = try StringCatalog(xcstrings: Array(text.utf8), file: "t.xcstrings")
        #expect(writer.bytes(catalog, finalNewline: true) == writer.bytes(catalog.jsonValue(), finalNewline: true))
    }

    @Test func collationKeysOrderAsTheCollatorDoes() throws {
        let collator = try Collator(locale: LocaleTag("en")!, numeric: true)
        let names = ["zh-Hant", "zh-HK", "Zeta", "10 files", "2 files", "_under", "%@ x", "apple", "Apple", "zh-Hans",
                     "éclair", "eclair", "e\u{301}clair", "", " ", "a\u{0}b", "file 02", "file 2", "ß", "ss", "Ω", "日本",
                     "🙂", "ar-EG", "ar", "item9", "item10", "Item10", "\u{200B}x", "x"]
        for a in names {
            for b in names where a != b {
                let byKeys = collator.sortKey(a).lexicographicallyPrecedes(collator.sortKey(b))
                let tie = collator.sortKey(a) == collator.sortKey(b)
                if !tie { #expect(byKeys == collator.precedes(a, b), "\(a.debugDescription) vs \(b.debugDescription)") }
            }
        }
        let members = names.map { JSONMember(key: $0, value: .null) }
        #expect(writer.sorted(members).map(\.key) == names.sorted(by: collator.precedes))
    }

    @Test func anObjectShapedLikeAnEarlierOneIsStillSorted() throws {
        // The first object is in order; the second has the same size and other names, the third
        // the first's names in another order: both must still be sorted.
        let text = #"{"a":{"de":1,"en":2,"fr":3},"b":{"ja":1,"en":2,"ar":3},"c":{"fr":1,"de":2,"en":3}}"#
        let tree = try JSONParser.parse(Array(text.utf8), file: "t")
        let written = writer.string(tree)
        #expect(written.contains(#""ar" : 3,\#n    "en" : 2,\#n    "ja" : 1"#))
        #expect(written.contains(#""de" : 2,\#n    "en" : 3,\#n    "fr" : 1"#))
        #expect(writer.isLaidOut(tree, as: Array(written.utf8)))
        #expect(writer.bytes(tree, finalNewline: true) == Array((written + "\n").utf8))
    }
}

/// A String Catalog dumped as it is read (``XCStringsDump``) gives the lines and warnings of
/// its model (``StringCatalog/writeJSONLines(file:_:)``), and the error reading it gives.
@Suite struct XCStringsDumpTests {
    static func expectTheModelsLines(_ bytes: [UInt8], file: String, streamed: Bool? = nil,
                                     sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let catalog = try StringCatalog(xcstrings: bytes, file: file)
        var expected: [UInt8] = []
        catalog.writeJSONLines(file: file) { expected += $0 }
        let dump = try XCStringsDump(bytes: bytes, file: file)
        var written: [UInt8] = []
        dump.write { written += $0 }
        #expect(written == expected, sourceLocation: sourceLocation)
        #expect(dump.warnings == catalog.warnings, sourceLocation: sourceLocation)
        if let streamed { #expect(dump.isStreamed == streamed, sourceLocation: sourceLocation) }
    }

    @Test(arguments: [
        // Entries without localizations, variations, substitutions, escapes, keys out of order.
        #"{"sourceLanguage":"en","strings":{"b":{},"a\n\"q\"":{"localizations":{"de":{"stringUnit":{"state":"new","value":"x\u0001y"}},"en":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"1"}},"other":{"stringUnit":{"state":"translated","value":"%d"}}}}}}},"Z":{"localizations":{"pt_BR":{"stringUnit":{"state":"translated","value":"a"}},"pt-BR":{"stringUnit":{"state":"translated","value":"b"}}}}},"version":"1.0"}"#,
        // The source language after "strings" (read again as a whole).
        #"{"strings":{"k":{}},"sourceLanguage":"fr","version":"1.0"}"#,
        // A source language given twice, around "strings".
        #"{"sourceLanguage":"en","strings":{"k":{}},"sourceLanguage":"de"}"#,
        // A key twice (the last one wins), and a key spelled two ways.
        #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"de":{"stringUnit":{"state":"new","value":"1"}}}},"k":{"localizations":{"de":{"stringUnit":{"state":"new","value":"2"}}}}}}"#,
        "{\"sourceLanguage\":\"en\",\"strings\":{\"caf\u{E9}\":{},\"cafe\u{301}\":{}}}",
        // "strings" twice (the last one wins), and none at all.
        #"{"sourceLanguage":"en","strings":{"a":{}},"strings":{"b":{}}}"#,
        #"{"sourceLanguage":"en","version":"1.0"}"#,
        #"{"sourceLanguage":"en","strings":{}}"#,
    ])
    func edgesGiveTheModelsLines(json: String) throws {
        // Written as read, unless a key or the source language came again or late.
        let readAgain = json.hasPrefix(#"{"strings""#) || json.contains(#""k":{"localizations":{"de":{"stringUnit":{"state":"new","value":"2"#)
            || json.contains("cafe\u{301}") || json.contains(#""sourceLanguage":"de""#) || json.contains(#"{"a":{}},"strings""#)
        try Self.expectTheModelsLines(Array(json.utf8), file: "dir/Localizable.xcstrings", streamed: !readAgain)
    }

    /// Many entries (more than a chunk of line ends) in one order and its reverse.
    @Test(arguments: [false, true])
    func manyEntriesGiveTheModelsLines(reversed: Bool) throws {
        let keys = (0..<6_000).map { "key \($0) \(String(repeating: "é", count: $0 % 7))" }
        let entries = (reversed ? keys.reversed() : keys).map { key in
            #""\#(key)":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"\#(key) \#(String(repeating: "x", count: 200))"}},"ja":{"stringUnit":{"state":"needs_review","value":"日本"}}}}"#
        }
        let json = #"{"sourceLanguage":"en","strings":{"# + entries.joined(separator: ",") + "}}"
        try Self.expectTheModelsLines(Array(json.utf8), file: "Big.xcstrings", streamed: true)
    }

    /// A file that does not read throws the reader's error.
    @Test func aFileThatDoesNotReadThrowsItsError() throws {
        let bytes = Array(#"{"sourceLanguage":"en","strings":{"k":{"localizations":{"de":{"stringUnit":{"state":1}}}}}}"#.utf8)
        let expected = #expect(throws: CatalogError.self) { try StringCatalog(xcstrings: bytes, file: "L.xcstrings") }
        let thrown = #expect(throws: CatalogError.self) { try XCStringsDump(bytes: bytes, file: "L.xcstrings") }
        #expect(thrown?.description == expected?.description)
    }
}

/// The writer puts a localization's plural forms in Xcode's order from each category's place
/// among the six, not by comparing their names: every set of forms, written from the model,
/// is written as the same catalog's tree is (whose members are ordered by name).
@Suite struct XCStringsWriterPluralOrderTests {
    @Test(arguments: 1..<64)
    func everySetOfFormsIsInXcodesOrder(mask: Int) throws {
        let categories = PluralCategory.allCases.enumerated().filter { mask & 1 << $0.offset != 0 }.map(\.element)
        var forms: [PluralCategory: LocalizedValue] = [:]
        for category in categories.reversed() {
            forms[category] = LocalizedValue(stringUnit: StringUnit(value: "%lld \(category.rawValue)"))
        }
        var catalog = StringCatalog(table: "L", sourceLanguage: "en")
        catalog.keys.append("k")
        catalog.entries["k"] = CatalogEntry(localizations: ["en": LocalizedValue(stringUnit: StringUnit(value: "x")),
                                                            "de": LocalizedValue(plural: forms)])
        let writer = try XCStringsWriter()
        let written = writer.bytes(catalog)
        #expect(written == writer.bytes(catalog.jsonValue()))
        // And the forms stand in name order (few, many, one, other, two, zero).
        let names = categories.map(\.rawValue).sorted()
        let text2 = String(decoding: written, as: UTF8.self)
        let places = names.compactMap { text2.range(of: "\"\($0)\" : {")?.lowerBound }
        #expect(places.count == names.count && places == places.sorted())
    }
}
