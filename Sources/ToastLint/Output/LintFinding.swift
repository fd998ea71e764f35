import ToastCatalog
/// One problem `toastkit lint` found, with where it is and what to do about it.
public struct LintFinding: Sendable, Hashable {
    /// The rule id, such as `placeholder-mismatch`.
    public var rule: RuleID
    /// The severity after the configuration was applied.
    public var severity: Severity
    /// The file, line and column of the offending value (1-based).
    public var location: SourceLocation
    /// The table (file name without extension), such as `Localizable`.
    public var table: String
    /// The key of the entry, or `""` for a finding about the whole file.
    public var key: String
    /// The locale of the offending leaf, or `""` for a finding about the whole file.
    public var locale: String
    /// The leaf path as in `toastkit dump` (`""`, `plural.one`, `substitutions.n.plural.few`).
    public var path: String
    /// What is wrong, in words a translator understands.
    public var message: String
    /// The source text, with the placeholders in question marked `⟪…⟫`, when it helps.
    public var source: String?
    /// The target text, marked the same way.
    public var target: String?
    /// How to fix it.
    public var hint: String?
    /// Whether the finding is about the source-language text or the file itself (shown to
    /// every locale, also with `--locales`).
    public var isSourceSide = false

    /// A finding; `source`, `target` and `hint` are optional.
    public init(rule: RuleID, severity: Severity, location: SourceLocation, table: String, key: String,
                locale: String, path: String, message: String, source: String? = nil, target: String? = nil,
                hint: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.location = location
        self.table = table
        self.key = key
        self.locale = locale
        self.path = path
        self.message = message
        self.source = source
        self.target = target
        self.hint = hint
    }

    /// The identity used by baselines and SARIF: file, table, key, locale, path and rule —
    /// never a line number, so edits elsewhere in the file do not change it.
    public var fingerprint: String {
        var parts: [String] = []
        forEachFingerprintPart { parts.append($0.replacingTabs) }
        return parts.joined(separator: "\t")
    }

    /// Hands `body`, in order, what ``fingerprint`` joins (and what
    /// ``appendFingerprintJSON(to:escaped:)`` writes, in the same order).
    private func forEachFingerprintPart(_ body: (String) -> Void) {
        body(location.file)
        body(table)
        body(key)
        body(locale)
        body(path)
        body(rule.rawValue)
    }

    /// The identity of the problem this finding repeats in other locales: the same rule,
    /// severity, table, key, path, source excerpt and message but for the locale's code.
    /// Findings with one group id are shown once in text output, with their locales listed.
    public var groupKey: String {
        var parts: [String] = []
        forEachGroupKeyPartButMessage { parts.append($0) }
        parts.append(Self.withoutLocale(message, locale))
        return parts.joined(separator: "\u{1}")
    }

    /// Hands `body` what ``groupKey`` joins before the message (and ``groupHash`` hashes), in
    /// order; the message, with the locale's code taken out, comes last.
    private func forEachGroupKeyPartButMessage(_ body: (String) -> Void) {
        body(rule.rawValue)
        body(severity.rawValue)
        body(table)
        body(key)
        body(path)
        body(source ?? "")
    }

    /// A short stable id of ``groupKey`` (16 hex digits, FNV-1a): JSON's and SARIF's `group`.
    public var group: String { LintOutput.stableHash(groupKey) }

    /// The FNV-1a 64 hash of ``groupKey`` (which ``group`` spells), taken over its parts
    /// without joining them, and over the message without making the copy that has
    /// `{locale}` for the code: the pieces around each match are hashed in place.
    var groupHash: UInt64 {
        var hash = StableHash()
        forEachGroupKeyPartButMessage { part in
            hash.add(part)
            hash.add(byte: 0x01)
        }
        Self.hashWithoutLocale(message, locale, into: &hash)
        return hash.value
    }

    /// Adds ``withoutLocale(_:_:)`` of `message` to `hash`: from the message's bytes where the
    /// matches are found from the bytes, else from the copy.
    static func hashWithoutLocale(_ message: String, _ locale: String, into hash: inout StableHash) {
        // Hashed as the matches are found, into a copy kept only when the bytes decide them all
        // (no needle or list of matches made: a finding's group took an allocation for each).
        if !locale.isEmpty, locale.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D && $0 != 0x0A }) {
            var local = hash
            let decided = message.withUTF8Bytes { bytes in
                locale.withUTF8Bytes { needle in
                    var hashed = 0
                    let decided = visitWholeMatches(of: needle, in: bytes) { range in
                        local.add(bytes: UnsafeBufferPointer(rebasing: bytes[hashed..<range.lowerBound]))
                        local.add("{locale}")
                        hashed = range.upperBound
                    }
                    if decided { local.add(bytes: UnsafeBufferPointer(rebasing: bytes[hashed...])) }
                    return decided
                }
            }
            if decided {
                hash = local
                return
            }
        }
        hash.add(withoutLocale(message, locale))
    }

    /// Where a JSON line holds the escaping of each part of ``fingerprint`` (between the
    /// quotes of its member), for ``appendFingerprintJSON(to:escaped:)``.
    struct EscapedParts {
        var file: Range<Int>, table: Range<Int>, key: Range<Int>, locale: Range<Int>, path: Range<Int>, rule: Range<Int>
    }

    /// Appends ``fingerprint`` as a JSON string literal, escaped as `JSONWriter.appendString`
    /// escapes it (``JSONWriter/Escaping/visible``), without building it first. `escaped` says
    /// where `out` already holds each part escaped that way: a part without a tab is copied
    /// from there (the escaping of the joined parts is the joined escapings, each escape
    /// standing for one scalar); one with a tab is escaped with its tabs replaced.
    func appendFingerprintJSON(to out: inout ByteOutput, escaped: EscapedParts) {
        func append(_ part: String, _ range: Range<Int>) {
            if part.withUTF8Bytes({ !$0.contains(9) }) {
                out.appendCopy(of: range)
            } else {
                JSONWriter.appendEscaped(part.replacingTabs, to: &out)
            }
        }
        func tab() {
            out.append(0x5C)
            out.append(UInt8(ascii: "t"))
        }
        // ``forEachFingerprintPart(_:)``'s parts, in its order.
        out.append(UInt8(ascii: "\""))
        append(location.file, escaped.file)
        tab(); append(table, escaped.table)
        tab(); append(key, escaped.key)
        tab(); append(locale, escaped.locale)
        tab(); append(path, escaped.path)
        tab(); append(rule.rawValue, escaped.rule)
        out.append(UInt8(ascii: "\""))
    }

    /// `message` with each whole-word `locale` replaced by `{locale}`: an occurrence of the
    /// code's characters whose neighbours are no letter, digit or `-`.
    ///
    /// A code of ASCII letters, digits, `-` and `_` (every code lint reports) is searched for as
    /// bytes, each match kept when it starts and ends on character boundaries (a combining mark
    /// after it, or a prepended mark before it, makes another character); any other code as
    /// characters.
    package static func withoutLocale(_ message: String, _ locale: String) -> String {
        guard !locale.isEmpty else { return message }
        guard locale.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D && $0 != 0x0A }) else { return withoutLocaleByCharacters(message, locale) }
        let needle = Array(locale.utf8)
        if let ranges = wholeMatches(of: needle, in: message) {
            guard !ranges.isEmpty else { return message }
            var bytes: [UInt8] = []
            var message = message
            message.withUTF8 { utf8 in
                bytes.reserveCapacity(utf8.count + 8 * ranges.count)
                var copied = 0
                for range in ranges {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<range.lowerBound]))
                    bytes.append(contentsOf: "{locale}".utf8)
                    copied = range.upperBound
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...]))
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let utf8 = message.utf8
        var result: String?
        var copied = utf8.startIndex
        var searchFrom = utf8.startIndex
        while let start = Self.firstMatch(of: needle, in: utf8, from: searchFrom) {
            let end = utf8.index(start, offsetBy: needle.count)
            searchFrom = utf8.index(after: start)
            guard let lower = start.samePosition(in: message), let upper = end.samePosition(in: message) else { continue }
            let before = lower == message.startIndex ? nil : message[message.index(before: lower)]
            let after = upper == message.endIndex ? nil : message[upper]
            let whole = !(before?.isLetter ?? false) && !(before?.isNumber ?? false) && before != "-"
                && !(after?.isLetter ?? false) && !(after?.isNumber ?? false) && after != "-"
            // As a search by characters goes on after the match, whole or not.
            searchFrom = end
            guard whole else { continue }
            var text = result ?? ""
            text += message[copied..<lower]
            text += "{locale}"
            result = text
            copied = upper
        }
        guard var result else { return message }
        result += message[copied...]
        return result
    }

    /// The byte ranges of `message` where ``withoutLocale(_:_:)`` puts `{locale}` for the
    /// code whose bytes are `needle` (ASCII, no line break), found from the bytes alone; nil
    /// when a byte from 0x80 up stands where it could change the answer: within two bytes
    /// before a match, right after it, or after a `-` right after it. Elsewhere each edge is a
    /// character boundary (no combining mark after, no prepended mark before), the character
    /// before is its byte (a CR LF pair is neither letter, digit nor `-`, as its LF is not),
    /// and the character after is a letter or digit as its first byte is (what follows only
    /// matters to its being `-`), so the answer is the search by characters'; else that search
    /// is made.
    private static func wholeMatches(of needle: [UInt8], in message: String) -> [Range<Int>]? {
        var ranges: [Range<Int>] = []
        let decided = message.withUTF8Bytes { bytes in
            needle.withUnsafeBufferPointer { needle in visitWholeMatches(of: needle, in: bytes) { ranges.append($0) } }
        }
        return decided ? ranges : nil
    }

    /// Hands each of ``wholeMatches(of:in:)``'s ranges of `bytes` to `visit`, in order; false
    /// (some ranges handed already) where the bytes do not decide them.
    private static func visitWholeMatches(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>,
                                          _ visit: (Range<Int>) -> Void) -> Bool {
        let count = bytes.count, length = needle.count
        guard length > 0 else { return true }
        func joins(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
        }
        var start = 0
        while start + length <= count {
            guard bytes[start] == needle[0] else { start += 1; continue }
            var matched = 1
            while matched < length && bytes[start + matched] == needle[matched] { matched += 1 }
            guard matched == length else { start += 1; continue }
            let end = start + length
            if (start >= 1 && bytes[start - 1] >= 0x80) || (start >= 2 && bytes[start - 2] >= 0x80)
                || (end < count && bytes[end] >= 0x80)
                || (end + 1 < count && bytes[end] == UInt8(ascii: "-") && bytes[end + 1] >= 0x80) { return false }
            if !(start >= 1 && joins(bytes[start - 1])) && !(end < count && joins(bytes[end])) { visit(start..<end) }
            start = end
        }
        return true
    }

    /// The first index at or after `from` where `utf8` holds the bytes of `needle`.
    private static func firstMatch(of needle: [UInt8], in utf8: String.UTF8View, from: String.Index) -> String.Index? {
        var index = from
        let first = needle[0]
        while let found = utf8[index...].firstIndex(of: first) {
            var candidate = found
            var matched = true
            for byte in needle {
                guard candidate < utf8.endIndex, utf8[candidate] == byte else { matched = false; break }
                candidate = utf8.index(after: candidate)
            }
            if matched { return found }
            index = utf8.index(after: found)
        }
        return nil
    }

    /// ``withoutLocale(_:_:)`` by characters, for a code that is not plain ASCII.
    package static func withoutLocaleByCharacters(_ message: String, _ locale: String) -> String {
        guard message.contains(locale) else { return message }
        var result = ""
        var rest = message[...]
        while let range = rest.firstRange(of: locale) {
            let before = range.lowerBound == message.startIndex ? nil : message[message.index(before: range.lowerBound)]
            let after = range.upperBound == message.endIndex ? nil : message[range.upperBound]
            let whole = !(before?.isLetter ?? false) && !(before?.isNumber ?? false) && before != "-"
                && !(after?.isLetter ?? false) && !(after?.isNumber ?? false) && after != "-"
            result += rest[..<range.lowerBound]
            result += whole ? "{locale}" : String(rest[range])
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// Sorts by file (in code-point order), line, column, rule, locale, key (in code-point
    /// order), then path.
    public static func precedes(_ a: LintFinding, _ b: LintFinding) -> Bool {
        if a.location.file != b.location.file {
            return CodePointOrder.precedes(a.location.file, b.location.file)
        }
        if a.location.line != b.location.line { return a.location.line < b.location.line }
        if a.location.column != b.location.column { return a.location.column < b.location.column }
        if a.rule != b.rule { return a.rule < b.rule }
        if a.locale != b.locale { return a.locale < b.locale }
        if a.key != b.key { return CodePointOrder.precedes(a.key, b.key) }
        return a.path < b.path
    }
}

extension String {
    fileprivate var replacingTabs: String {
        var text = self
        guard text.withUTF8({ $0.contains(9) }) else { return self }
        return String(unicodeScalars.map { $0 == "\t" ? " " : Character($0) })
    }
}
