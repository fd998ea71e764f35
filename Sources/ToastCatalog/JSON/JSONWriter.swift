/// Writes ``JSONValue`` trees as JSON text.
public enum JSONWriter {
    /// The layout of the output.
    public enum Style: Sendable {
        /// One line, `{"a":1,"b":[true]}`: for JSON Lines and machine output.
        case compact
        /// Two-space indent, one member per line, `"key": value`.
        case pretty
    }

    /// Serializes `value`.
    public static func string(_ value: JSONValue, style: Style = .compact) -> String {
        var out = ""
        write(value, style: style, indent: 0, into: &out)
        return out
    }

    static func write(_ value: JSONValue, style: Style, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let digits): out += digits
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                if style == .pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                write(item, style: style, indent: indent + 1, into: &out)
            }
            if style == .pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                if style == .pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                writeString(member.key, into: &out)
                out += style == .pretty ? ": " : ":"
                write(member.value, style: style, indent: indent + 1, into: &out)
            }
            if style == .pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    /// Writes a JSON string literal: `\"`, `\\`, short escapes, `\u00XX` for other controls;
    /// everything else literally.
    public static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
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
    /// ``writeString(_:into:)`` escapes it, a byte at a time (UTF-8 bytes from 0x80 up are
    /// copied: only ASCII is escaped).
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (i, byte) in bytes.enumerated() {
                let escape: [UInt8]
                switch byte {
                case 0x22: escape = [0x5C, 0x22]
                case 0x5C: escape = [0x5C, 0x5C]
                case 0x0A: escape = [0x5C, UInt8(ascii: "n")]
                case 0x0D: escape = [0x5C, UInt8(ascii: "r")]
                case 0x09: escape = [0x5C, UInt8(ascii: "t")]
                case 0x08: escape = [0x5C, UInt8(ascii: "b")]
                case 0x0C: escape = [0x5C, UInt8(ascii: "f")]
                case 0x00..<0x20, 0x7F: escape = Array(("\\u" + hex4(UInt32(byte))).utf8)
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                out.append(contentsOf: escape)
                start = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
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
