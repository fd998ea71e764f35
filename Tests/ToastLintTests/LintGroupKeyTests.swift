import Testing
@testable import ToastLint

/// Findings repeated in several locales are grouped by their message with the locale's code
/// taken out (`{locale}`); the code is found by a byte search, which must find exactly what a
/// search by characters finds.
@Suite struct LintGroupKeyTests {
    static let messages = [
        "the de text drops argument 1",
        "de: missing",
        "missing in de",
        "(de) and [de] and de, de.",
        "dede de-DE de_x xde de1 1de",
        "de\u{301} is not de",
        "\u{600}de and \u{600} de",
        "🙂de🙂 and é de ü",
        "a_a_a and a_a",
        "zh-Hans: the zh-Hans text; zh-Hans-TW is another",
        "pt_BR pt-BR pt_BR.",
        "\r\nde\r\n",
        "",
        "no code here",
    ]
    static let locales = ["de", "zh-Hans", "pt_BR", "a_a", "e", "\u{600}de", "dé"]

    @Test(arguments: messages, locales)
    func theByteSearchFindsWhatTheCharacterSearchFinds(message: String, locale: String) {
        #expect(LintFinding.withoutLocale(message, locale) == LintFinding.withoutLocaleByCharacters(message, locale))
    }

    @Test func wholeWordsOnly() {
        #expect(LintFinding.withoutLocale("the de text (de) de-DE dede", "de") == "the {locale} text ({locale}) de-DE dede")
        #expect(LintFinding.withoutLocale("de\u{301} de", "de") == "de\u{301} {locale}")
    }
}
