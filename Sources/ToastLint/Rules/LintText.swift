import ToastCatalog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of ASCII bytes as two 64-bit masks, for the byte scans that step over what no rule
/// looks at: membership is a shift and a test.
struct ASCIIByteSet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The C0 controls (tab and newline included) and `bytes` (each below 0x80).
    init(controlsAnd bytes: [UInt8]) {
        low = 0xFFFF_FFFF
        for b in bytes { if b < 0x40 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 0x40) } }
    }

    /// Whether the ASCII byte `b` (below 0x80) is in the set.
    @inline(__always) func contains(_ b: UInt8) -> Bool {
        b < 0x40 ? low &>> UInt64(b) & 1 != 0 : high &>> UInt64(b &- 0x40) & 1 != 0
    }
}

/// Text inspections shared by the text rules; each works on Unicode scalars, never bytes.
package enum LintText {
    /// Leading whitespace scalars (space, NBSP, tab, newline …).
    static func leadingWhitespace(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix { $0.properties.isWhitespace }))
    }

    static func trailingWhitespace(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.reversed().prefix { $0.properties.isWhitespace }.reversed()))
    }

    /// Whether `text` holds `part`, as `String.contains(_:)` answers (by characters): a search
    /// of the bytes when both are ASCII and `part` has no line break (then every byte is a
    /// character of its own, but for a CR LF pair, which such a `part` cannot start or end
    /// inside), else that search.
    static func contains(_ text: String, _ part: String) -> Bool {
        var text = text, part = part
        let found = text.withUTF8 { haystack in
            part.withUTF8 { needle -> Bool? in
                guard !needle.contains(where: { $0 >= 0x80 || $0 == 0x0A || $0 == 0x0D }),
                      !haystack.contains(where: { $0 >= 0x80 }) else { return nil }
                guard !needle.isEmpty else { return true }
                guard needle.count <= haystack.count else { return false }
                let first = needle[0]
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    var matched = 1
                    while matched < needle.count && haystack[start + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                return false
            }
        }
        return found ?? containsByCharacters(text, part)
    }

    /// `String.contains(_:)` of the standard library's string processing (by characters), which
    /// ``contains(_:_:)`` answers as (not Foundation's, which searches UTF-16 code units).
    static func containsByCharacters(_ text: String, _ part: String) -> Bool {
        text.contains(part)
    }

    static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first > 0x20, first < 0x80 { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    /// Names a whitespace run for a message: `"␠␠"`, `"NBSP"`, `"⇥"`.
    static func describeWhitespace(_ text: String) -> String {
        if text.isEmpty { return "none" }
        return text.unicodeScalars.map { scalar -> String in
            switch scalar.value {
            case 0x20: "␠"
            case 0x09: "⇥"
            case 0x0A: "↵"
            case 0xA0: "NBSP"
            case 0x202F: "NNBSP"
            default: "U+" + CodePoint.hex(scalar.value)
            }
        }.joined(separator: " ")
    }

    enum ControlKind { case dangerous, invisible }

    /// Whether a scalar is a control character the `control-character` rule reports.
    static func controlKind(_ scalar: Unicode.Scalar) -> ControlKind? {
        let v = scalar.value
        switch v {
        case 0x0A, 0x09: return nil
        case 0x00...0x1F, 0x7F, 0x80...0x9F, 0xFFFD: return .dangerous
        case 0x200B, 0xFEFF, 0x00AD, 0xE000...0xF8FF, 0xF0000...0x10FFFF: return .invisible
        default: return nil
        }
    }

    /// Control scalars of `text` (CR of a CRLF excepted), in order of first appearance.
    static func controls(_ text: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() where controlKind(scalar) != nil {
            if scalar == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { continue }
            if !result.contains(scalar) { result.append(scalar) }
        }
        return result
    }

    static func name(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x1B: return "ESC (U+001B)"
        case 0x7F: return "DEL (U+007F)"
        case 0x0D: return "CR (U+000D)"
        case 0x00: return "NUL (U+0000)"
        case 0x07: return "BEL (U+0007)"
        case 0x08: return "BS (U+0008)"
        case 0xFFFD: return "the replacement character U+FFFD"
        case 0x200B: return "ZERO WIDTH SPACE (U+200B)"
        case 0xFEFF: return "BYTE ORDER MARK (U+FEFF)"
        case 0x00AD: return "SOFT HYPHEN (U+00AD)"
        case 0x202A: return "LRE (U+202A)"
        case 0x202B: return "RLE (U+202B)"
        case 0x202C: return "PDF (U+202C)"
        case 0x202D: return "LRO (U+202D)"
        case 0x202E: return "RLO (U+202E)"
        default:
            if scalar.value >= 0x80 && scalar.value <= 0x9F { return "C1 control U+" + CodePoint.hex(scalar.value) }
            if scalar.value >= 0xE000 { return "private-use U+" + CodePoint.hex(scalar.value) }
            return "control U+" + CodePoint.hex(scalar.value)
        }
    }

    /// Embeddings and overrides present, and whether the isolates balance.
    static func bidiProblems(_ text: String) -> (overrides: [Unicode.Scalar], unbalancedIsolates: Bool) {
        var overrides: [Unicode.Scalar] = []
        var depth = 0
        var unbalanced = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x202A...0x202E: if !overrides.contains(scalar) { overrides.append(scalar) }
            case 0x2066...0x2068: depth += 1
            case 0x2069: if depth == 0 { unbalanced = true } else { depth -= 1 }
            default: break
            }
        }
        return (overrides, unbalanced || depth != 0)
    }

    /// The HTML-like tag names read as markup when they open a tag with no attribute
    /// (`<b>`): a text in angle brackets with another name (`<None>`, `<Aucun>`) is prose,
    /// unless the same text closes it (`<link>…</link>`).
    static let knownTagNames: Set<String> = [
        "a", "abbr", "b", "big", "blockquote", "br", "center", "cite", "code", "dd", "del", "div", "dl", "dt", "em",
        "font", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre",
        "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "table", "td", "th", "tr", "tt", "u",
        "ul", "var",
    ]

    /// One tag of a text: its name (lowercased), and whether it closes or closes itself.
    struct Tag: Equatable {
        var name: String
        var closing: Bool
        var selfClosing: Bool
        /// Whether it has attributes (`<a href="…">`).
        var attributes: Bool
    }

    /// The candidate tags of `text`: `<`, an optional `/`, a whole ASCII name (letters, digits,
    /// `-`, `_`, `:`, `.`) that starts with a letter and ends at whitespace, `/` or `>`, then
    /// anything but `<` up to `>`.
    static func candidateTags(_ text: String) -> [Tag] {
        let scalars = Array(text.unicodeScalars)
        var result: [Tag] = []
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "<" else { i += 1; continue }
            var j = i + 1
            let closing = j < scalars.count && scalars[j] == "/"
            if closing { j += 1 }
            guard j < scalars.count, scalars[j].isASCII, scalars[j].properties.isAlphabetic else { i += 1; continue }
            var name = ""
            while j < scalars.count, scalars[j].isASCII,
                  scalars[j].properties.isAlphabetic || scalars[j].properties.numericType != nil || "-_:.".unicodeScalars.contains(scalars[j]) {
                name.unicodeScalars.append(scalars[j]); j += 1
            }
            // The name is whole: `<Příloha>` is no tag `p`.
            guard j < scalars.count, scalars[j] == ">" || scalars[j] == "/" || scalars[j].properties.isWhitespace else { i += 1; continue }
            var k = j
            while k < scalars.count, scalars[k] != ">", scalars[k] != "<" { k += 1 }
            guard k < scalars.count, scalars[k] == ">" else { i += 1; continue }
            let selfClosing = !closing && scalars[k - 1] == "/"
            let attributes = !closing && scalars[j..<k].contains("=")
            result.append(Tag(name: name.lowercased(), closing: closing, selfClosing: selfClosing, attributes: attributes))
            i = k + 1
        }
        return result
    }

    /// The tags of `text` (`<b>`, `</b>`, `<a href="…">` as `a`, `<br/>`), and whether they
    /// nest properly. Markup is a closing tag, a tag with attributes or closing itself, a
    /// known HTML tag name, or a name the text also closes; anything else in angle brackets
    /// (`<None>`, `<Aucun>`) is text. Nil when the text has no markup.
    static func tags(_ text: String) -> (names: [String], wellFormed: Bool)? {
        let candidates = candidateTags(text)
        guard !candidates.isEmpty else { return nil }
        let closed = Set(candidates.filter(\.closing).map(\.name))
        var names: [String] = []
        var stack: [String] = []
        var wellFormed = true
        for tag in candidates {
            guard tag.closing || tag.selfClosing || tag.attributes || knownTagNames.contains(tag.name) || closed.contains(tag.name)
            else { continue }
            names.append(tag.closing ? "/" + tag.name : tag.name)
            if tag.closing {
                if stack.last == tag.name { stack.removeLast() } else { wellFormed = false }
            } else if !tag.selfClosing && tag.name != "br" && tag.name != "hr" && tag.name != "img" {
                stack.append(tag.name)
            }
        }
        guard !names.isEmpty else { return nil }
        return (names.sorted(), wellFormed && stack.isEmpty)
    }

    /// Markdown link targets (`[text](url)`) and emphasis markers (`**`, `` ` ``) counts.
    static func markdown(_ text: String) -> (links: [String], strong: Int, code: Int) {
        var links: [String] = []
        var rest = Substring(text)
        while let range = rest.firstRange(of: "](") {
            let after = rest[range.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            links.append(String(after[..<close]))
            rest = after[close...]
        }
        let strong = text.ranges(of: "**").count
        let code = text.filter { $0 == "`" }.count
        return (links.sorted(), strong, code)
    }

    /// Tokens that must survive translation verbatim: the URLs of `text` (`http://`,
    /// `https://`), each read whole — up to whitespace, a quote or angle bracket, or a
    /// character no URL holds — without the sentence's closing punctuation or an unpaired
    /// closing bracket (`(see https://a.org/x_(y))` keeps `https://a.org/x_(y)`). Numbers,
    /// example addresses and paths are not: translations spell, group and localize them.
    static func preservedTokens(_ text: String) -> [String] {
        var result: [String] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "h", startsURL(scalars, at: i) else { i += 1; continue }
            // Not the middle of a word (`xhttps://`), nor a link target of Markdown or an
            // attribute (`](https://…)`, `href="https://…"`): markup-mismatch compares those.
            if i > 0, scalars[i - 1].properties.isAlphabetic || scalars[i - 1].properties.numericType != nil { i += 1; continue }
            if i > 1, (scalars[i - 2] == "]" && scalars[i - 1] == "(") || (scalars[i - 2] == "=" && (scalars[i - 1] == "\"" || scalars[i - 1] == "'")) {
                i += 1; continue
            }
            var j = i
            while j < scalars.count, isURLScalar(scalars[j]) { j += 1 }
            var end = j
            // Trailing punctuation of the sentence, and closing brackets the URL did not open.
            while end > i {
                let last = scalars[end - 1]
                if ".,;:!?'*".unicodeScalars.contains(last) { end -= 1; continue }
                if let open: Unicode.Scalar = last == ")" ? "(" : last == "]" ? "[" : nil {
                    let opened = scalars[i..<end].filter { $0 == open }.count
                    let closed = scalars[i..<end].filter { $0 == last }.count
                    if closed > opened { end -= 1; continue }
                }
                break
            }
            var url = ""
            url.unicodeScalars.append(contentsOf: scalars[i..<end])
            // A scheme alone is no link.
            if let slashes = url.firstRange(of: "://"), url[slashes.upperBound...].contains(where: { $0.isLetter || $0.isNumber }) {
                result.append(url)
            }
            i = max(j, i + 1)
        }
        return result
    }

    private static func startsURL(_ scalars: [Unicode.Scalar], at i: Int) -> Bool {
        for scheme in ["https://", "http://"] {
            let s = Array(scheme.unicodeScalars)
            if i + s.count <= scalars.count, Array(scalars[i..<(i + s.count)]).map({ Unicode.Scalar($0.value | (0x41...0x5A ~= $0.value ? 0x20 : 0))! }) == s {
                return true
            }
        }
        return false
    }

    /// The characters of a URL as written in text: ASCII but whitespace, controls, quotes,
    /// angle brackets, braces, `|`, `\\`, `^` and `` ` ``.
    private static func isURLScalar(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        guard v > 0x20, v < 0x7F else { return false }
        return !"\"<>{}|\\^`".unicodeScalars.contains(scalar)
    }

    /// The value of a decimal digit (general category Nd) of any script, else nil. The
    /// non-ASCII ranges that hold no decimal digit in any Unicode version so far (below
    /// U+0660; U+3000–U+A61F, CJK and kana; U+AC00–U+FF0F, Hangul to the half-width forms)
    /// are answered without a property lookup (a test compares every scalar with the lookup).
    package static func decimalDigit(_ scalar: Unicode.Scalar) -> Int? {
        let value = scalar.value
        if value < 0x80 { return value >= 0x30 && value <= 0x39 ? Int(value - 0x30) : nil }
        if value < 0x660 || (value >= 0x3000 && value < 0xA620) || (value >= 0xAC00 && value < 0xFF10) { return nil }
        guard scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue else { return nil }
        return Int(digit)
    }

    /// The numbers written in `text` outside format specifiers, by value (digits of any
    /// script), sorted: `"50 % off, 3 days"` → `["3", "50"]`.
    static func numbers(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        func end() { if !current.isEmpty { result.append(current); current = "" } }
        for token in FormatString.tokens(text) {
            // A format token ends a run of digits, as a space would.
            guard case .literal(let part) = token else { end(); continue }
            for scalar in part.unicodeScalars {
                if scalar.isASCII {
                    // ASCII: only 0–9 are decimal digits (no property lookup).
                    if scalar.value >= 0x30 && scalar.value <= 0x39 { current.unicodeScalars.append(scalar) } else { end() }
                } else if let digit = decimalDigit(scalar) {
                    current.append(String(digit))
                } else {
                    end()
                }
            }
        }
        end()
        return result.map { run in
            let trimmed = run.drop { $0 == "0" }
            return trimmed.isEmpty ? "0" : String(trimmed)
        }.sorted()
    }

}
