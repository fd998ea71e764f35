import ToastCatalog
import Foundation

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

    static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first > 0x20, first < 0x80 { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    /// Whether the UTF-8 of `text` has `byte` (memchr on native strings).
    static func containsByte(_ text: String, _ byte: UInt8) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ buffer -> Bool in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }) { return found }
        return text.utf8.contains(byte)
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

    /// The tags of `text` (`<b>`, `</b>`, `<a href="…">` as `a`), and whether they nest properly.
    static func tags(_ text: String) -> (names: [String], wellFormed: Bool) {
        let scalars = Array(text.unicodeScalars)
        var names: [String] = []
        var stack: [String] = []
        var wellFormed = true
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "<" else { i += 1; continue }
            var j = i + 1
            let closing = j < scalars.count && scalars[j] == "/"
            if closing { j += 1 }
            guard j < scalars.count, scalars[j].properties.isAlphabetic, scalars[j].isASCII else { i += 1; continue }
            var name = ""
            while j < scalars.count, scalars[j].isASCII, scalars[j].properties.isAlphabetic || scalars[j].properties.numericType != nil || scalars[j] == "-" {
                name.unicodeScalars.append(scalars[j]); j += 1
            }
            var k = j
            while k < scalars.count, scalars[k] != ">", scalars[k] != "<" { k += 1 }
            guard k < scalars.count, scalars[k] == ">" else { i += 1; continue }
            let selfClosing = k > 0 && scalars[k - 1] == "/"
            name = name.lowercased()
            names.append(closing ? "/" + name : name)
            if closing {
                if stack.last == name { stack.removeLast() } else { wellFormed = false }
            } else if !selfClosing && name != "br" {
                stack.append(name)
            }
            i = k + 1
        }
        return (names.sorted(), wellFormed && stack.isEmpty)
    }

    /// Markdown link targets (`[text](url)`) and emphasis markers (`**`, `` ` ``) counts.
    static func markdown(_ text: String) -> (links: [String], strong: Int, code: Int) {
        var links: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "](") {
            let after = rest[range.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            links.append(String(after[..<close]))
            rest = after[close...]
        }
        let strong = text.components(separatedBy: "**").count - 1
        let code = text.filter { $0 == "`" }.count
        return (links.sorted(), strong, code)
    }

    /// Tokens that must survive translation verbatim: URLs, e-mail addresses, paths and long
    /// command-line options (numbers are compared apart, by value).
    static func preservedTokens(_ text: String) -> [String] {
        var result: [String] = []
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            var token = Substring(word)
            while let last = token.last, ".,;:!?)]}»\"'”’>".contains(last) { token = token.dropLast() }
            while let first = token.first, "([{«\"'“‘<".contains(first) { token = token.dropFirst() }
            guard token.count >= 3 else { continue }
            if token.hasPrefix("http://") || token.hasPrefix("https://") {
                result.append(String(token))
            } else if token.hasPrefix("--"), let third = token.dropFirst(2).first, third.isLetter, third.isASCII {
                result.append(String(token))
            } else if let at = token.firstIndex(of: "@"), at != token.startIndex, token[at...].contains("."),
                      !token.contains("%"), token.allSatisfy({ $0.isASCII }) {
                result.append(String(token))
            } else if (token.hasPrefix("/") || token.hasPrefix("~/")), token.dropFirst().contains("/"),
                      !token.contains("%"), token.allSatisfy({ !$0.isWhitespace }) {
                result.append(String(token))
            }
        }
        return result
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

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
