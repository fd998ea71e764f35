/// How a text ends, for `punctuation-mismatch`: the last mark before trailing whitespace,
/// closing quotes and brackets, with each script's equivalents (ja/zh `。` for `.`, ar `؟`
/// and el `;` for `?`, hi `।` …).
enum LintPunctuation {
    enum End: String, Equatable {
        case none, period, ellipsis, question, exclamation, colon

        var described: String {
            switch self {
            case .none: "no punctuation"
            case .period: "a full stop"
            case .ellipsis: "an ellipsis"
            case .question: "a question mark"
            case .exclamation: "an exclamation mark"
            case .colon: "a colon"
            }
        }
    }

    /// The end of `text` in a language (`el` reads `;` as its question mark): its kind, the
    /// mark as written (`…` or `...` for an ellipsis), and whether a space of any kind comes
    /// before it (French spacing; false without a mark).
    static func end(_ text: String, language: String) -> (kind: End, mark: String, spaced: Bool) {
        // Most texts end with an ASCII letter or digit: no mark, nothing to scan. (The last
        // byte read in place: `utf8.last` took 78 instructions.)
        if let last = text.withUTF8Bytes({ $0.last }), last < 0x80, (last | 0x20 >= 0x61 && last | 0x20 <= 0x7A) || (last >= 0x30 && last <= 0x39) {
            return (.none, "", false)
        }
        return text.withUTF8Bytes { end(of: $0, language: language) }
    }

    /// ``end(_:language:)`` read backwards from the UTF-8 bytes (valid UTF-8), a scalar at a
    /// time: the quick scan asks it of about a quarter of a million texts in the bench
    /// catalog, which the walk over the string's scalars took 540 instructions each to answer.
    private static func end(of bytes: UnsafeBufferPointer<UInt8>, language: String) -> (kind: End, mark: String, spaced: Bool) {
        // Past spaces and closing quotes and brackets.
        var end = bytes.count
        while end > 0 {
            let (scalar, start) = scalar(endingAt: end, in: bytes)
            guard isSpace(scalar) || isCloser(scalar) else { break }
            end = start
        }
        guard end > 0 else { return (.none, "", false) }
        let (last, lastStart) = scalar(endingAt: end, in: bytes)
        /// Whether a space comes before the byte offset `index`.
        func spaced(before index: Int) -> Bool {
            index > 0 && isSpace(scalar(endingAt: index, in: bytes).scalar)
        }
        if last == "…" { return (.ellipsis, "…", spaced(before: lastStart)) }
        // A `.` is one byte, and no other scalar's bytes hold 0x2E.
        if last == ".", lastStart >= 2, bytes[lastStart - 1] == 0x2E, bytes[lastStart - 2] == 0x2E {
            return (.ellipsis, "...", spaced(before: lastStart - 2))
        }
        let kind = kind(of: last, language: language)
        return kind == .none ? (.none, "", false) : (kind, String(last), spaced(before: lastStart))
    }

    /// The scalar whose UTF-8 bytes end at the offset `end` (above 0) of valid UTF-8, and
    /// where it starts.
    private static func scalar(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (scalar: Unicode.Scalar, start: Int) {
        var start = end - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        var value = UInt32(bytes[start])
        let count = end - start
        if count > 1 {
            value &= 0xFF >> UInt32(count + 1)
            for index in start + 1..<end { value = value << 6 | UInt32(bytes[index] & 0x3F) }
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", start)
    }

    /// The kind of ending a last scalar (after spaces and closers) makes.
    private static func kind(of last: Unicode.Scalar, language: String) -> End {
        switch last {
        case ".", "。", "．", "।", "۔", "።", "։", "။", "｡": .period
        case "?", "？", "؟", "⁇", "\u{037E}": .question
        case ";" where language == "el": .question
        case "!", "！", "‼": .exclamation
        case ":", "：", "∶": .colon
        default: .none
        }
    }

    /// ``end(_:language:)`` read over the string's scalars: what the byte reading is tested
    /// against.
    static func endByScalars(_ text: String, language: String) -> (kind: End, mark: String, spaced: Bool) {
        // Read backwards from the end, a scalar at a time, past spaces and closing quotes and
        // brackets.
        let scalars = text.unicodeScalars
        var end = scalars.endIndex
        while end > scalars.startIndex {
            let previous = scalars.index(before: end)
            guard isSpace(scalars[previous]) || isCloser(scalars[previous]) else { break }
            end = previous
        }
        guard end > scalars.startIndex else { return (.none, "", false) }
        let lastIndex = scalars.index(before: end)
        let last = scalars[lastIndex]
        /// Whether a space comes before `index`.
        func spaced(before index: String.UnicodeScalarView.Index) -> Bool {
            index > scalars.startIndex && isSpace(scalars[scalars.index(before: index)])
        }
        if last == "…" { return (.ellipsis, "…", spaced(before: lastIndex)) }
        if last == ".", lastIndex > scalars.startIndex {
            let second = scalars.index(before: lastIndex)
            if scalars[second] == ".", second > scalars.startIndex {
                let first = scalars.index(before: second)
                if scalars[first] == "." { return (.ellipsis, "...", spaced(before: first)) }
            }
        }
        let kind = kind(of: last, language: language)
        return kind == .none ? (.none, "", false) : (kind, String(last), spaced(before: lastIndex))
    }

    /// Whether a scalar is one of the quotes and brackets that may close a sentence after its
    /// mark: `"'”’“»«›)]）」』〕】`.
    private static func isCloser(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "'", "”", "’", "“", "»", "«", "›", ")", "]", "）", "」", "』", "〕", "】": true
        default: false
        }
    }

    /// Whether a scalar is white space (Unicode's `White_Space`), ASCII without a lookup.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// Languages whose sentences end without a mark (Thai, Lao, Khmer): a source's full stop
    /// has no counterpart there.
    static let noFullStop: Set<String> = ["th", "lo", "km"]

    /// The problem of a target's ending against the source's, in words, or nil.
    static func problem(source: String, target: String, locale: String, language: String) -> (message: String, hint: String)? {
        let s = end(source, language: "en"), t = end(target, language: language)
        if s.kind != t.kind {
            if s.kind == .period && t.kind == .none && noFullStop.contains(language) { return nil }
            // A full stop and an exclamation mark differ in tone, not in meaning.
            if Set([s.kind, t.kind]) == [.period, .exclamation] { return nil }
            let mark = expectedMark(s.kind, language: language)
            return ("the source ends with \(s.kind.described)\(s.mark.isEmpty ? "" : " (“\(s.mark)”)"), the \(locale) text with \(t.kind.described)\(t.mark.isEmpty ? "" : " (“\(t.mark)”)")",
                    s.kind == .none ? "End the text as the source does, without “\(t.mark)”." : "End the text with “\(mark)”, as the source ends with “\(s.mark)”.")
        }
        if s.kind == .ellipsis && s.mark != t.mark {
            return ("the source writes its ellipsis as “\(s.mark)”, the \(locale) text as “\(t.mark)”", "Write “\(s.mark)” as the source does.")
        }
        if s.kind == .question && (language == "es" || language == "gl" || language == "ast") && !target.unicodeScalars.contains("¿") {
            return ("a \(locale) question opens with “¿”, and this one does not", "Put “¿” where the question starts.")
        }
        if language == "fr" && [.question, .exclamation, .colon].contains(t.kind) && !t.spaced && t.mark != "：" {
            return ("French puts a space (a narrow no-break space, U+202F, or a no-break space) before “\(t.mark)”, and this text has none",
                    "Write a no-break space (U+00A0) or a narrow one (U+202F) before “\(t.mark)”.")
        }
        return nil
    }

    /// The mark a language writes for a kind of ending.
    static func expectedMark(_ kind: End, language: String) -> String {
        switch (kind, language) {
        case (.period, "ja"), (.period, "zh"): "。"
        case (.period, "hi"), (.period, "bn"), (.period, "mr"), (.period, "ne"), (.period, "pa"), (.period, "as"): "।"
        case (.period, "ur"): "۔"
        case (.period, "am"): "።"
        case (.period, "hy"): "։"
        case (.period, "my"): "။"
        case (.period, _): "."
        case (.question, "ar"), (.question, "fa"), (.question, "ur"), (.question, "ps"): "؟"
        case (.question, "el"): ";"
        case (.question, "ja"), (.question, "zh"): "？"
        case (.question, _): "?"
        case (.exclamation, "ja"), (.exclamation, "zh"): "！"
        case (.exclamation, _): "!"
        case (.colon, "ja"), (.colon, "zh"): "："
        case (.colon, _): ":"
        case (.ellipsis, _): "…"
        case (.none, _): ""
        }
    }
}
