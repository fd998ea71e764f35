#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToastICU
import ToastSupport

/// One string value of a catalog: the normal form for diffing and conformance.
public struct CatalogLeaf: Sendable, Hashable {
    /// The file, as the caller named it.
    public var file: String
    /// The table (the file name without extension).
    public var table: String
    /// The key.
    public var key: String
    /// The canonical BCP 47 locale (`Base` and `mul` stay as written).
    public var locale: String
    /// `""` for a plain value, else the variation path: `plural.one`, `device.mac.plural.few`,
    /// `substitutions.count.plural.other`, and for `.stringsdict` rule types other than plurals
    /// `device.DEV` or `width.N`.
    public var path: String
    /// The text; `nil` for an entry without localizations.
    public var value: String?
    /// The review state; `nil` where the format has none (`.strings`, `.stringsdict`).
    public var state: String?

    /// Creates a leaf.
    public init(file: String, table: String, key: String, locale: String, path: String, value: String?, state: String?) {
        self.file = file
        self.table = table
        self.key = key
        self.locale = locale
        self.path = path
        self.value = value
        self.state = state
    }

    /// The JSON Lines form of `toastkit dump`, fields in the contract's order.
    public var jsonLine: String {
        JSONWriter.string(.members([
            "file": .string(file), "table": .string(table), "key": .string(key), "locale": .string(locale),
            "path": .string(path), "value": .optional(value), "state": .optional(state),
        ]))
    }

    /// Appends ``jsonLine`` and a line feed to UTF-8 bytes, written byte by byte.
    public func appendJSONLine(to out: inout [UInt8]) {
        Self.appendJSONLine(start: Self.lineStart(file: file, table: table), key: key, locale: locale, path: path,
                            value: value, state: state, to: &out)
    }

    /// The bytes every line of one file and table begins with: `{"file":…,"table":…,"key":`.
    static func lineStart(file: String, table: String) -> [UInt8] {
        var out = Array(#"{"file":"#.utf8)
        JSONWriter.appendString(file, to: &out)
        out += #","table":"#.utf8
        JSONWriter.appendString(table, to: &out)
        out += #","key":"#.utf8
        return out
    }

    /// Appends one JSON line after its ``lineStart(file:table:)``, fields in the contract's order.
    static func appendJSONLine(start: [UInt8], key: String, locale: String, path: String, value: String?, state: String?,
                               to out: inout [UInt8]) {
        out += start
        JSONWriter.appendString(key, to: &out)
        appendLineEnd(locale: locale, path: path, value: value, state: state, to: &out)
    }

    /// Appends the part of a JSON line after its key: `,"locale":…,"state":…}` and a line feed.
    static func appendLineEnd(locale: String, path: String, value: String?, state: String?, to out: inout [UInt8]) {
        func field(_ name: StaticString, _ value: String?) {
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            if let value { JSONWriter.appendString(value, to: &out) } else { out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }
        }
        field(#","locale":"#, locale)
        field(#","path":"#, path)
        field(#","value":"#, value)
        field(#","state":"#, state)
        out.append(contentsOf: [UInt8(ascii: "}"), 0x0A])
    }

    /// Code-point order by (file, table, key, locale, path), then value and state (`nil`
    /// first): leaves equal in the first five come from two codes of one locale (`pt_BR` and
    /// `pt-BR`). UTF-8 bytes sort as their code points do, so the bytes are compared, field by
    /// field, without building anything.
    public static func precedes(_ a: CatalogLeaf, _ b: CatalogLeaf) -> Bool {
        if a.file != b.file { return CodePointOrder.precedes(a.file, b.file) }
        if a.table != b.table { return CodePointOrder.precedes(a.table, b.table) }
        if a.key != b.key { return CodePointOrder.precedes(a.key, b.key) }
        return precedesInEntry(a.locale, a.path, a.value, a.state, b.locale, b.path, b.value, b.state)
    }

    /// The order of two leaves of one key: by locale, path, value and state (`nil` first).
    static func precedesInEntry(_ locale: String, _ path: String, _ value: String?, _ state: String?,
                                _ otherLocale: String, _ otherPath: String, _ otherValue: String?, _ otherState: String?) -> Bool {
        if locale != otherLocale { return CodePointOrder.precedes(locale, otherLocale) }
        if path != otherPath { return CodePointOrder.precedes(path, otherPath) }
        return textPrecedes(value, state, otherValue, otherState)
    }

    /// The order of two leaves equal in everything else: by value, then state (`nil` first).
    static func textPrecedes(_ value: String?, _ state: String?, _ otherValue: String?, _ otherState: String?) -> Bool {
        func precedes(_ a: String?, _ b: String?) -> Bool? {
            switch (a, b) {
            case (nil, nil): nil
            case (nil, _): true
            case (_, nil): false
            case let (a?, b?):
                switch CodePointOrder.compare(a, b) {
                case 0: nil
                case let order: order < 0
                }
            }
        }
        return precedes(value, otherValue) ?? precedes(state, otherState) ?? false
    }
}

extension StringCatalog {
    /// Every leaf of the catalog, sorted in code-point order. `file` is the path to report.
    ///
    /// An entry with no localizations gives one leaf in the source language with value `nil`.
    public func leaves(file: String) -> [CatalogLeaf] {
        var result: [CatalogLeaf] = []
        // Every spelling of a key is its own key to Apple's runtime, so each is listed.
        let spelled = !hasRespelledKeys
            ? keys.lazy.compactMap { key in entry(forKey: key).map { SpelledEntry(key: key, entry: $0) } }.map { $0 }
            : entriesBySpelling()
        var canonical = CanonicalCodes()
        // For each leaf, the position of its key in `spelled` (for the sort below).
        var keyPositions: [Int32] = []
        for (position, (key, entry)) in spelled.lazy.map({ ($0.key, $0.entry) }).enumerated() {
            defer { keyPositions.append(contentsOf: repeatElement(Int32(position), count: result.count - keyPositions.count)) }
            if entry.localizations.isEmpty {
                result.append(CatalogLeaf(file: file, table: table, key: key, locale: CatalogLocale.normalize(sourceLanguage),
                                          path: "", value: nil, state: nil))
                continue
            }
            for (code, value) in entry.localizations {
                let locale = canonical.code(code).0
                Self.visitLeaves(of: value) { path, text, state in
                    result.append(CatalogLeaf(file: file, table: table, key: key, locale: locale, path: path, value: text, state: state))
                }
            }
        }
        // Indices are sorted, not the leaves: moving a leaf retains and releases its seven
        // strings. File and table are the same for every leaf; without two spellings of one
        // key, keys, locales and paths are each ranked once in code-point order and the
        // leaves sorted by their ranks, which orders them as `CatalogLeaf.precedes` does.
        guard !hasRespelledKeys, spelled.count < Int(Int32.max) else {
            let order = result.indices.sorted { CatalogLeaf.precedes(result[$0], result[$1]) }
            return order.map { result[$0] }
        }
        let keyRanks = Self.ranks(spelled.map(\.key))
        var localeRanks: [String: Int] = [:], pathRanks: [String: Int] = [:]
        for leaf in result {
            localeRanks[leaf.locale] = 0
            pathRanks[leaf.path] = 0
        }
        for (rank, locale) in Self.sortedByCodePoints(Array(localeRanks.keys)).enumerated() { localeRanks[locale] = rank }
        for (rank, path) in Self.sortedByCodePoints(Array(pathRanks.keys)).enumerated() { pathRanks[path] = rank }
        let sortKeys = result.indices.map { index in
            (keyRanks[Int(keyPositions[index])], localeRanks[result[index].locale]!, pathRanks[result[index].path]!)
        }
        let order = result.indices.sorted { a, b in
            if sortKeys[a] != sortKeys[b] { return sortKeys[a] < sortKeys[b] }
            return CatalogLeaf.textPrecedes(result[a].value, result[a].state, result[b].value, result[b].state)
        }
        return order.map { result[$0] }
    }

    /// The JSON Lines of `toastkit dump`: the lines of ``leaves(file:)``, in its order, each as
    /// ``CatalogLeaf/appendJSONLine(to:)`` writes it, handed to `write` in runs of whole lines,
    /// in order, on the calling thread.
    ///
    /// ```
    /// {"file":"L.xcstrings","table":"L","key":"saved","locale":"de","path":"","value":"Gespeichert","state":"translated"}
    /// ```
    ///
    /// No leaf is made: the keys are sorted once in code-point order, and each entry's lines
    /// are made, sorted and written by themselves, runs of keys on all cores. A catalog with
    /// two spellings of one key is written from ``leaves(file:)``.
    public func writeJSONLines(file: String, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        let start = CatalogLeaf.lineStart(file: file, table: table)
        guard !hasRespelledKeys else {
            var out: [UInt8] = []
            for leaf in leaves(file: file) {
                CatalogLeaf.appendJSONLine(start: start, key: leaf.key, locale: leaf.locale, path: leaf.path,
                                           value: leaf.value, state: leaf.state, to: &out)
                if out.count >= 1 << 20 {
                    out.withUnsafeBufferPointer(write)
                    out.removeAll(keepingCapacity: true)
                }
            }
            out.withUnsafeBufferPointer(write)
            return
        }
        let sourceLocale = CatalogLocale.normalize(sourceLanguage)
        // A lone `.strings` or `.stringsdict` file (what dump of an .lproj tree reads, file by
        // file): its records are taken by position, not looked up by key.
        if let table = fileRecords {
            let keys = (0..<table.count).map(table.key(at:))
            let order = keys.indices.sorted { CodePointOrder.precedes(keys[$0], keys[$1]) }
            Parallel.forEachRun(of: order.count, length: 256, { run in
                self.jsonLines(of: order[run].lazy.map { (keys[$0], table.entry(at: $0)) }, start: start, sourceLocale: sourceLocale)
            }, then: { lines in lines.withUnsafeBufferPointer(write) })
            return
        }
        let ordered = keys.sorted { CodePointOrder.precedes($0, $1) }
        // Runs of keys on all cores, a few ahead of the one written: memory holds a few runs'
        // lines.
        Parallel.forEachRun(of: ordered.count, length: 256, { keys in
            self.jsonLines(of: ordered[keys].lazy.compactMap { key in self.entry(forKey: key).map { (key, $0) } },
                           start: start, sourceLocale: sourceLocale)
        }, then: { lines in lines.withUnsafeBufferPointer(write) })
    }

    /// The lines of `entries` (in that order), each entry's sorted.
    private func jsonLines(of entries: some Sequence<(String, CatalogEntry)>, start: [UInt8], sourceLocale: String) -> [UInt8] {
        var out: [UInt8] = []
        var lines = EntryLines()
        for (key, entry) in entries {
            lines.take(entry, sourceLocale: sourceLocale)
            for line in lines.lines {
                CatalogLeaf.appendJSONLine(start: start, key: key, locale: line.locale, path: line.path,
                                           value: line.value, state: line.state, to: &out)
            }
        }
        return out
    }

    /// One entry's leaves in the order of its lines, made again for each entry in the same
    /// storage, with each distinct locale code made canonical once.
    struct EntryLines {
        /// One leaf's line: its locale, path, text and state. A struct, not a tuple: the
        /// compiler copied a tuple of four strings through the runtime's generic tuple copy in
        /// some builds, which made reading and sorting the lines twice the whole dump's time.
        struct Line {
            var locale: String
            var path: String
            var value: String?
            var state: String?
        }

        /// A line's place in the order: its locale's and path's prefixes, whether each is ASCII,
        /// and its index. The lines are sorted by these, which hold no reference (comparing
        /// strings read from the lines retained and released each, a third of `dump`'s time);
        /// the strings themselves are compared only where the prefixes cannot tell: where they
        /// tie without being whole, or where a string is not ASCII (two spellings of the same
        /// characters are one locale or path, as `CatalogLeaf.precedesInEntry` has them).
        private struct SortKey {
            var locale: CodePointOrder.Prefix
            var path: CodePointOrder.Prefix
            var localeIsASCII: Bool
            var pathIsASCII: Bool
            var index: Int

            /// Whether a part of two lines (a locale or a path), by its prefixes `one` and
            /// `other`, orders the first line before the second (true), after it (false) or
            /// ties (nil), as the strings `texts` reads do: compared with `==`, then in code-point
            /// order. `ascii`: both strings are ASCII (then unequal prefixes are unequal strings).
            @inline(__always)
            static func order(_ one: CodePointOrder.Prefix, _ other: CodePointOrder.Prefix, ascii: Bool,
                              _ texts: () -> (String, String)) -> Bool? {
                if one == other, one.isWhole { return nil }
                if one != other, ascii { return one < other }
                let (x, y) = texts()
                return x != y ? CodePointOrder.precedes(x, y) : nil
            }
        }

        private(set) var lines: [Line] = []
        private var keys: [SortKey] = []
        private var canonical = CanonicalCodes()

        /// Takes the leaves of `entry` in place of the last entry's, sorted (an entry without
        /// localizations has one, in the source language, without a value).
        mutating func take(_ entry: CatalogEntry, sourceLocale: String) {
            lines.removeAll(keepingCapacity: true)
            var keys = self.keys
            self.keys = []
            keys.removeAll(keepingCapacity: true)
            if entry.localizations.isEmpty {
                lines.append(Line(locale: sourceLocale, path: "", value: nil, state: nil))
                let (localeOrder, localeIsASCII) = CodePointOrder.Prefix.of(sourceLocale)
                keys.append(SortKey(locale: localeOrder, path: CodePointOrder.Prefix(""), localeIsASCII: localeIsASCII,
                                    pathIsASCII: true, index: 0))
            }
            for (code, value) in entry.localizations {
                let (locale, localeOrder, localeIsASCII) = canonical.code(code)
                StringCatalog.visitLeaves(of: value) { path, text, state in
                    let (pathOrder, pathIsASCII) = CodePointOrder.Prefix.of(path)
                    keys.append(SortKey(locale: localeOrder, path: pathOrder, localeIsASCII: localeIsASCII,
                                        pathIsASCII: pathIsASCII, index: lines.count))
                    lines.append(Line(locale: locale, path: path, value: text, state: state))
                }
            }
            lines.withUnsafeBufferPointer { held in
                keys.sort { a, b in
                    if let order = SortKey.order(a.locale, b.locale, ascii: a.localeIsASCII && b.localeIsASCII,
                                                 { (held[a.index].locale, held[b.index].locale) }) {
                        return order
                    }
                    if let order = SortKey.order(a.path, b.path, ascii: a.pathIsASCII && b.pathIsASCII,
                                                 { (held[a.index].path, held[b.index].path) }) {
                        return order
                    }
                    return CatalogLeaf.textPrecedes(held[a.index].value, held[a.index].state, held[b.index].value, held[b.index].state)
                }
            }
            // Each line is moved into its place once.
            lines.permute(by: keys.map(\.index))
            self.keys = keys
        }
    }

    /// Locale codes made canonical, each distinct code once (an ICU call), not once per
    /// localization, with the canonical code's prefix and whether it is ASCII, for sorting.
    private struct CanonicalCodes {
        private var known: [String: (String, CodePointOrder.Prefix, Bool)] = [:]

        mutating func code(_ code: String) -> (String, CodePointOrder.Prefix, Bool) {
            if let found = known[code] { return found }
            let canonical = CatalogLocale.normalize(code)
            let (prefix, isASCII) = CodePointOrder.Prefix.of(canonical)
            let found = (canonical, prefix, isASCII)
            known[code] = found
            return found
        }
    }

    /// Strings in code-point (UTF-8 byte) order.
    private static func sortedByCodePoints(_ texts: [String]) -> [String] {
        texts.sorted { CodePointOrder.precedes($0, $1) }
    }

    /// The rank of each of `texts` (all different) in code-point order.
    private static func ranks(_ texts: [String]) -> [Int] {
        var ranks = [Int](repeating: 0, count: texts.count)
        let order = texts.indices.sorted { CodePointOrder.precedes(texts[$0], texts[$1]) }
        for (rank, index) in order.enumerated() { ranks[index] = rank }
        return ranks
    }

    /// Every leaf of a localization: its path, text and state (`nil` where the format has
    /// none), the string units of its variations and the `.stringsdict` variables of
    /// device-specific or variable-width rule type kept as JSON.
    fileprivate static func visitLeaves(of value: LocalizedValue, _ visit: (String, String, String?) -> Void) {
        collect(value, path: "") { path, unit in visit(path, unit.value, unit.state) }
        for member in value.extra where member.key != "variations" {
            collectRules(member) { path, text in visit(path, text, nil) }
        }
    }

    private static func collect(_ value: LocalizedValue, path: String, _ visit: (String, StringUnit) -> Void) {
        func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : a + "." + b }
        if let unit = value.stringUnit { visit(path, unit) }
        for (category, form) in value.plural { collect(form, path: join(path, "plural." + category.rawValue), visit) }
        for (device, form) in value.device { collect(form, path: join(path, "device." + device), visit) }
        for (name, substitution) in value.substitutions {
            for (category, form) in substitution.plural {
                collect(form, path: join(path, "substitutions.\(name).plural.\(category.rawValue)"), visit)
            }
        }
    }

    /// `.stringsdict` variables of device-specific or variable-width rule type, kept as JSON.
    private static func collectRules(_ member: JSONMember, _ visit: (String, String) -> Void) {
        guard case .object(let fields) = member.value,
              let type = fields.last(where: { $0.key == "NSStringFormatSpecTypeKey" })?.value.stringValue else { return }
        let prefix = type == "NSStringDeviceSpecificRuleType" ? "device." : type == "NSStringVariableWidthRuleType" ? "width." : nil
        guard let prefix else { return }
        for field in fields where field.key != "NSStringFormatSpecTypeKey" && field.key != "NSStringFormatValueTypeKey" {
            if case .string(let text) = field.value { visit(prefix + field.key, text) }
        }
    }
}

/// The JSON Lines of `toastkit dump` for one String Catalog, read from its bytes without
/// holding its model: what ``StringCatalog/writeJSONLines(file:_:)`` writes for the catalog
/// they hold, byte for byte.
///
/// Each entry, as it is read, becomes the ends of its lines (the part after the key) and is
/// freed, so that memory holds the file and about as much again as the lines, not the file
/// and its model (2.5 times the file). The keys are then sorted and the lines written.
///
/// A catalog whose entries cannot be written as they come (a key that appears twice or is
/// spelled two ways, or a source language given after `"strings"` that is not the one the
/// entries came with) is read again as a whole and written from its model.
///
/// ```swift
/// let dump = try XCStringsDump(bytes: bytes, file: "Localizable.xcstrings")
/// for warning in dump.warnings { print(warning) }
/// dump.write { lines in FileHandle.standardOutput.write(Data(lines)) }
/// ```
public struct XCStringsDump: Sendable {
    /// The reader's warnings, as reading the catalog gives them.
    public let warnings: [CatalogWarning]
    private let made: Made

    private enum Made: Sendable {
        /// Every entry's line ends, one after another in chunks, and per entry its key, chunk
        /// and range.
        case lines(start: [UInt8], chunks: [[UInt8]], entries: [(key: String, chunk: Int, ends: Range<Int>)])
        /// The catalog, read whole.
        case catalog(StringCatalog, file: String)
    }

    /// Reads a String Catalog's bytes; throws the error reading it gives.
    public init(bytes: [UInt8], file: String, limits: CatalogLimits = .standard) throws(CatalogError) {
        self = try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogError) in
            try XCStringsDump(bytes: buffer, file: file, limits: limits)
        }
    }

    /// Reads a String Catalog from bytes the caller holds (a mapped file,
    /// ``CatalogLoader/withBytes(ofFile:limits:_:)``); what it makes does not refer to them.
    package init(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: CatalogLimits = .standard) throws(CatalogError) {
        // The ends are kept in chunks of about a megabyte, so that no array of them all is
        // grown (a growing array holds its old and new storage at once while it copies).
        var chunks: [[UInt8]] = []
        var chunk: [UInt8] = []
        var entries: [(key: String, chunk: Int, ends: Range<Int>)] = []
        var lines = StringCatalog.EntryLines()
        // The source language the entries were handed with, and its canonical form.
        var source: (language: String, locale: String)?
        var sourceLanguageCameLate = false
        let read = try StringCatalog(xcstrings: bytes, file: file, limits: limits, keepsEntries: false) { sourceLanguage, key, entry, _, _ in
            guard let sourceLanguage else {
                sourceLanguageCameLate = true
                return
            }
            if source?.language != sourceLanguage { source = (sourceLanguage, CatalogLocale.normalize(sourceLanguage)) }
            if chunk.count >= Self.chunkSize {
                chunks.append(chunk)
                chunk = []
            }
            if chunk.isEmpty { chunk.reserveCapacity(min(Self.chunkSize + Self.chunkSize / 8, bytes.count)) }
            let start = chunk.count
            lines.take(entry, sourceLocale: source!.locale)
            for line in lines.lines {
                CatalogLeaf.appendLineEnd(locale: line.locale, path: line.path, value: line.value, state: line.state, to: &chunk)
            }
            entries.append((key, chunks.count, start..<chunk.count))
        }
        if sourceLanguageCameLate || (source != nil && source?.language != read.sourceLanguage)
            || read.warnings.contains(where: { $0.rule == .duplicateKey || $0.rule == .keyNormalization }) {
            (entries, chunks, chunk) = ([], [], [])
            let catalog = try StringCatalog(xcstrings: bytes, file: file, limits: limits)
            warnings = catalog.warnings
            made = .catalog(catalog, file: file)
            return
        }
        chunks.append(chunk)
        warnings = read.warnings
        made = .lines(start: CatalogLeaf.lineStart(file: file, table: read.table), chunks: chunks, entries: entries)
    }

    /// About how many bytes of line ends a chunk holds (an entry's all go in one chunk).
    static let chunkSize = 1 << 20

    /// Hands the lines to `write` in runs of whole lines, in order, on the calling thread.
    public func write(_ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        switch made {
        case .catalog(let catalog, let file):
            catalog.writeJSONLines(file: file, write)
        case .lines(let start, let chunks, let entries):
            let order = entries.indices.sorted { CodePointOrder.precedes(entries[$0].key, entries[$1].key) }
            var out: [UInt8] = []
            out.reserveCapacity(1 << 20 + 4096)
            var key: [UInt8] = []
            for index in order {
                let entry = entries[index]
                key.removeAll(keepingCapacity: true)
                JSONWriter.appendString(entry.key, to: &key)
                chunks[entry.chunk].withUnsafeBufferPointer { ends in
                    // Each line end finishes with its line feed (values are escaped: none inside).
                    var lineStart = entry.ends.lowerBound
                    let end = entry.ends.upperBound
                    while lineStart < end, let found = memchr(ends.baseAddress! + lineStart, 0x0A, end - lineStart) {
                        let lineEnd = UnsafeRawPointer(found) - UnsafeRawPointer(ends.baseAddress!) + 1
                        out += start
                        out += key
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: ends[lineStart..<lineEnd]))
                        lineStart = lineEnd
                    }
                }
                if out.count >= 1 << 20 {
                    out.withUnsafeBufferPointer(write)
                    out.removeAll(keepingCapacity: true)
                }
            }
            if !out.isEmpty { out.withUnsafeBufferPointer(write) }
        }
    }

    /// Whether the lines were made as the catalog was read (not from its model, read again).
    package var isStreamed: Bool {
        if case .lines = made { true } else { false }
    }
}
