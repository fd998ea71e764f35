import ToastCatalog
/// A byte scan that clears the common target leaf without the full rules: most translations
/// read the same specifiers as their source, in the same order, and hold no tag, link,
/// control, bidi control, line break, tab, escape or edge whitespace. When the source leaf
/// is that plain (``Source/init(text:facts:format:)`` is not nil) and the scan of the target
/// finds nothing that any leaf rule looks at, every leaf rule would stay silent, so the
/// checker skips them. Anything the scan is unsure of goes through the full rules; the scan
/// never reports.
///
/// Each condition mirrors a rule of `LintChecker`:
/// - `format-syntax`, `placeholder-mismatch`, `format-type-mismatch`, `format-length-mismatch`,
///   `reordered-without-positions`, `accidental-specifier`, `substitution-mismatch`: the
///   target's `%` tokens are the source's specifiers, byte for byte and in order (`%%` aside;
///   in any order, each once, when all are numbered and read different arguments), none after
///   a number (prose); the source's own format has no problem, no prose-like specifier, no
///   malformed substitution token and no `*`. A substitution token (`%#@files@`) and `%arg`
///   are taken as specifiers are, when each reads an argument (the token one the source's
///   substitutions give, `%arg` only in a substitution's form); the checker then clears a text
///   with tokens only where the locale's substitutions they name read the source's arguments
///   as the source's types, and a form only where its substitution does.
/// - `whitespace-mismatch`, `empty-translation`: no edge whitespace in either text (the
///   target's first and last scalars are not whitespace, so it is not blank either), no line
///   break, tab or backslash in the target, none in the source.
/// - `control-character`, `bidi-control`: none of the UTF-8 sequences of C0/C1 controls, DEL,
///   U+00AD, U+200B, U+202A–U+202E, U+2066–U+2069, private use, U+FEFF, U+FFFD or planes 15–16.
/// - `markup-mismatch`: no `<`, `` ` ``, `**` or `](` in the target, no tag or Markdown in the source.
/// - `preserved-token`: the source has no URL to preserve.
/// - `unchanged-translation`: the target's comparable text differs from the source's (or the
///   source has too few letters for the rule).
/// - `punctuation-mismatch`: the target ends as the source does, with no mark or with the same
///   full stop or ellipsis (the source ends with no other mark).
/// - `width-budget` and `doNotTranslate` terms: the caller takes the scan only without them.
///
/// The checker scans a plural form only against the source form the rules compare it with (not
/// a form that reads fewer arguments than the source's other form), and a substitution's form
/// only when the target's substitution reads the source's argument as the source's type (its
/// plain specifiers are numbered from that argument).
package enum LintQuickScan {
    /// What the scan needs of a source leaf.
    final class Source {
        /// The bytes of each specifier the source reads, in order.
        let specifiers: [[UInt8]]
        /// Whether every specifier is numbered (`%1$@`), each argument once: a translation may
        /// then read them in any order, each once.
        let positional: Bool
        /// ``LintTextFacts/letters`` and ``LintTextFacts/comparable`` of the source.
        let letters: Int
        let comparable: [UInt8]
        /// How the source ends (`punctuation-mismatch`): a target is cleared only when it ends
        /// with no mark either, or with the same full stop or ellipsis.
        let end: (kind: LintPunctuation.End, mark: String)
        /// The substitutions the source's tokens name (`%#@files@`), in order: a target cleared
        /// by the scan holds the same tokens, so it names the same substitutions. Empty for a
        /// text without tokens.
        let tokenNames: [String]

        /// Nil when the source leaf itself has something the full rules compare.
        init?(text: String, facts: LintTextFacts, format: LintLeafFormat, tokens: [String]) {
            // Substitution tokens are taken as specifiers are (their bytes, in order), when each
            // reads an argument the source's substitutions give (a use of its own) and none is
            // malformed.
            // `%arg` likewise, in a substitution's form (elsewhere it reads no argument, so the
            // count of uses below does not match).
            guard facts.leading.isEmpty, facts.trailing.isEmpty, facts.structure == (0, 0, 0), facts.controls.isEmpty,
                  facts.tags == nil, facts.markdown == nil, tokens.isEmpty,
                  format.syntaxProblems.isEmpty, format.proseLike.isEmpty, format.malformedSubstitutions.isEmpty,
                  !format.uses.contains(where: { $0.text == "*" }),
                  !text.isEmpty
            else { return nil }
            var specifiers: [[UInt8]] = []
            // Any order only when each argument is read once: a source that reads one argument
            // twice (as two types, say) is compared use by use, in order, by the rules.
            let positional = !format.uses.isEmpty && format.uses.allSatisfy(\.positional)
                && Set(format.uses.map(\.index)).count == format.uses.count
            if !format.uses.isEmpty || !format.substitutions.isEmpty {
                let found = text.withUTF8Bytes { bytes -> [[UInt8]]? in
                    var result: [[UInt8]] = []
                    var i = 0
                    while i < bytes.count {
                        guard bytes[i] == UInt8(ascii: "%") else { i += 1; continue }
                        let (kind, end) = FormatString.parse(bytes, at: i)
                        switch kind {
                        case .percent: break
                        case .specifier, .substitution:
                            let tokenEnd = isArg(bytes, i, end) ? end + 2 : end
                            result.append(Array(bytes[i..<tokenEnd]))
                            i = tokenEnd
                            continue
                        case .invalid: return nil
                        }
                        i = end
                    }
                    return result
                }
                guard let found, found.count == format.uses.count, found.count <= 64 else { return nil }
                specifiers = found
            }
            self.specifiers = specifiers
            self.positional = positional
            tokenNames = format.substitutions.map(\.name)
            letters = facts.letters
            comparable = facts.comparable
            let end = LintPunctuation.end(text, language: "en")
            guard end.kind == .none || end.kind == .period || end.kind == .ellipsis else { return nil }
            self.end = (end.kind, end.mark)
        }
    }

    /// Whether the scan clears `target` as a translation of the plain text `source` (tests).
    package static func clears(_ target: String, source: String) -> Bool {
        guard let quick = LintChecker.SourceFacts(value: source, format: LintLeafFormat(source)).quick else { return false }
        return isClean(target, against: quick)
    }

    /// Whether every leaf rule would pass `text` against `source` (see the type's notes).
    static func isClean(_ text: String, against source: Source) -> Bool {
        let scanned = text.withUTF8Bytes { bytes -> Bool in
            // No edge whitespace: the edge bytes decide most texts without a Unicode property lookup.
            guard let firstByte = bytes.first, let lastByte = bytes.last,
                  firstByte < 0x80 ? !isSpace(firstByte) : !mayBeWhitespace(lead: firstByte) || text.unicodeScalars.first?.properties.isWhitespace == false,
                  lastByte < 0x80 ? !isSpace(lastByte) : !mayBeWhitespace(lead: lastLeadByte(bytes)) || text.unicodeScalars.last?.properties.isWhitespace == false
            else { return false }
            return scan(bytes, source.specifiers, positional: source.positional)
        }
        guard scanned else { return false }
        // The ending: none in both, or the same full stop or ellipsis (any other goes to the
        // full rule, which knows each locale's marks, Spanish ¿ and French spacing).
        if source.letters > 0 {
            let end = LintPunctuation.end(text, language: "el")  // `;` is a mark in el: not cleared
            guard end.kind == source.end.kind, end.mark == source.end.mark else { return false }
        }
        if source.letters > 3 && LintTextFacts.comparable(of: text, equals: source.comparable) { return false }
        return true
    }

    /// The ASCII bytes that need a look: controls (below 0x20), `%`, `*`, `(`, `<`, `\`, `` ` ``,
    /// DEL (non-ASCII bytes: ``leadBytes``).
    private static let attention = ASCIIByteSet(controlsAnd: [0x25, 0x28, 0x2A, 0x3C, 0x5C, 0x60, 0x7F])
    /// The lead bytes (from 0xC0) of the scalars that need a look: C2, E2, EE, EF, F3, F4.
    private static let leadBytes: UInt64 = [0xC2, 0xE2, 0xEE, 0xEF, 0xF3, 0xF4].reduce(0) { $0 | 1 << UInt64($1 - 0xC0) }

    /// Per byte value, 1 when the scan looks at it (0 otherwise): the ASCII bytes in `attention`
    /// and the lead bytes in `leadBytes` (continuation bytes and other lead bytes are skipped).
    /// Bytes, not flags, so that eight look-ups are or-ed without a branch each.
    private static let looks: [UInt8] = (0...255).map { value in
        let b = UInt8(value)
        if b < 0x80 { return attention.contains(b) ? 1 : 0 }
        return b >= 0xC0 && leadBytes &>> UInt64(b &- 0xC0) & 1 != 0 ? 1 : 0
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ specifiers: [[UInt8]], positional: Bool) -> Bool {
        Self.looks.withUnsafeBufferPointer { looks in scan(bytes, specifiers, positional: positional, looks: looks) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ specifiers: [[UInt8]], positional: Bool,
                             looks: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var next = 0  // how many source specifiers were met (in order unless positional)
        var met: UInt64 = 0  // which, when positional
        var i = 0
        while i < count {
            // The bytes no rule looks for, skipped by table: eight at a time while none of them
            // needs a look (one branch for eight table reads), then one at a time to the one that does.
            if let base = bytes.baseAddress {
                while i &+ 8 <= count {
                    let p = base + i
                    let marked = looks[Int(p[0])] | looks[Int(p[1])] | looks[Int(p[2])] | looks[Int(p[3])]
                        | looks[Int(p[4])] | looks[Int(p[5])] | looks[Int(p[6])] | looks[Int(p[7])]
                    if marked != 0 { break }
                    i &+= 8
                }
            }
            while i < count && looks[Int(bytes[i])] == 0 { i &+= 1 }
            if i >= count { break }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "%"):
                let (kind, end) = FormatString.parse(bytes, at: i)
                switch kind {
                case .percent:
                    // The rules look for a broken substitution token (`%1#@count@`) from the
                    // second `%` of a `%%` too: one that could start there goes to them.
                    if end < count, bytes[end] == UInt8(ascii: "#") || bytes[end] == UInt8(ascii: "$")
                        || (bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9")) { return false }
                    i = end
                    continue
                case .substitution(let nameStart, let nameEnd, _) where !isPlainName(bytes, nameStart, nameEnd):
                    // A name the text rules would read (`%#@<b @`): left to them.
                    return false
                case .specifier, .substitution:
                    // A specifier or a substitution token (`%#@files@`): the source's next one
                    // (or any not met yet, when positional). `%arg` is one token of four bytes
                    // (the source's `%arg`, not a `%a`).
                    guard next < specifiers.count else { return false }
                    let tokenEnd = isArg(bytes, i, end) ? end + 2 : end
                    if positional {
                        guard let j = specifiers.indices.first(where: { met & (1 << UInt64($0)) == 0 && same(bytes, i, tokenEnd, specifiers[$0]) })
                        else { return false }
                        met |= 1 << UInt64(j)
                    } else if !same(bytes, i, tokenEnd, specifiers[next]) {
                        return false
                    }
                    // One after a number: prose to the full rules.
                    if i > 0 && endsWithNumber(bytes, before: i) { return false }
                    next += 1
                    i = tokenEnd
                    continue
                case .invalid:
                    return false
                }
            case UInt8(ascii: "*"):
                if i > 0 && bytes[i &- 1] == UInt8(ascii: "*") { return false }
            case UInt8(ascii: "("):
                if i > 0 && bytes[i &- 1] == UInt8(ascii: "]") { return false }
            case 0xC2:
                // U+0080–U+009F (C1 controls), U+00AD (soft hyphen).
                if i + 1 < count && (bytes[i + 1] <= 0x9F || bytes[i + 1] == 0xAD) { return false }
            case 0xE2:
                // U+200B, U+202A–U+202E; U+2066–U+2069.
                if i + 2 < count {
                    let b1 = bytes[i + 1], b2 = bytes[i + 2]
                    if b1 == 0x80 && (b2 == 0x8B || (b2 >= 0xAA && b2 <= 0xAE)) { return false }
                    if b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9 { return false }
                }
            case 0xEE, 0xF4:
                // Private use U+E000–U+EFFF; plane 16.
                return false
            case 0xEF:
                // Private use U+F000–U+F8FF; U+FEFF; U+FFFD.
                if i + 2 < count {
                    let b1 = bytes[i + 1], b2 = bytes[i + 2]
                    if b1 <= 0xA3 || (b1 == 0xBB && b2 == 0xBF) || (b1 == 0xBF && b2 == 0xBD) { return false }
                }
            case 0xF3:
                // Plane 15 (U+F0000 up).
                if i + 1 < count && bytes[i + 1] >= 0xB0 { return false }
            case 0x80...:
                break
            default:
                // Controls, tab, newline, `<`, `\`, `` ` ``, DEL.
                return false
            }
            i &+= 1
        }
        return next == specifiers.count
    }

    @inline(__always) private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    /// Whether the specifier at `start..<end` is the `%a` of a `%arg`, which the format rules
    /// read as a substitution form's own number: `rg` follows it, and no byte from 0x80 up after
    /// that (the rules read characters, and a mark joined to the `g` makes a `%a` of it).
    @inline(__always) private static func isArg(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        end == start + 2 && bytes[start + 1] == UInt8(ascii: "a") && end + 1 < bytes.count
            && bytes[end] == UInt8(ascii: "r") && bytes[end + 1] == UInt8(ascii: "g")
            && (end + 2 == bytes.count || bytes[end + 2] < 0x80)
    }

    /// Whether a substitution token's name is ASCII letters, digits and `_` alone.
    @inline(__always) private static func isPlainName(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard start < end else { return false }
        for index in start..<end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) else { return false }
        }
        return true
    }

    /// Whether a non-ASCII scalar with this UTF-8 lead byte can be White_Space: those are
    /// U+0085, U+00A0 (C2), U+1680 (E1), U+2000–U+200A, U+2028, U+2029, U+202F, U+205F (E2)
    /// and U+3000 (E3).
    @inline(__always) private static func mayBeWhitespace(lead: UInt8) -> Bool { lead == 0xC2 || (lead >= 0xE1 && lead <= 0xE3) }

    /// The lead byte of the last scalar of a non-empty text.
    private static func lastLeadByte(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var i = bytes.count - 1
        while i > 0 && bytes[i] & 0xC0 == 0x80 { i -= 1 }
        return bytes[i]
    }

    @inline(__always)
    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ expected: [UInt8]) -> Bool {
        guard end - start == expected.count else { return false }
        for k in 0..<expected.count where bytes[start + k] != expected[k] { return false }
        return true
    }

    /// Whether the scalar before the byte offset `end` has a numeric value (`5%d`, `٥%d`).
    private static func endsWithNumber(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Bool {
        let last = bytes[end - 1]
        if last < 0x80 { return last >= 0x30 && last <= 0x39 }
        var start = end - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        var decoder = UTF8()
        var iterator = bytes[start..<end].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return true }
        return scalar.properties.numericType != nil
    }
}
