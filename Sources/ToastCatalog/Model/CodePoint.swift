/// How ToastKit names code points in its messages: `U+0301`, and `<U+001B>` for an invisible
/// or controlling character quoted from input (the escaping lint's excerpts use too).
package enum CodePoint {
    /// At least four uppercase hex digits: `0301`, `1F600`.
    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `U+0063 U+0061 U+0066 U+00E9`: the first `limit` scalars, then `…` if there are more.
    package static func list(_ text: String, limit: Int = 8) -> String {
        let names = text.unicodeScalars.prefix(limit).map { "U+" + hex($0.value) }
        return names.joined(separator: " ") + (text.unicodeScalars.count > limit ? " …" : "")
    }

    /// Whether a scalar is shown as `<U+XXXX>` wherever input is quoted: C0 controls (tab
    /// and line feed included), DEL, C1 controls, bidi marks (U+061C, U+200E, U+200F),
    /// embeddings, overrides and isolates, line and paragraph separators, and the invisible
    /// format characters (zero width space and joiners, word joiner, byte order mark, soft
    /// hyphen).
    package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x00AD, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// `text` with each scalar of ``isEscaped(_:)`` shown as `<U+XXXX>`, so that quoting input
    /// can never move the cursor, recolour the terminal, reorder a line or hide a character:
    /// the one escaping scheme of every text output.
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) { shown += "<U+" + hex(scalar.value) + ">" } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
    }

    /// ``visible(_:)`` for text that begins an output line (a file name, a table name, a toast
    /// id): also, when the text starts with `::` after white space, its first colon is shown
    /// as `<U+003A>`, so that no line ToastKit prints can be read as a GitHub Actions workflow
    /// command (`::error file=…::…`), which the runner looks for at the start of every log line.
    package static func visibleLineStart(_ text: String) -> String {
        let shown = visible(text)
        guard let colon = workflowCommandStart(shown) else { return shown }
        return shown[..<colon] + "<U+003A>" + shown[shown.index(after: colon)...]
    }

    /// Whether each line of `text` (the UTF-8 of a `String`; lines end at a line feed) is its
    /// own ``visibleLineStart(_:)``, decided on its bytes: no scalar of ``isEscaped(_:)`` but
    /// line feeds, and every line empty or starting with an ASCII byte other than a space and
    /// `:` (so that no workflow command can start it). `false` says only that the scalars must
    /// be looked at. A conversion reports thousands of lines: splitting each into characters
    /// and looking at every scalar took longer than making them.
    package static func isPlainLines(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var lineStart = true
        var i = 0
        while i < text.count {
            let byte = text[i]
            if lineStart && (byte >= 0x80 || byte == UInt8(ascii: " ") || byte == UInt8(ascii: ":")) { return false }
            lineStart = byte == 0x0A
            switch byte {
            case 0x0A: i += 1
            case 0x00..<0x20, 0x7F: return false
            case 0xC2, 0xD8, 0xE2, 0xEF:
                // The lead bytes of every escaped scalar above ASCII; the text is well-formed.
                let twoBytes = byte < 0xE0
                guard i + (twoBytes ? 1 : 2) < text.count else { return false }
                let scalar = twoBytes ? (UInt32(byte) & 0x1F) << 6 | UInt32(text[i + 1] & 0x3F)
                    : (UInt32(byte) & 0x0F) << 12 | UInt32(text[i + 1] & 0x3F) << 6 | UInt32(text[i + 2] & 0x3F)
                if Unicode.Scalar(scalar).map(isEscaped) ?? true { return false }
                i += twoBytes ? 2 : 3
            default: i += 1
            }
        }
        return true
    }

    /// Where a line would begin a GitHub Actions workflow command: the index of the first of
    /// two colons that follow only white space (the runner trims white space first), or `nil`.
    package static func workflowCommandStart(_ line: some StringProtocol) -> String.Index? {
        guard let first = line.unicodeScalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return nil }
        let scalars = line.unicodeScalars[first...]
        guard scalars.first == ":", scalars.dropFirst().first == ":" else { return nil }
        return first
    }

    /// Text for a GitHub Actions workflow command, escaped per GitHub's rules: `%` as `%25`,
    /// CR and LF (from input, or between `lines`, which is how a hint follows its message) as
    /// `%0D` and `%0A`, and in a property (`property: true`, as `file=` and `title=`) also `:`
    /// as `%3A` and `,` as `%2C`. GitHub's rules have no escape for the other controls, which a
    /// log viewer would act on (ESC colours it): they are shown as `<U+XXXX>`, as in every text
    /// output. So a key holding CR LF and `::error …` stays data of one command.
    package static func githubCommandText(_ lines: [String], property: Bool = false) -> String {
        var out = ""
        for (index, line) in lines.enumerated() {
            if index > 0 { out += "%0A" }
            for scalar in line.unicodeScalars {
                switch scalar {
                case "%": out += "%25"
                case "\r": out += "%0D"
                case "\n": out += "%0A"
                case ":" where property: out += "%3A"
                case "," where property: out += "%2C"
                case _ where isEscaped(scalar): out += "<U+" + hex(scalar.value) + ">"
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
