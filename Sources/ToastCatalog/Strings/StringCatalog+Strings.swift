extension StringCatalog {
    /// Reads a `.strings` file for one locale, as Apple's reader reads it: UTF-8 (with or
    /// without BOM) or UTF-16 with BOM, a binary property list (`bplist00`) or an XML property
    /// list (a `<dict>` of strings), or the old-style text form, with or without the braces of
    /// a dictionary (`{ "a" = "b"; }`); `/* */` and
    /// `//` comments (the one before an entry becomes its comment); quoted and unquoted keys;
    /// escapes `\" \\ \n \t \r \a \b \f \v`, `\Uxxxx`, octal in the NeXTSTEP encoding, other
    /// escapes keep the character and drop the backslash; literal newlines and CRLF; key-only
    /// entries (`"key";` means the value is the key); duplicate keys (the last wins, with a
    /// `duplicate-key` warning).
    ///
    /// A missing `;`, `=` or closing quote is an error at `file:line:column`; no partial
    /// catalog is returned.
    public init(strings bytes: [UInt8], file: String, locale: String, sourceLanguage: String = "en",
                table: String? = nil, limits: CatalogLimits = .standard) throws(CatalogError) {
        try self.init(strings: bytes, file: file, locale: locale, sourceLanguage: sourceLanguage, table: table, limits: limits,
                      notesPositions: false)
    }

    /// ``init(strings:file:locale:sourceLanguage:table:limits:)``; with `notesPositions`, the
    /// table of a text `.strings` file notes where each key was last written
    /// (``FlatRecords/keyPositions``), so that a finding is located without reading
    /// the file again.
    package init(strings bytes: [UInt8], file: String, locale: String, sourceLanguage: String = "en",
                 table: String? = nil, limits: CatalogLimits = .standard, notesPositions: Bool) throws(CatalogError) {
        self.init(table: table ?? Self.tableName(forPath: file), sourceLanguage: sourceLanguage)
        format = .strings
        let isBinary = bytes.starts(with: Array("bplist00".utf8))
        if isBinary || Self.isXMLPropertyList(bytes) {
            var table = StringsTable(locale: locale, expected: 0)
            let root = isBinary ? try BinaryPropertyListParser.parse(bytes, file: file, limits: limits)
                                : try XMLPropertyListParser.parse(bytes, file: file, limits: limits)
            let kind = isBinary ? "binary" : "XML"
            guard case .dictionary(let entries) = root else {
                throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .stringsSyntax,
                                   message: "expected a dictionary at the top of the \(kind) property list, found \(root.kindName)")
            }
            // Shared references are bounded by the property-list reader (many keys pointing at
            // one string are a limit error there); the table's 32-bit offsets bound the rest.
            var size = 0
            for entry in entries {
                if case .string(let text) = entry.value { size += entry.key.utf8.count + text.utf8.count }
            }
            guard size <= StringsTable.maximumTextSize else {
                throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .limit,
                                   message: "the \(kind) property list's strings take \(size) bytes; a .strings table holds at most \(StringsTable.maximumTextSize)")
            }
            for entry in entries {
                // Binary lists have no lines: 1:1.
                let location = SourceLocation(file: file, line: max(entry.line, 1), column: max(entry.column, 1))
                guard case .string(let text) = entry.value else {
                    throw CatalogError(location: location, rule: .stringsSyntax,
                                       message: "expected a string value for “\(entry.key)”, found \(entry.value.kindName)")
                }
                var key = entry.key, value = text
                let keyRange = key.withUTF8 { table.append($0) }
                let valueRange = value.withUTF8 { table.append($0) }
                switch table.add(key: keyRange, keyIsASCII: entry.key.utf8.allSatisfy { $0 < 0x80 }, value: valueRange, comment: nil) {
                case .new: break
                case .repeated(let earlier):
                    if !table.sameText(earlier, valueRange) { warnings.append(Self.duplicateWarning(entry.key, at: location)) }
                case .respelled(let first):
                    warnings.append(Self.keyNormalizationWarning(entry.key, earlier: table.string(first), at: location))
                }
            }
            table.fitText()
            layers = CatalogLayers([CatalogLayer(.strings(table), preferring: false)])
            return
        }
        let utf8 = try StringsLexer.utf8(bytes, file: file)
        // The decoded text is never longer than the file; a table's offsets are 32 bits.
        guard utf8.count <= StringsTable.maximumTextSize else {
            throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .limit,
                               message: "the file is \(utf8.count) bytes of text; a .strings table holds at most \(StringsTable.maximumTextSize)")
        }
        let table = try utf8.withUnsafeBufferPointer { (buffer) throws(CatalogError) in
            var lexer = StringsLexer(bytes: buffer, file: file, limits: limits)
            // Room for an entry per ';' (an upper bound unless values hold some), capped so
            // that a file of semicolons cannot make the reader reserve much; the decoded text
            // is never longer than the file.
            let expected = min(byteCount(of: UInt8(ascii: ";"), in: buffer, upTo: buffer.count), 1 << 16)
            var table = StringsTable(locale: locale, expected: expected, textCapacity: buffer.count, notesPositions: notesPositions)
            // The column of the last key noted, counted on from there for the next key on its
            // line: a one-line file of N entries is counted once, not N times from its start.
            var counted = (lineStart: -1, offset: 0, column: 1)
            while let entry = try lexer.nextEntry(into: &table.text) {
                let comment = entry.comment.map { table.append(UnsafeBufferPointer(rebasing: buffer[$0])) }
                var position: KeyPosition?
                if notesPositions {
                    let at = entry.position
                    let column = at.lineStart == counted.lineStart && at.offset >= counted.offset
                        ? counted.column + ScalarColumnIndex.scalars(in: buffer, from: counted.offset, to: at.offset)
                        : 1 + ScalarColumnIndex.scalars(in: buffer, from: at.lineStart, to: at.offset)
                    counted = (at.lineStart, at.offset, column)
                    position = KeyPosition(line: at.line, column: column)
                }
                switch table.add(key: entry.key, keyIsASCII: entry.keyIsASCII, value: entry.value, comment: comment, position: position) {
                case .new: break
                case .repeated(let earlier):
                    if !table.sameText(earlier, entry.value) {
                        warnings.append(Self.duplicateWarning(table.string(entry.key), at: lexer.location(of: entry.position)))
                    }
                case .respelled(let first):
                    warnings.append(Self.keyNormalizationWarning(table.string(entry.key), earlier: table.string(first),
                                                                 at: lexer.location(of: entry.position)))
                }
            }
            table.fitText()
            return table
        }
        layers = CatalogLayers([CatalogLayer(.strings(table), preferring: false)])
    }

    /// Whether `bytes` start (after a BOM and whitespace) an XML document: `<?xml`, `<!DOCTYPE`
    /// or `<plist`. A text `.strings` file starts with a key, a comment or `{`, never `<`.
    package static func isXMLPropertyList(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        for opening in ["<?xml", "<!DOCTYPE", "<plist"] where bytes[i...].starts(with: Array(opening.utf8)) { return true }
        return false
    }

    /// The warning for a key spelled differently from an earlier one but canonically equal to
    /// it (`café` as U+0065 U+0301 after U+00E9, `K` after U+212A KELVIN SIGN): two keys to
    /// Apple's runtime, which compares table keys by UTF-16 code units, and two in the catalog
    /// (the second is one of ``StringCatalog/respelledEntries``, so writers keep both), but one
    /// to ToastKit's lookups, which equate canonically equal keys as Swift's strings do and find
    /// the first spelling.
    static func keyNormalizationWarning(_ key: String, earlier: String, at location: SourceLocation) -> CatalogWarning {
        CatalogWarning(location: location, rule: .keyNormalization,
                     message: "“\(CodePoint.visible(key))” (\(CodePoint.list(key))) is canonically equal to the earlier key “\(CodePoint.visible(earlier))” (\(CodePoint.list(earlier))): two keys to Apple's runtime, which finds each only as it is typed; ToastKit keeps both but its lookups find the first. Give them one spelling",
                     key: key)
    }

    /// The warning for a key that appears again with another value (the last one wins; the
    /// key keeps its place and, unless the new entry has one, its comment).
    private static func duplicateWarning(_ key: String, at location: SourceLocation) -> CatalogWarning {
        CatalogWarning(location: location, rule: .duplicateKey, message: "“\(key)” appears again with another value; the last one wins", key: key)
    }
}

/// The old-style property-list lexer for `.strings` files, over UTF-8 bytes (UTF-16 files are
/// transcoded first); columns count Unicode scalars, computed only for positions reported.
package struct StringsLexer {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    var index = 0
    var line = 1
    var lineStart = 0
    /// The last comment's text (trimmed, checked as UTF-8), a range of ``bytes``.
    var pendingComment: Range<Int>?
    /// Whether the first entry was looked for (a `{` can only come first).
    var started = false
    /// Where the `{` of the dictionary form is, until its `}` is read.
    var braceOpening: SourceLocation?
    /// The buffer ``nextEntry()`` decodes into, reused.
    var scratch: [UInt8] = []

    /// The file as UTF-8: by BOM (UTF-8, UTF-16LE, UTF-16BE), else UTF-8 as it is (checked
    /// string by string as the lexer reads it).
    package static func utf8(_ bytes: [UInt8], file: String) throws(CatalogError) -> [UInt8] {
        func fail(_ message: String) -> CatalogError {
            CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .stringsEncoding, message: message)
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else { throw fail("expected an even number of bytes in a UTF-16 file") }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            switch transcodeUTF16ToUTF8(units) {
            case .success(let out): return out
            case .failure(let failure):
                throw fail("expected valid UTF-16 (a lone surrogate after \(failure.decodedCharacters) characters)")
            }
        }
        // UTF-8 is checked as the lexer makes each string (``StringsLexer/text(_:_:from:)``),
        // which says where an invalid byte is.
        return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes[3...]) : bytes
    }

    let limits: CatalogLimits

    package init(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: CatalogLimits = .standard) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
    }

    func column(of offset: Int, lineStart: Int) -> Int {
        scalarColumn(in: bytes, lineStart: lineStart, offset: offset)
    }

    var location: SourceLocation { SourceLocation(file: file, line: line, column: column(of: index, lineStart: lineStart)) }

    /// Where something started: its line, the line's first byte, and its own first byte; the
    /// column is counted only when a location is asked for.
    package struct Position {
        package let line: Int
        package let lineStart: Int
        package let offset: Int
    }

    var position: Position { Position(line: line, lineStart: lineStart, offset: index) }

    package func location(of position: Position) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: column(of: position.offset, lineStart: position.lineStart))
    }

    /// One `key = value;` as ranges: the key and value decoded into the caller's buffer (the
    /// value is the key's range in a key-only entry), the comment before it a range of
    /// ``bytes``, and where its key started.
    struct RawEntry {
        let key: Range<Int>
        let keyIsASCII: Bool
        let value: Range<Int>
        let comment: Range<Int>?
        let position: Position
    }

    /// One `key = value;` with the comment before it and where its key started.
    package struct Entry {
        package let key: String
        let value: String
        let comment: String?
        package let position: Position
    }

    /// The end of a run of bytes that are none of `"`, `\\` and a newline, from `start`,
    /// eight bytes at a time.
    @inline(__always) func plainEnd(from start: Int) -> Int {
        let count = bytes.count
        var scan = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while scan + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: scan, as: UInt64.self))
                let found = matches(word, UInt8(ascii: "\"")) | matches(word, UInt8(ascii: "\\")) | matches(word, 0x0A)
                // The lowest mark is the first byte found (little-endian loads).
                if found != 0 { return scan + (found.trailingZeroBitCount >> 3) }
                scan += 8
            }
        }
        while scan < count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x0A { break }
            scan += 1
        }
        return scan
    }

    /// The location of an offset on the current line.
    package func location(at offset: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column(of: offset, lineStart: lineStart))
    }

    func error(_ message: String, at location: SourceLocation? = nil) -> CatalogError {
        CatalogError(location: location ?? self.location, rule: .stringsSyntax, message: message)
    }

    /// The text between two offsets, which began at `from` (a position at or before `start`,
    /// to locate an invalid byte). Every byte outside strings and comments is ASCII or a
    /// syntax error, so checking each string as it is made checks the whole file; invalid
    /// UTF-8 is an error at its first byte.
    func text(_ start: Int, _ end: Int, from: Position) throws(CatalogError) -> String {
        if let text = checkedString(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return text }
        throw invalidUTF8(in: start..<end, from: from)
    }

    /// The `strings-encoding` error at the first byte of `range` that is not UTF-8, counting
    /// lines from `from` (a position at or before the range).
    func invalidUTF8(in range: Range<Int>, from: Position) -> CatalogError {
        let offset = firstInvalidUTF8(in: bytes, range) ?? range.lowerBound
        var line = from.line, lineStart = from.lineStart
        var i = from.offset
        while i < offset { if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }; i += 1 }
        return CatalogError(location: SourceLocation(file: file, line: line, column: column(of: offset, lineStart: lineStart)),
                            rule: .stringsEncoding,
                            message: "expected UTF-8 (or UTF-16 with a byte-order mark); the byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) here begins no UTF-8 character")
    }

    /// Checks `range` of the file as UTF-8 (an invalid byte is an error where it is, counting
    /// lines from `from`); returns whether it is all ASCII.
    func checkUTF8(_ range: Range<Int>, from: Position) throws(CatalogError) -> Bool {
        let kind = utf8Kind(of: bytes, range)
        guard kind.valid else { throw invalidUTF8(in: range, from: from) }
        return kind.ascii
    }

    /// The range between two offsets without surrounding ASCII white space, checked as UTF-8.
    func trimmed(_ start: Int, _ end: Int, from: Position) throws(CatalogError) -> Range<Int> {
        var a = start, b = end
        while a < b, bytes[a] == 0x20 || bytes[a] == 0x09 || bytes[a] == 0x0A || bytes[a] == 0x0D { a += 1 }
        while b > a, bytes[b - 1] == 0x20 || bytes[b - 1] == 0x09 || bytes[b - 1] == 0x0A || bytes[b - 1] == 0x0D { b -= 1 }
        _ = try checkUTF8(a..<b, from: from)
        return a..<b
    }

    /// Skips white space and comments, remembering the last comment's text.
    mutating func skipTrivia() throws(CatalogError) {
        let count = bytes.count
        while index < count {
            let c = bytes[index]
            if c == 0x20 || c == 0x09 || c == 0x0D { index += 1; continue }
            if c == 0x0A { index += 1; line += 1; lineStart = index; continue }
            if c == 0xEF, index + 2 < count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { index += 3; continue }  // U+FEFF
            if c == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = position
                let open = index + 2
                var close = open
                let raw = UnsafeRawPointer(bytes.baseAddress!)
                while close + 1 < count {
                    // Eight bytes at a time while none is '*' or a line feed (comment text).
                    while close + 9 <= count {
                        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: close, as: UInt64.self))
                        if matches(word, UInt8(ascii: "*")) | matches(word, 0x0A) != 0 { break }
                        close += 8
                    }
                    guard close + 1 < count else { break }
                    let byte = bytes[close]
                    if byte == UInt8(ascii: "*") {
                        if bytes[close + 1] == UInt8(ascii: "/") { break }
                    } else if byte == 0x0A {
                        line += 1
                        lineStart = close + 1
                    }
                    close += 1
                }
                guard close + 1 < count else { throw error("expected '*/' to close the comment opened here", at: location(of: start)) }
                if close - open > limits.maximumStringLength { throw limits.stringTooLong(at: location(of: start)) }
                index = close + 2
                pendingComment = try trimmed(open, close, from: start)
                continue
            }
            if c == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                let open = index + 2
                var end = open
                while end < count, bytes[end] != 0x0A { end += 1 }
                if end - open > limits.maximumStringLength { throw limits.stringTooLong(at: location) }
                index = end
                pendingComment = try trimmed(open, end, from: position)
                continue
            }
            return
        }
    }

    @inline(__always) static func isUnquoted(_ c: UInt8) -> Bool {
        switch c {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D: true  // _ $ / : . -  (CoreFoundation rejects +)
        default: false
        }
    }

    /// A quoted or unquoted string token, decoded onto the end of `out`: its range there, and
    /// whether it is ASCII.
    mutating func string(_ what: String, into out: inout [UInt8]) throws(CatalogError) -> (range: Range<Int>, ascii: Bool) {
        guard index < bytes.count else { throw error("expected \(what), found the end of the file") }
        if bytes[index] == UInt8(ascii: "\"") { return try quoted(into: &out) }
        guard Self.isUnquoted(bytes[index]) else {
            throw error("expected \(what) (a quoted string or a word of letters, digits and _$/:.-), found '\(try describe(at: index))'")
        }
        let start = index
        while index < bytes.count, Self.isUnquoted(bytes[index]) { index += 1 }
        if index - start > limits.maximumStringLength { throw limits.stringTooLong(at: location(at: start)) }
        // Unquoted words are ASCII.
        let first = out.count
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        return (first..<out.count, true)
    }

    /// The character at `offset` for a message; invalid UTF-8 there is an encoding error.
    func describe(at offset: Int) throws(CatalogError) -> String {
        let c = bytes[offset]
        if c < 0x20 || c == 0x7F { return "U+" + hex4(UInt32(c)) }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return try text(offset, end, from: Position(line: line, lineStart: lineStart, offset: offset))
    }

    /// A quoted string, decoded onto the end of `out` (see ``string(_:into:)``).
    mutating func quoted(into out: inout [UInt8]) throws(CatalogError) -> (range: Range<Int>, ascii: Bool) {
        let start = position
        let open = index + 1
        let count = bytes.count
        var scan = plainEnd(from: open)
        while scan < count, bytes[scan] == 0x0A {
            line += 1
            lineStart = scan + 1
            scan = plainEnd(from: scan + 1)
        }
        guard scan < count else { throw error("expected '\"' to close the string opened here", at: location(of: start)) }
        if scan - open > limits.maximumStringLength { throw limits.stringTooLong(at: location(of: start)) }
        let first = out.count
        if bytes[scan] == UInt8(ascii: "\"") {
            index = scan + 1
            let ascii = try checkUTF8(open..<scan, from: start)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[open..<scan]))
            return (first..<out.count, ascii)
        }
        // Escapes: decoded as they come.
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[open..<scan]))
        index = scan
        while true {
            guard index < count else { throw error("expected '\"' to close the string opened here", at: location(of: start)) }
            let c = bytes[index]
            if c == UInt8(ascii: "\"") {
                index += 1
                // Escapes decode to UTF-8, so an invalid byte decoded is one of the file's own.
                let kind = out.withUnsafeBufferPointer { utf8Kind(of: $0, first..<$0.count) }
                if kind.valid { return (first..<out.count, kind.ascii) }
                throw invalidUTF8(in: open..<index - 1, from: start)
            }
            if out.count - first > limits.maximumStringLength { throw limits.stringTooLong(at: location(of: start)) }
            if c != UInt8(ascii: "\\") {
                if c == 0x0A {
                    line += 1
                    lineStart = index + 1
                    out.append(c)
                    index += 1
                } else {
                    let end = plainEnd(from: index)
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                    index = end
                }
                continue
            }
            index += 1
            guard index < count else { throw error("expected a character after '\\', found the end of the file") }
            let e = bytes[index]
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A); index += 1
            case UInt8(ascii: "t"): out.append(0x09); index += 1
            case UInt8(ascii: "r"): out.append(0x0D); index += 1
            case UInt8(ascii: "a"): out.append(0x07); index += 1
            case UInt8(ascii: "b"): out.append(0x08); index += 1
            case UInt8(ascii: "f"): out.append(0x0C); index += 1
            case UInt8(ascii: "v"): out.append(0x0B); index += 1
            case UInt8(ascii: "U"):
                index += 1
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, index < count, let d = hexDigit(bytes[index]) {
                    value = value << 4 | d
                    digits += 1
                    index += 1
                }
                if digits == 0 {
                    out.append(UInt8(ascii: "U"))  // "\U" without digits: the backslash is dropped
                } else if let scalar = Unicode.Scalar(value) {
                    UTF8.encode(scalar) { out.append($0) }
                } else {
                    // A high surrogate completed by a following \U low surrogate.
                    if value >= 0xD800, value < 0xDC00, index + 5 < count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "U") {
                        var low: UInt32 = 0
                        var ok = true
                        for k in 2...5 { if let d = hexDigit(bytes[index + k]) { low = low << 4 | d } else { ok = false } }
                        if ok, low >= 0xDC00, low < 0xE000, let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)) {
                            index += 6
                            UTF8.encode(scalar) { out.append($0) }
                            continue
                        }
                    }
                    throw error("expected a valid character code after \\U (\\U\(String(value, radix: 16, uppercase: true)) is a lone surrogate)")
                }
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 3, index < count, bytes[index] >= 0x30, bytes[index] <= 0x37 {
                    value = value * 8 + UInt32(bytes[index] - 0x30)
                    digits += 1
                    index += 1
                }
                UTF8.encode(Self.nextStep(UInt8(truncatingIfNeeded: value))) { out.append($0) }
            default:
                // Unknown escape: keep the character (all its bytes), drop the backslash.
                if e == 0x0A { line += 1; lineStart = index + 1 }
                out.append(e)
                index += 1
                while index < count, bytes[index] & 0xC0 == 0x80 { out.append(bytes[index]); index += 1 }
            }
        }
    }

    /// A byte in the NeXTSTEP encoding, as CoreFoundation decodes octal escapes (the upper
    /// half as Foundation's `.nextstep` decodes it; `StringsReaderTests` compares the two).
    static func nextStep(_ byte: UInt8) -> Unicode.Scalar {
        if byte < 0x80 { return Unicode.Scalar(byte) }
        return Unicode.Scalar(nextStepUpperHalf[Int(byte) - 0x80]) ?? "\u{FFFD}"
    }

    /// NeXTSTEP 0x80…0xFF as Unicode; 0xFE and 0xFF are not characters, and CoreFoundation
    /// reads their escapes as U+0000.
    static let nextStepUpperHalf: [UInt16] = [
        0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7,
        0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
        0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,
        0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7,
        0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7,
        0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
        0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022,
        0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF,
        0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,
        0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7,
        0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2,
        0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
        0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1,
        0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,
        0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,
        0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0x0000, 0x0000,
    ]

    /// The next `key = value;` (or `key;`), its key and value decoded onto the end of `out`,
    /// or `nil` at the end of the file.
    mutating func nextEntry(into out: inout [UInt8]) throws(CatalogError) -> RawEntry? {
        pendingComment = nil
        try skipTrivia()
        // The old-style dictionary form: the entries between `{` and `}`.
        if !started {
            started = true
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                braceOpening = location(at: index)
                index += 1
                pendingComment = nil
                try skipTrivia()
            }
        }
        if let opening = braceOpening {
            guard index < bytes.count else {
                throw error("expected '}' to close the dictionary opened at \(opening.line):\(opening.column), found the end of the file")
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                braceOpening = nil
                try skipTrivia()
                guard index >= bytes.count else { throw error("expected the end of the file after the dictionary's '}', found '\(try describe(at: index))'") }
                return nil
            }
        }
        guard index < bytes.count else { return nil }
        let comment = pendingComment
        let start = position
        let key = try string("a key", into: &out)
        func name() -> String {
            out.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[key.range]), as: UTF8.self) }
        }
        try skipTrivia()
        guard index < bytes.count else { throw error("expected '=' or ';' after the key “\(name())”, found the end of the file") }
        var value = key.range
        if bytes[index] == UInt8(ascii: "=") {
            index += 1
            try skipTrivia()
            value = try string("a value after '='", into: &out).range
            try skipTrivia()
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            if index >= bytes.count { throw error("expected ';' after the entry “\(name())”, found the end of the file") }
            throw error("expected ';' after the entry “\(name())”, found '\(try describe(at: index))'")
        }
        index += 1
        return RawEntry(key: key.range, keyIsASCII: key.ascii, value: value, comment: comment, position: start)
    }

    /// The next entry's key and where it started, or `nil` at the end of the file: its value
    /// and comment are read and checked as ``nextEntry()`` reads them, but not made into
    /// strings (what locating a finding needs of every entry).
    package mutating func nextKey() throws(CatalogError) -> (key: String, position: Position)? {
        var out = scratch
        scratch = []
        defer { out.removeAll(keepingCapacity: true); scratch = out }
        guard let raw = try nextEntry(into: &out) else { return nil }
        let key = out.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[raw.key]), as: UTF8.self) }
        return (key, raw.position)
    }

    /// The next `key = value;` (or `key;`) as strings, or `nil` at the end of the file.
    package mutating func nextEntry() throws(CatalogError) -> Entry? {
        var out = scratch
        scratch = []
        defer { out.removeAll(keepingCapacity: true); scratch = out }
        guard let raw = try nextEntry(into: &out) else { return nil }
        let text = { (range: Range<Int>) in
            out.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
        }
        return Entry(key: text(raw.key), value: text(raw.value),
                     comment: raw.comment.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) },
                     position: raw.position)
    }
}
