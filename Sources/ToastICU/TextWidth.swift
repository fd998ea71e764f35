internal import CICU

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
/// | emoji presentation, emoji + VS16, ZWJ sequences of emoji only, skin tones, flags | 2 |
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
        cells(of: character, ambiguous: ambiguous, direct: false).cells
    }

    /// `cells(of:ambiguous:)` of a character, with each BMP scalar outside the small tables
    /// asked of ICU itself when `direct` (``ScalarTable/info(_:direct:)``); also how many were
    /// (or would have been) asked so.
    static func cells(of character: Character, ambiguous: AmbiguousWidth, direct: Bool) -> (cells: Int, asked: Int) {
        let scalars = character.unicodeScalars
        let first = scalars.first!.value
        if scalars.count == 1 && first >= 0x20 && first < 0x7F { return (1, 0) }
        var sum = 0
        var asked = 0
        var sawVS15 = false
        var sawVS16 = false
        var sawZWJ = false
        var emojiBase = false
        var regionalIndicators = 0
        var otherCells = 0
        for scalar in scalars {
            let v = scalar.value
            switch v {
            case 0xFE0E: sawVS15 = true; continue
            case 0xFE0F: sawVS16 = true; continue
            case 0x200D: sawZWJ = true; continue
            case 0x1F3FB...0x1F3FF where emojiBase: continue  // a skin tone modifies the emoji before it
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            default: break
            }
            if ScalarTable.isOutsideSmallTables(v) { asked += 1 }
            let info = ScalarTable.info(v, direct: direct)
            let scalarCells = ScalarTable.cells(info, wide: ambiguous == .wide)
            if info & ScalarTable.emoji != 0 { emojiBase = true } else { otherCells += scalarCells }
            sum += scalarCells
        }
        if sawVS15 && !sawVS16 { return (min(sum, 1), asked) }
        // An emoji presentation or ZWJ sequence of emoji is one 2-cell glyph; anything visible
        // that is not an emoji in the cluster (a wide mark joined to it) is drawn beside it.
        if emojiBase && (sawVS16 || sawZWJ) && otherCells == 0 { return (2, asked) }
        if regionalIndicators >= 2 { return (2, asked) }
        return (sum, asked)
    }

    /// The cells a whole string takes (the sum over its grapheme clusters).
    ///
    /// Outside emoji sequences a cluster's width is the sum of its scalars' widths, so the
    /// text is measured scalar by scalar (one table load each); only text with a variation
    /// selector, a zero-width joiner, a skin tone or a regional indicator is measured cluster
    /// by cluster.
    public static func cells(of text: some StringProtocol, ambiguous: AmbiguousWidth = .narrow) -> Int {
        measure(text, ambiguous: ambiguous, direct: false).cells
    }

    /// The cells a string takes (specialized: no generic dispatch across modules).
    public static func cells(of text: String, ambiguous: AmbiguousWidth = .narrow) -> Int {
        measure(text, ambiguous: ambiguous, direct: false).cells
    }

    /// The cells a substring takes (specialized: no generic dispatch across modules).
    public static func cells(of text: Substring, ambiguous: AmbiguousWidth = .narrow) -> Int {
        measure(text, ambiguous: ambiguous, direct: false).cells
    }

    /// The cells `text` takes, with each BMP scalar outside the small tables asked of ICU
    /// itself when `direct`; also how many such scalars the text has.
    @inline(__always)
    static func measure(_ text: some StringProtocol, ambiguous: AmbiguousWidth, direct: Bool) -> (cells: Int, asked: Int) {
        var asciiOnly = true
        for byte in text.utf8 where byte >= 0x80 || byte < 0x20 || byte == 0x7F {
            asciiOnly = false
            break
        }
        if asciiOnly { return (text.utf8.count, 0) }
        var total = 0, asked = 0
        let wide = ambiguous == .wide
        for scalar in text.unicodeScalars {
            let v = scalar.value
            // Variation selectors, joiners, skin tones and flags: widths of whole clusters.
            switch v {
            case 0xFE0E, 0xFE0F, 0x200D, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF:
                var total = 0, asked = 0
                for character in text {
                    let measured = cells(of: character, ambiguous: ambiguous, direct: direct)
                    total += measured.cells
                    asked += measured.asked
                }
                return (total, asked)
            default:
                if ScalarTable.isOutsideSmallTables(v) { asked += 1 }
                total += ScalarTable.cells(ScalarTable.info(v, direct: direct), wide: wide)
            }
        }
        return (total, asked)
    }

}

/// Per-scalar width classes from ICU's properties, precomputed once for the Basic
/// Multilingual Plane (64 KiB, immutable) so that measuring costs one table load per scalar;
/// other planes are classified on the fly.
enum ScalarTable {
    /// The low two bits: 0, 1 or 2 cells.
    static let widthMask: UInt8 = 0b11
    /// East Asian Width "ambiguous": 1 cell, or 2 with the wide setting.
    static let ambiguous: UInt8 = 0b100
    /// Has the Emoji property (and is not ASCII).
    static let emoji: UInt8 = 0b1000

    /// The class of a scalar value: from a table in the BMP, computed elsewhere. Scalars below
    /// U+0800 (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic …) and general punctuation
    /// (U+2000–U+20FF: dashes, quotes, spaces, currency signs) have small tables of their
    /// own, so that text in those scripts never has the whole table made.
    @inline(__always) static func info(_ v: UInt32) -> UInt8 {
        info(v, direct: false)
    }

    /// ``info(_:)``, with a BMP scalar outside the small tables classified on the spot when
    /// `direct` (the whole table is then not made for it).
    @inline(__always) static func info(_ v: UInt32, direct: Bool) -> UInt8 {
        if v < 0x800 { return low[Int(v)] }
        if v &- 0x2000 < 0x100 { return punctuation[Int(v &- 0x2000)] }
        return v < 0x10000 && !direct ? bmp[Int(v)] : classify(v)
    }

    /// Whether `v` is a BMP scalar the small tables do not hold: one ``bmp`` would answer.
    @inline(__always) static func isOutsideSmallTables(_ v: UInt32) -> Bool {
        v >= 0x800 && v &- 0x2000 >= 0x100 && v < 0x10000
    }

    /// ``classify(_:)`` of U+0000–U+07FF, scalar by scalar (2,048 of them, about 0.6 M
    /// instructions; the whole table takes 5 M).
    static let low: [UInt8] = (0..<0x800).map { classify(UInt32($0)) }
    /// ``classify(_:)`` of U+2000–U+20FF.
    static let punctuation: [UInt8] = (0x2000..<0x2100).map { classify(UInt32($0)) }

    /// The cells a scalar of class `info` takes.
    @inline(__always) static func cells(_ info: UInt8, wide: Bool) -> Int {
        info & ambiguous != 0 ? (wide ? 2 : 1) : Int(info & widthMask)
    }

    /// ``classify(_:)`` of every BMP scalar (surrogates 1), written a range at a time from the
    /// sets of scalars ICU gives for the property values ``classify(_:)`` looks at: asking ICU
    /// five properties of each of 63,488 scalars took 19 M instructions, a quarter of
    /// `toastkit show` in French.
    static let bmp: [UInt8] = byRanges() ?? byScalars()

    /// The table asked scalar by scalar (if ICU does not give one of the sets).
    static func byScalars() -> [UInt8] {
        var table = [UInt8](repeating: 1, count: 0x10000)
        for v in 0..<0x10000 where !(0xD800...0xDFFF).contains(v) { table[v] = classify(UInt32(v)) }
        return table
    }

    /// The table from ICU's sets (nil when one comes with an error): each set's ranges are
    /// written in turn, the rule ``classify(_:)`` applies last written first, so that a later
    /// set overrides an earlier one where ``classify(_:)`` would; then the emoji flag.
    static func byRanges() -> [UInt8]? {
        var table = [UInt8](repeating: 1, count: 0x10000)
        func write(_ set: OpaquePointer, _ body: (inout UInt8) -> Void) -> Bool {
            for index in 0..<toast_uset_getRangeCount(set) {
                var start: Int32 = 0, end: Int32 = 0, status = TOAST_U_ZERO_ERROR
                guard toast_uset_getItem(set, index, &start, &end, nil, 0, &status) == 0, status <= TOAST_U_ZERO_ERROR,
                      start >= 0, end >= start else { return false }
                guard start < 0x10000 else { break }
                for v in Int(start)...Int(min(end, 0xFFFF)) { body(&table[v]) }
            }
            return true
        }
        func binary(_ property: Int32, _ body: (inout UInt8) -> Void) -> Bool {
            var status = TOAST_U_ZERO_ERROR
            guard let set = toast_u_getBinaryPropertySet(property, &status), status <= TOAST_U_ZERO_ERROR else { return false }
            return write(set, body)
        }
        func valued(_ property: Int32, _ value: Int32, _ body: (inout UInt8) -> Void) -> Bool {
            guard let set = toast_uset_openEmpty() else { return false }
            defer { toast_uset_close(set) }
            var status = TOAST_U_ZERO_ERROR
            toast_uset_applyIntPropertyValue(set, property, value, &status)
            return status <= TOAST_U_ZERO_ERROR && write(set, body)
        }
        let zeroWidthCategories = Int32(TOAST_U_GC_CC_MASK | TOAST_U_GC_CF_MASK | TOAST_U_GC_MN_MASK | TOAST_U_GC_ME_MASK)
        guard valued(TOAST_UCHAR_EAST_ASIAN_WIDTH, Int32(TOAST_U_EA_AMBIGUOUS), { $0 = ambiguous | 1 }),
              binary(TOAST_UCHAR_EMOJI_PRESENTATION, { $0 = 2 }),
              valued(TOAST_UCHAR_EAST_ASIAN_WIDTH, Int32(TOAST_U_EA_WIDE), { $0 = 2 }),
              valued(TOAST_UCHAR_EAST_ASIAN_WIDTH, Int32(TOAST_U_EA_FULLWIDTH), { $0 = 2 }),
              valued(TOAST_UCHAR_HANGUL_SYLLABLE_TYPE, Int32(TOAST_U_HST_VOWEL_JAMO), { $0 = 0 }),
              valued(TOAST_UCHAR_HANGUL_SYLLABLE_TYPE, Int32(TOAST_U_HST_TRAILING_JAMO), { $0 = 0 }),
              valued(TOAST_UCHAR_GENERAL_CATEGORY_MASK, zeroWidthCategories, { $0 = 0 })
        else { return nil }
        table[0xAD] = 1
        // Surrogates are 1, without flags, as scalar by scalar; the emoji flag only above ASCII.
        for v in 0xD800...0xDFFF { table[v] = 1 }
        guard binary(TOAST_UCHAR_EMOJI, { $0 |= emoji }) else { return nil }
        for v in 0..<0x80 { table[v] &= ~emoji }
        for v in 0xD800...0xDFFF { table[v] = 1 }
        return table
    }

    /// The class of one scalar: zero-width (controls, format characters, non-spacing and
    /// enclosing marks, Hangul V/T jamo) 0; East Asian Wide or Fullwidth, or emoji
    /// presentation, 2; ambiguous flagged; the rest (soft hyphen included) 1.
    static func classify(_ v: UInt32) -> UInt8 {
        let c = UChar32(bitPattern: v)
        var flags: UInt8 = 0
        if v > 0x7F && toast_u_hasBinaryProperty(c, TOAST_UCHAR_EMOJI) != 0 { flags |= emoji }
        if v == 0x00AD { return flags | 1 }
        let category = Int32(toast_u_charType(c))
        if category == TOAST_U_CONTROL_CHAR || category == TOAST_U_FORMAT_CHAR || category == TOAST_U_NON_SPACING_MARK
            || category == TOAST_U_ENCLOSING_MARK {
            return flags
        }
        let jamo = toast_u_getIntPropertyValue(c, TOAST_UCHAR_HANGUL_SYLLABLE_TYPE)
        if jamo == Int32(TOAST_U_HST_VOWEL_JAMO) || jamo == Int32(TOAST_U_HST_TRAILING_JAMO) { return flags }
        let eaw = toast_u_getIntPropertyValue(c, TOAST_UCHAR_EAST_ASIAN_WIDTH)
        if eaw == Int32(TOAST_U_EA_WIDE) || eaw == Int32(TOAST_U_EA_FULLWIDTH) { return flags | 2 }
        if toast_u_hasBinaryProperty(c, TOAST_UCHAR_EMOJI_PRESENTATION) != 0 { return flags | 2 }
        if eaw == Int32(TOAST_U_EA_AMBIGUOUS) { return flags | ambiguous | 1 }
        return flags | 1
    }
}
