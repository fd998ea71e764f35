import Testing
import ToastTestSupport
@testable import ToastLint

/// The answers lint finds from a text's bytes (when the bytes near what it looks at are ASCII)
/// are the answers of the character-wise readings they stand in for: malformed substitution
/// tokens, excerpts shown as they are, and the locale taken out of a grouped message.
@Suite struct LintBytePathTests {
    /// Pieces that texts are made of: the token bytes, marks that join the character before
    /// (a combining acute, a ZWJ), one that joins the character after (a prepended Arabic
    /// number sign), CR LF, letters of other scripts, white space and a bidi control.
    static let pieces = ["%", "#", "@", "$", " ", "1", "12", "a", "_", "x", "-", "de", "\u{301}", "\u{200D}", "\u{600}",
                         "件", "\r\n", "\t", "é", "\u{202E}", "\u{A0}", "%#@n@", "%1$#@n@", "%1#@n@", "%# @n @"]

    /// Texts of 1 to 12 pieces, from a fixed seed (the same texts on every run).
    static let texts: [String] = {
        var generator = SeededGenerator(seed: 0x5EED_7E57)
        var texts = ["", "%", "%#@n@", "%1#@n@件", "件%1#@n@", "%1#@n@\u{301}", "%\u{301}1#@n@", "\u{600}%1#@n@",
                     "%1#@n@\r\n", "%1#@n\u{301}@", "%1\u{301}#@n@", "%# @sites @ and %#@ok@", "% 1#@n@"]
        for _ in 0..<3000 {
            let count = Int.random(in: 1...12, using: &generator)
            texts.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        return texts
    }()

    @Test func malformedSubstitutionsFromBytesAreTheCharacterWiseOnes() {
        var fromBytes = 0
        for text in Self.texts {
            let expected = LintLeafFormat.malformedSubstitutionsByCharacters(in: text)
            let found = LintLeafFormat.malformedSubstitutions(in: text)
            #expect(found.map { text.utf8.distance(from: text.startIndex, to: $0.range.lowerBound) }
                        == expected.map { text.utf8.distance(from: text.startIndex, to: $0.range.lowerBound) }, "\(text.debugDescription)")
            #expect(found.map { String(text[$0.range]) } == expected.map { String(text[$0.range]) }, "\(text.debugDescription)")
            #expect(found.map(\.name) == expected.map(\.name), "\(text.debugDescription)")
            #expect(found.map(\.fixed) == expected.map(\.fixed), "\(text.debugDescription)")
            if text.utf8.contains(UInt8(ascii: "#")), LintLeafFormat.malformedSubstitutionsByBytes(in: text) != nil { fromBytes += 1 }
        }
        // Most texts are answered from the bytes; the rest by characters.
        #expect(fromBytes > 500)
    }

    @Test(arguments: [
        ("%1#@n@ %# @m @", ["%1#@n@", "%# @m @"]),
        ("%1#@n@件", ["%1#@n@"]),
        ("%1#@n@\u{301}", []),
        ("\u{600}%1#@n@", []),
        ("%\u{301}1#@n@", []),
        ("%#@ok@ and %2$#@ok@", []),
    ])
    func malformedTokens(text: String, tokens: [String]) {
        #expect(LintLeafFormat.malformedSubstitutions(in: text).map { String(text[$0.range]) } == tokens)
    }

    @Test func excerptsShownAsTheyAreAreTheEscapedReading() {
        var asIs = 0
        for text in Self.texts + ["\u{A0}x", "x\u{A0}", "x\u{2028}y", String(repeating: "件", count: 160), String(repeating: "件", count: 161)] {
            if LintChecker.isShownAsIs(text) {
                asIs += 1
                #expect(LintChecker.escapedExcerpt(text) == text, "\(text.debugDescription)")
            } else {
                #expect(LintChecker.escapedExcerpt(text) != text, "\(text.debugDescription)")
            }
            #expect(LintChecker.excerpt(text) == LintChecker.escapedExcerpt(text), "\(text.debugDescription)")
        }
        #expect(asIs > 100)
    }

    /// ASCII texts: controls, DEL, white space at the edges and in the middle, lengths around
    /// the cut at 160.
    static let asciiTexts: [String] = {
        var generator = SeededGenerator(seed: 0xA5C1_1E7A)
        let pieces = ["a", "Z", "9", " ", "\t", "\n", "\r", "\u{B}", "\u{C}", "\u{1}", "\u{1C}", "\u{1F}", "\u{7F}", "%@", "<b>", "~"]
        var texts = ["", " ", "\t\t", "x", " x ", String(repeating: "a", count: 160), String(repeating: "a", count: 161),
                     " " + String(repeating: "a", count: 158) + " ", String(repeating: "\u{1}", count: 30)]
        for _ in 0..<3000 {
            let count = Int.random(in: 1...(Bool.random(using: &generator) ? 12 : 200), using: &generator)
            texts.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        return texts
    }()

    @Test func asciiExcerptsFromBytesAreTheScalarWiseOnes() {
        for text in Self.asciiTexts + Self.texts {
            #expect(LintChecker.escapedExcerpt(text) == LintChecker.escapedExcerptByScalars(text), "\(text.debugDescription)")
        }
    }

    /// Endings: marks of several scripts, ellipses of one and three scalars, closers, white
    /// space of both kinds before and after a mark.
    @Test(arguments: ["en", "el", "fr", "es"])
    func endingsFromBytesAreTheScalarWiseOnes(language: String) {
        var generator = SeededGenerator(seed: 0xE7D5)
        let pieces = ["a", "件", "é", ".", "..", "…", "?", "!", ":", ";", "\u{37E}", "。", "？", "؟", "！", "：", "∶", "।", "‼",
                      " ", "\u{A0}", "\u{202F}", "\u{3000}", "\t", "\"", "'", "”", "»", "」", ")", "）", "\u{301}", "\r\n"]
        var texts = ["", ".", "...", "..", "…", " ...", "a ...", "a.. .", "\u{A0}?", "«a»", "a !»", "a\u{301}.", "件。」"]
        for _ in 0..<4000 {
            let count = Int.random(in: 1...6, using: &generator)
            texts.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts + Self.texts {
            let bytes = LintPunctuation.end(text, language: language), scalars = LintPunctuation.endByScalars(text, language: language)
            #expect(bytes.kind == scalars.kind && bytes.mark == scalars.mark && bytes.spaced == scalars.spaced, "\(text.debugDescription)")
        }
    }

    @Test func theLocaleTakenOutByBytesIsTheCharacterWiseOne() {
        let messages = Self.texts.map { "the " + $0 + " text" } + Self.texts
            + ["de-\u{301}", "-\u{301}de", "de\u{600}", "\u{600}xde", "dex\u{301}", "de\r\nde", "(de)", "x-de",
               "source none, de ␠", "de1\u{301}", "dea\u{301}", "de-é", "de é", "\u{D4E}(de)", "\u{D4E} de"]
        for message in messages {
            for locale in ["de", "a", "x", "n"] {
                #expect(LintFinding.withoutLocale(message, locale) == LintFinding.withoutLocaleByCharacters(message, locale),
                        "\(message.debugDescription) \(locale)")
            }
        }
    }
}

/// Keys and comments read from bytes where they are ASCII.
@Suite struct LintASCIIReadingTests {
    @Test(arguments: [
        ("toast.saved.title", true), ("a11y_add_avatar", true), ("Adding...", false), ("a.b", true), ("a..b", false),
        ("1.2", false), ("v1.2", true), ("x-y", false), ("_", false), ("a_", true), ("é.a", false), ("a.é", false),
        ("Hello world", false), ("", false), ("-.-", false), ("a.-", false), ("ключ.a", false), ("A.B", true),
    ])
    func identifierLikeKeys(key: String, expected: Bool) {
        #expect(LintChecker.isIdentifierLike(key) == expected)
    }

    @Test func containsAnswersAsTheCharacterSearch() {
        let parts = ["%@", "%lld", "count", "name of", "e", "\u{301}", "é", "\r", "\n", "\r\n", "a\r", "", "-", "件"]
        for text in LintBytePathTests.texts + ["The number of files", "e\u{301}", "x\r\ny", "count: %lld", "NAME OF"] {
            for part in parts {
                #expect(LintText.contains(text, part) == LintText.containsByCharacters(text, part), "\(text.debugDescription) \(part.debugDescription)")
            }
        }
    }
}
