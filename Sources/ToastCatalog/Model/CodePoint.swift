/// How ToastKit names code points in its messages: `U+0301`, and `<U+001B>` for an invisible
/// or controlling character quoted from input (the escaping lint's excerpts use too).
package enum CodePoint {
    /// At least four uppercase hex digits: `0301`, `1F600`.
    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `U+0063 U+0061 U+0066 U+00E9`: the first `limit` scalars, then `…` if there are more.
    package static func list(_ text: String, limit: Int = 8) -> String {
        let names = text.unicodeScalars.prefix(limit).map { "U+" + hex($0.value) }
        return names.joined(separator: " ") + (text.unicodeScalars.count > limit ? " …" : "")
    }

    /// Whether a scalar is shown as `<U+XXXX>` wherever input is quoted: C0 controls (tab
    /// and line feed included), DEL, C1 controls, bidi marks, embeddings, overrides and
    /// isolates, line and paragraph separators, and the invisible format characters (zero
    /// width space and joiners, word joiner, byte order mark, soft hyphen).
    package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x00AD, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// `text` with each scalar of ``isEscaped(_:)`` shown as `<U+XXXX>`, so that quoting input
    /// can never move the cursor, recolour the terminal, reorder a line or hide a character:
    /// the one escaping scheme of every text output.
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) { shown += "<U+" + hex(scalar.value) + ">" } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
    }
}
