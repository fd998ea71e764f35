import ToastCatalog
/// What the text rules need to know about one value, computed once (a source value is shared
/// by every locale) with byte-level fast paths: most values have no tag, no control
/// character, no link and no edge whitespace, and the slow Unicode scans run only when the
/// UTF-8 bytes say they might find something.
struct LintTextFacts {
    var leading: String
    var trailing: String
    var structure: (newlines: Int, escapes: Int, tabs: Int)
    var controls: [Unicode.Scalar]
    var tags: (names: [String], wellFormed: Bool)?
    var markdown: (links: [String], strong: Int, code: Int)?
    /// Text without format tokens and tags, ASCII-lowercased, trimmed (`unchanged-translation`).
    var comparable: [UInt8]
    /// Letters in `comparable` (ASCII letters and non-ASCII scalars).
    var letters: Int
    var mayHaveTokens: Bool

    /// The facts of `text`; `comparable: false` skips the comparable form (left empty).
    init(_ text: String, comparable: Bool = true) {
        self = text.withUTF8Bytes { LintTextFacts(text, bytes: $0, comparable: comparable) }
    }

    private init(_ text: String, bytes: UnsafeBufferPointer<UInt8>, comparable wanted: Bool) {
        var controlHint = false, lt = false, bracket = false, star = false, backtick = false
        var tokenHint = false
        var newlines = 0, escapes = 0, tabs = 0
        // One pass; most bytes are letters and spaces, which a bit test skips. The few rules
        // that need the byte before look back (`](`, `**`, `--`); a backslash looks ahead, so
        // that `\\` pairs are consumed whole and `\n` counts as an escape.
        let count = bytes.count
        let special = Self.special
        var i = 0
        while i < count {
            let b = bytes[i]
            if b < 0x80 && !special.contains(b) { i &+= 1; continue }
            switch b {
            case 0x0A: newlines += 1
            case 0x09: tabs += 1
            case 0x00...0x1F, 0x7F: controlHint = true
            case UInt8(ascii: "<"): lt = true
            case UInt8(ascii: "("): if i > 0 && bytes[i &- 1] == UInt8(ascii: "]") { bracket = true }
            case UInt8(ascii: "*"): if i > 0 && bytes[i &- 1] == UInt8(ascii: "*") { star = true }
            case UInt8(ascii: "`"): backtick = true
            case UInt8(ascii: "/"), UInt8(ascii: "@"): tokenHint = true
            case UInt8(ascii: "-"): if i > 0 && bytes[i &- 1] == UInt8(ascii: "-") { tokenHint = true }
            case UInt8(ascii: "\\"):
                if i &+ 1 < count {
                    let next = bytes[i &+ 1]
                    if next == UInt8(ascii: "n") { escapes += 1; i &+= 2; continue }
                    if next == UInt8(ascii: "\\") { i &+= 2; continue }
                }
            case 0x80...:
                // Lead bytes of C1/NBSP/soft hyphen (C2), U+2000–U+2FFF (E2: ZWSP, bidi
                // controls), private use and specials (EE, EF: U+FEFF, U+FFFD), planes 15–16 (F3, F4).
                if b == 0xC2 || b == 0xE2 || b == 0xEE || b == 0xEF || b == 0xF3 || b == 0xF4 { controlHint = true }
            default: break
            }
            i &+= 1
        }
        structure = (newlines, escapes, tabs)
        // Edges: an ASCII byte or the first/last scalar decides most texts without a scan.
        if let first = bytes.first, first < 0x80 ? !Self.isSpace(first) : text.unicodeScalars.first?.properties.isWhitespace == false {
            leading = ""
        } else {
            leading = LintText.leadingWhitespace(text)
        }
        if let last = bytes.last, last < 0x80 ? !Self.isSpace(last) : text.unicodeScalars.last?.properties.isWhitespace == false {
            trailing = ""
        } else {
            trailing = LintText.trailingWhitespace(text)
        }
        controls = controlHint ? LintText.controls(text) : []
        tags = lt ? LintText.tags(text) : nil
        markdown = bracket || star || backtick ? LintText.markdown(text) : nil
        mayHaveTokens = tokenHint
        (comparable, letters) = wanted ? Self.comparable(bytes) : ([], 0)
    }

    /// The ASCII bytes the scan stops at: controls, tab and newline, `(`, `*`, `-`, `/`, `<`,
    /// `@`, `\\`, `` ` ``, DEL.
    private static let special = ASCIIByteSet(controlsAnd: [0x28, 0x2A, 0x2D, 0x2F, 0x3C, 0x40, 0x5C, 0x60, 0x7F])

    /// Calls `body` with each byte of the text between format tokens and tags, ASCII
    /// letters lowercased; stops early when `body` returns `false`.
    @inline(__always)
    private static func forEachComparableByte(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt8) -> Bool) {
        var i = 0
        let end = bytes.count
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                let (_, next) = FormatString.parse(bytes, at: i)
                i = max(next, i + 1)
                continue
            }
            if b == UInt8(ascii: "<") {
                var j = i + 1
                while j < end, bytes[j] != UInt8(ascii: ">"), bytes[j] != UInt8(ascii: "<") { j += 1 }
                if j < end, bytes[j] == UInt8(ascii: ">") { i = j + 1; continue }
            }
            i += 1
            if !body(b >= 0x41 && b <= 0x5A ? b + 0x20 : b) { return }
        }
    }

    @inline(__always) private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    /// Whether the comparable form of `text` equals `expected`, streamed: it stops at the
    /// first difference (usually the first letter) without building anything.
    static func comparable(of text: String, equals expected: [UInt8]) -> Bool {
        return text.withUTF8Bytes { bytes -> Bool in
            var k = 0
            var started = false
            var equal = true
            forEachComparableByte(bytes) { b in
                if !started {
                    if isSpace(b) { return true }
                    started = true
                }
                if k < expected.count {
                    equal = expected[k] == b
                    k += 1
                } else {
                    equal = isSpace(b)
                }
                return equal
            }
            return equal && k == expected.count
        }
    }

    /// The literal text between format tokens and tags, ASCII-lowercased and trimmed, and
    /// its letters (ASCII letters and non-ASCII scalars).
    static func comparable(_ bytes: UnsafeBufferPointer<UInt8>) -> ([UInt8], Int) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var letters = 0
        forEachComparableByte(bytes) { b in
            if (b >= 0x61 && b <= 0x7A) || b >= 0xC0 { letters += 1 }
            out.append(b)
            return true
        }
        var lower = 0, upper = out.count
        while lower < upper, isSpace(out[lower]) { lower += 1 }
        while upper > lower, isSpace(out[upper - 1]) { upper -= 1 }
        if lower > 0 || upper < out.count { out = Array(out[lower..<upper]) }
        return (out, letters)
    }
}
