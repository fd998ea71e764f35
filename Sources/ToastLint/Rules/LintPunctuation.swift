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
    /// before it (French spacing).
    static func end(_ text: String, language: String) -> (kind: End, mark: String, spaced: Bool) {
        // Most texts end with an ASCII letter or digit: no mark, nothing to scan.
        if let last = text.utf8.last, last < 0x80, (last | 0x20 >= 0x61 && last | 0x20 <= 0x7A) || (last >= 0x30 && last <= 0x39) {
            return (.none, "", false)
        }
        // Read backwards from the end, a scalar at a time, past spaces and closing quotes and
        // brackets.
        let scalars = text.unicodeScalars
        var end = scalars.endIndex
        while end > scalars.startIndex {
            let previous = scalars.index(before: end)
            guard isSpace(scalars[previous]) || closers.contains(scalars[previous]) else { break }
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
        let kind: End
        switch last {
        case ".", "。", "．", "।", "۔", "።", "։", "။", "｡": kind = .period
        case "?", "？", "؟", "⁇", "\u{037E}": kind = .question
        case ";" where language == "el": kind = .question
        case "!", "！", "‼": kind = .exclamation
        case ":", "：", "∶": kind = .colon
        default: kind = .none
        }
        return (kind, kind == .none ? "" : String(last), spaced(before: lastIndex))
    }

    /// The quotes and brackets that may close a sentence after its mark.
    private static let closers = Set("\"'”’“»«›)]）」』〕】".unicodeScalars)

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
