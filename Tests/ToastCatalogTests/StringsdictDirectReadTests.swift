import Testing
import ToastICU
@_spi(Verification) import ToastCatalog
import ToastTestSupport

/// The `.stringsdict` reader takes its entries straight from the bytes, and falls back to a
/// tree of the whole file at the first entry it does not take: the two must read every file
/// alike — the same catalog and warnings, or the same error — real files, every shape the
/// schema allows or rejects, damaged files and tight limits.
@Suite struct StringsdictDirectReadTests {
    /// What reading `bytes` gives: the catalog with its warnings, or the error.
    static func outcome(_ bytes: [UInt8], direct: Bool, limits: CatalogLimits = .standard,
                        detail: CatalogDetail = .full, encoded: Bool = true) -> Result<StringCatalog, CatalogError> {
        Result { () throws(CatalogError) in
            try StringCatalog.stringsdict(bytes, file: "fr.lproj/Localizable.stringsdict", locale: "fr", sourceLanguage: "en",
                                          table: nil, limits: limits, detail: detail, direct: direct, encoded: encoded)
        }
    }

    /// Records where the read that keeps the entries flat (their values encoded, or none kept
    /// by a states read) differs from the one that keeps them as entries (each way, directly
    /// and through the tree): the catalogs, every lookup, the entries by spelling, the positions
    /// of members kept as written.
    static func expectEncodedSame(_ bytes: [UInt8], _ what: @autoclosure () -> String,
                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        // At either detail: a states read keeps its keys flat too, with no values.
        for detail in [CatalogDetail.full, .states] {
            expectEncodedSame(bytes, detail: detail, "\(what()) (\(detail))", sourceLocation: sourceLocation)
        }
    }

    static func expectEncodedSame(_ bytes: [UInt8], detail: CatalogDetail, _ what: @autoclosure () -> String,
                                  sourceLocation: Testing.SourceLocation) {
        for direct in [true, false] {
            switch (outcome(bytes, direct: direct, detail: detail), outcome(bytes, direct: direct, detail: detail, encoded: false)) {
            case (.success(let flat), .success(let entries)):
                #expect(flat.flatTable.isFlat, "\(what()): not kept flat", sourceLocation: sourceLocation)
                if detail == .states {
                    #expect(flat.fileRecords?.valueByteCount == 0, "\(what()): values kept", sourceLocation: sourceLocation)
                }
                #expect(!entries.flatTable.isFlat, "\(what()): kept flat without encoding", sourceLocation: sourceLocation)
                // Compared first, so that a difference names the catalog, not all of it.
                let sameCatalogs = flat == entries, sameSpellings = flat.entriesBySpelling() == entries.entriesBySpelling()
                #expect(sameCatalogs, "\(what()): the catalogs differ", sourceLocation: sourceLocation)
                #expect(sameSpellings, "\(what()): the spellings differ", sourceLocation: sourceLocation)
                #expect(keptPositions(flat) == keptPositions(entries), "\(what()): kept members stand elsewhere", sourceLocation: sourceLocation)
                for key in entries.keys {
                    #expect(flat.entry(forKey: key) == entries.entry(forKey: key), "\(what()): \(key)", sourceLocation: sourceLocation)
                    #expect(flat.localization(forKey: key, locale: "fr") == entries.localization(forKey: key, locale: "fr"),
                            "\(what()): \(key) in fr", sourceLocation: sourceLocation)
                }
            case (.failure(let a), .failure(let b)):
                #expect(a.description == b.description, "\(what())", sourceLocation: sourceLocation)
            case (let a, let b):
                Issue.record("\(what()): flat \(a), entries \(b)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Records where the two reads of `bytes` differ.
    static func expectSame(_ bytes: [UInt8], limits: CatalogLimits = .standard, detail: CatalogDetail = .full,
                           _ what: @autoclosure () -> String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let direct = outcome(bytes, direct: true, limits: limits, detail: detail)
        let tree = outcome(bytes, direct: false, limits: limits, detail: detail)
        switch (direct, tree) {
        case (.success(let a), .success(let b)):
            // Equal catalogs have equal warnings, located alike; members kept as written are
            // compared with where they stood too (their equality leaves positions out).
            #expect(a == b, "\(what()): the catalogs differ", sourceLocation: sourceLocation)
            #expect(keptPositions(a) == keptPositions(b), "\(what()): kept members stand elsewhere", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(a.description == b.description, "\(what())", sourceLocation: sourceLocation)
        default:
            Issue.record("\(what()): direct \(direct), tree \(tree)", sourceLocation: sourceLocation)
        }
    }

    /// Where every member kept as written stood (line, column), entry by entry.
    static func keptPositions(_ catalog: StringCatalog) -> [[Int]] {
        func positions(_ members: [JSONMember]) -> [Int] {
            members.flatMap { member -> [Int] in
                var nested: [Int] = []
                if case .object(let inner) = member.value { nested = positions(inner) }
                return [member.line, member.column] + nested
            }
        }
        return catalog.keys.map { key in
            guard let value = catalog.entries[key]?.localizations["fr"] else { return [] }
            return positions(value.extra) + value.substitutions.keys.sorted().flatMap { positions(value.substitutions[$0]!.extra) }
        }
    }

    static let corpus = TestCorpus.shared()
    static let corpusFiles = corpus.isPresent ? corpus.files(endingWith: [".stringsdict"]) : []

    @Test(.enabled(if: corpus.shouldRun, "../shared/corpus is absent"))
    func corpusHasStringsdictFiles() {
        #expect(Self.corpusFiles.count >= 20)
    }

    @Test(.enabled(if: corpus.shouldRun, "../shared/corpus is absent"), arguments: corpusFiles)
    func corpusFileReadsAlike(_ path: String) throws {
        let bytes = try Self.corpus.bytes(path)
        Self.expectSame(bytes, path)
        Self.expectSame(bytes, detail: CatalogDetail.states, "\(path) (states)")
        // And the read takes the file directly: it falls back only where the tree reports.
        if case .success = Self.outcome(bytes, direct: false) {
            #expect(Self.readsDirectly(bytes), "\(path) fell back to the tree")
        }
    }

    /// Keys and strings spelled `<key>…</key>` are read at once, any other spelling through
    /// the tags: a file with every closing tag spelled `</key >` and `</string >` (read only
    /// the second way) holds the same entries, read either way.
    @Test(.enabled(if: corpus.shouldRun, "../shared/corpus is absent"), arguments: corpusFiles)
    func corpusFileReadsAlikeRespelled(_ path: String) throws {
        let bytes = try Self.corpus.bytes(path)
        let respelled = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "</key>", with: "</key >")
            .replacingOccurrences(of: "</string>", with: "</string >").utf8)
        for direct in [true, false] {
            switch (Self.outcome(bytes, direct: direct), Self.outcome(respelled, direct: direct)) {
            case (.success(let a), .success(let b)):
                #expect(a.entriesBySpelling() == b.entriesBySpelling(), "\(path)")
                #expect(a.warnings.map(\.message) == b.warnings.map(\.message), "\(path)")
            case (.failure(let a), .failure(let b)):
                #expect(a.message == b.message, "\(path)")
            case (let a, let b):
                Issue.record("\(path): \(a) against \(b)")
            }
        }
    }

    /// A key or string read at once keeps the length limit: at the limit it is read, past it
    /// the error names where its text starts, as the tags' reading does.
    @Test(arguments: [false, true])
    func plainElementsKeepTheLengthLimit(respelled: Bool) {
        let close = respelled ? "</key >" : "</key>", closeString = respelled ? "</string >" : "</string>"
        let formatKey = "NSStringLocalizedFormatKey"
        let limits = CatalogLimits(maximumStringLength: formatKey.utf8.count)
        func line(key: String) -> String { "<key>" + key + close + "<dict><key>" + formatKey + close + "<string>" }
        func document(key: String, text: String) -> [UInt8] {
            Array(("<plist><dict>\n" + line(key: key) + text + closeString + "</dict></dict></plist>").utf8)
        }
        let atLimit = String(repeating: "k", count: formatKey.utf8.count), pastLimit = atLimit + "k"
        for direct in [true, false] {
            if case .failure(let error) = Self.outcome(document(key: atLimit, text: atLimit), direct: direct, limits: limits) {
                Issue.record("refused at the limit: \(error)")
            }
            for (key, text, column) in [(pastLimit, "t", 6), ("k", pastLimit, line(key: "k").count + 1)] {
                switch Self.outcome(document(key: key, text: text), direct: direct, limits: limits) {
                case .success: Issue.record("accepted past the limit: \(key) \(text)")
                case .failure(let error):
                    #expect(error.location.line == 2 && error.location.column == column, "\(error)")
                    #expect(error.description.contains("[limit]"), "\(error)")
                }
            }
        }
    }

    @Test(.enabled(if: corpus.shouldRun, "../shared/corpus is absent"), arguments: corpusFiles)
    func corpusFileReadsAlikeEncoded(_ path: String) throws {
        let bytes = try Self.corpus.bytes(path)
        Self.expectEncodedSame(bytes, path)
        // Real files' values are encoded, not kept as they are.
        if case .success(let catalog) = Self.outcome(bytes, direct: true) {
            #expect(catalog.flatTable.keptValues * 10 <= catalog.keys.count, "\(path): \(catalog.flatTable.keptValues) values not encoded")
        }
    }

    /// A ``CatalogDetail/states`` read makes a value only when the exact count of its
    /// substitutions must decide the limits: it has the keys, warnings and errors of a full read.
    static func expectStatesLikeFull(_ bytes: [UInt8], limits: CatalogLimits = .standard, _ what: @autoclosure () -> String,
                                     sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for direct in [true, false] {
            switch (outcome(bytes, direct: direct, limits: limits, detail: .states), outcome(bytes, direct: direct, limits: limits)) {
            case (.success(let states), .success(let full)):
                #expect(states.keys == full.keys, "\(what())", sourceLocation: sourceLocation)
                #expect(states.warnings == full.warnings, "\(what())", sourceLocation: sourceLocation)
            case (.failure(let a), .failure(let b)):
                #expect(a.description == b.description, "\(what())", sourceLocation: sourceLocation)
            case (let a, let b):
                Issue.record("\(what()): states \(a), full \(b)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(.enabled(if: corpus.shouldRun, "../shared/corpus is absent"), arguments: corpusFiles)
    func corpusFileReadsStatesLikeFull(_ path: String) throws {
        Self.expectStatesLikeFull(try Self.corpus.bytes(path), path)
    }

    @Test(arguments: shapes.indices)
    func shapeReadsStatesLikeFull(_ index: Int) {
        let (what, bytes) = Self.shapes[index]
        Self.expectStatesLikeFull(bytes, what)
        // Tight limits: the bound and the exact count meet at the limit.
        for length in [64, 400, 4_000] {
            var limits = CatalogLimits.standard
            limits.maximumExpandedLength = length
            Self.expectStatesLikeFull(bytes, limits: limits, "\(what), \(length) bytes at most")
        }
    }

    /// Around the limit: a variable named sixteen times whose forms are of every length near
    /// where the value crosses it, beside a variable whose forms name another or are repeated
    /// (its first forms longer than its last).
    @Test func statesReadsKeepTheLimitsOfFullReads() {
        var limits = CatalogLimits.standard
        limits.maximumExpandedLength = 2_000
        var crossed = 0
        for length in stride(from: 100, through: 160, by: 3) {
            let form = String(repeating: "x", count: length)
            for forms in ["<key>other</key><string>%d \(form)</string>", "<key>other</key><string>%d %#@m@</string>"] {
                let bytes = Self.plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@ "
                    + String(repeating: "%#@m@", count: 16) + "</string>"
                    + Self.variable("n", forms: forms) + Self.variable("m", forms: "<key>other</key><string>\(form)</string>")
                    + Self.variable("n", forms: "<key>other</key><string>y</string>") + "</dict>")
                Self.expectStatesLikeFull(bytes, limits: limits, "forms of \(length) bytes")
                if case .failure = Self.outcome(bytes, direct: true, limits: limits) { crossed += 1 }
            }
        }
        // Some of them cross the limit, some do not.
        #expect(crossed > 0 && crossed < 42)
    }

    @Test(arguments: shapes.indices)
    func shapeReadsAlikeEncoded(_ index: Int) {
        let (what, bytes) = Self.shapes[index]
        Self.expectEncodedSame(bytes, what)
    }

    /// Every value shape the encoding holds or keeps: long texts (numbers of several bytes),
    /// non-ASCII texts and keys, empty texts, every category, several substitutions, arguments.
    @Test func encodingHoldsEveryShape() {
        let long = String(repeating: "é", count: 300)
        let forms = PluralCategory.allCases.map { "<key>\($0.rawValue)</key><string>\($0 == .two ? "" : "%d \($0.rawValue) \(long)")</string>" }.joined()
        let bytes = Self.plist(
            "<key>\(long)</key><dict><key>NSStringLocalizedFormatKey</key><string>%2$#@a@ %1$#@b@ \(long)</string>"
            + Self.variable("a", forms: forms) + Self.variable("b", valueType: nil, forms: "<key>other</key><string>%3$lld</string>") + "</dict>"
            + "<key>plain</key><dict><key>NSStringLocalizedFormatKey</key><string></string></dict>"
            + "<key>K</key><dict><key>NSStringLocalizedFormatKey</key><string>k</string></dict>"
            + "<key>\u{212A}</key><dict><key>NSStringLocalizedFormatKey</key><string>kelvin</string></dict>"
            + "<key>w</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@w@</string>"
            + Self.variable("w", type: "NSStringVariableWidthRuleType", forms: "<key>20</key><string>s</string>") + "</dict>"
            + "<key>u</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
            + Self.variable("n", forms: "<key>one</key><integer>1</integer><key>other</key><string>x</string>") + "</dict>")
        Self.expectEncodedSame(bytes, "every shape")
        guard case .success(let catalog) = Self.outcome(bytes, direct: true) else {
            Issue.record("the file does not read")
            return
        }
        // The rule type kept as written and the form that is not a string are kept as values.
        #expect(catalog.flatTable.keptValues == 2)
        let value = catalog.localization(forKey: long, locale: "fr")
        #expect(value?.substitutions["a"]?.plural.count == PluralCategory.allCases.count)
        #expect(value?.substitutions["a"]?.plural[.two]?.stringUnit?.value == "")
        #expect(value?.substitutions["b"]?.formatSpecifier == nil)
    }

    /// An entry encoded from itself, without its value, is the value the entry makes: a
    /// repeated variable or category the last one, a value type written with `%`, a variable
    /// without `other`, positioned arguments, more variables than are searched one by one, and
    /// an argument past the encoding's range (kept as a value).
    @Test func entriesEncodedWithoutTheirValuesAreTheirValues() {
        let many = (0..<12).map { "%#@v\($0)@" }.joined(separator: " ")
        let bytes = Self.plist(
            "<key>repeated</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
            + Self.variable("n", forms: "<key>one</key><string>%d first</string><key>other</key><string>%d firsts</string>")
            + Self.variable("n", valueType: "%ld", forms: "<key>other</key><string>%ld a</string><key>other</key><string>%ld b</string>") + "</dict>"
            + "<key>no other</key><dict><key>NSStringLocalizedFormatKey</key><string>%1$#@n@ %2$#@m@</string>"
            + Self.variable("n", forms: "<key>one</key><string>%1$d</string>")
            + Self.variable("m", forms: "<key>few</key><string>%2$d</string><key>other</key><string>%2$d m</string>") + "</dict>"
            + "<key>sequential</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
            + Self.variable("n", forms: "<key>other</key><string>%2$d n</string>") + "</dict>"
            + "<key>many</key><dict><key>NSStringLocalizedFormatKey</key><string>\(many)</string>"
            + (0..<12).map { Self.variable("v\($0)", forms: "<key>other</key><string>%d \($0)</string>") }.joined()
            + Self.variable("v3", forms: "<key>one</key><string>%d again</string><key>other</key><string>%d again</string>")
            + Self.variable("v10", forms: "<key>other</key><string>%d last</string>") + "</dict>"
            + "<key>far</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
            + Self.variable("n", forms: "<key>other</key><string>%2147483648$d</string>") + "</dict>"
            + "<key>spelled</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@caf\u{E9}@</string>"
            + Self.variable("caf\u{E9}", forms: "<key>other</key><string>%d A</string>")
            + Self.variable("cafe\u{301}", forms: "<key>other</key><string>%d B</string>") + "</dict>")
        Self.expectEncodedSame(bytes, "entries encoded without their values")
        #expect(Self.readsDirectly(bytes))
        guard case .success(let catalog) = Self.outcome(bytes, direct: true) else {
            Issue.record("the file does not read")
            return
        }
        let repeated = catalog.localization(forKey: "repeated", locale: "fr")?.substitutions["n"]
        #expect(repeated?.plural.count == 1 && repeated?.plural[.other]?.stringUnit?.value == "%ld b" && repeated?.formatSpecifier == "ld")
        #expect(catalog.localization(forKey: "sequential", locale: "fr")?.substitutions["n"]?.argNum == 2)
        #expect(catalog.localization(forKey: "many", locale: "fr")?.substitutions["v3"]?.plural.count == 2)
        #expect(catalog.localization(forKey: "many", locale: "fr")?.substitutions["v10"]?.plural[.other]?.stringUnit?.value == "%d last")
        // A name repeated in another spelling keeps the first spelling with the last forms, as
        // the value's dictionary does (`==` of values does not tell the spellings apart).
        let spelled = catalog.localization(forKey: "spelled", locale: "fr")?.substitutions
        #expect(spelled?.count == 1 && spelled?.values.first?.plural[.other]?.stringUnit?.value == "%d B")
        #expect(spelled.map { Array($0.keys.first!.utf8) } == Array("caf\u{E9}".utf8))
        if case .success(let entries) = Self.outcome(bytes, direct: true, encoded: false) {
            #expect(entries.localization(forKey: "spelled", locale: "fr")?.substitutions.keys.map { Array($0.utf8) }
                    == spelled?.keys.map { Array($0.utf8) })
        }
        #expect(catalog.warnings.filter { $0.rule == .nonstandardValue }.count == 1)
        #expect(catalog.warnings.filter { $0.rule == .variationMissingOther }.count == 1)
    }

    /// The entry `k` of the format `%#@n@` and the members `members` (its variables).
    static func entry(_ members: String) -> String {
        "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>" + members + "</dict>"
    }

    /// Entries of the common shape are taken from their texts' bytes without being read into
    /// entries: the same catalog, lookups, spellings, warnings (in order) and encoded bytes as
    /// when every entry is read in full, at both details. The shapes around the edges of that
    /// path — each taken (`true`) or read in full (`false`) by a read with values.
    static let plainShapes: [(String, String, Bool)] = [
        ("plain", "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@ left</string>\(variable("n"))</dict>", true),
        ("every category, out of order, non-ASCII and empty texts",
         "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@ — ✓</string>"
         + variable("n", forms: "<key>many</key><string>%d много</string><key>zero</key><string></string><key>other</key><string>%d 日本</string>"
                    + "<key>two</key><string>%d שניים</string><key>one</key><string>%d é</string><key>few</key><string>%d a</string>")
         + "</dict>", true),
        ("several variables, no value type, a value type with %, one alone, no other form",
         "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@ %#@b@ %#@c@ %#@d@</string>"
         + variable("a", valueType: nil) + variable("b", valueType: "%ld") + variable("c", valueType: "%")
         + variable("d", forms: "<key>one</key><string>%d one</string>") + "</dict>", true),
        ("the format last, space and comments between members",
         "<key>k</key>\n<!-- a --><dict>\n  <key>n</key> <!-- b -->\n  <dict><?p?><key>other</key>\n<string>%d x</string>"
         + "<key>NSStringFormatSpecTypeKey</key> <string>NSStringPluralRuleType</string></dict>"
         + "\n<key>NSStringLocalizedFormatKey</key><!-- c --><string>%#@n@</string>\n</dict >", true),
        ("a format alone", "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>100% sure</string></dict>", true),
        ("keys repeated and respelled", "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>a</string></dict>"
         + "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\(variable("n"))</dict>"
         + "<key>caf\u{E9}</key><dict><key>NSStringLocalizedFormatKey</key><string>b</string></dict>"
         + "<key>cafe\u{301}</key><dict><key>NSStringLocalizedFormatKey</key><string>c</string></dict>", true),
        ("a value type of % and a combining mark", entry(variable("n", valueType: "%\u{301}d")), false),
        ("a value type of % and a joiner", entry(variable("n", valueType: "%\u{200D}ld")), false),
        ("more variables than are compared one by one", "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>"
         + (0..<20).map { "%#@v\($0)@" }.joined(separator: " ") + "</string>"
         + (0..<20).map { variable("v\($0)") }.joined() + "</dict>", false),
        ("a $ in the format", "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%1$#@n@</string>\(variable("n"))</dict>", true),
        ("a $ in a form", entry(variable("n", forms: "<key>other</key><string>%2$d x</string>")), true),
        ("positions in the format and the forms", "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%2$#@n@ %1$@ %#@m@</string>"
         + variable("n", forms: "<key>one</key><string>%2$d y</string><key>other</key><string>%2$d ys</string>")
         + variable("m", valueType: "%lu", forms: "<key>other</key><string>%3$lu z</string>") + "</dict>", true),
        ("a position past what a format reads", entry(variable("n", forms: "<key>other</key><string>%2147483648$d</string>")), true),
        ("a form naming a substitution", entry(variable("n", forms: "<key>other</key><string>%d %#@m@</string>") + variable("m")), false),
        ("a variable named twice", entry(variable("n") + variable("n", valueType: "ld")), false),
        ("a variable named in two spellings", "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@caf\u{E9}@</string>"
         + variable("caf\u{E9}") + variable("cafe\u{301}") + "</dict>", false),
        ("a category twice", entry(variable("n", forms: "<key>other</key><string>%d a</string><key>other</key><string>%d b</string>")), false),
        ("the format twice", "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>a</string>"
         + "<key>NSStringLocalizedFormatKey</key><string>b</string></dict>", false),
        ("the value type twice", "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
         + "<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
         + "<key>NSStringFormatValueTypeKey</key><string>d</string><key>NSStringFormatValueTypeKey</key><string>ld</string>"
         + "<key>other</key><string>%ld x</string></dict></dict>", false),
        ("an entity in a form", entry(variable("n", forms: "<key>other</key><string>%d &amp; x</string>")), false),
        ("a form written <string/>", entry(variable("n", forms: "<key>one</key><string/><key>other</key><string>%d x</string>")), false),
        ("an unknown member", entry(variable("n", forms: "<key>other</key><string>%d x</string><key>seven</key><string>7</string>")), false),
        ("another rule type", entry(variable("n", type: "NSStringVariableWidthRuleType", forms: "<key>20</key><string>s</string>")), false),
        ("no rule type", "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
         + "<key>n</key><dict><key>other</key><string>a</string></dict></dict>", false),
        ("no format", "<key>k</key><dict>\(variable("n"))</dict>", false),
        ("a syntax error inside", entry(variable("n", forms: "<key>other</key><string>%d x</strin>")), false),
    ]

    @Test(arguments: plainShapes.indices)
    func plainEntriesReadAsInFull(_ index: Int) {
        let (what, body, taken) = Self.plainShapes[index]
        // Each shape between two plain entries, so that a fallback is seen to leave the parser
        // where the next entry starts.
        let bytes = Self.plist("<key>before</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@b@</string>\(Self.variable("b"))</dict>"
                               + body + "<key>after</key><dict><key>NSStringLocalizedFormatKey</key><string>z</string></dict>")
        for detail in [CatalogDetail.full, .states] {
            func read(plain: Bool) -> (Result<StringCatalog, CatalogError>, [String]) {
                var added: [String] = []
                let result = Result { () throws(CatalogError) in
                    try StringCatalog.stringsdict(bytes, file: "fr.lproj/Localizable.stringsdict", locale: "fr", sourceLanguage: "en",
                                                  table: nil, limits: .standard, detail: detail, direct: true, plainEntries: plain,
                                                  plainAdded: { added.append($0) })
                }
                return (result, added)
            }
            let (plain, added) = read(plain: true), (full, none) = read(plain: false)
            #expect(none.isEmpty)
            switch (plain, full) {
            case (.success(let plain), .success(let full)):
                #expect(plain == full, "\(what) (\(detail))")
                #expect(plain.warnings.map(\.description) == full.warnings.map(\.description), "\(what) (\(detail))")
                #expect(plain.entriesBySpelling() == full.entriesBySpelling(), "\(what) (\(detail))")
                #expect(plain.fileRecords?.valueByteCount == full.fileRecords?.valueByteCount, "\(what) (\(detail))")
                #expect(plain.fileRecords?.valueBytes == full.fileRecords?.valueBytes, "\(what) (\(detail)): the encoded values differ")
                #expect(plain.flatTable.keptValues == full.flatTable.keptValues, "\(what) (\(detail))")
                for key in full.keys {
                    #expect(plain.localization(forKey: key, locale: "fr") == full.localization(forKey: key, locale: "fr"), "\(what): \(key)")
                }
                // The entries around it are taken either way; the shape itself when it is plain.
                #expect(added.first == "before" && added.last == "after", "\(what) (\(detail)): \(added)")
                #expect(added.contains("k") == taken, "\(what) (\(detail)): \(added)")
            case (.failure(let a), .failure(let b)):
                #expect(a.description == b.description, "\(what) (\(detail))")
                #expect(!taken)
            case (let a, let b):
                Issue.record("\(what) (\(detail)): plain \(a), in full \(b)")
            }
            Self.expectSame(bytes, detail: detail, "\(what)")
        }
    }

    /// Whether the direct read takes every entry of `bytes` (no fallback to the tree).
    static func readsDirectly(_ bytes: [UInt8]) -> Bool {
        let read = try? StringCatalog.stringsdictDirectly(bytes, file: "fr.lproj/Localizable.stringsdict", locale: "fr", sourceLanguage: "en",
                                                          table: nil, limits: .standard, detail: .full)
        return read != nil
    }

    static func plist(_ body: String, wrapped: Bool = true) -> [UInt8] {
        let inner = "<dict>\n\(body)\n</dict>"
        return Array((wrapped ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(inner)\n</plist>\n" : inner).utf8)
    }

    static func variable(_ name: String, type: String = "NSStringPluralRuleType", valueType: String? = "d",
                         forms: String = "<key>one</key><string>%d file</string><key>other</key><string>%d files</string>") -> String {
        "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>\(type)</string>"
            + (valueType.map { "<key>NSStringFormatValueTypeKey</key><string>\($0)</string>" } ?? "") + forms + "</dict>"
    }

    /// Shapes the schema takes and rejects; each read both ways.
    static let shapes: [(String, [UInt8])] = [
        ("a plain entry", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\(variable("n"))</dict>")),
        ("no plist wrapper", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\(variable("n"))</dict>", wrapped: false)),
        ("format after the variables", plist("<key>k</key><dict>\(variable("n"))<key>NSStringLocalizedFormatKey</key><string>%#@n@</string></dict>")),
        ("two formats, the last a string", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><integer>1</integer><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\(variable("n"))</dict>")),
        ("two formats, the last not a string", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>NSStringLocalizedFormatKey</key><dict/></dict>")),
        ("no format", plist("<key>k</key><dict>\(variable("n"))</dict>")),
        ("an entry that is not a dict", plist("<key>k</key><string>x</string>")),
        ("an empty entry", plist("<key>k</key><dict/>")),
        ("a variable that is not a dict", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><array/></dict>")),
        ("an empty variable", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict/></dict>")),
        ("another rule type", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@w@</string>\(variable("w", type: "NSStringVariableWidthRuleType", forms: "<key>20</key><string>short</string><key>x</key><dict><key>y</key><array><true/><real>1.5</real></array></dict>"))</dict>")),
        ("no rule type", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>one</key><string>a</string></dict></dict>")),
        ("a plural rule type, then one that is not a string", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>other</key><string>a</string><key>NSStringFormatSpecTypeKey</key><integer>1</integer></dict></dict>")),
        ("a value type, then one that is not a string", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d a</string><key>NSStringFormatValueTypeKey</key><false/></dict></dict>")),
        ("a rule type that is not a string", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><integer>3</integer><key>other</key><string>a</string></dict></dict>")),
        ("the type written last", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>other</key><string>%d a</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string></dict></dict>")),
        ("a value type with %", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\(variable("n", valueType: "%ld"))</dict>")),
        ("a value type that is not a string", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><array/><key>other</key><string>a</string></dict></dict>")),
        ("unknown members and a category that is not a string", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\(variable("n", forms: "<key>one</key><integer>1</integer><key>seven</key><string>7</string><key>other</key><string/><key>other</key><string>%d x</string>"))</dict>")),
        ("no other form", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\(variable("n", forms: "<key>one</key><string>one</string>"))</dict>")),
        ("positions", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%2$#@n@ %1$@</string>\(variable("n", forms: "<key>other</key><string>%2$d x</string>"))\(variable("m", forms: "<key>other</key><string>%3$d y</string>"))</dict>")),
        ("two variables of one name", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\(variable("n"))\(variable("n", valueType: "ld"))</dict>")),
        ("a duplicate key", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>a</string></dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>b</string></dict>")),
        ("a key spelled two ways", plist("<key>caf\u{E9}</key><dict><key>NSStringLocalizedFormatKey</key><string>a</string></dict><key>cafe\u{301}</key><dict><key>NSStringLocalizedFormatKey</key><string>b</string></dict><key>cafe\u{301}</key><dict><key>NSStringLocalizedFormatKey</key><string>c</string></dict>")),
        ("markup, entities and CDATA", plist("<!-- c --><key>a &amp; b</key><!-- d --><dict><key>NSStringLocalizedFormatKey</key><string><![CDATA[x <y>]]> &#x41;</string><key>n</key><dict><?pi x?><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>other</key><string>&lt;%d&gt;</string></dict></dict>")),
        ("a top level that is not a dict", Array("<plist><array><string>x</string></array></plist>".utf8)),
        ("an empty top level", Array("<plist><dict/></plist>".utf8)),
        ("an empty plist", Array("<plist/>".utf8)),
        ("a schema error, then a syntax error", plist("<key>k</key><string>x</string><key>j</key><dict><key>NSStringLocalizedFormatKey</key><string>a</strin></dict>")),
        ("a syntax error, then a schema error", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>a</strin></dict><key>j</key><string>x</string>")),
        ("a byte-order mark", [0xEF, 0xBB, 0xBF] + plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>a</string></dict>")),
        ("text after the document", plist("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>a</string></dict>") + Array("x".utf8)),
        ("substitutions that expand too far, then a syntax error", plist(
            "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@</string>"
            + variable("a", forms: "<key>other</key><string>" + String(repeating: "%#@b@", count: 40) + "</string>")
            + variable("b", forms: "<key>other</key><string>" + String(repeating: "%#@c@", count: 40) + "</string>")
            + variable("c", forms: "<key>other</key><string>" + String(repeating: "x", count: 4_000) + "</string>")
            + "</dict><key>j</key><dict><key>NSStringLocalizedFormatKey</key><string>a</dict>")),
    ]

    @Test(arguments: shapes.indices)
    func shapeReadsAlike(_ index: Int) {
        let (what, bytes) = Self.shapes[index]
        Self.expectSame(bytes, what)
        // A file the tree reads is taken directly: the comparison above is of the two reads,
        // not of the tree with itself.
        if case .success = Self.outcome(bytes, direct: false) {
            #expect(Self.readsDirectly(bytes), "\(what) fell back to the tree")
        }
    }

    /// The reads agree on nesting limits below and around the three levels an entry uses.
    @Test(arguments: 1...5)
    func depthLimitReadsAlike(_ depth: Int) {
        var limits = CatalogLimits.standard
        limits.maximumDepth = depth
        for (what, bytes) in Self.shapes { Self.expectSame(bytes, limits: limits, "\(what), depth \(depth)") }
    }

    /// Every prefix and every one-byte deletion of a file with most shapes: the damaged files
    /// read alike (the first problem decides, as in the tree).
    @Test func damagedFilesReadAlike() {
        let bytes = Self.plist(
            "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@ &amp;</string>\(Self.variable("n", valueType: "%ld"))</dict>"
            + "<key>w</key><dict>\(Self.variable("w", type: "NSStringVariableWidthRuleType", forms: "<key>20</key><string>s</string>"))<key>NSStringLocalizedFormatKey</key><string>%#@w@</string></dict>"
            + "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>again</string></dict>")
        for end in 0..<bytes.count { Self.expectSame(Array(bytes[..<end]), "the first \(end) bytes") }
        for removed in bytes.indices {
            var damaged = bytes
            damaged.remove(at: removed)
            Self.expectSame(damaged, "byte \(removed) removed")
        }
    }
}
