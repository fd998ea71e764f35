import Foundation
import Testing
import ToastCatalog
import ToastLint
import ToastKitTesting

/// A violating and a clean catalog for every lint rule; the violating ones' text output is
/// reviewed in `Golden/lint-rules.txt`.
@Suite struct LintRuleTests {
    /// A String Catalog with the given `strings` members (JSON text).
    static func xc(_ strings: String, version: String = "1.0") -> String {
        #"{"sourceLanguage":"en","strings":{"# + strings + #"},"version":"# + "\"\(version)\"}"
    }

    /// A translated string unit.
    static func su(_ value: String, state: String = "translated") -> String {
        #"{"stringUnit":{"state":"\#(state)","value":"\#(value)"}}"#
    }

    /// An entry with a comment and localizations (`locale: unit JSON`).
    static func entry(_ key: String, comment: String? = "Shown in a toast.", _ localizations: [(String, String)], extra: String = "") -> String {
        let locs = localizations.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
        var members: [String] = []
        if let comment { members.append("\"comment\":\"\(comment)\"") }
        members.append("\"localizations\":{\(locs)}")
        if !extra.isEmpty { members.append(extra) }
        return "\"\(key)\":{\(members.joined(separator: ","))}"
    }

    static func plural(_ forms: [(String, String)]) -> String {
        #"{"variations":{"plural":{"# + forms.map { "\"\($0.0)\":\(su($0.1))" }.joined(separator: ",") + "}}}"
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var file: String
        var violating: String
        var clean: String
        var configuration = LintConfiguration()
        /// The clean example's file, when not `file`.
        var cleanFile: String?
        var testDescription: String { rule }
    }

    static let en = "Save"
    static var budget: LintConfiguration {
        var configuration = LintConfiguration()
        configuration.widthBudgets = [("toast.*", 20)]
        return configuration
    }
    static var deProject: LintConfiguration {
        var configuration = LintConfiguration()
        configuration.locales = ["de"]
        return configuration
    }
    static var terms: LintConfiguration {
        var configuration = LintConfiguration()
        configuration.doNotTranslate = ["ToastKit"]
        return configuration
    }

    static let cases: [Case] = [
        Case(rule: "parse-error", file: "de.lproj/Main.strings",
             violating: "\"Save\" = \"Sichern\"\n\"Open\" = \"Öffnen\";\n", clean: "\"Save\" = \"Sichern\";\n\"Open\" = \"Öffnen\";\n"),
        Case(rule: "assumed-locale", file: "Main.strings", violating: "/* Button. */\n\"Save\" = \"Save\";\n",
             clean: "/* Button. */\n\"Save\" = \"Save\";\n", cleanFile: "en.lproj/Main.strings"),
        Case(rule: "schema-violation", file: "Main.xcstrings",
             violating: xc(entry("Open", [("en", #"{"variations":{"device":{"toaster":\#(su("Open")),"other":\#(su("Open"))}}}"#)])),
             clean: xc(entry("Open", [("en", #"{"variations":{"device":{"mac":\#(su("Open")),"other":\#(su("Open"))}}}"#)]))),
        Case(rule: "nonstandard-value", file: "Main.xcstrings",
             violating: xc(entry("Open", [("en", su("Open"))]), version: "2.0"), clean: xc(entry("Open", [("en", su("Open"))]))),
        Case(rule: "duplicate-key", file: "Main.xcstrings",
             violating: xc(entry("Open", [("en", su("Open")), ("de", su("Öffnen")), ("de", su("Auf"))])),
             clean: xc(entry("Open", [("en", su("Open")), ("de", su("Öffnen"))]))),
        Case(rule: "missing-source-value", file: "Main.xcstrings",
             violating: xc(entry("toast.saved.title", [("de", su("Gesichert"))])),
             clean: xc(entry("toast.saved.title", [("en", su("Saved")), ("de", su("Gesichert"))]))),
        Case(rule: "missing-translation", file: "Main.xcstrings",
             violating: xc(entry("Open", [("en", su("Open")), ("de", su("Öffnen"))]) + "," + entry("Close", [("en", su("Close"))])),
             clean: xc(entry("Open", [("en", su("Open")), ("de", su("Öffnen"))]) + "," + entry("Close", [("en", su("Close")), ("de", su("Schließen"))]))),
        Case(rule: "empty-translation", file: "Main.xcstrings",
             violating: xc(entry("Saved", [("en", su("Saved")), ("de", su(" "))])),
             clean: xc(entry("Saved", [("en", su("Saved")), ("de", su("Gesichert"))]))),
        Case(rule: "review-state", file: "Main.xcstrings",
             violating: xc(entry("Saved", [("en", su("Saved")), ("de", su("Gesichert", state: "needs_review"))])),
             clean: xc(entry("Saved", [("en", su("Saved")), ("de", su("Gesichert"))]))),
        Case(rule: "obsolete-translation", file: "Main.xcstrings",
             violating: xc(entry("ToastKit", [("en", su("ToastKit")), ("de", su("ToastKit"))], extra: "\"shouldTranslate\":false")),
             clean: xc(entry("ToastKit", [("en", su("ToastKit"))], extra: "\"shouldTranslate\":false"))),
        Case(rule: "unchanged-translation", file: "Main.xcstrings",
             violating: xc(entry("Download files", [("en", su("Download files")), ("de", su("Download Files"))])),
             clean: xc(entry("Download files", [("en", su("Download files")), ("de", su("Dateien laden"))]))),
        Case(rule: "format-syntax", file: "Main.xcstrings",
             violating: xc(entry("%1$@ of %@", [("en", su("%1$@ of %@"))])), clean: xc(entry("%1$@ of %2$@", [("en", su("%1$@ of %2$@"))]))),
        Case(rule: "accidental-specifier", file: "Main.xcstrings",
             violating: xc(entry("50%% off %@", [("en", su("50%% off %@")), ("fr", su("50 % de remise sur %@"))])),
             clean: xc(entry("50%% off %@", [("en", su("50%% off %@")), ("fr", su("50 %% de remise sur %@"))]))),
        Case(rule: "placeholder-mismatch", file: "Main.xcstrings",
             violating: xc(entry("%lld files", [("en", su("%lld files")), ("de", su("Dateien"))])),
             clean: xc(entry("%lld files", [("en", su("%lld files")), ("de", su("%lld Dateien"))]))),
        Case(rule: "format-type-mismatch", file: "Main.xcstrings",
             violating: xc(entry("%lld files", [("en", su("%lld files")), ("ja", su("%@ 件"))])),
             clean: xc(entry("%lld files", [("en", su("%lld files")), ("ja", su("%lld 件"))]))),
        Case(rule: "format-length-mismatch", file: "Main.xcstrings",
             violating: xc(entry("%lld files", [("en", su("%lld files")), ("de", su("%d Dateien"))])),
             clean: xc(entry("%lld files", [("en", su("%lld files")), ("de", su("%lld Dateien"))]))),
        Case(rule: "reordered-without-positions", file: "Main.xcstrings",
             violating: xc(entry("%lld%% of %@", [("en", su("%lld%% of %@")), ("zh-Hans", su("%@的%lld%%"))])),
             clean: xc(entry("%lld%% of %@", [("en", su("%lld%% of %@")), ("zh-Hans", su("%2$@的%1$lld%%"))]))),
        Case(rule: "source-not-positional", file: "Main.xcstrings",
             violating: xc(entry("%@ sent %@", [("en", su("%@ sent %@"))])), clean: xc(entry("%1$@ sent %2$@", [("en", su("%1$@ sent %2$@"))]))),
        Case(rule: "substitution-mismatch", file: "Main.xcstrings",
             violating: xc(entry("files", [("en", #"{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"one":\#(su("%arg file")),"other":\#(su("%arg files"))}}}}}"#),
                                          ("de", su("%#@n@"))])),
             clean: xc(entry("files", [("en", #"{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"one":\#(su("%arg file")),"other":\#(su("%arg files"))}}}}}"#),
                                       ("de", #"{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"one":\#(su("%arg Datei")),"other":\#(su("%arg Dateien"))}}}}}"#)]))),
        Case(rule: "plural-missing-category", file: "Main.xcstrings",
             violating: xc(entry("%lld files", [("en", plural([("one", "%lld file"), ("other", "%lld files")])), ("ru", plural([("one", "%lld файл"), ("other", "%lld файла")]))])),
             clean: xc(entry("%lld files", [("en", plural([("one", "%lld file"), ("other", "%lld files")])),
                                            ("ru", plural([("one", "%lld файл"), ("few", "%lld файла"), ("many", "%lld файлов"), ("other", "%lld файла")]))]))),
        Case(rule: "plural-unreachable-category", file: "Main.xcstrings",
             violating: xc(entry("%lld files", [("en", plural([("one", "%lld file"), ("other", "%lld files")])), ("ja", plural([("one", "%lld 件"), ("other", "%lld 件")]))])),
             clean: xc(entry("%lld files", [("en", plural([("one", "%lld file"), ("other", "%lld files")])), ("ja", plural([("other", "%lld 件")]))]))),
        Case(rule: "variation-missing-other", file: "Main.xcstrings",
             violating: xc(entry("%lld files", [("en", plural([("one", "%lld file"), ("other", "%lld files")])), ("de", plural([("one", "%lld Datei")]))])),
             clean: xc(entry("%lld files", [("en", plural([("one", "%lld file"), ("other", "%lld files")])), ("de", plural([("one", "%lld Datei"), ("other", "%lld Dateien")]))]))),
        Case(rule: "plural-shape-mismatch", file: "Main.xcstrings",
             violating: xc(entry("%lld files", [("en", plural([("one", "%lld file"), ("other", "%lld files")])), ("pl", su("%lld plików"))])),
             clean: xc(entry("%lld files", [("en", plural([("one", "%lld file"), ("other", "%lld files")])),
                                            ("pl", plural([("one", "%lld plik"), ("few", "%lld pliki"), ("many", "%lld plików"), ("other", "%lld pliku")]))]))),
        Case(rule: "whitespace-mismatch", file: "Main.xcstrings",
             violating: xc(entry("Name: ", [("en", su("Name: ")), ("de", su("Name:"))])), clean: xc(entry("Name: ", [("en", su("Name: ")), ("de", su("Name: "))]))),
        Case(rule: "control-character", file: "Main.xcstrings",
             violating: xc(entry("Error", [("en", su("Error")), ("de", su(#"\u001b[31mFehler"#))])), clean: xc(entry("Error", [("en", su("Error")), ("de", su("Fehler"))]))),
        Case(rule: "bidi-control", file: "Main.xcstrings",
             violating: xc(entry("Open %@", [("en", su("Open %@")), ("he", su(#"פתח \u202e%@"#))])),
             clean: xc(entry("Open %@", [("en", su("Open %@")), ("he", su(#"פתח \u2068%@\u2069"#))]))),
        Case(rule: "markup-mismatch", file: "Main.xcstrings",
             violating: xc(entry("<b>Save</b> now", [("en", su("<b>Save</b> now")), ("de", su("Jetzt speichern"))])),
             clean: xc(entry("<b>Save</b> now", [("en", su("<b>Save</b> now")), ("de", su("<b>Speichern</b> jetzt"))]))),
        Case(rule: "preserved-token", file: "Main.xcstrings",
             violating: xc(entry("Read https://toastkit.dev/help first", [("en", su("Read https://toastkit.dev/help first")), ("de", su("Lies zuerst https://toastkit.de/hilfe"))])),
             clean: xc(entry("Read https://toastkit.dev/help first", [("en", su("Read https://toastkit.dev/help first")), ("de", su("Lies zuerst https://toastkit.dev/help."))]))),
        Case(rule: "punctuation-mismatch", file: "Main.xcstrings",
             violating: xc(entry("Delete the file?", [("en", su("Delete the file?")), ("ja", su("ファイルを削除しますか"))])),
             clean: xc(entry("Delete the file?", [("en", su("Delete the file?")), ("ja", su("ファイルを削除しますか？"))]))),
        Case(rule: "no-source-table", file: "de.lproj/Main.strings", violating: "\"Save\" = \"Sichern\";\n",
             clean: "/* Button. */\n\"Save\" = \"Save\";\n", cleanFile: "en.lproj/Main.strings"),
        Case(rule: "missing-comment", file: "Main.xcstrings",
             violating: xc(entry("Open", comment: nil, [("en", su("Open"))])), clean: xc(entry("Open", [("en", su("Open"))]))),
        Case(rule: "width-budget", file: "Main.xcstrings",
             violating: xc(entry("toast.saved", [("en", su("Saved")), ("ja", su("ファイルはすべて正常に保存されました"))])),
             clean: xc(entry("toast.saved", [("en", su("Saved")), ("ja", su("保存しました"))])), configuration: budget),
    ]

    static func lint(_ text: String, file: String, configuration: LintConfiguration = LintConfiguration()) -> [LintFinding] {
        Linter(configuration: configuration).lint(file: file, bytes: Array(text.utf8))
    }

    @Test("every rule is exercised") func coverage() {
        #expect(Set(Self.cases.map(\.rule)) == Set(LintRule.all.map(\.id.rawValue)))
    }

    @Test(arguments: cases) func violating(_ example: Case) {
        let findings = Self.lint(example.violating, file: example.file, configuration: example.configuration)
        #expect(findings.contains { $0.rule.rawValue == example.rule }, "\(findings.map(LintOutput.text))")
    }

    @Test(arguments: cases) func clean(_ example: Case) {
        let findings = Self.lint(example.clean, file: example.cleanFile ?? example.file, configuration: example.configuration)
        #expect(!findings.contains { $0.rule.rawValue == example.rule }, "\(findings.map(LintOutput.text))")
    }

    @Test func golden() {
        var out = "# toastkit lint: the text output for each rule's violating example (validation-checks.md §2).\n"
        for example in Self.cases {
            out += "\n## \(example.rule)\n"
            for finding in Self.lint(example.violating, file: example.file, configuration: example.configuration) {
                out += LintOutput.text(finding) + "\n"
            }
        }
        GoldenFile(path: "Tests/ToastLintTests/Golden/lint-rules.txt").assertMatches(out)
    }

    /// The byte scan behind the text rules (escapes, backslash pairs, Markdown, non-ASCII
    /// edges, tokens, numbers, controls): one source/German pair each, and the exact rules
    /// reported for the German text.
    struct TextCase: CustomTestStringConvertible, Sendable {
        var source: String
        var target: String
        var rules: [String]
        var testDescription: String { "\(source.debugDescription) → \(target.debugDescription)" }
    }

    static let textCases: [TextCase] = [
        TextCase(source: "Line one\\nLine two", target: "Zeile eins Zeile zwei", rules: ["whitespace-mismatch"]),
        TextCase(source: "Line one\\nLine two", target: "Zeile eins\\nZeile zwei", rules: []),
        // A backslash pair then n is no escape; a third backslash makes one.
        TextCase(source: "Path C:\\\\new", target: "Pfad C:\\\\new", rules: []),
        TextCase(source: "Path C:\\\\new", target: "Pfad C:\\\\\\new", rules: ["whitespace-mismatch"]),
        TextCase(source: "See [docs](https://x.example) now", target: "Siehe Doku jetzt", rules: ["markup-mismatch"]),
        TextCase(source: "See [docs](https://x.example) now", target: "Siehe [Doku](https://x.example) jetzt", rules: []),
        TextCase(source: "**Bold** move", target: "Kühner Zug", rules: ["markup-mismatch"]),
        TextCase(source: "Name:\u{00A0}", target: "Name des Kontos:", rules: ["whitespace-mismatch"]),
        TextCase(source: "\u{3000}Title", target: "Titel", rules: ["whitespace-mismatch"]),
        TextCase(source: "Café", target: "Kaffeehaus", rules: []),
        TextCase(source: "Grüße", target: "Grüße\u{2003}", rules: ["whitespace-mismatch"]),
        TextCase(source: "Use --force now", target: "Nutze jetzt --force", rules: []),
        // Only URLs (and configured terms) must survive verbatim: options, numbers and
        // example addresses are the translator's to adapt.
        TextCase(source: "Use --force now", target: "Nutze jetzt -force", rules: []),
        TextCase(source: "Build 2024 ready", target: "Build bereit", rules: []),
        TextCase(source: "Mail ana@example.com", target: "Schreib an anna@beispiel.de", rules: []),
        TextCase(source: "Docs at https://x.example/a_(b).", target: "Doku: https://x.example/a_(b).", rules: []),
        TextCase(source: "Docs at https://x.example/a_(b).", target: "Doku: https://x.example/a_.", rules: ["preserved-token"]),
        TextCase(source: "Error", target: "Fehler\u{7}", rules: ["control-character"]),
        TextCase(source: "Error", target: "Fehler\u{00AD}", rules: ["control-character"]),
        TextCase(source: "Ready", target: "Bereit `jetzt`", rules: []),
    ]

    /// JSON string contents for `text` (the literal without its quotes).
    static func jsonEscaped(_ text: String) -> String {
        String(JSONWriter.string(.string(text)).dropFirst().dropLast())
    }

    @Test(arguments: textCases) func textFacts(_ example: TextCase) {
        let catalog = Self.xc(Self.entry(Self.jsonEscaped(example.source),
                                         [("en", Self.su(Self.jsonEscaped(example.source))), ("de", Self.su(Self.jsonEscaped(example.target)))]))
        let findings = Self.lint(catalog, file: "Main.xcstrings").filter { $0.locale == "de" }
        #expect(findings.map(\.rule.rawValue).sorted() == example.rules, "\(findings.map(LintOutput.text))")
    }

    /// Positions no specifier reads: each named when there are few, ten and a count when a
    /// specifier reads a far position (`%99999999$@`, found by the lint fuzz target to take
    /// seconds when each position was tried).
    @Test(arguments: [
        ("%1$@ and %3$@", "argument position 2 is never used"),
        ("%4$@ %1$@", "argument positions 2, 3 are never used"),
        ("%1$@ %99999999$@", "argument positions 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 99999987 more are never used"),
    ])
    func unusedArgumentPositions(_ text: String, _ expected: String) {
        let findings = Linter().lint(file: "Main.xcstrings", bytes: Array(Self.xc(Self.entry(text, [("en", Self.su(text))])).utf8))
        let syntax = findings.filter { $0.rule == "format-syntax" }
        #expect(syntax.count == 1 && syntax[0].message.contains(expected), "\(syntax.map(\.message))")
    }
}
