import Testing
@testable import ToastLint

/// The ending of a text (read backwards, past spaces and closing quotes and brackets) and the
/// excerpt lint shows (printable ASCII as it is; anything else escaped at its edges and its
/// controls), case by case.
@Suite struct LintTextEdgeTests {
    @Test(arguments: [
        ("Saved", "en", LintPunctuation.End.none, "", false),
        ("Saved 3", "en", .none, "", false),
        ("", "en", .none, "", false),
        ("   ", "en", .none, "", false),
        ("Done.", "en", .period, ".", false),
        ("Done. ", "en", .period, ".", false),
        ("Done .", "en", .period, ".", true),
        ("完成。", "ja", .period, "。", false),
        ("Wait…", "en", .ellipsis, "…", false),
        ("Wait...", "en", .ellipsis, "...", false),
        ("Wait ...", "fr", .ellipsis, "...", true),
        ("..", "en", .period, ".", false),
        ("...", "en", .ellipsis, "...", false),
        ("« Bonjour ! »", "fr", .exclamation, "!", true),
        ("Oui ?", "fr", .question, "?", true),
        ("Oui\u{202F}?\u{00A0}", "fr", .question, "?", true),
        ("“Quoted.”)", "en", .period, ".", false),
        ("Καλημέρα;", "el", .question, ";", false),
        ("Note;", "en", .none, "", false),
        ("Ready:", "en", .colon, ":", false),
        ("好！」", "zh", .exclamation, "！", false),
        ("x\u{3000}!", "ja", .exclamation, "!", true),
        ("%@", "en", .none, "", false),
    ] as [(String, String, LintPunctuation.End, String, Bool)])
    func endings(text: String, language: String, kind: LintPunctuation.End, mark: String, spaced: Bool) {
        let end = LintPunctuation.end(text, language: language)
        #expect(end.kind == kind)
        #expect(end.mark == mark)
        #expect(end.spaced == spaced)
    }

    @Test(arguments: [
        ("Saved the file.", "Saved the file."),
        (" lead", "<U+0020>lead"),
        ("trail ", "trail<U+0020>"),
        ("tab\there", "tab<U+0009>here"),
        ("del\u{7F}", "del<U+007F>"),
        ("\u{00A0}nbsp", "<U+00A0>nbsp"),
        ("ünïcode", "ünïcode"),
        ("a\u{202E}b", "a<U+202E>b"),
        (String(repeating: "x", count: 160), String(repeating: "x", count: 160)),
        (String(repeating: "x", count: 161), String(repeating: "x", count: 157) + "…"),
    ])
    func excerpts(text: String, shown: String) {
        #expect(LintChecker.excerpt(text) == shown)
    }
}
