import Foundation

extension StringCatalog {
    /// Reads a `.strings` file for one locale, as Apple's reader reads it: UTF-8 (with or
    /// without BOM) or UTF-16 with BOM, or a binary property list (`bplist00`); `/* */` and
    /// `//` comments (the one before an entry becomes its comment); quoted and unquoted keys;
    /// escapes `\" \\ \n \t \r \a \b \f \v`, `\Uxxxx`, octal in the NeXTSTEP encoding, other
    /// escapes keep the character and drop the backslash; literal newlines and CRLF; key-only
    /// entries (`"key";` means the value is the key); duplicate keys (the last wins, with a
    /// `duplicate-key` warning).
    ///
    /// A missing `;`, `=` or closing quote is an error at `file:line:column`; no partial
    /// catalog is returned.
    public init(strings bytes: [UInt8], file: String, locale: String, sourceLanguage: String = "en",
                table: String? = nil) throws(CatalogError) {
        self.init(table: table ?? Self.tableName(forPath: file), sourceLanguage: sourceLanguage)
        format = .strings
        if bytes.starts(with: Array("bplist00".utf8)) {
            let root = try BinaryPropertyListParser.parse(bytes, file: file)
            guard case .dictionary(let entries) = root else {
                throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: "strings-syntax",
                                   message: "expected a dictionary at the top of the binary property list, found \(root.kindName)")
            }
            for entry in entries {
                guard case .string(let value) = entry.value else {
                    throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: "strings-syntax",
                                       message: "expected a string value for “\(entry.key)”, found \(entry.value.kindName)")
                }
                add(key: entry.key, value: value, comment: nil, locale: locale,
                    location: SourceLocation(file: file, line: 1, column: 1))
            }
            return
        }
        let scalars = try StringsLexer.decode(bytes, file: file)
        var lexer = StringsLexer(scalars: scalars, file: file)
        while let (key, value, comment, location) = try lexer.nextEntry() {
            add(key: key, value: value, comment: comment, locale: locale, location: location)
        }
    }

    private mutating func add(key: String, value: String, comment: String?, locale: String, location: SourceLocation) {
        if let existing = entries[key] {
            if existing.localizations[locale]?.stringUnit?.value != value {
                warnings.append(CatalogError(location: location, rule: "duplicate-key",
                                             message: "“\(key)” appears again with another value; the last one wins"))
            }
        } else {
            keys.append(key)
        }
        entries[key] = CatalogEntry(comment: comment ?? entries[key]?.comment,
                                    localizations: [locale: LocalizedValue(stringUnit: StringUnit(state: nil, value: value))])
    }
}

/// The old-style property-list lexer for `.strings` files, over decoded Unicode scalars.
struct StringsLexer {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    var column = 1
    var pendingComment: String?

    /// Decodes by BOM (UTF-8, UTF-16LE, UTF-16BE), else UTF-8.
    static func decode(_ bytes: [UInt8], file: String) throws(CatalogError) -> [Unicode.Scalar] {
        func fail(_ message: String) -> CatalogError {
            CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: "strings-encoding", message: message)
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
            var scalars: [Unicode.Scalar] = []
            scalars.reserveCapacity(units.count)
            var iterator = units.makeIterator()
            var decoder = UTF16()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: break loop
                case .error: throw fail("expected valid UTF-16 (a lone surrogate after \(scalars.count) characters)")
                }
            }
            return scalars
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        guard let text = String(validating: body, as: UTF8.self) else {
            throw fail("expected UTF-8, or UTF-16 with a byte-order mark")
        }
        return Array(text.unicodeScalars)
    }

    init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    func error(_ message: String, at location: SourceLocation? = nil) -> CatalogError {
        CatalogError(location: location ?? self.location, rule: "strings-syntax", message: message)
    }

    mutating func advance() {
        if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
        index += 1
    }

    /// Skips white space and comments, remembering the last comment's text.
    mutating func skipTrivia() throws(CatalogError) {
        while index < scalars.count {
            let c = scalars[index]
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{FEFF}" { advance(); continue }
            if c == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let start = location
                advance(); advance()
                var text = String.UnicodeScalarView()
                while true {
                    guard index < scalars.count else { throw error("expected '*/' to close the comment opened here", at: start) }
                    if scalars[index] == "*", index + 1 < scalars.count, scalars[index + 1] == "/" { advance(); advance(); break }
                    text.append(scalars[index])
                    advance()
                }
                pendingComment = String(text).trimmingCharacters(in: .whitespacesAndNewlines)
                continue
            }
            if c == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                var text = String.UnicodeScalarView()
                advance(); advance()
                while index < scalars.count, scalars[index] != "\n" { text.append(scalars[index]); advance() }
                pendingComment = String(text).trimmingCharacters(in: .whitespaces)
                continue
            }
            return
        }
    }

    static func isUnquoted(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D: true  // _ $ / : . -  (CoreFoundation rejects +)
        default: false
        }
    }

    /// A quoted or unquoted string token.
    mutating func string(_ what: String) throws(CatalogError) -> String {
        guard index < scalars.count else { throw error("expected \(what), found the end of the file") }
        if scalars[index] == "\"" { return try quoted() }
        guard Self.isUnquoted(scalars[index]) else {
            throw error("expected \(what) (a quoted string or a word of letters, digits and _$/:.-), found '\(Self.describe(scalars[index]))'")
        }
        var text = String.UnicodeScalarView()
        while index < scalars.count, Self.isUnquoted(scalars[index]) { text.append(scalars[index]); advance() }
        return String(text)
    }

    static func describe(_ c: Unicode.Scalar) -> String {
        c.value < 0x20 || c.value == 0x7F ? "U+" + String(c.value, radix: 16, uppercase: true) : String(c)
    }

    mutating func quoted() throws(CatalogError) -> String {
        let start = location
        advance()
        var text = String.UnicodeScalarView()
        while true {
            guard index < scalars.count else { throw error("expected '\"' to close the string opened here", at: start) }
            let c = scalars[index]
            if c == "\"" { advance(); return String(text) }
            if c != "\\" { text.append(c); advance(); continue }
            advance()
            guard index < scalars.count else { throw error("expected a character after '\\', found the end of the file") }
            let e = scalars[index]
            switch e {
            case "n": text.append("\n"); advance()
            case "t": text.append("\t"); advance()
            case "r": text.append("\r"); advance()
            case "a": text.append("\u{07}"); advance()
            case "b": text.append("\u{08}"); advance()
            case "f": text.append("\u{0C}"); advance()
            case "v": text.append("\u{0B}"); advance()
            case "U":
                advance()
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, index < scalars.count, let d = hexValue(scalars[index]) {
                    value = value << 4 | d
                    digits += 1
                    advance()
                }
                if digits == 0 {
                    text.append("U")  // "\U" without digits: the backslash is dropped
                } else if let scalar = Unicode.Scalar(value) {
                    text.append(scalar)
                } else {
                    // A lone UTF-16 surrogate: only a following \U low surrogate completes it.
                    if value >= 0xD800, value < 0xDC00, index + 5 < scalars.count, scalars[index] == "\\", scalars[index + 1] == "U" {
                        var low: UInt32 = 0
                        var ok = true
                        for k in 2...5 { if let d = hexValue(scalars[index + k]) { low = low << 4 | d } else { ok = false } }
                        if ok, low >= 0xDC00, low < 0xE000, let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)) {
                            for _ in 0..<6 { advance() }
                            text.append(scalar)
                            continue
                        }
                    }
                    throw error("expected a valid character code after \\U (\\U\(String(value, radix: 16, uppercase: true)) is a lone surrogate)")
                }
            case "0"..."7":
                var value: UInt32 = 0
                var digits = 0
                while digits < 3, index < scalars.count, let d = octalValue(scalars[index]) {
                    value = value * 8 + d
                    digits += 1
                    advance()
                }
                text.append(Self.nextStep(UInt8(truncatingIfNeeded: value)))
            default:
                text.append(e)  // unknown escape: keep the character, drop the backslash
                advance()
            }
        }
    }

    func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c.value {
        case 0x30...0x39: c.value - 0x30
        case 0x41...0x46: c.value - 0x41 + 10
        case 0x61...0x66: c.value - 0x61 + 10
        default: nil
        }
    }

    func octalValue(_ c: Unicode.Scalar) -> UInt32? {
        (0x30...0x37).contains(c.value) ? c.value - 0x30 : nil
    }

    /// A byte in the NeXTSTEP encoding, as CoreFoundation decodes octal escapes.
    static func nextStep(_ byte: UInt8) -> Unicode.Scalar {
        if byte < 0x80 { return Unicode.Scalar(byte) }
        if let text = String(data: Data([byte]), encoding: .nextstep), let scalar = text.unicodeScalars.first { return scalar }
        return "\u{FFFD}"
    }

    /// The next `key = value;` (or `key;`), or `nil` at the end of the file.
    mutating func nextEntry() throws(CatalogError) -> (String, String, String?, SourceLocation)? {
        pendingComment = nil
        try skipTrivia()
        guard index < scalars.count else { return nil }
        let comment = pendingComment
        let start = location
        let key = try string("a key")
        try skipTrivia()
        guard index < scalars.count else { throw error("expected '=' or ';' after the key “\(key)”, found the end of the file") }
        var value = key
        if scalars[index] == "=" {
            advance()
            try skipTrivia()
            value = try string("a value after '='")
            try skipTrivia()
        }
        guard index < scalars.count, scalars[index] == ";" else {
            if index >= scalars.count { throw error("expected ';' after the entry “\(key)”, found the end of the file") }
            throw error("expected ';' after the entry “\(key)”, found '\(Self.describe(scalars[index]))'")
        }
        advance()
        return (key, value, comment, start)
    }
}
