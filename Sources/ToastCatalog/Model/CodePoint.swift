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

    /// `text` with C0 and C1 controls, DEL, bidi controls and line and paragraph separators
    /// shown as `<U+XXXX>`, so that quoting input can never move the cursor, recolour the
    /// terminal or reorder a line.
    package static func visible(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
                shown += "<U+" + hex(scalar.value) + ">"
            default:
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
