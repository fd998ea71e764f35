@_implementationOnly import CICU

/// How wide East Asian Width "ambiguous" characters (`±`, `°`, Cyrillic in CJK fonts) are.
public enum AmbiguousWidth: String, Sendable, CaseIterable {
    /// One cell: what most terminals do.
    case narrow
    /// Two cells: CJK terminals and fonts.
    case wide
}

/// Terminal cell widths of grapheme clusters, from ICU's Unicode properties.
///
/// | cluster | cells |
/// | --- | --- |
/// | only controls, format characters, combining marks, Hangul V/T jamo | 0 |
/// | emoji presentation, emoji + VS16, emoji ZWJ sequences, skin tones, flags | 2 |
/// | emoji + VS15 | 1 |
/// | anything else: the sum over its scalars of East Asian Wide or Fullwidth 2, Ambiguous 1 (2 with ``AmbiguousWidth/wide``), zero-width as above 0, the rest 1 (soft hyphen included) | |
///
/// Summing the scalars of a cluster matches what terminals built on the C library's
/// `wcwidth` draw: a Devanagari conjunct with a vowel sign (`क्षि`) takes 3 cells there,
/// where a renderer that shapes conjuncts uses fewer. Counting the larger width only wraps a
/// little earlier; counting the smaller one would overflow the line.
public enum TextWidth {
    /// The cells one grapheme cluster takes.
    public static func cells(of character: Character, ambiguous: AmbiguousWidth = .narrow) -> Int {
        let scalars = character.unicodeScalars
        let first = scalars.first!.value
        if scalars.count == 1 && first >= 0x20 && first < 0x7F { return 1 }
        var sum = 0
        var sawVS15 = false
        var sawVS16 = false
        var sawZWJ = false
        var emojiBase = false
        var regionalIndicators = 0
        for scalar in scalars {
            let c = UChar32(bitPattern: scalar.value)
            switch scalar.value {
            case 0xFE0E: sawVS15 = true; continue
            case 0xFE0F: sawVS16 = true; continue
            case 0x200D: sawZWJ = true; continue
            case 0x00AD: sum += 1; continue
            case 0x1F3FB...0x1F3FF where emojiBase: continue  // a skin tone modifies the emoji before it
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            default: break
            }
            if scalar.value > 0x7F && u_hasBinaryProperty(c, UCHAR_EMOJI) != 0 { emojiBase = true }
            let category = UCharCategory(rawValue: UInt32(bitPattern: Int32(u_charType(c))))
            if category == U_CONTROL_CHAR || category == U_FORMAT_CHAR || category == U_NON_SPACING_MARK
                || category == U_ENCLOSING_MARK {
                continue
            }
            let jamo = u_getIntPropertyValue(c, UCHAR_HANGUL_SYLLABLE_TYPE)
            if jamo == Int32(U_HST_VOWEL_JAMO.rawValue) || jamo == Int32(U_HST_TRAILING_JAMO.rawValue) { continue }
            let eaw = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH)
            if eaw == Int32(U_EA_WIDE.rawValue) || eaw == Int32(U_EA_FULLWIDTH.rawValue) {
                sum += 2
            } else if u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION) != 0 {
                sum += 2
            } else if eaw == Int32(U_EA_AMBIGUOUS.rawValue) {
                sum += ambiguous == .wide ? 2 : 1
            } else {
                sum += 1
            }
        }
        if sawVS15 && !sawVS16 { return min(sum, 1) }
        if emojiBase && (sawVS16 || sawZWJ || sum > 2) { return 2 }
        if regionalIndicators >= 2 { return 2 }
        return sum
    }

    /// The cells a whole string takes (the sum over its grapheme clusters).
    public static func cells(of text: some StringProtocol, ambiguous: AmbiguousWidth = .narrow) -> Int {
        var total = 0
        for byte in text.utf8 where byte >= 0x80 || byte < 0x20 || byte == 0x7F {
            for character in text { total += cells(of: character, ambiguous: ambiguous) }
            return total
        }
        return text.utf8.count
    }
}
