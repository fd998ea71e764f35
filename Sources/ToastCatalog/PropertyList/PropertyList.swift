#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A property-list value with where it stood in its file (XML plists).
public enum PropertyList: Sendable, Equatable {
    /// A `<dict>`: entries in file order, duplicates kept.
    case dictionary([PropertyListEntry])
    /// An `<array>`.
    case array([PropertyList])
    /// A `<string>`, entities decoded.
    case string(String)
    /// An `<integer>` as written.
    case integer(String)
    /// A `<real>` as written.
    case real(String)
    /// `<true/>` or `<false/>`.
    case bool(Bool)
    /// `<data>` (base64 text as written).
    case data(String)
    /// `<date>` as written.
    case date(String)

    /// The last value for `key`, for dictionaries.
    public subscript(key: String) -> PropertyList? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.last { $0.key == key }?.value
    }

    /// The string, for `.string`.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The element name of the value's kind, for messages.
    public var kindName: String {
        switch self {
        case .dictionary: "dict"
        case .array: "array"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "true/false"
        case .data: "data"
        case .date: "date"
        }
    }
}

/// One `<key>` and its value in a `<dict>`.
public struct PropertyListEntry: Sendable, Equatable {
    /// The key.
    public var key: String
    /// The value.
    public var value: PropertyList
    /// 1-based line of the `<key>` element.
    public var line: Int
    /// 1-based column (Unicode scalars) of the `<key>` element.
    public var column: Int

    /// Creates an entry.
    public init(key: String, value: PropertyList, line: Int, column: Int) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
    }

    /// Entries are equal when keys and values are; positions do not count.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key && lhs.value == rhs.value }
}

/// Reads XML property lists (`.stringsdict`, XML `.plist`) with located errors.
///
/// Accepts what Apple's reader accepts in practice: an optional XML declaration and DOCTYPE,
/// comments, CDATA, the five named entities and numeric character references, and self-closing
/// `<true/>`, `<false/>`, `<string/>`, `<dict/>`, `<array/>`.
///
/// It reads the UTF-8 bytes as they are (checked once), a run of plain text at a time;
/// columns count Unicode scalars (UTF-8 lead bytes).
public struct XMLPropertyListParser {
    /// The deepest nesting accepted by default (``CatalogLimits/maximumDepth``).
    public static let maximumDepth = CatalogLimits.standard.maximumDepth

    /// The document's bytes, borrowed for the parse (``reading(_:file:limits:_:)`` holds them).
    let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var index = 0
    private var line = 1
    /// Where the current line starts: columns are counted from it when one is asked for (a
    /// key's place, an error), not at every byte read.
    private var lineStart = 0
    /// A column counted on the current line, to count the next one asked for on that line from
    /// there (a file on one line is not counted from its start for every key).
    private var counted = (lineStart: -1, index: 0, column: 1)
    var depth = 0
    private let limits: CatalogLimits

    /// Parses an XML property list from UTF-8 bytes; nesting and string length are bounded
    /// by `limits`.
    public static func parse(_ bytes: [UInt8], file: String, limits: CatalogLimits = .standard) throws(CatalogError) -> PropertyList {
        try reading(bytes, file: file, limits: limits) { (parser) throws(CatalogError) in try parser.document() }
    }

    /// Runs `read` with a parser over `bytes`, once they are known to be UTF-8 (after a
    /// byte-order mark, which is skipped). The bytes are read in place, not copied without the
    /// mark, through a pointer: no bounds check or retain on each byte read.
    static func reading<Value>(_ bytes: [UInt8], file: String, limits: CatalogLimits,
                               _ read: (inout XMLPropertyListParser) throws(CatalogError) -> Value) throws(CatalogError) -> Value {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let valid = body.withContiguousStorageIfAvailable { String(validating: $0, as: UTF8.self) != nil } ?? (String(validating: body, as: UTF8.self) != nil)
        guard valid else {
            throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .plistSyntax,
                               message: "expected UTF-8 text")
        }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogError) -> Value in
            var parser = XMLPropertyListParser(bytes: buffer, start: body.startIndex, file: file, limits: limits)
            return try read(&parser)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, start: Int, file: String, limits: CatalogLimits) {
        self.bytes = bytes
        self.index = start
        self.lineStart = start
        self.file = file
        self.limits = limits
    }

    private var here: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    /// The 1-based column of `index`: the scalars (UTF-8 lead bytes) from the line's start.
    private var column: Int { 1 + Self.leadBytes(in: bytes, lineStart..<index) }

    /// ``column``, counted from the last column asked for when it is on this line and before
    /// `index`.
    private mutating func countedColumn() -> Int {
        if counted.lineStart == lineStart && counted.index <= index {
            counted.column += Self.leadBytes(in: bytes, counted.index..<index)
        } else {
            counted.column = column
        }
        counted.lineStart = lineStart
        counted.index = index
        return counted.column
    }

    /// How many bytes of `range` start a scalar (are not UTF-8 continuation bytes); eight ASCII
    /// bytes at a time.
    private static func leadBytes(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard !range.isEmpty, let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var count = 0
        var i = range.lowerBound
        while i < range.upperBound {
            if i + 8 <= range.upperBound, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                count += 8
                i += 8
                continue
            }
            if bytes[i] & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    private func error(_ message: String) -> CatalogError {
        CatalogError(location: SourceLocation(file: file, line: line, column: column), rule: .plistSyntax, message: message)
    }

    /// Moves past `count` bytes, counting lines; eight bytes without a line feed at a time (a
    /// run of text or indentation).
    private mutating func advance(_ count: Int = 1) {
        let end = min(index + count, bytes.count)
        guard index < end else { return }
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        while index < end {
            if index + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if matches(word, 0x0A) == 0 {
                    index += 8
                    continue
                }
            }
            if bytes[index] == 0x0A { line += 1; lineStart = index + 1 }
            index += 1
        }
    }

    /// Moves past one scalar (all its bytes).
    private mutating func advanceScalar() {
        advance()
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
    }

    @inline(__always) private func peek(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let start = text.utf8Start
        for i in 0..<count where bytes[index + i] != start[i] { return false }
        return true
    }

    /// The scalar starting at `index` (the bytes are valid UTF-8).
    private func scalar(at index: Int) -> Unicode.Scalar {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return Unicode.Scalar(UInt8(lead)) }
        var value: UInt32
        var length: Int
        if lead >= 0xF0 { value = lead & 0x07; length = 4 } else if lead >= 0xE0 { value = lead & 0x0F; length = 3 } else { value = lead & 0x1F; length = 2 }
        for i in 1..<length where index + i < bytes.count { value = value << 6 | UInt32(bytes[index + i] & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    private mutating func skipSpaceAndMarkup() throws(CatalogError) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D { index += 1; continue }
            if byte == 0x0A { line += 1; index += 1; lineStart = index; continue }
            // Markup to skip starts with "<!" or "<?"; anything else ends the skip.
            guard byte == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "!") || bytes[index + 1] == UInt8(ascii: "?") else { return }
            if peek("<!--") { try skip(past: "-->", what: "the end of the comment '-->'"); continue }
            if peek("<?") { try skip(past: "?>", what: "'?>'"); continue }
            if peek("<!DOCTYPE") || peek("<!doctype") { try skip(past: ">", what: "'>' closing the DOCTYPE"); continue }
            return
        }
    }

    private mutating func skip(past terminator: StaticString, what: String) throws(CatalogError) {
        while index < bytes.count {
            if peek(terminator) { advance(terminator.utf8CodeUnitCount); return }
            advance()
        }
        throw error("expected \(what), found the end of the file")
    }

    private mutating func document() throws(CatalogError) -> PropertyList {
        let root = try rootTag()
        let value = try self.value(openedAs: root.name, selfClosing: root.selfClosing)
        try finishDocument(wrapped: root.wrapped)
        return value
    }

    /// The document's top value's tag, read: inside `<plist>` (`wrapped`) or on its own.
    mutating func rootTag() throws(CatalogError) -> (name: String, selfClosing: Bool, wrapped: Bool) {
        try skipSpaceAndMarkup()
        let (name, selfClosing) = try openTag()
        guard name == "plist" else { return (name, selfClosing, false) }
        guard !selfClosing else { throw error("expected a value inside <plist>") }
        try skipSpaceAndMarkup()
        let (inner, innerClosed) = try openTag()
        return (inner, innerClosed, true)
    }

    /// After the top value: `</plist>` when it was `wrapped`, then nothing but space and markup.
    mutating func finishDocument(wrapped: Bool) throws(CatalogError) {
        if wrapped {
            try skipSpaceAndMarkup()
            try closeTag("plist")
        }
        try skipSpaceAndMarkup()
        if index < bytes.count { throw error("expected the end of the document after </plist>") }
    }

    /// Where the parser stands, to read from there again (``rewind(to:)``).
    struct Mark {
        fileprivate let index, line, lineStart, depth: Int
    }

    var mark: Mark { Mark(index: index, line: line, lineStart: lineStart, depth: depth) }

    mutating func rewind(to mark: Mark) {
        index = mark.index
        line = mark.line
        lineStart = mark.lineStart
        depth = mark.depth
    }

    /// Reads `<name attr…>` or `<name/>`.
    mutating func openTag() throws(CatalogError) -> (String, Bool) {
        guard peek("<"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "/") else {
            throw error(index < bytes.count ? "expected an element such as <dict> or <string>" : "expected an element, found the end of the file")
        }
        // `<`: no line break.
        index += 1
        let nameStart = index
        while index < bytes.count {
            // ASCII letters and '-' (every name a property list uses) without a property
            // lookup.
            var end = index
            while end < bytes.count {
                let byte = bytes[end]
                guard (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "-") else { break }
                end += 1
            }
            index = end
            guard index < bytes.count, bytes[index] >= 0x80, scalar(at: index).properties.isAlphabetic else { break }
            advanceScalar()
        }
        let nameBytes = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
        let name = Self.elementName(nameBytes) ?? String(decoding: nameBytes, as: UTF8.self)
        guard !name.isEmpty else { throw error("expected an element name after '<'") }
        // The common case, a tag without attributes: `>` right after the name.
        if index < bytes.count, bytes[index] == UInt8(ascii: ">") {
            index += 1
            return (name, false)
        }
        var quote: UInt8?
        while index < bytes.count {
            let c = bytes[index]
            if let q = quote { if c == q { quote = nil }; advance(); continue }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { quote = c; advance(); continue }
            if c == UInt8(ascii: ">") { advance(); return (name, false) }
            if c == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">") { advance(2); return (name, true) }
            advance()
        }
        throw error("expected '>' to close <\(name)>, found the end of the file")
    }

    private mutating func closeTag(_ name: String) throws(CatalogError) {
        // `</` and the name, compared on the name's own bytes, which hold no line break (the
        // open tag's name is letters and `-`).
        var name = name
        let start = index
        let close: Int? = !peek("</") ? nil : name.withUTF8 { expected in
            guard start + 2 + expected.count <= bytes.count else { return nil }
            for offset in 0..<expected.count where bytes[start + 2 + offset] != expected[offset] { return nil }
            return 2 + expected.count
        }
        guard let close else { throw error("expected </\(name)>") }
        index += close
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A { advance() }
        guard peek(">") else { throw error("expected '>' after </\(name)") }
        index += 1
    }

    /// The text of the element the parser is at when it is written `open`, plain text (no
    /// markup, no entity) and `close` (`<key>Name</key>`, the spelling of nearly every element
    /// of a `.stringsdict`), read at once; nil, the parser unmoved, for anything else, which
    /// the tag and text readers then read (and refuse) as before: a text over the length limit
    /// included.
    @inline(__always)
    mutating func plainElement(_ open: StaticString, _ close: StaticString) -> String? {
        guard let range = plainElementRange(open, close) else { return nil }
        let run = UnsafeBufferPointer(rebasing: bytes[range])
        return Self.vocabularyWord(run) ?? String(decoding: run, as: UTF8.self)
    }

    /// ``plainElement(_:_:)``'s text as the range of ``bytes`` that holds it (its bytes are the
    /// text), without making it.
    @inline(__always)
    mutating func plainElementRange(_ open: StaticString, _ close: StaticString) -> Range<Int>? {
        guard peek(open) else { return nil }
        let start = index + open.utf8CodeUnitCount
        let end = Self.markupStart(in: bytes, from: start)
        let closeCount = close.utf8CodeUnitCount
        guard end + closeCount <= bytes.count, end - start <= limits.maximumStringLength else { return nil }
        for offset in 0..<closeCount where bytes[end + offset] != close.utf8Start[offset] { return nil }
        advance(end + closeCount - index)
        return start..<end
    }

    /// In a `<dict>`: the next `<key>` and where it stood, with the parser at its value;
    /// `nil` at the `</dict>` that ends the dictionary (read).
    mutating func nextKey() throws(CatalogError) -> (key: String, line: Int, column: Int)? {
        try skipSpaceAndMarkup()
        if peek("</") { try closeTag("dict"); return nil }
        let keyLine = line, keyColumn = countedColumn()
        if let key = plainElement("<key>", "</key>") {
            try skipSpaceAndMarkup()
            guard !peek("</") else { throw error("expected a value after <key>\(key)</key>") }
            return (key, keyLine, keyColumn)
        }
        let (tag, keyClosed) = try openTag()
        guard tag == "key" else { throw CatalogError(location: SourceLocation(file: file, line: keyLine, column: keyColumn), rule: .plistSyntax, message: "expected <key> in <dict>, found <\(tag)>") }
        let key = keyClosed ? "" : try text(until: "key")
        try skipSpaceAndMarkup()
        guard !peek("</") else { throw error("expected a value after <key>\(key)</key>") }
        return (key, keyLine, keyColumn)
    }

    /// What ``nextPlainKey(placed:)`` met.
    enum PlainKey {
        /// A key written `<key>…</key>` with plain text, as the range of ``bytes`` that holds
        /// it, and where it stood (line and column; the column 0 when not asked for).
        case key(Range<Int>, line: Int, column: Int)
        /// The `</dict>` that ends the dictionary (read).
        case end
        /// Anything else (a key in another spelling, an error): for ``nextKey()`` to read.
        case other
    }

    /// ``nextKey()`` for a key written `<key>…</key>` with plain text (``plainElement(_:_:)``),
    /// without making it: the same steps, its column counted only when `placed`.
    mutating func nextPlainKey(placed: Bool) -> PlainKey {
        guard (try? skipSpaceAndMarkup()) != nil else { return .other }
        if peek("</") { return (try? closeTag("dict")) != nil ? .end : .other }
        let keyLine = line, keyColumn = placed ? countedColumn() : 0
        guard let key = plainElementRange("<key>", "</key>"), (try? skipSpaceAndMarkup()) != nil, !peek("</") else { return .other }
        return .key(key, line: keyLine, column: keyColumn)
    }

    /// Whether `range` of ``bytes`` holds the bytes of `word`.
    func spells(_ word: StaticString, at range: Range<Int>) -> Bool {
        range.count == word.utf8CodeUnitCount && (range.isEmpty || memcmp(word.utf8Start, bytes.baseAddress! + range.lowerBound, range.count) == 0)
    }

    private mutating func value() throws(CatalogError) -> PropertyList {
        let (name, selfClosing) = try openTag()
        return try value(openedAs: name, selfClosing: selfClosing)
    }

    mutating func value(openedAs name: String, selfClosing: Bool) throws(CatalogError) -> PropertyList {
        switch name {
        case "dict":
            if selfClosing { return .dictionary([]) }
            depth += 1
            if depth > limits.maximumDepth { throw limits.tooDeep(at: here) }
            var entries: [PropertyListEntry] = []
            while true {
                guard let (key, keyLine, keyColumn) = try nextKey() else { break }
                entries.append(PropertyListEntry(key: key, value: try value(), line: keyLine, column: keyColumn))
            }
            depth -= 1
            return .dictionary(entries)
        case "array":
            if selfClosing { return .array([]) }
            depth += 1
            if depth > limits.maximumDepth { throw limits.tooDeep(at: here) }
            var items: [PropertyList] = []
            while true {
                try skipSpaceAndMarkup()
                if peek("</") { try closeTag("array"); break }
                items.append(try value())
            }
            depth -= 1
            return .array(items)
        case "string": return .string(selfClosing ? "" : try text(until: "string"))
        case "integer": return .integer(selfClosing ? "" : try text(until: "integer"))
        case "real": return .real(selfClosing ? "" : try text(until: "real"))
        case "data": return .data(selfClosing ? "" : try text(until: "data"))
        case "date": return .date(selfClosing ? "" : try text(until: "date"))
        case "true", "false":
            if !selfClosing { try skipSpaceAndMarkup(); try closeTag(name) }
            return .bool(name == "true")
        default:
            throw error("expected a property-list element (dict, array, string, integer, real, true, false, data, date), found <\(name)>")
        }
    }

    /// The element name whose UTF-8 is `run`, as a literal, for the names a property list uses:
    /// not a string made and checked for each tag.
    private static func elementName(_ run: UnsafeBufferPointer<UInt8>) -> String? {
        func spells(_ word: StaticString) -> Bool {
            word.utf8CodeUnitCount == run.count && memcmp(run.baseAddress!, word.utf8Start, run.count) == 0
        }
        switch run.count {
        case 3: return spells("key") ? "key" : nil
        case 4: return spells("dict") ? "dict" : spells("true") ? "true" : spells("real") ? "real" : spells("data") ? "data" : spells("date") ? "date" : nil
        case 5: return spells("plist") ? "plist" : spells("array") ? "array" : spells("false") ? "false" : nil
        case 6: return spells("string") ? "string" : nil
        case 7: return spells("integer") ? "integer" : nil
        default: return nil
        }
    }

    /// The names and the rule type every `.stringsdict` entry repeats, as literals: a text
    /// equal to one is that literal, not a string made (and freed) once per entry.
    private static let vocabulary = ["NSStringLocalizedFormatKey", "NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey",
                                     "NSStringPluralRuleType"]

    /// The ``vocabulary`` word whose UTF-8 is `run`, if any.
    private static func vocabularyWord(_ run: UnsafeBufferPointer<UInt8>) -> String? {
        guard run.count >= 22, run.count <= 26, run[0] == UInt8(ascii: "N"), let base = run.baseAddress else { return nil }
        for word in vocabulary where word.utf8.count == run.count {
            if word.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, base, run.count) == 0 }) == true { return word }
        }
        return nil
    }

    /// Character data up to `</name>`, with entities and CDATA decoded. The decoded text is
    /// held to `maximumStringLength` whatever it came from (CDATA sections were not counted).
    mutating func text(until name: String) throws(CatalogError) -> String {
        var out: [UInt8] = []
        // Where the text starts, made a location only for the error that names it.
        let start = mark
        func startLocation() -> SourceLocation {
            SourceLocation(file: file, line: start.line, column: 1 + Self.leadBytes(in: bytes, start.lineStart..<start.index))
        }
        func keep(_ run: some Collection<UInt8>) throws(CatalogError) {
            if out.count + run.count > limits.maximumStringLength { throw limits.stringTooLong(at: startLocation()) }
            out.append(contentsOf: run)
        }
        while true {
            guard index < bytes.count else { throw error("expected </\(name)>, found the end of the file") }
            let byte = bytes[index]
            if byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&") {
                // Plain text, the common case: a run kept at once.
                let runStart = index
                let end = Self.markupStart(in: bytes, from: runStart)
                if out.isEmpty, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "<"), bytes[end + 1] == UInt8(ascii: "/") {
                    // The whole text is this run (the bytes are valid UTF-8): made at once.
                    if end - runStart > limits.maximumStringLength { throw limits.stringTooLong(at: startLocation()) }
                    let run = UnsafeBufferPointer(rebasing: bytes[runStart..<end])
                    let text = Self.vocabularyWord(run) ?? String(decoding: run, as: UTF8.self)
                    advance(end - runStart)
                    try closeTag(name)
                    return text
                }
                try keep(UnsafeBufferPointer(rebasing: bytes[runStart..<end]))
                advance(end - runStart)
                continue
            }
            if peek("</") { try closeTag(name); return String(decoding: out, as: UTF8.self) }
            if peek("<![CDATA[") {
                advance(9)
                let runStart = index
                while !peek("]]>") {
                    guard index < bytes.count else { throw error("expected ']]>' closing the CDATA section") }
                    advance()
                }
                try keep(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                advance(3)
                continue
            }
            if peek("<!--") { try skip(past: "-->", what: "the end of the comment '-->'"); continue }
            if byte == UInt8(ascii: "<") { throw error("expected text or </\(name)>, found a nested element") }
            let scalar = try entity()
            try keep(String(scalar).utf8)
        }
    }

    /// The index of the first `<` or `&` in `bytes` from `start` (the end when there is none):
    /// eight bytes at a time.
    private static func markupStart(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        let count = bytes.count
        if count >= 8 {
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            while end + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end, as: UInt64.self))
                if matches(word, UInt8(ascii: "<")) | matches(word, UInt8(ascii: "&")) != 0 { break }
                end += 8
            }
        }
        while end < count, bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: "&") { end += 1 }
        return end
    }

    private mutating func entity() throws(CatalogError) -> Unicode.Scalar {
        if peek("&amp;") { advance(5); return "&" }
        if peek("&lt;") { advance(4); return "<" }
        if peek("&gt;") { advance(4); return ">" }
        if peek("&quot;") { advance(6); return "\"" }
        if peek("&apos;") { advance(6); return "'" }
        if peek("&#") {
            advance(2)
            var hex = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X") { hex = true; advance() }
            var value: UInt32 = 0
            var digits = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: ";") {
                let byte = bytes[index]
                let digit: UInt32? = byte < 0x80 ? hexDigit(byte) : nil
                guard digits < 8, let d = digit, hex || d < 10 else {
                    throw error("expected \(hex ? "hexadecimal" : "decimal") digits and ';' in a character reference")
                }
                value = value * (hex ? 16 : 10) + d
                digits += 1
                advance()
            }
            guard digits > 0, index < bytes.count, let scalar = Unicode.Scalar(value) else {
                throw error("expected a valid character reference such as &#233; or &#xE9;")
            }
            advance()
            return scalar
        }
        throw error("expected an entity (&amp; &lt; &gt; &quot; &apos; or &#…;) after '&'")
    }
}
