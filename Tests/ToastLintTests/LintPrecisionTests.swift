import Foundation
import Testing
import ToastCatalog
import ToastLint
import ToastTestSupport

/// Lint's precision and recall, case by case: each false-positive class found on real apps
/// (docs/LINT.md, "Precision") with a case that must stay silent, and each miss with a case
/// that must be found. The rules are exact: the rules reported for the target locale are
/// the ones listed, no more.
@Suite struct LintPrecisionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// Relative path → contents.
        var files: [(String, String)]
        var locale: String
        /// The rules expected for `locale` (sorted, each once).
        var rules: [String]
        var configuration = LintConfiguration()
        var testDescription: String { name }
    }

    static func strings(_ pairs: [(String, String)], comments: Bool = true) -> String {
        pairs.map { (comments ? "/* Shown in a toast; %@ is the file name. */\n" : "") + "\"\(escape($0.0))\" = \"\(escape($0.1))\";\n" }.joined()
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// An `.lproj` table `Main` with one entry in the source and in each locale.
    static func table(_ key: String, _ values: [(String, String)]) -> [(String, String)] {
        values.map { ("\($0.0).lproj/Main.strings", strings([(key, $0.1)])) }
    }

    static func stringsdict(_ key: String, format: String, variable: String, type: String = "d", forms: [(String, String)]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>\(key)</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
        <key>\(variable)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>\(type)</string>
        \(forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined())
        </dict></dict></dict></plist>
        """
    }

    static let ibComment = #"/* Class = "NSTextFieldCell"; title = "LIKE '%@%'"; ObjectID = "8140"; */"#

    static let cases: [Case] = [
        // False-positive classes: silent.
        Case(name: "angle-bracket placeholder is text", files: table("none", [("en", "<None>"), ("fr", "<Aucun>")]), locale: "fr", rules: []),
        Case(name: "a tag name is a whole name", files: table("att", [("en", "<Attachment>"), ("cs", "<Příloha>")]), locale: "cs", rules: []),
        Case(name: "real markup still compared", files: table("b", [("en", "Tap <b>here</b>"), ("de", "Tippe hier")]), locale: "de", rules: ["markup-mismatch"]),
        Case(name: "self-closing placeholder tag is markup", files: table("by", [("en", "Invited by"), ("id", "Diundang oleh <userName/>")]),
             locale: "id", rules: ["markup-mismatch"]),
        Case(name: "Interface Builder table is shown verbatim",
             files: [("en.lproj/DBView.strings", ibComment + "\n\"LIKE '%@%'\" = \"LIKE '%@%'\";\n"),
                     ("de.lproj/DBView.strings", ibComment + "\n\"LIKE '%@%'\" = \"LIKE '%@%'\";\n")], locale: "en", rules: []),
        Case(name: "storyboard object keys are shown verbatim",
             files: [("Base.lproj/Main.storyboard", "<document/>"),
                     ("de.lproj/Main.strings", "\"Xyz-ab-123.title\" = \"100%sicher\";\n")], locale: "de", rules: []),
        Case(name: "regional locale falls back to its language",
             files: [("en.lproj/Main.strings", strings([("save", "Save"), ("open", "Open")])), ("pt.lproj/Main.strings", strings([("save", "Salvar"), ("open", "Abrir")])),
                     ("pt-PT.lproj/Main.strings", strings([("open", "Abrir")]))], locale: "pt-PT", rules: []),
        Case(name: "regional locale of the source language",
             files: [("en.lproj/Main.strings", strings([("color", "Color"), ("open", "Open")])), ("de.lproj/Main.strings", strings([("color", "Farbe"), ("open", "Öffnen")])),
                     ("en-GB.lproj/Main.strings", strings([("color", "Colour")]))], locale: "en-GB", rules: []),
        Case(name: "regional locale without its language is missing",
             files: [("en.lproj/Main.strings", strings([("save", "Save"), ("open", "Open")])), ("de.lproj/Main.strings", strings([("save", "Sichern"), ("open", "Öffnen")])),
                     ("pt-PT.lproj/Main.strings", strings([("open", "Abrir")]))], locale: "pt-PT", rules: ["missing-translation"]),
        Case(name: "placeholder-only key needs no translation",
             files: [("en.lproj/Main.strings", strings([("only", "%@"), ("save", "Save")])), ("de.lproj/Main.strings", strings([("save", "Sichern")]))],
             locale: "de", rules: []),
        Case(name: "spelled-out number", files: table("n", [("en", "99 problems, updates ain't one."), ("zh-Hans", "在眼前的八百万个问题中，更新可排不上号。")]),
             locale: "zh-Hans", rules: []),
        Case(name: "grouped number", files: table("n", [("en", "5000 loops conquered!"), ("es", "¡5.000 bucles conquistados!")]), locale: "es", rules: []),
        Case(name: "localized example address", files: table("a", [("en", "For example ana@example.com"), ("de", "Zum Beispiel anna@beispiel.de")]),
             locale: "de", rules: []),
        Case(name: "link target in Markdown is markup's", files: table("l", [("en", "See [docs](https://x.example)"), ("de", "Siehe Doku")]),
             locale: "de", rules: ["markup-mismatch"]),
        Case(name: "lost URL", files: table("l", [("en", "See https://x.example/help."), ("de", "Siehe https://x.example/hilfe.")]),
             locale: "de", rules: ["preserved-token"]),
        Case(name: "ko drops the space before a particle", files: table("o", [("en", " and %lld others"), ("ko", "님 외 %lld명이")]), locale: "ko", rules: []),
        Case(name: "ja sentence delimiter", files: table("d", [("en", ". "), ("ja", "。")]), locale: "ja", rules: []),
        Case(name: "de keeps the space", files: table("o", [("en", " and %lld others"), ("de", "und %lld andere")]), locale: "de", rules: ["whitespace-mismatch"]),
        Case(name: "product name unchanged", files: table("f", [("en", "Face ID"), ("de", "Face ID")]), locale: "de", rules: []),
        Case(name: "product name in a sentence", files: table("f", [("en", "Use Face ID"), ("de", "Use Face ID")]), locale: "de", rules: ["unchanged-translation"]),
        Case(name: "acronym unchanged", files: table("p", [("en", "HTML"), ("fr", "HTML")]), locale: "fr", rules: []),
        Case(name: "word shared by one script", files: table("s", [("en", "Status"), ("de", "Status"), ("fr", "Status"), ("nl", "Status"), ("ru", "Статус")]),
             locale: "de", rules: []),
        Case(name: "untranslated copy in every script", files: table("s", [("en", "Away"), ("de", "Away"), ("fr", "Away"), ("ru", "Away")]),
             locale: "de", rules: ["unchanged-translation"]),
        Case(name: "configured term", files: table("t", [("en", "ToastKit"), ("de", "ToastKit")]), locale: "de", rules: [],
             configuration: { var c = LintConfiguration(); c.doNotTranslate = ["ToastKit"]; return c }()),
        Case(name: "a .strings file in the dictionary form is readable",
             files: [("en.lproj/Main.strings", "{\n  /* Shown in a toast. */\n  \"save\" = \"Save\";\n}\n"), ("de.lproj/Main.strings", "{ \"save\" = \"Sichern\"; }")],
             locale: "de", rules: []),
        Case(name: "a .strings file that is an XML property list is readable",
             files: [("en.lproj/Main.strings", strings([("save", "Save")])),
                     ("de.lproj/Main.strings", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>save</key><string>Sichern</string></dict></plist>\n")],
             locale: "de", rules: []),
        // Misses: found.
        Case(name: "specifier added to a plain source", files: table("save", [("en", "Save"), ("de", "Sichern %@")]), locale: "de", rules: ["placeholder-mismatch"]),
        Case(name: "specifier added to an Interface Builder text",
             files: [("en.lproj/V.strings", ibComment + "\n\"Xyz-ab-123.title\" = \"Save\";\n"), ("de.lproj/V.strings", ibComment + "\n\"Xyz-ab-123.title\" = \"Sichern %@\";\n")],
             locale: "de", rules: ["placeholder-mismatch"]),
        Case(name: "Base.lproj is the source when en.lproj lacks the table",
             files: [("Base.lproj/Main.strings", strings([("save", "Save"), ("open", "Open %@")])),
                     ("de.lproj/Main.strings", strings([("open", "Öffnen")]))], locale: "de", rules: ["missing-translation", "placeholder-mismatch"]),
        Case(name: "uk one hard-codes 1",
             files: [("en.lproj/Main.stringsdict", stringsdict("posts", format: "%#@n@", variable: "n", forms: [("one", "1 post"), ("other", "%d posts")])),
                     ("uk.lproj/Main.stringsdict", stringsdict("posts", format: "%#@n@", variable: "n",
                                                               forms: [("one", "1 допис"), ("few", "%d дописи"), ("many", "%d дописів"), ("other", "%d допису")]))],
             locale: "uk", rules: ["placeholder-mismatch"]),
        Case(name: "de one may hard-code 1",
             files: [("en.lproj/Main.stringsdict", stringsdict("posts", format: "%#@n@", variable: "n", forms: [("one", "1 post"), ("other", "%d posts")])),
                     ("de.lproj/Main.stringsdict", stringsdict("posts", format: "%#@n@", variable: "n", forms: [("one", "1 Beitrag"), ("other", "%d Beiträge")]))],
             locale: "de", rules: []),
        Case(name: "malformed substitution token",
             files: [("en.lproj/Main.stringsdict", stringsdict("k", format: "%1#@count@", variable: "count", forms: [("one", "%d thing"), ("other", "%d things")]))],
             locale: "en", rules: ["format-syntax"]),
        Case(name: "space inside %@", files: [("en.lproj/Main.strings", strings([("k", "% @ done")]))], locale: "en", rules: ["format-syntax"]),
    ]

    /// Lints `files` (relative path → contents) written to a temporary folder.
    static func lint(_ files: [(String, String)], configuration: LintConfiguration = LintConfiguration()) throws -> [LintFinding] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-precision-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return try Linter(configuration: configuration).lint(paths: [folder.path]).findings
    }

    @Test(arguments: cases) func precision(_ example: Case) throws {
        let found = try Self.lint(example.files, configuration: example.configuration).filter { $0.locale == example.locale }
        #expect(Array(Set(found.map(\.rule.rawValue))).sorted() == example.rules, "\(found.map(LintOutput.text))")
    }

    @Test func messagesSayWhatIsWrong() throws {
        let lint = { (files: [(String, String)]) throws -> [String] in try Self.lint(files).map(\.message) }
        let hardCoded = try lint(Self.cases.first { $0.name == "uk one hard-codes 1" }!.files)
        #expect(hardCoded.contains { $0.contains("hard-codes “1”") && $0.contains("1, 21, 31") }, "\(hardCoded)")
        let malformed = try lint([("en.lproj/Main.stringsdict", Self.stringsdict("k", format: "%1#@count@ and %# @sites @", variable: "count",
                                                                                 forms: [("one", "%d thing"), ("other", "%d things")]))])
        #expect(malformed.contains("“%1#@count@” is a malformed substitution token; write “%1$#@count@”"), "\(malformed)")
        #expect(malformed.contains("“%# @sites @” is a malformed substitution token; write “%#@sites@”"), "\(malformed)")
        #expect(!malformed.contains { $0.contains("never used") }, "\(malformed)")
        let spaced = try lint([("en.lproj/Main.strings", Self.strings([("k", "% @ done")]))])
        #expect(spaced.contains("“% @” is not a format specifier: did you mean “%@”?"), "\(spaced)")
        let escapes = try lint(Self.table("k", [("en", "One\\nTwo"), ("de", "Eins Zwei")]))
        #expect(escapes.contains { $0.contains("literal backslash-n") }, "\(escapes)")
    }

    /// A String Catalog substitution without argNum (Xcode writes it so when the text's
    /// order gives the argument) is no schema violation, and its argument is its place.
    @Test func substitutionWithoutArgNum() {
        let sub = #"{"stringUnit":{"state":"translated","value":"%#@n@ in %@"},"substitutions":{"n":{"formatSpecifier":"lld","variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%arg file"}},"other":{"stringUnit":{"state":"translated","value":"%arg files"}}}}}}}"#
        let catalog = LintRuleTests.xc(LintRuleTests.entry("files", [("en", sub)]))
        let findings = LintRuleTests.lint(catalog, file: "Main.xcstrings")
        #expect(!findings.contains { $0.rule == "schema-violation" || $0.rule == "substitution-mismatch" }, "\(findings.map(LintOutput.text))")
    }
}

/// Findings on the real apps of `../shared/corpus`, judged by reading each: the true ones
/// must stay, the false ones must not come back.
@Suite(.enabled(if: TestCorpus.shared().shouldRun, "../shared/corpus is absent"))
struct LintCorpusJudgementTests {
    struct Judged: CustomTestStringConvertible, Sendable {
        var app: String
        var keyPrefix: String
        var locale: String
        var rule: String
        var isReal: Bool
        var why: String
        var testDescription: String { "\(isReal ? "real" : "false") \(rule) \(app.split(separator: "_").last!) \(keyPrefix.prefix(30)) (\(locale))" }
    }

    static let judged: [Judged] = [
        Judged(app: "MrKai77__Loop", keyPrefix: "Version %@ (%lld)", locale: "ru", rule: "format-syntax", isReal: true, why: "%$11d prints garbage"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "a11y_polls_percent_of_total", locale: "da", rule: "accidental-specifier", isReal: true, why: "“% a” reads a double"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "a11y_polls_percent_of_total", locale: "ja", rule: "format-syntax", isReal: true, why: "a lone % at the end"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "screen_login_error_invalid_user_id", locale: "fa", rule: "bidi-control", isReal: true, why: "an unclosed LRE"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "common_privacy_policy", locale: "de", rule: "control-character", isReal: true, why: "a soft hyphen the terminal shows"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "screen_join_room_invited_by", locale: "id", rule: "markup-mismatch", isReal: true, why: "<userName/> the source lacks"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "screen_create_new_recovery_key_title", locale: "de", rule: "markup-mismatch", isReal: true, why: "<b> shown as text"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "leave_room_alert_select_new_owner_title", locale: "cs", rule: "empty-translation", isReal: true, why: "an empty title"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "a11y_polls_percent_of_total", locale: "be", rule: "plural-missing-category", isReal: true, why: "2, 3, 4 get no text"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "a11y_digits_entered", locale: "be", rule: "variation-missing-other", isReal: true, why: "no other form"),
        Judged(app: "transmission__transmission", keyPrefix: "%lu tracker", locale: "he", rule: "placeholder-mismatch", isReal: true, why: "always says one tracker"),
        Judged(app: "transmission__transmission", keyPrefix: "An important update to %@", locale: "fa", rule: "placeholder-mismatch", isReal: true, why: "the app name is dropped (source in Base.lproj)"),
        Judged(app: "transmission__transmission", keyPrefix: "CPU Type", locale: "ar", rule: "missing-translation", isReal: true, why: "the Base.lproj source has it, ar does not"),
        Judged(app: "transmission__transmission", keyPrefix: "%@ %@ is currently the newest", locale: "uk", rule: "format-syntax", isReal: true, why: "%У is no specifier"),
        Judged(app: "p0deje__Maccy", keyPrefix: "Modifiers", locale: "ta", rule: "format-syntax", isReal: true, why: "%உ is no specifier"),
        Judged(app: "p0deje__Maccy", keyPrefix: "Title", locale: "bn", rule: "empty-translation", isReal: true, why: "an empty settings title"),
        Judged(app: "p0deje__Maccy", keyPrefix: "RemoveTrackingParameters", locale: "zh-Hans", rule: "obsolete-translation", isReal: true, why: "a key the source no longer has"),
        Judged(app: "MrKai77__Loop", keyPrefix: "%@", locale: "ar", rule: "review-state", isReal: true, why: "marked needs_review"),
        Judged(app: "alienator88__Pearcleaner", keyPrefix: "Install %@", locale: "zh-Hant", rule: "whitespace-mismatch", isReal: true, why: "a trailing space the source lacks"),
        Judged(app: "p0deje__Maccy", keyPrefix: "history_item_selected_accessibility_value", locale: "en", rule: "source-not-positional", isReal: true, why: "“%d of %d” cannot be reordered"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "common_gallery_reply_attachments", locale: "id", rule: "plural-unreachable-category", isReal: true, why: "id has no one"),
        Judged(app: "alienator88__Pearcleaner", keyPrefix: "Pearcleaner Uninstall", locale: "en", rule: "missing-comment", isReal: true, why: "two words, no context"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "a11y_add_avatar", locale: "lt", rule: "unchanged-translation", isReal: true, why: "English copied into lt"),
        Judged(app: "MrKai77__Loop", keyPrefix: "Go Back", locale: "ar", rule: "missing-translation", isReal: true, why: "no ar text"),
        Judged(app: "MrKai77__Loop", keyPrefix: "No updates available message 30", locale: "zh-Hans", rule: "preserved-token", isReal: false, why: "99 spelled out"),
        Judged(app: "MrKai77__Loop", keyPrefix: "Icon Unlock Message: Loop Master", locale: "es", rule: "preserved-token", isReal: false, why: "5000 written 5.000"),
        Judged(app: "alienator88__Pearcleaner", keyPrefix: "Orphaned file search is not 100%", locale: "vi", rule: "preserved-token", isReal: false, why: "“not 100% accurate” said in words"),
        Judged(app: "alienator88__Pearcleaner", keyPrefix: "Enabling the CLI", locale: "de", rule: "preserved-token", isReal: false, why: "an option is not a URL"),
        Judged(app: "sequelpro__sequelpro", keyPrefix: "LIKE '%@%'", locale: "en", rule: "format-syntax", isReal: false, why: "an Interface Builder label"),
        Judged(app: "sequelpro__sequelpro", keyPrefix: "%SOURCE_TABLE%", locale: "en", rule: "format-syntax", isReal: false, why: "an Interface Builder label"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "common_sentence_delimiter", locale: "ja", rule: "whitespace-mismatch", isReal: false, why: "。 needs no space"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "screen_room_typing_many_members_first_component", locale: "zh-Hant-TW", rule: "whitespace-mismatch", isReal: false, why: "no space after 和"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "common_poll_votes_count", locale: "en-US", rule: "missing-translation", isReal: false, why: "en-US falls back to en"),
        Judged(app: "element-hq__element-x-ios", keyPrefix: "common_face_id_ios", locale: "be", rule: "unchanged-translation", isReal: false, why: "a product name"),
        Judged(app: "Whisky-App__Whisky", keyPrefix: "help.discord", locale: "de", rule: "unchanged-translation", isReal: false, why: "a product name"),
        Judged(app: "Whisky-App__Whisky", keyPrefix: "winetricks.category.dlls", locale: "tr", rule: "unchanged-translation", isReal: false, why: "an acronym"),
        Judged(app: "alienator88__Pearcleaner", keyPrefix: "Homebrew", locale: "sl", rule: "unchanged-translation", isReal: false, why: "a product name"),
    ]

    /// Each app linted once.
    static let findings: [String: [LintFinding]] = {
        var result: [String: [LintFinding]] = [:]
        let corpus = TestCorpus.shared()
        for app in Set(judged.map(\.app)) {
            result[app] = (try? Linter().lint(paths: [corpus.root.appendingPathComponent(app).path]).findings) ?? []
        }
        return result
    }()

    @Test(arguments: judged) func judgement(_ example: Judged) {
        let matches = Self.findings[example.app, default: []].filter {
            $0.rule.rawValue == example.rule && $0.locale == example.locale && $0.key.hasPrefix(example.keyPrefix)
        }
        if example.isReal {
            #expect(!matches.isEmpty, "a real problem is no longer found: \(example.why)")
        } else {
            #expect(matches.isEmpty, "a false finding is back (\(example.why)): \(matches.map(LintOutput.text))")
        }
    }
}
