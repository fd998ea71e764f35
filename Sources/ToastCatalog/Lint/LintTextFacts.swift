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
    var mayHaveNumbers: Bool
    var mayHaveTokens: Bool

    /// The facts of `text`; `comparable: false` skips the comparable form (left empty).
    init(_ text: String, comparable: Bool = true) {
        var text = text
        text.makeContiguousUTF8()
        var facts: LintTextFacts?
        text.utf8.withContiguousStorageIfAvailable { bytes in facts = LintTextFacts(text, bytes: bytes, comparable: comparable) }
        self = facts!
    }

    private init(_ text: String, bytes: UnsafeBufferPointer<UInt8>, comparable wanted: Bool) {
        @inline(__always) func asciiSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        var controlHint = false, lt = false, bracket = false, star = false, backtick = false
        var digit = false, nonASCII = false, tokenHint = false
        var newlines = 0, escapes = 0, tabs = 0
        var previous: UInt8 = 0
        for b in bytes {
            switch b {
            case 0x0A: newlines += 1
            case 0x09: tabs += 1
            case 0x00...0x1F, 0x7F: controlHint = true
            case UInt8(ascii: "<"): lt = true
            case UInt8(ascii: "("): if previous == UInt8(ascii: "]") { bracket = true }
            case UInt8(ascii: "*"): if previous == UInt8(ascii: "*") { star = true }
            case UInt8(ascii: "`"): backtick = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = true
            case UInt8(ascii: "/"), UInt8(ascii: "@"): tokenHint = true
            case UInt8(ascii: "-"): if previous == UInt8(ascii: "-") { tokenHint = true }
            case UInt8(ascii: "n"): if previous == UInt8(ascii: "\\") { escapes += 1 }
            case 0x80...: nonASCII = true
                // Lead bytes of C1/NBSP/soft hyphen (C2), U+2000–U+2FFF (E2: ZWSP, bidi
                // controls), private use and specials (EE, EF: U+FEFF, U+FFFD), planes 15–16 (F3, F4).
                if b == 0xC2 || b == 0xE2 || b == 0xEE || b == 0xEF || b == 0xF3 || b == 0xF4 { controlHint = true }
            default: break
            }
            previous = b == UInt8(ascii: "\\") && previous == UInt8(ascii: "\\") ? 0 : b
        }
        structure = (newlines, escapes, tabs)
        if let first = bytes.first, first < 0x80, !asciiSpace(first) { leading = "" } else { leading = LintText.leadingWhitespace(text) }
        if let last = bytes.last, last < 0x80, !asciiSpace(last) { trailing = "" } else { trailing = LintText.trailingWhitespace(text) }
        controls = controlHint ? LintText.controls(text) : []
        tags = lt ? LintText.tags(text) : nil
        markdown = bracket || star || backtick ? LintText.markdown(text) : nil
        mayHaveNumbers = digit || nonASCII
        mayHaveTokens = tokenHint
        (comparable, letters) = wanted ? Self.comparable(bytes) : ([], 0)
    }

    /// Whether the comparable form of `text` equals `expected`, streamed: it stops at the
    /// first difference (usually the first letter) without building anything.
    static func comparable(of text: String, equals expected: [UInt8]) -> Bool {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            @inline(__always) func space(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
            var k = 0
            var started = false
            var i = 0
            let end = bytes.count
            while i < end {
                var b = bytes[i]
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
                if !started {
                    if space(b) { continue }
                    started = true
                }
                if b >= 0x41 && b <= 0x5A { b += 0x20 }
                if k < expected.count {
                    if expected[k] != b { return false }
                    k += 1
                } else if !space(b) {
                    return false
                }
            }
            return k == expected.count
        } ?? false
    }

    /// The literal text between format tokens and tags, ASCII-lowercased and trimmed.
    static func comparable(_ bytes: UnsafeBufferPointer<UInt8>) -> ([UInt8], Int) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var letters = 0
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
            if b >= 0x41 && b <= 0x5A {
                out.append(b + 0x20); letters += 1
            } else {
                if (b >= 0x61 && b <= 0x7A) || b >= 0xC0 { letters += 1 }
                out.append(b)
            }
            i += 1
        }
        var lower = 0, upper = out.count
        while lower < upper, out[lower] == 0x20 || (out[lower] >= 0x09 && out[lower] <= 0x0D) { lower += 1 }
        while upper > lower, out[upper - 1] == 0x20 || (out[upper - 1] >= 0x09 && out[upper - 1] <= 0x0D) { upper -= 1 }
        if lower > 0 || upper < out.count { out = Array(out[lower..<upper]) }
        return (out, letters)
    }
}
