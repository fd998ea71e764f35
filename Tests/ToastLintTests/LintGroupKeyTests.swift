import Testing
import ToastCatalog
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

    /// A JSON line's `group` is the hash of ``LintFinding/groupKey`` and its `fingerprint`,
    /// `line` and `column` are the finding's, though the line is written from the parts
    /// (no group key, fingerprint or number string made): over every message and locale
    /// above, with tabs, quotes and empty parts.
    @Test(arguments: locales)
    func jsonLinesHoldTheGroupAndFingerprintOfTheParts(locale: String) throws {
        for (index, message) in Self.messages.enumerated() {
            let finding = LintFinding(rule: .placeholderMismatch, severity: .warning,
                                      location: SourceLocation(file: index % 2 == 0 ? "a/b.xcstrings" : "t\tab \"q\".strings",
                                                               line: [1, 9, 10, 99, 1_000_000, Int.max][index % 6], column: index * 37),
                                      table: index % 3 == 0 ? "" : "Tab\tle", key: "k\t\(index)", locale: locale, path: index % 2 == 0 ? "" : "plural.one",
                                      message: message, source: index % 4 == 0 ? nil : "src \(locale)", hint: nil)
            let line = LintOutput.json(finding)
            guard case .object(let members) = try JSONParser.parse(Array(line.utf8), file: "line") else {
                Issue.record("not an object: \(line)"); continue
            }
            func value(_ name: String) -> JSONValue? { members.first { $0.key == name }?.value }
            #expect(value("group") == .string(LintOutput.stableHash(finding.groupKey)), "\(line)")
            #expect(value("group") == .string(finding.group))
            #expect(value("fingerprint") == .string(finding.fingerprint), "\(line)")
            #expect(value("line") == .number(String(finding.location.line)))
            #expect(value("column") == .number(String(finding.location.column)))
        }
    }

    /// Lines and columns are written as `String(value)` spells them, signs and extremes included.
    @Test func decimalsAreStringsSpelling() {
        for value in [0, 1, -1, 9, 10, -10, 99, 100, 1_000_000, -1_000_000, Int.max, Int.min, Int.max - 1, Int.min + 1] + (-1100...1100).map({ $0 * 7919 }) {
            var out: [UInt8] = []
            LintOutput.appendDecimal(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(value))
        }
    }

    @Test func wholeWordsOnly() {
        #expect(LintFinding.withoutLocale("the de text (de) de-DE dede", "de") == "the {locale} text ({locale}) de-DE dede")
        #expect(LintFinding.withoutLocale("de\u{301} de", "de") == "de\u{301} {locale}")
    }
}
