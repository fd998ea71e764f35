/// Writes ``JSONValue`` trees as JSON text.
public enum JSONWriter {
    /// The layout of the output.
    public enum Style: Sendable {
        /// One line, `{"a":1,"b":[true]}`: for JSON Lines and machine output.
        case compact
        /// Two-space indent, one member per line, `"key": value`.
        case pretty
    }

    /// Which characters a string literal escapes beyond what JSON requires.
    public enum Escaping: Sendable {
        /// Also every scalar of the one escaping scheme of ToastKit's output (C1 controls,
        /// bidi controls, line and paragraph separators, invisible format characters) as
        /// `\uXXXX`: for what ToastKit prints (dump, lint, matrix, show), so that no terminal
        /// and no log viewer acts on input text. A reader decodes the same string.
        case visible
        /// Only what JSON requires (`"`, `\`, C0 controls) and DEL: for catalog files, which
        /// keep the bytes Xcode writes.
        case minimal
    }

    /// Serializes `value`.
    public static func string(_ value: JSONValue, style: Style = .compact, escaping: Escaping = .visible) -> String {
        var out = ""
        write(value, style: style, indent: 0, escaping: escaping, into: &out)
        return out
    }

    static func write(_ value: JSONValue, style: Style, indent: Int, escaping: Escaping, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let digits): out += digits
        case .string(let text): writeString(text, escaping: escaping, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                if style == .pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                write(item, style: style, indent: indent + 1, escaping: escaping, into: &out)
            }
            if style == .pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                if style == .pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                writeString(member.key, escaping: escaping, into: &out)
                out += style == .pretty ? ": " : ":"
                write(member.value, style: style, indent: indent + 1, escaping: escaping, into: &out)
            }
            if style == .pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    /// Writes a JSON string literal: `\"`, `\\`, short escapes, `\u00XX` for other controls
    /// and DEL, and with ``Escaping/visible`` `\uXXXX` for each scalar `CodePoint.isEscaped`
    /// names; everything else literally.
    public static func writeString(_ text: String, escaping: Escaping = .visible, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x80... where escaping == .visible && CodePoint.isEscaped(scalar): out += "\\u" + hex4(scalar.value)
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x00..<0x20, 0x7F: out += "\\u" + hex4(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONWriter {
    /// Appends `text` as a JSON string literal to UTF-8 bytes, escaped exactly as
    /// ``writeString(_:escaping:into:)`` escapes it, from its bytes: runs that need no escape
    /// are copied eight bytes at a time, bytes from 0x80 up included, and the scalars
    /// ``Escaping/visible`` escapes are found by their lead bytes.
    public static func appendString(_ text: String, escaping: Escaping = .visible, to out: inout [UInt8]) {
        appendString(text, escaping: escaping, into: &out)
    }

    /// The same string literal appended to a ``ByteOutput``, for writers of other modules (the
    /// generic form below, were it visible to them, would run unspecialized there).
    package static func appendString(_ text: String, escaping: Escaping = .visible, to out: inout ByteOutput) {
        appendString(text, escaping: escaping, into: &out)
    }

    /// The string literal appended to any ``ByteSink``.
    static func appendString<Sink: ByteSink & ~Copyable>(_ text: String, escaping: Escaping, into out: inout Sink) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(text, escaping: escaping, into: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `text` escaped as a string literal is, without the quotes: a literal can be
    /// written in pieces (the escaping of a concatenation is the concatenation of the pieces'
    /// escapings, as every escape stands for one scalar). Into a ``ByteOutput``, for writers of
    /// other modules.
    package static func appendEscaped(_ text: String, escaping: Escaping = .visible, to out: inout ByteOutput) {
        appendEscaped(text, escaping: escaping, into: &out)
    }

    /// Appends, to a ``ByteOutput``, the escaping of the string whose UTF-8 bytes (valid UTF-8)
    /// are `bytes`, without the quotes and without making the string.
    package static func appendEscaped(bytes: UnsafeBufferPointer<UInt8>, escaping: Escaping = .visible, to out: inout ByteOutput) {
        appendEscaped(bytes: bytes, escaping: escaping, into: &out)
    }

    /// A string's escaping without its quotes, into any ``ByteSink``.
    static func appendEscaped<Sink: ByteSink & ~Copyable>(_ text: String, escaping: Escaping, into out: inout Sink) {
        text.withUTF8Bytes { appendEscaped(bytes: $0, escaping: escaping, into: &out) }
    }

    /// A string's escaping from its UTF-8 bytes (valid UTF-8), into any ``ByteSink``.
    static func appendEscaped<Sink: ByteSink & ~Copyable>(bytes: UnsafeBufferPointer<UInt8>, escaping: Escaping, into out: inout Sink) {
        var start = 0
        var i = -1
        let raw = UnsafeRawPointer(bytes.baseAddress)
        let minimal = escaping == .minimal
        while true {
            i += 1
            // Eight bytes at a time while none needs a look, then straight to the first that
            // does (the lowest mark is that byte's): a byte that is escaped, and with
            // ``Escaping/visible`` the lead byte of a scalar it may escape. Other bytes from
            // 0x80 up are copied with the rest, so a text in any script goes a word at a time.
            if let raw {
                while i + 8 <= bytes.count {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    let marks = minimal ? escapedByteMarks(word) : visibleEscapeMarks(word)
                    if marks != 0 {
                        i += marks.trailingZeroBitCount >> 3
                        break
                    }
                    i += 8
                }
            }
            guard i < bytes.count else { break }
            let byte = bytes[i]
            // The letter of a two-byte escape (`\n`), or 0 for one written `\uXXXX`.
            let letter: UInt8
            switch byte {
            case 0xC2, 0xD8, 0xE2, 0xEF:
                // The lead bytes of every escaped scalar above ASCII (U+0080–U+00AD,
                // U+061C, U+200B–U+2069, U+FEFF).
                guard escaping == .visible, let scalar = escapedScalar(in: bytes, at: i) else { continue }
                out.append(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                appendUnicodeEscape(scalar, to: &out)
                start = i + (scalar < 0x800 ? 2 : 3)
                continue
            case 0x22: letter = 0x22
            case 0x5C: letter = 0x5C
            case 0x0A: letter = UInt8(ascii: "n")
            case 0x0D: letter = UInt8(ascii: "r")
            case 0x09: letter = UInt8(ascii: "t")
            case 0x08: letter = UInt8(ascii: "b")
            case 0x0C: letter = UInt8(ascii: "f")
            case 0x00..<0x20, 0x7F: letter = 0
            default: continue
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[start..<i]))
            if letter == 0 {
                appendUnicodeEscape(UInt32(byte), to: &out)
            } else {
                out.append(0x5C)
                out.append(letter)
            }
            start = i + 1
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// Appends `\uXXXX` (four uppercase hex digits, as ``hex4(_:)`` spells them) for a scalar
    /// below U+10000.
    private static func appendUnicodeEscape<Sink: ByteSink & ~Copyable>(_ scalar: UInt32, to out: inout Sink) {
        var escape = "\\u" + hex4(scalar)
        escape.withUTF8 { out.append($0) }
    }

    /// The scalar of well-formed UTF-8 starting at `i`, when `CodePoint.isEscaped` names it.
    private static func escapedScalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32? {
        let lead = UInt32(bytes[i])
        if lead < 0xE0 {
            guard i + 1 < bytes.count else { return nil }
            let scalar = (lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
            return Unicode.Scalar(scalar).map(CodePoint.isEscaped) == true ? scalar : nil
        }
        guard i + 2 < bytes.count else { return nil }
        let scalar = (lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
        return Unicode.Scalar(scalar).map(CodePoint.isEscaped) == true ? scalar : nil
    }
}

extension JSONValue {
    /// An object from key–value pairs, in the given order.
    public static func members(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { JSONMember(key: $0.key, value: $0.value) })
    }

    /// A string, or `null` for `nil`.
    public static func optional(_ text: String?) -> JSONValue {
        text.map { .string($0) } ?? .null
    }
}
