import Testing
@testable import ToastLint

/// A finding's excerpt marks the first occurrence of a token (`⟪%d⟫`) exactly as the
/// character-wise search finds it, whether found by bytes (ASCII texts) or by characters.
@Suite struct LintMarkTests {
    /// The character-wise marking: the first range of the token's characters.
    static func reference(_ text: String, _ token: String) -> String {
        guard !token.isEmpty, let range = text.firstRange(of: token) else { return text }
        return text[..<range.lowerBound] + "⟪" + token + "⟫" + text[range.upperBound...]
    }

    @Test(arguments: [
        ("%d files", "%d"), ("files: %d", "%d"), ("%d and %d", "%d"), ("no token", "%@"), ("%", "%@"), ("", "%d"),
        ("%1$@ %1$@", "%1$@"), ("line\r\n%d", "%d"), ("%d\r\n", "%d"), ("a\rb", "\r"), ("a\r\nb", "\n"), ("a\r\nb", "\r\n"),
        ("100% d", "% d"), ("x", ""), ("caf\u{E9} %d", "%d"), ("cafe\u{301}%d", "e"), ("\u{212A}elvin K", "K"),
        ("日本 %lld 件", "%lld"), ("%d\u{301} then %d", "%d"),
    ])
    func marksTheFirstOccurrence(_ text: String, _ token: String) {
        #expect(Array(LintChecker.mark(text, token).unicodeScalars) == Array(Self.reference(text, token).unicodeScalars))
    }
}
