#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports 1-based `line:column`
/// positions (columns in Unicode scalars) and keeps member order and duplicates.
public enum JSONParser {
    /// The deepest nesting accepted by default (``CatalogLimits/maximumDepth``).
    public static let maximumDepth = CatalogLimits.standard.maximumDepth

    /// Parses one JSON document; `file` names the input in errors. Nesting and string length
    /// are bounded by `limits`.
    public static func parse(_ bytes: [UInt8], file: String, limits: CatalogLimits = .standard) throws(CatalogError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogError) -> JSONValue in try parse(buffer, file: file, limits: limits) }
    }

    /// Parses one JSON document from bytes the caller holds (a mapped file).
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, limits: CatalogLimits = .standard) throws(CatalogError) -> JSONValue {
        var scanner = JSONScanner(bytes: bytes, file: file, limits: limits)
        try scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        let value = try scanner.value()
        try scanner.expectEnd()
        return value
    }
}

/// The low-level JSON reader shared by the tree parser and the String Catalog reader: it reads
/// tokens in place from a byte buffer and knows its line (newlines only occur between tokens
/// in valid JSON); columns are counted only when a position is asked for.
package struct JSONScanner {
    package let bytes: UnsafeBufferPointer<UInt8>
    package let file: String
    package var index = 0
    package var line = 1
    package var lineStart = 0
    package var depth = 0
    let limits: CatalogLimits
    /// The locale codes of the String Catalog reader's last entry, whose table the next entry
    /// with the same codes in the same order reuses (``LocalizationLayout``).
    var localizationLayout = LocalizationLayout()
    /// How much of each entry the String Catalog reader keeps.
    var detail = CatalogDetail.full
    /// Whether a ``CatalogDetail/states`` read makes the texts it reads: only while it reads
    /// a localization with substitutions again, whose worst case needs them.
    var keepsTexts = false
    /// The values of the entry being read, in file order (kept for their room).
    var localizationScratch: [LocalizedValue] = []
    /// Where each locale member of the last `"localizations"` object read stands, in file
    /// order, when the String Catalog reader is asked for them (nil: not recorded).
    var localizationPositions: [(code: String, position: Position)]?
    /// What a ``CatalogDetail/states`` read of a String Catalog has counted (``StateTally``).
    var stateTally = StateTally()
    /// The codes of the entry being read by a ``CatalogDetail/states`` read, as its table
    /// holds them, and each one's state (``CatalogStats/State`` raw values), for ``stateTally``.
    var entryCodes: [String] = []
    var entryStates: [UInt8] = []
    /// The state of the localization a ``CatalogDetail/states`` read made last (0: none yet).
    var lastState: UInt8 = 0
    /// Set by the String Catalog reader when an object repeats a member name or holds one it
    /// does not know (``XCStringsReadNotes``).
    var sawRepeatedOrUnknownMember = false
    /// The last column counted, so that counting along one long line stays linear.
    private var mark = (offset: 0, column: 1)

    package init(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: CatalogLimits = .standard) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
    }

    /// Marks the member `bit` of the object being read as seen; seeing it again sets
    /// ``sawRepeatedOrUnknownMember``.
    @inline(__always)
    mutating func noteMember(_ seen: inout UInt8, _ bit: UInt8) {
        if seen & bit != 0 { sawRepeatedOrUnknownMember = true }
        seen |= bit
    }

    /// The 1-based column of a byte offset on the current line, in Unicode scalars.
    package func column(of offset: Int) -> Int {
        scalarColumn(in: bytes, lineStart: lineStart, offset: offset)
    }

    package func location(_ offset: Int? = nil) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column(of: offset ?? index))
    }

    package func error(_ message: String, at offset: Int? = nil) -> CatalogError {
        CatalogError(location: location(offset), rule: .jsonSyntax, message: message)
    }

    /// Skips a UTF-8 byte-order mark; a UTF-16 one is an error (JSON files are UTF-8).
    package mutating func skipByteOrderMark() throws(CatalogError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3; lineStart = 3 }
        if bytes.count >= 2, bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF {
            throw error("expected UTF-8 JSON, found a UTF-16 byte-order mark (Xcode writes String Catalogs in UTF-8)")
        }
    }

    @inline(__always) package mutating func skipWhitespace() {
        let count = bytes.count
        var i = index
        while i < count {
            let byte = bytes[i]
            if byte > 0x20 { break }
            if byte == 0x0A {
                i += 1
                line += 1
                lineStart = i
                // Indentation follows a newline: step over it eight bytes at a time, and over
                // the last spaces at once (the first byte that is not a space ends it).
                if let base = bytes.baseAddress {
                    while i + 8 <= count {
                        let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self))
                        let other = word ^ 0x2020_2020_2020_2020
                        if other != 0 { i += other.trailingZeroBitCount >> 3; break }
                        i += 8
                    }
                }
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                i += 1
            } else {
                break
            }
        }
        index = i
    }

    /// Skips white space, then `byte` and the white space after it, if it comes next.
    @inline(__always) package mutating func skip(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        skipWhitespace()
        return true
    }

    /// Skips `text` (ASCII, no newlines) and the white space after it, if the scanner is at it.
    @inline(__always) package mutating func skip(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count, let base = bytes.baseAddress,
              memcmp(base + index, text.utf8Start, count) == 0 else { return false }
        index += count
        skipWhitespace()
        return true
    }

    @inline(__always) package var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    package mutating func expectEnd() throws(CatalogError) {
        skipWhitespace()
        if index < bytes.count { throw error("expected the end of the document after the top-level value") }
    }

    package mutating func expect(_ byte: UInt8, _ message: @autoclosure () -> String) throws(CatalogError) {
        skipWhitespace()
        guard index < bytes.count else { throw error(message() + ", found the end of the file") }
        guard bytes[index] == byte else { throw error(message()) }
        index += 1
    }

    mutating func enter() throws(CatalogError) {
        depth += 1
        if depth > limits.maximumDepth { throw limits.tooDeep(at: location()) }
    }

    /// Where a member name stood; the column is counted only when asked for.
    package struct Position {
        package let offset: Int
        package let line: Int
        package let lineStart: Int

        /// The same place, `lines` lines further down: a position read with lines counted from
        /// a part's first line, numbered in the whole file.
        func down(_ lines: Int) -> Position { Position(offset: offset, line: line + lines, lineStart: lineStart) }

        /// A position at `offset`, on 1-based `line`, whose line starts at `lineStart`.
        package init(offset: Int, line: Int, lineStart: Int) {
            self.offset = offset
            self.line = line
            self.lineStart = lineStart
        }

        package func column(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
            scalarColumn(in: bytes, lineStart: lineStart, offset: offset)
        }
    }

    package func sourceLocation(_ position: Position) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column(in: bytes))
    }

    /// ``sourceLocation(_:)``, its column found through `columns` (built on these bytes).
    package func sourceLocation(_ position: Position, columns: ScalarColumnIndex) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: columns.column(in: bytes, lineStart: position.lineStart, offset: position.offset))
    }

    /// The column of a member name, counted on from the last one counted when they share a
    /// line (a minified file is one line), or back from it when it is a little further on the
    /// same line (an entry's own position after the members inside it were counted).
    package mutating func column(of position: Position) -> Int {
        let column: Int
        if mark.offset > position.offset, mark.offset - position.offset < position.offset - position.lineStart,
           let back = scalarsWithoutLineBreak(from: position.offset, to: mark.offset) {
            column = mark.column - back
        } else {
            let resume = mark.offset >= position.lineStart && mark.offset <= position.offset ? mark : nil
            column = scalarColumn(in: bytes, lineStart: position.lineStart, offset: position.offset, startingAt: resume)
        }
        mark = (position.offset, column)
        return column
    }

    /// The scalars in `bytes[start ..< end]`, or `nil` when a line feed is among them.
    private func scalarsWithoutLineBreak(from start: Int, to end: Int) -> Int? {
        var count = 0
        for i in start..<min(end, bytes.count) {
            let byte = bytes[i]
            if byte == 0x0A { return nil }
            if byte & 0xC0 != 0x80 { count += 1 }
        }
        return count
    }

    /// A member name as it stands in the bytes: compared without making a `String`.
    package struct Key {
        package let start: Int
        package let end: Int
        /// The name made while it was read, if one was (``made``): decoded when it had escapes
        /// (rare), or checked when it had non-ASCII bytes. Empty otherwise.
        ///
        /// Not a `String?`: the compiler destroys an optional string through its type's
        /// value witnesses (an outlined, metadata-driven call), and a reader makes and drops
        /// a key for every member it reads, a tenth of a catalog's reading time. A string and
        /// a byte are destroyed inline.
        private var name = ""
        /// What ``name`` is: 0 nothing made, 1 decoded, 2 checked text.
        private var made: UInt8 = 0

        init(start: Int, end: Int, decoded: String?) {
            self.start = start
            self.end = end
            if let decoded { (name, made) = (decoded, 1) }
        }

        /// The decoded name when it had escapes (rare).
        package var decoded: String? { made == 1 ? name : nil }
        /// Whether the name had escapes (``decoded`` is not nil), asked without making an optional.
        package var wasDecoded: Bool { made == 1 }
        /// The name made when it was checked: a name with no escapes but non-ASCII bytes.
        package var text: String? {
            get { made == 2 ? name : nil }
            set { (name, made) = newValue.map { ($0, 2) } ?? ("", 0) }
        }

        /// Whether the name is exactly `name` (ASCII). Inlined, a literal's bytes compared in
        /// place: names are short, and a call to `memcmp` cost more than the comparison.
        @inline(__always)
        package func `is`(_ name: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if made == 1 { return self.name == name.description }
            let count = name.utf8CodeUnitCount
            guard end - start == count, let base = bytes.baseAddress else { return false }
            let expected = name.utf8Start
            var offset = 0
            while offset < count {
                guard base[start + offset] == expected[offset] else { return false }
                offset += 1
            }
            return true
        }

        /// Whether the name equals `name` as Swift's strings are equal (canonical
        /// equivalence), found from the bytes without making a string when both are ASCII.
        /// (Not an overload of ``is(_:in:)``: a literal name would pick this one, the
        /// `String` version, in every reader.)
        package func equals(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if made != 1, let base = bytes.baseAddress {
                var name = name
                let answer = name.withUTF8 { other -> Bool? in
                    let count = end - start
                    if count == other.count, count == 0 || memcmp(base + start, other.baseAddress!, count) == 0 { return true }
                    // Different bytes are different strings when both are ASCII.
                    let ascii = other.allSatisfy { $0 < 0x80 } && UnsafeBufferPointer(rebasing: bytes[start..<end]).allSatisfy { $0 < 0x80 }
                    return ascii ? false : nil
                }
                if let answer { return answer }
            }
            return string(in: bytes) == name
        }

        package func string(in bytes: UnsafeBufferPointer<UInt8>) -> String {
            made != 0 ? name : String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// Scans string content from `start` to the first `"`, `\\` or control byte, eight bytes
    /// at a time; returns where it stopped and whether every byte before was ASCII.
    @inline(__always) func scanPlain(from start: Int) -> (end: Int, ascii: Bool) {
        let count = bytes.count
        var scan = start
        var high: UInt64 = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while scan + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: scan, as: UInt64.self))
                let hasControl = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                let found = matches(word, UInt8(ascii: "\"")) | matches(word, UInt8(ascii: "\\")) | hasControl
                if found != 0 {
                    // The lowest mark is the first byte found (little-endian loads); the bytes
                    // before it are plain.
                    let before = found.trailingZeroBitCount >> 3
                    high |= word & ~(UInt64.max << (before << 3))
                    return (scan + before, high & 0x8080_8080_8080_8080 == 0)
                }
                high |= word
                scan += 8
            }
        }
        var ascii = high & 0x8080_8080_8080_8080 == 0
        while scan < count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte >= 0x80 { ascii = false }
            scan += 1
        }
        return (scan, ascii)
    }

    /// A member name: in place when it has no escapes (validated UTF-8), else decoded.
    package mutating func key() throws(CatalogError) -> Key {
        let start = index + 1
        let (scan, ascii) = scanPlain(from: start)
        if scan - start > limits.maximumStringLength { throw limits.stringTooLong(at: location(start - 1)) }
        if scan < bytes.count, bytes[scan] == UInt8(ascii: "\"") {
            var key = Key(start: start, end: scan, decoded: nil)
            if !ascii {
                guard let text = checkedString(UnsafeBufferPointer(rebasing: bytes[start..<scan])) else {
                    index = start
                    throw error("expected valid UTF-8 in a string")
                }
                key.text = text
            }
            index = scan + 1
            return key
        }
        let decoded = try string()
        return Key(start: start, end: index - 1, decoded: decoded)
    }

    /// Iterates an object's members with their names in place (see ``Key``).
    package mutating func rawMembers(_ body: (inout JSONScanner, Key, Position) throws(CatalogError) -> Void) throws(CatalogError) {
        guard try openObject() else { return }
        _ = try memberLoop(stoppingAt: Int.max, body)
    }

    /// Reads an object's opening brace; returns false, having read the closing one too, when
    /// the object is empty.
    package mutating func openObject() throws(CatalogError) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
            throw error(index < bytes.count ? "expected an object" : "expected an object, found the end of the file")
        }
        try enter()
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; depth -= 1; return false }
        return true
    }

    /// Reads members from the start of one (before its name) until the closing brace, which
    /// it reads (returning false), or until a member whose name starts at or after the byte
    /// offset `stop`, where it stops before the name (returning true) so that another reader
    /// can resume there.
    mutating func memberLoop(stoppingAt stop: Int,
                             _ body: (inout JSONScanner, Key, Position) throws(CatalogError) -> Void) throws(CatalogError) -> Bool {
        while true {
            skipWhitespace()
            if index >= stop, index < bytes.count { return true }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(index < bytes.count ? "expected a member name in double quotes" : "expected a member name, found the end of the file")
            }
            let position = Position(offset: index, line: line, lineStart: lineStart)
            let key = try self.key()
            try expect(UInt8(ascii: ":"), "expected ':' after the member name")
            skipWhitespace()
            try body(&self, key, position)
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}', found the end of the file") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("expected ',' or '}' after an object member")
        }
        depth -= 1
        return false
    }

    /// Iterates an object's members: `body` gets each key (and where it stood) with the
    /// scanner at the member's value, and must consume that value.
    package mutating func members(_ body: (inout JSONScanner, String, Position) throws(CatalogError) -> Void) throws(CatalogError) {
        try rawMembers { (scanner: inout JSONScanner, key: Key, position: Position) throws(CatalogError) in
            try body(&scanner, key.string(in: scanner.bytes), position)
        }
    }

    /// Steps over one value without building it: nothing is decoded, and the structure is
    /// only delimited (brackets counted, strings stepped over, lines counted), so this is for
    /// text a reader has accepted, such as the entry of a finding.
    package mutating func skipValue() throws(CatalogError) {
        skipWhitespace()
        guard let first = current else { throw error("expected a value, found the end of the file") }
        if first != UInt8(ascii: "{") && first != UInt8(ascii: "[") && first != UInt8(ascii: "\"") {
            // A number or literal.
            while let next = current, next != UInt8(ascii: ","), next != UInt8(ascii: "}"), next != UInt8(ascii: "]"),
                  next > 0x20 { index += 1 }
            return
        }
        var level = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                // To the closing quote (strings hold no raw line break), stepping over escapes.
                var i = index + 1
                while true {
                    let (end, _) = scanPlain(from: i)
                    guard end < bytes.count else { throw error("expected '\"' to close the string, found the end of the file") }
                    if bytes[end] == UInt8(ascii: "\"") { index = end + 1; break }
                    i = bytes[end] == UInt8(ascii: "\\") ? end + 2 : end + 1
                }
                if level == 0 { return }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                level += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                level -= 1
                if level == 0 { index += 1; return }
            case 0x20, 0x0A, 0x0D, 0x09:
                // Indentation (many spaces at a time) and line breaks, counted.
                skipWhitespace()
                continue
            default:
                break
            }
            index += 1
        }
        throw error("expected the value to close, found the end of the file")
    }

    /// Any value, as a tree.
    mutating func value() throws(CatalogError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("expected a value, found the end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            var members: [JSONMember] = []
            try self.members { (scanner: inout JSONScanner, key: String, position: Position) throws(CatalogError) in
                let column = scanner.column(of: position)
                members.append(JSONMember(key: key, value: try scanner.value(), line: position.line, column: column))
            }
            return .object(members)
        case UInt8(ascii: "["):
            try enter()
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(items) }
            while true {
                items.append(try value())
                skipWhitespace()
                guard index < bytes.count else { throw error("expected ',' or ']', found the end of the file") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; break }
                throw error("expected ',' or ']' after an array element")
            }
            depth -= 1
            return .array(items)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("expected a value (object, array, string, number, true, false or null)")
        }
    }

    mutating func word(_ word: StaticString) throws(CatalogError) {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count && word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw error("expected '\(word)'") }
        index += count
    }

    mutating func number() throws(CatalogError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ s: inout JSONScanner) -> Int {
            var n = 0
            while s.index < s.bytes.count, s.bytes[s.index] >= 0x30, s.bytes[s.index] <= 0x39 { s.index += 1; n += 1 }
            return n
        }
        guard index < bytes.count else { throw error("expected digits after '-'") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits(&self) == 0 { throw error("expected digits in a number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("expected digits after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw error("expected digits in the exponent") }
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    /// A string token (the scanner is at its opening quote).
    package mutating func string() throws(CatalogError) -> String {
        index += 1
        let start = index
        let (scan, ascii) = scanPlain(from: start)
        if scan - start > limits.maximumStringLength { throw limits.stringTooLong(at: location(start - 1)) }
        if scan < bytes.count, bytes[scan] == UInt8(ascii: "\"") {
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<scan])
            index = scan + 1
            if ascii { return String(decoding: slice, as: UTF8.self) }
            guard let text = checkedString(slice) else {
                index = start
                throw error("expected valid UTF-8 in a string")
            }
            return text
        }
        return try escapedString(from: start)
    }

    /// Steps over a string token as ``string()`` reads it, with the same checks (length,
    /// UTF-8, escapes, raw controls) and errors, without making the string: for readers that
    /// keep less than the text (``CatalogDetail/states``).
    package mutating func skipString() throws(CatalogError) {
        index += 1
        let start = index
        let (scan, ascii) = scanPlain(from: start)
        if scan - start > limits.maximumStringLength { throw limits.stringTooLong(at: location(start - 1)) }
        if scan < bytes.count, bytes[scan] == UInt8(ascii: "\"") {
            if !ascii, firstInvalidUTF8(in: bytes, start..<scan) != nil {
                index = start
                throw error("expected valid UTF-8 in a string")
            }
            index = scan + 1
            return
        }
        _ = try escapedString(from: start)
    }

    private mutating func escapedString(from start: Int) throws(CatalogError) -> String {
        index = start
        var buffer: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("expected '\"' to close the string, found the end of the file") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; break }
            if buffer.count >= limits.maximumStringLength { throw limits.stringTooLong(at: location(start - 1)) }
            if byte < 0x20 {
                throw error("expected '\\n' or another escape instead of a raw control character U+\(hex4(UInt32(byte))) in a string")
            }
            if byte != UInt8(ascii: "\\") { buffer.append(byte); index += 1; continue }
            index += 1
            guard index < bytes.count else { throw error("expected an escape character after '\\'") }
            let escape = bytes[index]
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape); index += 1
            case UInt8(ascii: "b"): buffer.append(0x08); index += 1
            case UInt8(ascii: "f"): buffer.append(0x0C); index += 1
            case UInt8(ascii: "n"): buffer.append(0x0A); index += 1
            case UInt8(ascii: "r"): buffer.append(0x0D); index += 1
            case UInt8(ascii: "t"): buffer.append(0x09); index += 1
            case UInt8(ascii: "u"):
                index += 1
                var scalar = try hexQuad()
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("expected a low surrogate '\\uDC00'…'\\uDFFF' after the high surrogate")
                    }
                    index += 2
                    let low = try hexQuad()
                    guard low >= 0xDC00 && low < 0xE000 else { throw error("expected a low surrogate after the high surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    throw error("expected a high surrogate before the low surrogate \\u\(hex4(scalar))")
                }
                buffer.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
            default:
                throw error("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
        }
        guard let text = String(validating: buffer, as: UTF8.self) else { throw error("expected valid UTF-8 in a string") }
        return text
    }

    private mutating func hexQuad() throws(CatalogError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigit(bytes[index]) else { throw error("expected four hexadecimal digits after '\\u'") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}

/// How many times `byte` occurs before `end`, 32 bytes at a time: each byte lane of `lanes`
/// counts the matches in its lane (a match compares as all ones, minus one), and is summed
/// every 255 blocks. Shared by the String Catalog reader (the newlines before a part) and the
/// `.strings` reader (its semicolons). 68 MB in 3 ms (eight bytes at a time: 7 ms).
func byteCount(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, upTo end: Int) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let end = min(end, bytes.count)
    let pattern = SIMD32<UInt8>(repeating: byte)
    var count = 0
    var i = 0
    while i + 32 <= end {
        var lanes = SIMD32<UInt8>()
        var blocks = 0
        while blocks < 255, i + 32 <= end {
            let block = raw.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
            lanes &-= unsafeBitCast(block .== pattern, to: SIMD32<UInt8>.self)
            i += 32
            blocks += 1
        }
        count += Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
    }
    while i < end { if bytes[i] == byte { count += 1 }; i += 1 }
    return count
}

/// Nonzero exactly when some byte of `word` is `byte` (high bits mark the bytes from the first
/// match on) — for scanning eight bytes at a time; shared by the JSON, `.strings` and XML
/// property-list readers.
@inline(__always) func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
}

/// The high bit of each byte of `word` that ``JSONWriter/Escaping/visible`` may escape or start
/// an escape at: one of ``escapedByteMarks(_:)``, or the lead byte of a scalar above ASCII it
/// may escape (0xC2, 0xD8, 0xE2, 0xEF: U+0080–U+00AD, U+061C, U+200B–U+2069, U+FEFF). The
/// lowest mark is the first such byte, as with ``escapedByteMarks(_:)``; zero means eight bytes
/// copied as they are.
@inline(__always) func visibleEscapeMarks(_ word: UInt64) -> UInt64 {
    escapedByteMarks(word) | matches(word, 0xC2) | matches(word, 0xD8) | matches(word, 0xE2) | matches(word, 0xEF)
}

/// The high bit of each byte of `word` that the writer escapes in a string: a control, `"`,
/// `\` or DEL (bytes from 0x80 up are not marked). The lowest mark is the first such byte (a
/// borrow starts only at a marked byte), so the bytes before it are written as they are; the
/// writer's escaping and the layout check that follows it share this.
@inline(__always) func escapedByteMarks(_ word: UInt64) -> UInt64 {
    (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
        | matches(word, UInt8(ascii: "\"")) | matches(word, UInt8(ascii: "\\")) | matches(word, 0x7F)
}

/// The 1-based column of `offset` on a line starting at `lineStart`, counting Unicode scalars
/// (UTF-8 lead bytes) — shared by the JSON and `.strings` readers.
func scalarColumn(in bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, offset: Int, startingAt start: (offset: Int, column: Int)? = nil) -> Int {
    var column = start?.column ?? 1
    var i = start?.offset ?? lineStart
    let end = min(offset, bytes.count)
    while i < end {
        if bytes[i] & 0xC0 != 0x80 { column += 1 }
        i += 1
    }
    return column
}

@inline(__always) func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
