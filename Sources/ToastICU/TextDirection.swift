internal import CICU

/// A paragraph or run direction.
public enum TextDirection: String, Sendable, Codable {
    /// Left to right (`ltr`): Latin, Cyrillic, CJK…
    case leftToRight = "ltr"
    /// Right to left (`rtl`): Arabic, Hebrew…
    case rightToLeft = "rtl"

    /// The direction of the first strong character in `text` (UAX #9 rules P2–P3), or `nil`
    /// when the text has none (digits and punctuation only).
    public static func firstStrong(in text: String) -> TextDirection? {
        let units = Array(text.utf16)
        let direction = units.withUnsafeBufferPointer { toast_ubidi_getBaseDirection($0.baseAddress, Int32($0.count)) }
        switch direction {
        case TOAST_UBIDI_LTR: return .leftToRight
        case TOAST_UBIDI_RTL: return .rightToLeft
        default: return nil
        }
    }

    /// Whether `text` holds a character that runs against `self`: R, AL or AN in
    /// left-to-right text, L in right-to-left text. European digits alone do not conflict.
    public func conflicts(with text: String) -> Bool {
        // ASCII (numbers, most arguments) needs no property look-up: its only strong
        // characters are the Latin letters, which are L.
        var ascii = true
        var latinLetter = false
        for byte in text.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { latinLetter = true }
        }
        if ascii { return self == .rightToLeft && latinLetter }
        for scalar in text.unicodeScalars {
            let kind = toast_u_charDirection(UChar32(bitPattern: scalar.value))
            switch self {
            case .leftToRight:
                if kind == TOAST_U_RIGHT_TO_LEFT || kind == TOAST_U_RIGHT_TO_LEFT_ARABIC || kind == TOAST_U_ARABIC_NUMBER { return true }
            case .rightToLeft:
                if kind == TOAST_U_LEFT_TO_RIGHT { return true }
            }
        }
        return false
    }
}
