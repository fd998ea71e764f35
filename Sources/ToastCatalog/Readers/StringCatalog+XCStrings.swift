import ToastICU

extension StringCatalog {
    /// Reads a String Catalog from its bytes.
    ///
    /// `file` names the input in errors; `table` defaults to the file name without its
    /// extension. Errors name `file:line:column` and what was expected. The catalog is built
    /// straight from the bytes (no intermediate JSON tree); members the model does not know
    /// are kept as JSON, with their positions.
    public init(xcstrings bytes: [UInt8], file: String, table: String? = nil,
                limits: CatalogLimits = .standard) throws(CatalogError) {
        try self.init(xcstrings: bytes, file: file, table: table, limits: limits, onEntry: nil)
    }

    /// Reads a String Catalog, a large one on several cores (see ``XCStringsParallelism``);
    /// the result is the same as reading on one.
    package init(xcstrings bytes: [UInt8], file: String, table: String? = nil, limits: CatalogLimits = .standard,
                 parallelism: XCStringsParallelism, notes: XCStringsReadNotes? = nil) throws(CatalogError) {
        try self.init(xcstrings: bytes, file: file, table: table, limits: limits, parallelism: parallelism, notes: notes, onEntry: nil)
    }

    /// Reads a String Catalog and hands each entry to `onEntry` as soon as it is read (with
    /// the source language when it came before "strings", as Xcode writes it, where its name
    /// starts, and, with `localizationPositions`, where the name of each member of its last
    /// "localizations" object starts, in file order; else none), so that a consumer can work
    /// while the rest is read. A key that appears
    /// again is not handed on twice (the reader's `duplicate-key` warning says the last one won).
    /// Without `onEntry`, a large catalog's entries are read on several cores (see
    /// ``XCStringsParallelism``); the result is the same as reading on one. `notes`, when
    /// given, learns what the model does not show (``XCStringsReadNotes``).
    ///
    /// With `keepsEntries` false (and `onEntry` given), the entries are handed on and not kept:
    /// the catalog has its keys (in file order, each once), warnings and top-level members,
    /// and no entries, so that the consumer can free each entry when done with it. `detail`
    /// says how much of each entry is kept (``CatalogDetail``).
    package init(xcstrings bytes: [UInt8], file: String, table: String? = nil, limits: CatalogLimits = .standard,
         parallelism: XCStringsParallelism = .standard, notes: XCStringsReadNotes? = nil,
         detail: CatalogDetail = .full, keepsEntries: Bool = true, localizationPositions: Bool = false,
         onEntry: ((_ sourceLanguage: String?, _ key: String, _ entry: CatalogEntry, _ position: JSONScanner.Position,
                   _ localizations: [(code: String, position: JSONScanner.Position)]) -> Void)?
    ) throws(CatalogError) {
        self = try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogError) -> StringCatalog in
            try StringCatalog(xcstrings: buffer, file: file, table: table, limits: limits, parallelism: parallelism,
                              notes: notes, detail: detail, keepsEntries: keepsEntries, localizationPositions: localizationPositions,
                              onEntry: onEntry)
        }
    }

    /// Reads a String Catalog from bytes the caller holds (a mapped file,
    /// ``CatalogLoader/withBytes(ofFile:limits:_:)``), as the reader of an array does.
    package init(xcstrings buffer: UnsafeBufferPointer<UInt8>, file: String, table: String? = nil, limits: CatalogLimits = .standard,
         parallelism: XCStringsParallelism = .standard, notes: XCStringsReadNotes? = nil,
         detail: CatalogDetail = .full, keepsEntries: Bool = true, localizationPositions: Bool = false,
         onEntry: ((_ sourceLanguage: String?, _ key: String, _ entry: CatalogEntry, _ position: JSONScanner.Position,
                   _ localizations: [(code: String, position: JSONScanner.Position)]) -> Void)? = nil
    ) throws(CatalogError) {
        var scanner = JSONScanner(bytes: buffer, file: file, limits: limits)
        scanner.detail = detail
        if localizationPositions && onEntry != nil { scanner.localizationPositions = [] }
        try scanner.skipByteOrderMark()
        var entryLocations: [String: SourceLocation]? = notes?.recordsEntryLocations == true ? [:] : nil
        self = try XCStringsReader.catalog(&scanner, table: table ?? Self.tableName(forPath: file), parallelism: parallelism,
                                           keepsEntries: keepsEntries || onEntry == nil, entryLocations: &entryLocations, onEntry: onEntry)
        try scanner.expectEnd()
        notes?.hasRepeatedOrUnknownMembers = scanner.sawRepeatedOrUnknownMember
        if let entryLocations { notes?.entryLocations = entryLocations }
    }

    /// The table a file defines: its name without directories and extension.
    public static func tableName(forPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

/// What reading a String Catalog learned beyond the model.
package final class XCStringsReadNotes: @unchecked Sendable {
    /// Whether some object of the file repeats a member name (besides an entry name in
    /// "strings", which is a `duplicate-key` warning) or holds a member the model does not
    /// know, whose own members the reader did not look at. When false, a scan of the file's
    /// outline finds no repeated member.
    package var hasRepeatedOrUnknownMembers = false
    /// Whether the read notes where each entry stands (``entryLocations``).
    package var recordsEntryLocations = false
    /// With ``recordsEntryLocations``, where each entry's name stands, by key: exactly
    /// ``StringCatalog/entryLocations(xcstrings:file:)`` of the file (a key written twice at its
    /// last spelling), found while reading rather than by a pass of its own.
    package var entryLocations: [String: SourceLocation] = [:]

    package init() {}
}

/// Reads the String Catalog schema straight off a ``JSONScanner``.
enum XCStringsReader {
    typealias Position = JSONScanner.Position

    static func fail(_ scanner: JSONScanner, _ position: Position?, _ message: String) -> CatalogError {
        let location = position.map { scanner.sourceLocation($0) } ?? SourceLocation(file: scanner.file, line: 1, column: 1)
        return CatalogError(location: location, rule: .xcstringsSchema, message: message)
    }

    static func kind(_ scanner: JSONScanner) -> String {
        switch scanner.current {
        case UInt8(ascii: "{"): "object"
        case UInt8(ascii: "["): "array"
        case UInt8(ascii: "\""): "string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "boolean"
        case UInt8(ascii: "n"): "null"
        case nil: "the end of the file"
        default: "number"
        }
    }

    typealias Key = JSONScanner.Key

    static func object(_ scanner: inout JSONScanner, _ position: Position?, _ what: @autoclosure () -> String,
                       _ body: (inout JSONScanner, Key, Position) throws(CatalogError) -> Void) throws(CatalogError) {
        guard scanner.current == UInt8(ascii: "{") else {
            if scanner.current == nil { try scanner.rawMembers(body) }  // the syntax error at the end
            throw fail(scanner, position, "expected \(what()) to be an object, found \(kind(scanner))")
        }
        try scanner.rawMembers(body)
    }

    /// Common state values, shared instead of decoded each time.
    static func state(_ scanner: inout JSONScanner, _ position: Position) throws(CatalogError) -> String {
        try countedState(&scanner, position).text
    }

    /// ``state(_:_:)``, with the state it counts as (``CatalogStats/State/init(unitState:)-(String)``),
    /// known from the bytes for the common states.
    static func countedState(_ scanner: inout JSONScanner, _ position: Position) throws(CatalogError) -> (text: String, counted: CatalogStats.State) {
        guard scanner.current == UInt8(ascii: "\"") else {
            let text = try string(&scanner, position, "\"state\"")
            return (text, CatalogStats.State(unitState: text))
        }
        let key = try scanner.key()
        let bytes = scanner.bytes
        if key.is("translated", in: bytes) { return ("translated", .translated) }
        if key.is("needs_review", in: bytes) { return ("needs_review", .needsReview) }
        if key.is("new", in: bytes) { return ("new", .new) }
        if key.is("stale", in: bytes) { return ("stale", .translated) }
        let text = key.string(in: bytes)
        return (text, CatalogStats.State(unitState: text))
    }

    /// The category a plural form's member name names, or the error that it names none.
    /// The scanner is passed in place (for the error only): passed by value, it was copied.
    @inline(__always)
    static func formCategory(_ name: Key, _ scanner: inout JSONScanner, _ position: Position) throws(CatalogError) -> PluralCategory {
        guard let category = category(name, in: scanner.bytes) else {
            throw fail(scanner, position, "expected a plural category (zero, one, two, few, many, other), found \"\(name.string(in: scanner.bytes))\"")
        }
        return category
    }

    /// A plural category named in place.
    static func category(_ key: Key, in bytes: UnsafeBufferPointer<UInt8>) -> PluralCategory? {
        if let decoded = key.decoded { return PluralCategory.named(decoded) }
        return PluralCategory.named(bytes: UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]))
    }

    static func string(_ scanner: inout JSONScanner, _ position: Position, _ what: @autoclosure () -> String) throws(CatalogError) -> String {
        guard scanner.current == UInt8(ascii: "\"") else {
            if scanner.current == nil { _ = try scanner.value() }
            throw fail(scanner, position, "expected \(what()) to be a string, found \(kind(scanner))")
        }
        return try scanner.string()
    }

    static func bool(_ scanner: inout JSONScanner, _ position: Position, _ what: String) throws(CatalogError) -> Bool {
        switch scanner.current {
        case UInt8(ascii: "t"): try scanner.word("true"); return true
        case UInt8(ascii: "f"): try scanner.word("false"); return false
        case nil: _ = try scanner.value(); return false
        default: throw fail(scanner, position, "expected \(what) to be true or false, found \(kind(scanner))")
        }
    }

    static func extra(_ scanner: inout JSONScanner, _ key: Key, _ position: Position, prefix: String = "") throws(CatalogError) -> JSONMember {
        try extra(&scanner, prefix + key.string(in: scanner.bytes), position)
    }

    static func extra(_ scanner: inout JSONScanner, _ key: String, _ position: Position) throws(CatalogError) -> JSONMember {
        let column = scanner.column(of: position)
        return JSONMember(key: key, value: try scanner.value(), line: position.line, column: column)
    }

    static func catalog(_ scanner: inout JSONScanner, table: String, parallelism: XCStringsParallelism = .sequential,
                        keepsEntries: Bool = true, entryLocations: inout [String: SourceLocation]?,
                        onEntry: ((String?, String, CatalogEntry, Position, [(code: String, position: Position)]) -> Void)? = nil) throws(CatalogError) -> StringCatalog {
        var parallelism = parallelism
        var sourceLanguage: String?
        var version = "1.0"
        var hasVersion = false
        var entries: [String: CatalogEntry] = [:]
        var keys: [String] = []
        var respelled: [SpelledEntry] = []
        // The second spellings by their bytes (String equality is canonical equivalence).
        var respelledByBytes: [[UInt8]: Int] = [:]
        var extra: [JSONMember] = []
        var warnings: [CatalogWarning] = []
        var seen: UInt8 = 0
        scanner.skipWhitespace()
        try object(&scanner, nil, "the top level") { (scanner: inout JSONScanner, key: Key, position: Position) throws(CatalogError) in
            let bytes = scanner.bytes
            if key.is("sourceLanguage", in: bytes) {
                scanner.noteMember(&seen, 1)
                sourceLanguage = try string(&scanner, position, "\"sourceLanguage\"")
            } else if key.is("version", in: bytes) {
                scanner.noteMember(&seen, 2)
                version = try string(&scanner, position, "\"version\"")
                hasVersion = true
            } else if key.is("strings", in: bytes) {
                if seen & 4 != 0 {
                    // A repeated "strings" member replaces the earlier one, as in every JSON
                    // reader (Xcode's included): its entries are dropped, and a reader that
                    // was handed them (`onEntry`) learns it from this warning.
                    entries = [:]
                    keys = []
                    respelled = []
                    respelledByBytes = [:]
                    if entryLocations != nil { entryLocations = [:] }
                    // The tally counted the dropped entries too.
                    scanner.stateTally.invalidate()
                    warnings.append(CatalogWarning(location: scanner.sourceLocation(position), rule: .duplicateKey,
                                                   message: "the top-level \"strings\" member appears more than once; the last one wins"))
                }
                scanner.noteMember(&seen, 4)
                // The names read, when the entries are not kept.
                var names = Set<String>()
                // Entries come in the file's order, so their columns are counted on from the last
                // one (`column(of:)`): a one-line file with thousands of repeated or respelled
                // keys was quadratic.
                func add(_ name: String, _ parsed: CatalogEntry, _ position: Position, column: Int? = nil, _ scanner: inout JSONScanner) {
                    // The entry's localization positions are its own: an entry with no
                    // "localizations" member leaves none of the last one's behind.
                    defer { if scanner.localizationPositions != nil { scanner.localizationPositions!.removeAll(keepingCapacity: true) } }
                    func location() -> SourceLocation {
                        SourceLocation(file: scanner.file, line: position.line, column: column ?? scanner.column(of: position))
                    }
                    // Every entry, in file order: a key written twice is at its last spelling.
                    if entryLocations != nil { entryLocations![name] = location() }
                    let kept: String
                    if keepsEntries {
                        guard let index = entries.index(forKey: name) else {
                            entries[name] = parsed
                            keys.append(name)
                            onEntry?(sourceLanguage, name, parsed, position, scanner.localizationPositions ?? [])
                            return
                        }
                        kept = entries[index].key
                    } else {
                        let (inserted, member) = names.insert(name)
                        if inserted {
                            keys.append(name)
                            onEntry?(sourceLanguage, name, parsed, position, scanner.localizationPositions ?? [])
                            return
                        }
                        kept = member
                    }
                    let duplicate = CatalogWarning(location: location(), rule: .duplicateKey,
                                                 message: "“\(name)” appears more than once in \"strings\"; the last one wins")
                    if kept.utf8.elementsEqual(name.utf8) {
                        warnings.append(duplicate)
                        if keepsEntries { entries[kept] = parsed }
                    } else if let other = respelledByBytes[Array(name.utf8)] {
                        warnings.append(duplicate)
                        respelled[other].entry = parsed
                    } else {
                        warnings.append(StringCatalog.keyNormalizationWarning(name, earlier: kept, at: location()))
                        respelledByBytes[Array(name.utf8)] = respelled.count
                        respelled.append(SpelledEntry(key: name, entry: keepsEntries ? parsed : CatalogEntry()))
                    }
                }
                if onEntry == nil, let read = try parallelStrings(&scanner, parallelism: parallelism) {
                    // The work beside the parts has run; a repeated "strings" member does not run it again.
                    parallelism.alongside = nil
                    let count = read.reduce(0) { $0 + $1.count }
                    entries.reserveCapacity(count)
                    keys.reserveCapacity(count)
                    for part in read {
                        for index in part.indices { add(part[index].name, part[index].entry, part[index].position, column: part[index].column, &scanner) }
                    }
                } else {
                    try object(&scanner, position, "\"strings\"") { (scanner: inout JSONScanner, key: Key, position: Position) throws(CatalogError) in
                        let name = key.string(in: scanner.bytes)
                        add(name, try entry(&scanner, name, position), position, &scanner)
                    }
                }
            } else {
                scanner.sawRepeatedOrUnknownMember = true
                extra.append(try Self.extra(&scanner, key, position))
            }
        }
        guard let sourceLanguage else { throw fail(scanner, nil, "expected a top-level \"sourceLanguage\" member") }
        var catalog = StringCatalog(table: table, sourceLanguage: sourceLanguage, version: version,
                                    entries: entries, keys: keys, extra: extra)
        catalog.hasVersion = hasVersion
        catalog.warnings = warnings
        if keepsEntries { catalog.storedRespelled = respelled }
        // The tally holds for these entries only when it counted each of them once (a key read
        // twice or spelled two ways was counted twice).
        if keepsEntries, scanner.detail == .states, scanner.stateTally.holds, scanner.stateTally.entries == entries.count {
            catalog.stateTally = scanner.stateTally
        }
        return catalog
    }

    static func entry(_ scanner: inout JSONScanner, _ name: String, _ position: Position) throws(CatalogError) -> CatalogEntry {
        var entry = CatalogEntry()
        var seen: UInt8 = 0
        if scanner.detail == .states {
            scanner.entryCodes = []
            scanner.entryStates.removeAll(keepingCapacity: true)
        }
        try object(&scanner, position, "the entry for \"\(name)\"") { (scanner: inout JSONScanner, key: Key, position: Position) throws(CatalogError) in
            let bytes = scanner.bytes
            if key.is("localizations", in: bytes) {
                scanner.noteMember(&seen, 1)
                entry.hadLocalizationsMember = true
                entry.localizations = try localizations(&scanner, position, key: name)
            } else if key.is("comment", in: bytes) {
                scanner.noteMember(&seen, 2)
                entry.comment = try string(&scanner, position, "\"comment\"")
            } else if key.is("extractionState", in: bytes) {
                scanner.noteMember(&seen, 4)
                entry.extractionState = try string(&scanner, position, "\"extractionState\"")
            } else if key.is("shouldTranslate", in: bytes) {
                scanner.noteMember(&seen, 8)
                entry.shouldTranslate = try bool(&scanner, position, "\"shouldTranslate\"")
            } else if key.is("isCommentAutoGenerated", in: bytes) {
                scanner.noteMember(&seen, 16)
                entry.isCommentAutoGenerated = try bool(&scanner, position, "\"isCommentAutoGenerated\"")
            } else {
                scanner.sawRepeatedOrUnknownMember = true
                entry.extra.append(try extra(&scanner, key, position))
            }
        }
        if scanner.detail == .states {
            entry.keepStatesOnly()
            scanner.stateTally.add(codes: scanner.entryCodes, states: scanner.entryStates, counts: entry.shouldTranslate != false)
        }
        return entry
    }

    /// An entry's `"localizations"` object, the scanner at its value.
    ///
    /// Entries of a catalog mostly list the same locales in the same order. While the codes
    /// read match the last entry's (``LocalizationLayout``), neither a string nor a hash is made
    /// for them, and the table is the last one's layout with this entry's values (`mapValues`,
    /// which keeps the layout). Otherwise the codes are hashed once into a new layout, which
    /// the next entries can reuse. A code that appears twice is a repeated member: the last
    /// value wins, as a dictionary built one member at a time would have it.
    /// The localizations of the entry `key`; one whose substitutions can expand past the
    /// limits (``SubstitutionExpansion``) is a `[limit]` error at its locale's name.
    static func localizations(_ scanner: inout JSONScanner, _ position: Position, key: String) throws(CatalogError) -> [String: LocalizedValue] {
        var values = scanner.localizationScratch
        scanner.localizationScratch = []
        if scanner.localizationPositions != nil { scanner.localizationPositions!.removeAll(keepingCapacity: true) }
        defer {
            values.removeAll(keepingCapacity: true)
            scanner.localizationScratch = values
        }
        // The codes read, once they stop matching the layout's (nil while they match).
        var codes: [String]?
        let tallies = scanner.detail == .states
        if tallies { scanner.entryStates.removeAll(keepingCapacity: true) }
        try object(&scanner, position, "\"localizations\"") { (scanner: inout JSONScanner, locale: Key, position: Position) throws(CatalogError) in
            let next = values.count
            scanner.lastState = 0
            defer { if tallies { scanner.entryStates.append(scanner.lastState) } }
            if codes == nil {
                if scanner.localizationLayout.matches(locale, at: next, in: scanner.bytes) {
                    let code = scanner.localizationLayout.codes[next]
                    scanner.localizationPositions?.append((code, position))
                    values.append(try checkedLocalization(&scanner, key: key, locale: code, position))
                    return
                }
                codes = Array(scanner.localizationLayout.codes[..<next])
            }
            let code = locale.string(in: scanner.bytes)
            codes?.append(code)
            scanner.localizationPositions?.append((code, position))
            values.append(try checkedLocalization(&scanner, key: key, locale: code, position))
        }
        if codes == nil, values.count == scanner.localizationLayout.codes.count {
            if tallies { scanner.entryCodes = scanner.localizationLayout.codes }
            return scanner.localizationLayout.table(taking: &values)
        }
        let layout = LocalizationLayout(codes: codes ?? Array(scanner.localizationLayout.codes[..<values.count]))
        if layout.indices.count != layout.codes.count {
            scanner.sawRepeatedOrUnknownMember = true
            // The table keeps a repeated code's last value: its states are not the file's.
            if tallies { scanner.stateTally.invalidate() }
        }
        if tallies { scanner.entryCodes = layout.codes }
        let table = layout.table(taking: &values)
        if layout.indices.count == layout.codes.count { scanner.localizationLayout = layout }
        return table
    }

    /// One localization of `key`, its substitutions' worst case checked. A
    /// ``CatalogDetail/states`` read steps over texts without making them; a localization
    /// that turns out to have substitutions is read again with its texts, which the check
    /// counts.
    @inline(__always)
    static func checkedLocalization(_ scanner: inout JSONScanner, key: String, locale: String,
                                    _ position: Position) throws(CatalogError) -> LocalizedValue {
        let start = (index: scanner.index, line: scanner.line, lineStart: scanner.lineStart)
        // A states read keeps this value as its state, or reads it again with its texts when
        // it has substitutions: either way its plural forms need not be kept.
        var value = try localized(&scanner, locale, position, summarizingForms: scanner.detail == .states && !scanner.keepsTexts)
        if !value.substitutions.isEmpty, scanner.detail == .states, !scanner.keepsTexts {
            (scanner.index, scanner.line, scanner.lineStart) = start
            scanner.keepsTexts = true
            defer { scanner.keepsTexts = false }
            value = try localized(&scanner, locale, position)
        }
        try checkExpansion(value, key: key, locale: locale, scanner, position)
        // A value read with its texts for the check is kept as its state, as the others are.
        if scanner.detail == .states, !value.substitutions.isEmpty {
            let state = CatalogStats.state(of: value)
            scanner.lastState = state.rawValue
            return CatalogDetail.value(for: state)
        }
        return value
    }

    @inline(__always)
    static func checkExpansion(_ value: LocalizedValue, key: String, locale: String, _ scanner: JSONScanner, _ position: Position) throws(CatalogError) {
        guard !value.substitutions.isEmpty else { return }
        if let error = SubstitutionExpansion.check(value, key: key, locale: locale, limits: scanner.limits, at: scanner.sourceLocation(position)) {
            throw error
        }
    }

    /// One localization (or form). With `summarizingForms` (a ``CatalogDetail/states`` read of
    /// a top-level localization, which is kept as its state or read again with its texts), its
    /// plural forms and its substitutions' are read and checked as always, but only their
    /// states are kept (``pluralFormStates(_:_:)``), not the forms.
    static func localized(_ scanner: inout JSONScanner, _ name: String, _ position: Position,
                          summarizingForms: Bool = false) throws(CatalogError) -> LocalizedValue {
        if let plain = plainUnit(&scanner) { return plain }
        if let plural = plainPlural(&scanner) { return plural }
        var value = LocalizedValue()
        var seen: UInt8 = 0
        // The worst state of the plural forms read as states only (the last plural member's).
        var formsState = CatalogStats.State.translated.rawValue
        try object(&scanner, position, "the localization \"\(name)\"") { (scanner: inout JSONScanner, key: Key, position: Position) throws(CatalogError) in
            let bytes = scanner.bytes
            if key.is("stringUnit", in: bytes) {
                scanner.noteMember(&seen, 1)
                value.stringUnit = try unit(&scanner, position)
            } else if key.is("variations", in: bytes) {
                scanner.noteMember(&seen, 2)
                try object(&scanner, position, "\"variations\"") { (scanner: inout JSONScanner, kind: Key, position: Position) throws(CatalogError) in
                    if kind.is("plural", in: scanner.bytes) {
                        scanner.noteMember(&seen, 4)
                        let isEmpty: Bool
                        if summarizingForms {
                            let forms = try pluralFormStates(&scanner, position)
                            (formsState, isEmpty) = (forms.state, forms.count == 0)
                        } else {
                            value.plural = try pluralForms(&scanner, position)
                            isEmpty = value.plural.isEmpty
                        }
                        if isEmpty {
                            // Kept (and written back) as an unknown member, so that an empty
                            // plural set is neither lost nor mistaken for none.
                            scanner.sawRepeatedOrUnknownMember = true
                            value.extra.append(JSONMember(key: "variations.plural", value: .object([]), line: position.line,
                                                          column: scanner.column(of: position)))
                        }
                    } else if kind.is("device", in: scanner.bytes) {
                        scanner.noteMember(&seen, 8)
                        try object(&scanner, position, "\"device\"") { (scanner: inout JSONScanner, device: Key, position: Position) throws(CatalogError) in
                            let name = device.string(in: scanner.bytes)
                            if value.device.updateValue(try localized(&scanner, name, position), forKey: name) != nil {
                                scanner.sawRepeatedOrUnknownMember = true
                            }
                        }
                    } else {
                        scanner.sawRepeatedOrUnknownMember = true
                        value.extra.append(try extra(&scanner, kind, position, prefix: "variations."))
                    }
                }
            } else if key.is("substitutions", in: bytes) {
                scanner.noteMember(&seen, 16)
                try object(&scanner, position, "\"substitutions\"") { (scanner: inout JSONScanner, name: Key, position: Position) throws(CatalogError) in
                    let text = name.string(in: scanner.bytes)
                    if value.substitutions.updateValue(try substitution(&scanner, text, position, summarizingForms: summarizingForms),
                                                       forKey: text) != nil {
                        scanner.sawRepeatedOrUnknownMember = true
                    }
                }
            } else {
                scanner.sawRepeatedOrUnknownMember = true
                value.extra.append(try extra(&scanner, key, position))
            }
        }
        // A ``CatalogDetail/states`` read keeps the value as its state: the worst of its own
        // leaves' and of the forms counted as read (`formsState`; forms kept as values were
        // kept so as they were read). One with substitutions is read again with its texts
        // (`checkedLocalization`). Both raw values are states', so is their maximum.
        if scanner.detail == .states, !scanner.keepsTexts, value.substitutions.isEmpty {
            let state = CatalogStats.State(rawValue: max(CatalogStats.state(of: value).rawValue, formsState)) ?? .needsReview
            scanner.lastState = state.rawValue
            return CatalogDetail.value(for: state)
        }
        return value
    }

    /// Plural forms as ``pluralForms(_:_:)`` reads them (the same checks and errors, a
    /// repeated category noted), keeping only how many categories there are and the worst
    /// state of the forms a table would keep (a repeated category's last), for a value kept
    /// as its state (``CatalogStats/state(of:)`` is the worst of its leaves': the states'
    /// raw values rise from translated to needs review). No table of forms is made.
    static func pluralFormStates(_ scanner: inout JSONScanner, _ position: Position) throws(CatalogError) -> (count: Int, state: UInt8) {
        // Each category's state, at its place in `PluralCategory.allCases` (0: none read).
        var states: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
        try object(&scanner, position, "\"plural\"") { (scanner: inout JSONScanner, name: Key, position: Position) throws(CatalogError) in
            let category = try formCategory(name, &scanner, position)
            // A plain form (most) counted from its bytes; any other read as a value.
            let state: UInt8
            if let plain = plainUnitState(&scanner) {
                state = plain.rawValue
            } else {
                state = CatalogStats.state(of: try localized(&scanner, category.rawValue, position)).rawValue
            }
            let earlier: UInt8
            switch category {
            case .zero: (earlier, states.0) = (states.0, state)
            case .one: (earlier, states.1) = (states.1, state)
            case .two: (earlier, states.2) = (states.2, state)
            case .few: (earlier, states.3) = (states.3, state)
            case .many: (earlier, states.4) = (states.4, state)
            case .other: (earlier, states.5) = (states.5, state)
            }
            if earlier != 0 { scanner.sawRepeatedOrUnknownMember = true }
        }
        let worst = max(max(max(states.0, states.1), max(states.2, states.3)), max(states.4, states.5))
        func read(_ state: UInt8) -> Int { state != 0 ? 1 : 0 }
        let count = read(states.0) + read(states.1) + read(states.2) + read(states.3) + read(states.4) + read(states.5)
        // No form: nothing worse than translated (``CatalogStats/state(of:)`` of no leaf).
        return (count, max(worst, CatalogStats.State.translated.rawValue))
    }

    /// The common localization `{ "stringUnit" : { "state" : "…", "value" : "…" } }`, read
    /// without the general member machinery; nil, with the scanner untouched, for anything else
    /// (another member or order, an escaped name, a bad value, nesting at the limit), which the
    /// general reader then reads — and reports — as before.
    @inline(__always)
    static func plainUnit(_ scanner: inout JSONScanner) -> LocalizedValue? {
        if scanner.detail == .states && !scanner.keepsTexts {
            // The value is the state's shared one (`CatalogDetail.value(for:)`).
            return plainUnitState(&scanner).map(CatalogDetail.value(for:))
        }
        let start = (index: scanner.index, line: scanner.line, lineStart: scanner.lineStart)
        guard let state = plainUnitStart(&scanner)?.text,
              let text = try? scanner.string(), scanner.skip(UInt8(ascii: "}")), scanner.skip(UInt8(ascii: "}")) else {
            (scanner.index, scanner.line, scanner.lineStart) = start
            return nil
        }
        return LocalizedValue(unit: StringUnit(state: state, value: text))
    }

    /// ``plainUnit(_:)`` in a ``CatalogDetail/states`` read that does not keep texts: the
    /// state the unit counts as (also left in `lastState`), its text checked as it would be
    /// read but not made; nil, with the scanner untouched, when the value is not that plain.
    @inline(__always)
    static func plainUnitState(_ scanner: inout JSONScanner) -> CatalogStats.State? {
        let start = (index: scanner.index, line: scanner.line, lineStart: scanner.lineStart)
        guard let state = plainUnitStart(&scanner)?.counted,
              (try? scanner.skipString()) != nil, scanner.skip(UInt8(ascii: "}")), scanner.skip(UInt8(ascii: "}")) else {
            (scanner.index, scanner.line, scanner.lineStart) = start
            return nil
        }
        scanner.lastState = state.rawValue
        return state
    }

    /// The plain unit's members up to its text: `{ "stringUnit" : { "state" : "…", "value" :`,
    /// leaving the scanner at the text's opening quote; nil (the scanner moved, for the caller
    /// to put back) for anything else.
    @inline(__always)
    static func plainUnitStart(_ scanner: inout JSONScanner) -> (text: String, counted: CatalogStats.State)? {
        // Only the position moves on this path (the column cache may too, which stays valid):
        // the caller puts it back on failure, instead of copying the whole scanner (and
        // retaining its file name) for every localization.
        guard scanner.depth + 2 <= scanner.limits.maximumDepth, scanner.skip(UInt8(ascii: "{")), scanner.skip("\"stringUnit\""),
              scanner.skip(UInt8(ascii: ":")), scanner.skip(UInt8(ascii: "{")), scanner.skip("\"state\""), scanner.skip(UInt8(ascii: ":")),
              scanner.current == UInt8(ascii: "\"") else { return nil }
        let position = Position(offset: scanner.index, line: scanner.line, lineStart: scanner.lineStart)
        guard let state = try? countedState(&scanner, position),
              scanner.skip(UInt8(ascii: ",")), scanner.skip("\"value\""), scanner.skip(UInt8(ascii: ":")), scanner.current == UInt8(ascii: "\"")
        else { return nil }
        return state
    }

    /// The common plural localization `{ "variations" : { "plural" : { "one" : {…}, "other" :
    /// {…} } } }`, each form a plain unit (``plainUnit(_:)``), read without the general member
    /// machinery: the same value the general reader makes of it. Nil, with the scanner
    /// untouched, for anything else (another member beside the plural forms, a category named
    /// twice or spelled with an escape, a form that is not a plain unit, no form, nesting at
    /// the limit), which the general reader then reads — and reports — as before. Not in a
    /// ``CatalogDetail/states`` read that keeps no texts: there the general reader summarises
    /// the forms as their worst state (``pluralFormStates(_:_:)``) rather than keeping them.
    @inline(__always)
    static func plainPlural(_ scanner: inout JSONScanner) -> LocalizedValue? {
        guard scanner.detail != .states || scanner.keepsTexts else { return nil }
        let start = (index: scanner.index, line: scanner.line, lineStart: scanner.lineStart)
        if let value = plainPluralForms(&scanner) { return value }
        (scanner.index, scanner.line, scanner.lineStart) = start
        return nil
    }

    /// ``plainPlural(_:)``'s reading: nil (the scanner moved, for the caller to put back) for
    /// anything but the plain shape.
    @inline(__always)
    private static func plainPluralForms(_ scanner: inout JSONScanner) -> LocalizedValue? {
        // The localization, its variations, its plural set, a form and the form's unit: five
        // objects deep, as the general reader would enter them.
        guard scanner.depth + 5 <= scanner.limits.maximumDepth, scanner.skip(UInt8(ascii: "{")), scanner.skip("\"variations\""),
              scanner.skip(UInt8(ascii: ":")), scanner.skip(UInt8(ascii: "{")), scanner.skip("\"plural\""), scanner.skip(UInt8(ascii: ":")),
              scanner.skip(UInt8(ascii: "{")) else { return nil }
        var forms: [PluralCategory: LocalizedValue] = Dictionary(minimumCapacity: PluralCategory.allCases.count)
        var seen: UInt8 = 0
        repeat {
            guard let category = plainCategory(&scanner), seen & 1 << category.ordinal == 0, scanner.skip(UInt8(ascii: ":")),
                  let form = plainUnit(&scanner) else { return nil }
            seen |= 1 << category.ordinal
            // `updateValue`, not the subscript, whose setter takes an optional: the form was
            // copied into one and freed again in memory, through the optional's generic value
            // witnesses (about 400 instructions a form).
            forms.updateValue(form, forKey: category)
        } while scanner.skip(UInt8(ascii: ","))
        guard scanner.skip(UInt8(ascii: "}")), scanner.skip(UInt8(ascii: "}")), scanner.skip(UInt8(ascii: "}")) else { return nil }
        return LocalizedValue(plural: forms)
    }

    /// A plural category's quoted name, spelled without escapes, and the white space after
    /// it; nil for anything else (the scanner may have moved: the caller puts it back).
    @inline(__always)
    static func plainCategory(_ scanner: inout JSONScanner) -> PluralCategory? {
        guard scanner.index + 1 < scanner.bytes.count, scanner.bytes[scanner.index] == UInt8(ascii: "\"") else { return nil }
        switch scanner.bytes[scanner.index + 1] {
        case UInt8(ascii: "o"):
            if scanner.skip("\"one\"") { return .one }
            return scanner.skip("\"other\"") ? .other : nil
        case UInt8(ascii: "f"): return scanner.skip("\"few\"") ? .few : nil
        case UInt8(ascii: "m"): return scanner.skip("\"many\"") ? .many : nil
        case UInt8(ascii: "t"): return scanner.skip("\"two\"") ? .two : nil
        case UInt8(ascii: "z"): return scanner.skip("\"zero\"") ? .zero : nil
        default: return nil
        }
    }

    static func pluralForms(_ scanner: inout JSONScanner, _ position: Position) throws(CatalogError) -> [PluralCategory: LocalizedValue] {
        // Room for every CLDR category at once (8 buckets, which 4 and 5 forms need too),
        // instead of growing from 1 to 2 to 4 to 8 buckets as forms are added.
        var forms: [PluralCategory: LocalizedValue] = Dictionary(minimumCapacity: PluralCategory.allCases.count)
        try object(&scanner, position, "\"plural\"") { (scanner: inout JSONScanner, name: Key, position: Position) throws(CatalogError) in
            let category = try formCategory(name, &scanner, position)
            if forms.updateValue(try localized(&scanner, category.rawValue, position), forKey: category) != nil {
                scanner.sawRepeatedOrUnknownMember = true
            }
        }
        return forms
    }

    static func unit(_ scanner: inout JSONScanner, _ position: Position) throws(CatalogError) -> StringUnit {
        var state: String?
        var text: String?
        var extra: [JSONMember] = []
        var seen: UInt8 = 0
        try object(&scanner, position, "\"stringUnit\"") { (scanner: inout JSONScanner, key: Key, position: Position) throws(CatalogError) in
            if key.is("state", in: scanner.bytes) {
                scanner.noteMember(&seen, 1)
                state = try Self.state(&scanner, position)
            } else if key.is("value", in: scanner.bytes) {
                scanner.noteMember(&seen, 2)
                if scanner.detail == .states && !scanner.keepsTexts && scanner.current == UInt8(ascii: "\"") {
                    // Checked as read, not made (`checkedLocalization(_:key:locale:_:)`).
                    try scanner.skipString()
                    text = ""
                } else {
                    text = try string(&scanner, position, "\"value\"")
                }
            } else {
                scanner.sawRepeatedOrUnknownMember = true
                extra.append(try Self.extra(&scanner, key, position))
            }
        }
        guard let text else { throw fail(scanner, position, "expected \"stringUnit\" to have a \"value\" string") }
        return StringUnit(state: state, value: text, extra: extra)
    }

    /// A substitution. With `summarizingForms` (its localization is read again with its texts
    /// before anything is kept, ``checkedLocalization(_:key:locale:_:)``), its plural forms are
    /// read and checked but not kept.
    static func substitution(_ scanner: inout JSONScanner, _ name: String, _ position: Position,
                             summarizingForms: Bool = false) throws(CatalogError) -> Substitution {
        var result = Substitution()
        var seen: UInt8 = 0
        try object(&scanner, position, "the substitution \"\(name)\"") { (scanner: inout JSONScanner, key: Key, position: Position) throws(CatalogError) in
            let bytes = scanner.bytes
            if key.is("argNum", in: bytes) {
                scanner.noteMember(&seen, 1)
                guard case .number(let digits) = try scanner.value(), let number = Int(digits), number >= 1, number <= 1000 else {
                    throw fail(scanner, position, "expected \"argNum\" to be a whole number from 1 to 1000")
                }
                result.argNum = number
            } else if key.is("formatSpecifier", in: bytes) {
                scanner.noteMember(&seen, 2)
                result.formatSpecifier = try string(&scanner, position, "\"formatSpecifier\"")
            } else if key.is("variations", in: bytes) {
                scanner.noteMember(&seen, 4)
                try object(&scanner, position, "\"variations\"") { (scanner: inout JSONScanner, kind: Key, position: Position) throws(CatalogError) in
                    if kind.is("plural", in: scanner.bytes) {
                        scanner.noteMember(&seen, 8)
                        if summarizingForms {
                            _ = try pluralFormStates(&scanner, position)
                        } else {
                            result.plural = try pluralForms(&scanner, position)
                        }
                    } else {
                        scanner.sawRepeatedOrUnknownMember = true
                        result.extra.append(try extra(&scanner, kind, position, prefix: "variations."))
                    }
                }
            } else {
                scanner.sawRepeatedOrUnknownMember = true
                result.extra.append(try extra(&scanner, key, position))
            }
        }
        return result
    }
}

extension StringCatalog {
    /// The catalog as a String Catalog JSON tree, every member the reader kept included; write
    /// it with ``XCStringsWriter`` for Xcode's layout.
    ///
    /// Every spelling of a key is written (``entriesBySpelling()``). Members the model keeps in
    /// dictionaries (localizations, plural forms, devices, substitutions) come in one order
    /// whatever the dictionaries' order: codes and names in code-point order, plural forms in
    /// CLDR's (zero, one, two, few, many, other).
    public func jsonValue() -> JSONValue {
        .object(topLevelMembers(strings: entriesBySpelling().map { JSONMember(key: $0.key, value: Self.json($0.entry)) }))
    }

    /// The top-level members, `strings` (the entries' members) among them.
    func topLevelMembers(strings: [JSONMember]) -> [JSONMember] {
        var top = [JSONMember(key: "sourceLanguage", value: .string(sourceLanguage)),
                   JSONMember(key: "strings", value: .object(strings))]
        if hasVersion { top.append(JSONMember(key: "version", value: .string(version))) }
        return top + extra
    }

    /// One entry as a JSON tree: the value of its key in `strings`.
    static func json(_ entry: CatalogEntry) -> JSONValue {
        var members: [JSONMember] = []
        if let comment = entry.comment { members.append(JSONMember(key: "comment", value: .string(comment))) }
        if let state = entry.extractionState { members.append(JSONMember(key: "extractionState", value: .string(state))) }
        if let flag = entry.isCommentAutoGenerated { members.append(JSONMember(key: "isCommentAutoGenerated", value: .bool(flag))) }
        if !entry.localizations.isEmpty || entry.hadLocalizationsMember {
            members.append(JSONMember(key: "localizations", value: .object(Self.inCodePointOrder(entry.localizations).map { code, value in
                JSONMember(key: code, value: Self.json(value))
            })))
        }
        if let flag = entry.shouldTranslate { members.append(JSONMember(key: "shouldTranslate", value: .bool(flag))) }
        members += entry.extra
        return .object(members)
    }

    /// A dictionary's members, keys in code-point order.
    static func inCodePointOrder<Value>(_ members: [String: Value]) -> [(key: String, value: Value)] {
        members.sorted { CodePointOrder.precedes($0.key, $1.key) }
    }

    static func json(_ value: LocalizedValue) -> JSONValue {
        var members: [JSONMember] = []
        if let unit = value.stringUnit {
            var fields: [JSONMember] = []
            if let state = unit.state { fields.append(JSONMember(key: "state", value: .string(state))) }
            fields.append(JSONMember(key: "value", value: .string(unit.value)))
            members.append(JSONMember(key: "stringUnit", value: .object(fields + unit.extra)))
        }
        if !value.substitutions.isEmpty {
            members.append(JSONMember(key: "substitutions", value: .object(inCodePointOrder(value.substitutions).map { name, substitution in
                JSONMember(key: name, value: json(substitution))
            })))
        }
        var kinds: [JSONMember] = []
        if !value.plural.isEmpty { kinds.append(JSONMember(key: "plural", value: pluralJSON(value.plural))) }
        if !value.device.isEmpty {
            kinds.append(JSONMember(key: "device", value: .object(inCodePointOrder(value.device).map { JSONMember(key: $0.key, value: json($0.value)) })))
        }
        for member in value.extra where member.key.hasPrefix("variations.") {
            kinds.append(JSONMember(key: String(member.key.dropFirst(11)), value: member.value))
        }
        if !kinds.isEmpty { members.append(JSONMember(key: "variations", value: .object(kinds))) }
        members += value.extra.filter { !$0.key.hasPrefix("variations.") }
        return .object(members)
    }

    /// One substitution as a JSON tree: `argNum`, `formatSpecifier`, its `variations` (the
    /// plural forms and kinds the model does not know), then its other members.
    static func json(_ substitution: Substitution) -> JSONValue {
        var fields: [JSONMember] = []
        if let argNum = substitution.argNum { fields.append(JSONMember(key: "argNum", value: .number(String(argNum)))) }
        if let specifier = substitution.formatSpecifier { fields.append(JSONMember(key: "formatSpecifier", value: .string(specifier))) }
        var kinds: [JSONMember] = []
        if !substitution.plural.isEmpty { kinds.append(JSONMember(key: "plural", value: pluralJSON(substitution.plural))) }
        for member in substitution.extra where member.key.hasPrefix("variations.") {
            kinds.append(JSONMember(key: String(member.key.dropFirst(11)), value: member.value))
        }
        if !kinds.isEmpty { fields.append(JSONMember(key: "variations", value: .object(kinds))) }
        fields += substitution.extra.filter { !$0.key.hasPrefix("variations.") }
        return .object(fields)
    }

    static func pluralJSON(_ forms: [PluralCategory: LocalizedValue]) -> JSONValue {
        .object(PluralCategory.allCases.compactMap { category in forms[category].map { JSONMember(key: category.rawValue, value: json($0)) } })
    }
}
