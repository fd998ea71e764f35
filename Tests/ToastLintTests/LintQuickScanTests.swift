import Foundation
import Testing
import ToastTestSupport
import ToastCatalog
@_spi(Verification) import ToastLint
import ToastKitTesting

/// The checker clears plain target texts with a byte scan before the full rules; the scan may
/// only clear a text on which every leaf rule is silent, so the findings are the same with and
/// without it.
@Suite struct LintQuickScanTests {
    /// Translations the scan clears: the same specifiers in the same order, ordinary text in
    /// any script (curly quotes, dashes, ellipses, NBSP and fullwidth punctuation included).
    static let plain: [(source: String, target: String)] = [
        ("Saved", "Gespeichert"),
        ("%lld files", "%lld Dateien"),
        ("%@ sent %lld photos", "%@ a envoyé %lld photos"),
        ("%1$@ sent %2$lld photos", "%2$lld 枚の写真を %1$@ が送信しました"),
        ("Delete “%@”.", "Supprimer « %@ »."),
        ("%lld%% done", "%lld%% erledigt"),
        ("Loading…", "Wird geladen…"),
        ("Can’t open %@ — try again", "Не удаётся открыть %@ — попробуйте ещё раз"),
        ("%lld files", "共%lld个文件，已完成"),
        ("Saved %@", "تم حفظ %@"),
        ("Saved %@", "נשמר %@"),
        ("Copy", "Copier"),
        ("Saved %@ data", "%@ данные"), ("Saved %@ data", "%@ 日本語"), ("Saved %@ data", "データ %@ を保存"),
    ]

    /// Targets the scan leaves to the full rules (each has one thing a rule looks at), as
    /// translations of "%lld files waiting".
    static let hazards: [String] = [
        " %lld Dateien warten", "%lld Dateien warten ", "%lld Dateien warten\u{A0}", "\u{3000}%lld Dateien warten",
        "%lld Dateien warten\u{2009}", "\u{1680}%lld Dateien warten", "%lld Dateien warten\u{205F}", "\u{2028}%lld Dateien warten",
        "%lld Dateien\nwarten", "%lld Dateien\twarten", "%lld Dateien\\nwarten", "%lld Dateien\\\\warten",
        "\u{1B}[31m%lld Dateien warten", "\u{202E}%lld Dateien warten", "%lld \u{2066}Dateien\u{2069} warten",
        "%lld Datei\u{200B}en warten", "%lld Datei\u{AD}en warten", "%lld Dateien\u{85} warten", "\u{FEFF}%lld Dateien warten",
        "%lld Dateien \u{FFFD} warten", "%lld Dateien \u{E000} warten", "%lld Dateien \u{F8FF} warten",
        "%lld Dateien \u{F0000} warten", "%lld Dateien \u{10FFFD} warten", "%lld Dateien\u{7F} warten",
        "%lld <b>Dateien</b> warten", "%lld **Dateien** warten", "%lld `Dateien` warten", "%lld [Dateien](https://x.de) warten",
        "%d Dateien warten", "%@ Dateien warten", "Dateien warten", "%lld Dateien warten %lld", "%1$lld Dateien warten",
        "%#@files@ Dateien warten", "%lld Dateien warten %", "%lld Dateien warten 50%", "50%lld Dateien warten",
        "٥%lld Dateien warten", "%arg Dateien warten", "", " ", "%lld files waiting",
        // A mark at the end the source does not have (el reads `;` as a question mark).
        "%lld Dateien warten.", "%lld Dateien warten…", "%lld Dateien warten...", "%lld Dateien warten:", "%lld Dateien warten;",
        "%lld Dateien warten?", "%lld Dateien warten！",
    ]

    /// Sources the scan does not take at all: something of theirs is compared by a rule.
    static let involvedSources: [String] = [
        " %lld files", "%lld files ", "%lld\nfiles", "%lld\tfiles", "%lld <b>files</b>", "%lld **files**",
        "%lld files in 2024", "%lld files at https://example.com", "%lld files%n", "%*d files", "%#@files@ waiting",
        "5%d files", "100% sure", "%lld files \u{200B}", "",
        // Endings with locale rules (es ¿, French spacing, each script's marks).
        "Delete %@?", "%lld files:", "Done!",
    ]

    @Test(arguments: plain)
    func clearsPlainTranslations(_ source: String, _ target: String) {
        #expect(LintQuickScan.clears(target, source: source))
    }

    @Test(arguments: hazards)
    func leavesHazardsToTheRules(_ target: String) {
        #expect(!LintQuickScan.clears(target, source: "%lld files waiting"))
    }

    /// Numbered specifiers may come in any order, each once.
    @Test(arguments: [("%2$lld photos de %1$@", true), ("%1$@ : %2$lld photos", true), ("%1$@ : %1$@ photos", false),
                      ("%2$lld photos", false), ("%2$lld photos de %1$@ (%2$lld)", false), ("%2$d photos de %1$@", false),
                      ("%lld photos de %@", false)])
    func numberedSpecifiersInAnyOrder(_ target: String, _ cleared: Bool) {
        #expect(LintQuickScan.clears(target, source: "%1$@ sent %2$lld photos") == cleared)
    }

    /// A source that reads one argument twice, as two types (found by the `lint` fuzz target):
    /// reordered, the rules report the target's clash; in the source's order they do not.
    @Test func oneArgumentReadTwice() throws {
        #expect(!LintQuickScan.clears("%1$lld 枚を %1$@ が送信", source: "%1$@ sent %1$lld photos"))
        #expect(LintQuickScan.clears("%1$@ a envoyé %1$lld photos", source: "%1$@ sent %1$lld photos"))
        for target in ["%1$lld 枚を %1$@ が送信", "%1$@ a envoyé %1$lld photos"] {
            let text = #"{"sourceLanguage":"en","strings":{"sent":{"comment":"%1$@ is a name.","localizations":{"#
                + #""en":{"stringUnit":{"state":"translated","value":"%1$@ sent %1$lld photos"}},"#
                + #""ja":{"stringUnit":{"state":"translated","value":"\#(target)"}}}}},"version":"1.0"}"#
            #expect(Self.lint(Array(text.utf8), file: "Twice.xcstrings", quick: true) == Self.lint(Array(text.utf8), file: "Twice.xcstrings", quick: false))
        }
    }

    @Test(arguments: involvedSources)
    func takesOnlyPlainSources(_ source: String) {
        #expect(!LintQuickScan.clears("Gespeichert", source: source))
        #expect(!LintQuickScan.clears(source, source: source))
    }

    /// Lints a String Catalog of `strings` with and without the scan, expects the same
    /// findings, and returns them.
    @discardableResult
    static func expectSameFindings(_ strings: [String: Any], file: String) throws -> [String] {
        let data = try JSONSerialization.data(withJSONObject: ["sourceLanguage": "en", "version": "1.0", "strings": strings],
                                              options: [.sortedKeys, .prettyPrinted])
        let quick = lint(Array(data), file: file, quick: true)
        let full = lint(Array(data), file: file, quick: false)
        #expect(quick.count == full.count)
        #expect(quick == full)
        return full
    }

    static func lint(_ bytes: [UInt8], file: String, quick: Bool) -> [String] {
        var configuration = LintConfiguration()
        configuration.usesQuickScan = quick
        return Linter(configuration: configuration).lint(file: file, bytes: bytes).map(LintOutput.text)
    }

    /// A source whose one form shows no count ("One file") beside an other form that does:
    /// the rules compare a target's one form with the other form, so a form that drops the
    /// count where it covers several numbers is reported, with or without the scan (the scan
    /// cleared it against the one form alone, and the finding was lost).
    @Test(arguments: [("ru", "Один файл", true), ("uk", "Один файл", true), ("fr", "Un fichier", true),
                      ("de", "Eine Datei", false), ("ru", "%lld файл", false)])
    func aFormThatDropsTheCountIsFoundWithTheScan(locale: String, one: String, dropsCount: Bool) {
        func unit(_ text: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(text)"}}"# }
        let categories = locale == "ru" || locale == "uk" ? ["few", "many", "one", "other"] : ["one", "other"]
        let texts: [String: String] = ["one": one, "few": "%lld файла", "many": "%lld файлов", "other": "%lld fichiers"]
        var members: [String] = []
        for category in categories {
            let form: String = unit(texts[category]!)
            members.append("\"" + category + "\":" + form)
        }
        let forms = members.joined(separator: ",")
        for shape in ["plural", "flat-and-plural"] {
            let sourceForms = #""one":\#(unit("One file")),"other":\#(unit("%lld files"))"#
            let source = shape == "plural" ? #"{"variations":{"plural":{\#(sourceForms)}}}"#
                : #"{"stringUnit":{"state":"translated","value":"%lld files"},"variations":{"plural":{\#(sourceForms)}}}"#
            let text = #"{"sourceLanguage":"en","strings":{"files":{"comment":"A count of files.","localizations":{"#
                + #""en":\#(source),"\#(locale)":{"variations":{"plural":{\#(forms)}}}}}},"version":"1.0"}"#
            let quick = Self.lint(Array(text.utf8), file: "Count.xcstrings", quick: true)
            let full = Self.lint(Array(text.utf8), file: "Count.xcstrings", quick: false)
            #expect(quick == full, "\(shape)")
            #expect(quick.contains { $0.contains("[placeholder-mismatch]") && $0.contains("plural.one") } == dropsCount,
                    "\(shape): \(quick)")
        }
    }

    /// Substitutions' forms: a target whose forms have the source's bytes is cleared by the scan
    /// only when its substitution reads the source's argument as the source's type; each
    /// variant below (another argNum, another type, another width, forms that differ, a form
    /// that drops the count) gives the same findings with and without the scan.
    @Test(arguments: [
        ("1", "lld", "%lld Datei", "%lld Dateien"),
        ("2", "lld", "%lld Datei", "%lld Dateien"),
        ("1", "@", "%lld Datei", "%lld Dateien"),
        ("1", "d", "%lld Datei", "%lld Dateien"),
        (nil, "lld", "%lld Datei", "%lld Dateien"),
        ("1", nil, "%lld Datei", "%lld Dateien"),
        ("1", "lld", "%d Datei", "%lld Dateien"),
        ("1", "lld", "Eine Datei", "%lld Dateien"),
        ("1", "lld", "%lld Datei", "%@ Dateien"),
    ] as [(String?, String?, String, String)])
    func substitutionFormsGiveTheSameFindingsWithTheScan(argNum: String?, specifier: String?, one: String, other: String) {
        func unit(_ text: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(text)"}}"# }
        func substitution(_ argNum: String?, _ specifier: String?, _ one: String, _ other: String) -> String {
            var members: [String] = []
            if let argNum { members.append(#""argNum":\#(argNum)"#) }
            if let specifier { members.append(#""formatSpecifier":"\#(specifier)""#) }
            members.append(#""variations":{"plural":{"one":\#(unit(one)),"other":\#(unit(other))}}"#)
            return "{" + members.joined(separator: ",") + "}"
        }
        let source = #"{"stringUnit":{"state":"translated","value":"%#@n@ in %@"},"substitutions":{"n":"#
            + substitution("1", "lld", "%lld file", "%lld files") + "}}"
        let target = #"{"stringUnit":{"state":"translated","value":"%#@n@ in %@"},"substitutions":{"n":"#
            + substitution(argNum, specifier, one, other) + "}}"
        let text = #"{"sourceLanguage":"en","strings":{"files":{"comment":"A count of files and a folder name.","localizations":{"#
            + #""en":\#(source),"de":\#(target),"ru":\#(target)}}},"version":"1.0"}"#
        let quick = Self.lint(Array(text.utf8), file: "Sub.xcstrings", quick: true)
        let full = Self.lint(Array(text.utf8), file: "Sub.xcstrings", quick: false)
        #expect(quick == full)
        // The source's shape has nothing to report in de (ru lacks its few and many forms); an
        // object for the count has.
        let inGerman = full.filter { $0.contains("(de ") || $0.contains("(de)") }
        if argNum == "1" && specifier == "lld" && one == "%lld Datei" && other == "%lld Dateien" { #expect(inGerman.isEmpty, "\(full)") }
        if specifier == "@" { #expect(full.contains { $0.contains("[substitution-mismatch]") }, "\(full)") }
    }

    /// The shape of a .stringsdict entry (its text one substitution token): targets whose text,
    /// substitution or forms differ from the source's in each way the scan looks at give the
    /// same findings with and without it, in German, Russian (more forms), Japanese (one) and
    /// Polish (the source's forms alone, fewer than it needs).
    @Test(arguments: [("%#@n@", #""argNum":1,"formatSpecifier":"lld""#), ("%1$#@n@", #""argNum":1,"formatSpecifier":"lld""#),
                      ("%1$#@n@", #""argNum":2,"formatSpecifier":"lld""#)], [
        (#""%#@n@""#, #""argNum":1,"formatSpecifier":"lld""#, "%lld Datei", "%lld Dateien"),
        (#""%#@n@""#, #""argNum":1,"formatSpecifier":"lld""#, "%lld Datei", "%lld Dateien "),
        (#""%#@n@""#, #""argNum":1,"formatSpecifier":"lld""#, "Eine Datei", "%lld Dateien"),
        (#""%#@n@""#, #""argNum":1,"formatSpecifier":"lld""#, "%d Datei", "%lld Dateien"),
        (#""%#@n@""#, #""argNum":1,"formatSpecifier":"lld""#, "%lld Datei", "%@ Dateien"),
        (#""%#@n@""#, #""argNum":2,"formatSpecifier":"lld""#, "%lld Datei", "%lld Dateien"),
        (#""%#@n@""#, #""argNum":1,"formatSpecifier":"@""#, "%lld Datei", "%lld Dateien"),
        (#""%#@n@""#, #""formatSpecifier":"lld""#, "%lld Datei", "%lld Dateien"),
        (#""%#@n@""#, #""argNum":1,"formatSpecifier":"lld","x-note":1"#, "%lld Datei", "%lld Dateien"),
        (#""%#@n@ ""#, #""argNum":1,"formatSpecifier":"lld""#, "%lld Datei", "%lld Dateien"),
        (#""%#@m@""#, #""argNum":1,"formatSpecifier":"lld""#, "%lld Datei", "%lld Dateien"),
        (#""Dateien: %#@n@""#, #""argNum":1,"formatSpecifier":"lld""#, "%lld Datei", "%lld Dateien"),
        (#""%#@n@","state":"needs_review""#, #""argNum":1,"formatSpecifier":"lld""#, "%lld Datei", "%lld Dateien"),
        (#""%#@n@""#, #""argNum":1,"formatSpecifier":"lld""#, "%lld Datei\\u200B", "%lld Dateien"),
        (#""%#@n@""#, #""argNum":1,"formatSpecifier":"lld""#, "<b>%lld</b> Datei", "%lld Dateien"),
        (#""%#@n@""#, #""argNum":1,"formatSpecifier":"lld""#, "%lld files", "%lld files"),
        (#""%#@n@""#, "source", "%lld Datei", "%lld Dateien"),
    ] as [(String, String, String, String)])
    func tokenTextsGiveTheSameFindingsWithTheScan(sourceText: (root: String, members: String),
                                                  target: (root: String, members: String, one: String, other: String)) {
        let sourceRoot = sourceText.root
        let targetMembers = target.members == "source" ? sourceText.members : target.members
        func unit(_ text: String, _ state: String = "translated") -> String { #"{"stringUnit":{"state":"\#(state)","value":"\#(text)"}}"# }
        func value(_ root: String, _ members: String, _ forms: [(String, String)]) -> String {
            let plural = forms.map { #""\#($0.0)":\#(unit($0.1))"# }.joined(separator: ",")
            let rootUnit = root.contains("state") ? #"{"value":\#(root)}"# : #"{"state":"translated","value":\#(root)}"#
            return #"{"stringUnit":\#(rootUnit),"substitutions":{"n":{\#(members),"variations":{"plural":{\#(plural)}}}}}"#
        }
        let source = value("\"\(sourceRoot)\"", sourceText.members, [("one", "%lld file"), ("other", "%lld files")])
        let targetRoot = target.root.replacingOccurrences(of: "%#@n@", with: sourceRoot)
        let german = value(targetRoot, targetMembers, [("one", target.one), ("other", target.other)])
        let russian = value(targetRoot, targetMembers, [("one", target.one), ("few", target.other), ("many", target.other), ("other", target.other)])
        // Polish with the source's forms alone lacks its few and many forms.
        let polish = value(targetRoot, targetMembers, [("one", target.one), ("other", target.other)])
        let japanese = value(targetRoot, targetMembers, [("other", target.other)])
        let text = #"{"sourceLanguage":"en","strings":{"files":{"comment":"A count of files.","localizations":{"#
            + #""en":\#(source),"de":\#(german),"ja":\#(japanese),"pl":\#(polish),"ru":\#(russian)}}},"version":"1.0"}"#
        let quick = Self.lint(Array(text.utf8), file: "Token.xcstrings", quick: true)
        let full = Self.lint(Array(text.utf8), file: "Token.xcstrings", quick: false)
        #expect(quick == full)
        // The source's shape translated has nothing to report but the forms Polish lacks.
        if sourceText.members == #""argNum":1,"formatSpecifier":"lld""# && targetMembers == sourceText.members && target.root == #""%#@n@""# && target.one == "%lld Datei"
            && target.other == "%lld Dateien" {
            #expect(!full.isEmpty && full.allSatisfy { $0.contains("(pl ") && $0.contains("[plural-missing-category]") }, "\(full)")
        }
        // A source whose substitution reads an argument its text does not pass: reported in
        // every locale, also where the scan clears the forms.
        if sourceText.members.contains(#""argNum":2"#) && target.members == "source" {
            #expect(full.filter { $0.contains("argNum 2") }.count == 5, "\(full)")
        }
    }

    /// Texts with words around their substitution tokens, one or two substitutions, tokens
    /// plain or numbered, forms with tokens of their own, forms reading `%lld` or `%arg` (kept,
    /// dropped, written `%a`, read twice, or `%lld` against the source's `%arg`): the same
    /// findings with and without the scan, in German, Japanese, Polish and Russian.
    @Test(arguments: [
        ("%#@n@ waiting", ["%#@n@ warten", "%#@n@ warten.", " %#@n@ warten", "%#@m@ warten", "%#@n@ %#@n@ warten", "warten", "%#@n@ waiting",
                           "%#@n@ <b>warten</b>", "%#@n@ warten %@", "%1$#@n@ warten", "%#@n@\twarten", "5%#@n@ warten", "%# @n@ warten"]),
        ("%#@n@ in %#@m@", ["%#@n@ in %#@m@", "%#@m@ in %#@n@", "%#@n@ dans %#@m@", "%#@n@ in", "%#@n@ in %#@m@ ?"]),
        ("%1$#@n@ in %2$#@m@", ["%2$#@m@: %1$#@n@", "%1$#@n@ in %2$#@m@", "%1$#@n@ in %1$#@n@", "%#@n@ in %#@m@"]),
        ("%#@n@ of %#@m@ files", ["%#@n@ von %#@m@ Dateien", "%#@m@ von %#@n@ Dateien"]),
        // A token that names no substitution, in the source and its translation.
        ("%#@n@ and %#@x@", ["%#@n@ und %#@x@"]),
    ])
    func wordyTokenTextsGiveTheSameFindingsWithTheScan(sourceRoot: String, targetRoots: [String]) throws {
        func unit(_ text: String) -> [String: Any] { ["stringUnit": ["state": "translated", "value": text]] }
        func substitutions(_ root: String, _ specifier: String, _ forms: [(String, String)], formTokens: Bool) -> [String: Any] {
            var result: [String: Any] = [:]
            // With form tokens, n's one form names m (defined then in any case): a locale with
            // no one form leaves m unused.
            for (index, name) in ["n", "m"].enumerated() where root.contains("@\(name)@") || (formTokens && name == "m") {
                var plural: [String: Any] = [:]
                for (category, text) in forms { plural[category] = unit(formTokens && name == "n" && category == "one" ? text + " %#@m@" : text) }
                result[name] = ["argNum": index + 1, "formatSpecifier": specifier, "variations": ["plural": plural]]
            }
            return result
        }
        var strings: [String: Any] = [:]
        // Forms reading their number as `%arg` (Xcode's), with targets that keep it, drop it or
        // spell it otherwise.
        func arg(_ forms: [(String, String)], _ style: Int) -> [(String, String)] {
            guard style > 0 else { return forms }
            return forms.enumerated().map { index, form in
                let text = form.1.replacingOccurrences(of: "%lld", with: "%arg")
                switch (style, index) {
                case (2, 0): return (form.0, text.replacingOccurrences(of: "%arg", with: "eine"))
                case (3, 0): return (form.0, text.replacingOccurrences(of: "%arg", with: "%a"))
                case (4, 0): return (form.0, text + " %arg")
                case (5, 0): return (form.0, form.1)
                default: return (form.0, text)
                }
            }
        }
        for (formTokens, style) in [false, true].flatMap({ tokens in (0...5).map { (tokens, $0) } }) {
            let sourceForms = arg([("one", "%lld file"), ("other", "%lld files")], style > 0 ? 1 : 0)
            let source: [String: Any] = ["stringUnit": ["state": "translated", "value": sourceRoot],
                                         "substitutions": substitutions(sourceRoot, "lld", sourceForms, formTokens: formTokens)]
            for (t, targetRoot) in targetRoots.enumerated() {
                for specifier in ["lld", "@"] {
                    func target(_ forms: [(String, String)]) -> [String: Any] {
                        ["stringUnit": ["state": "translated", "value": targetRoot],
                         "substitutions": substitutions(sourceRoot, specifier, forms, formTokens: formTokens)]
                    }
                    strings["k.\(formTokens).\(style).\(t).\(specifier)"] = ["comment": "A count of files.", "localizations": [
                        "en": source,
                        "de": target(arg([("one", "%lld Datei"), ("other", "%lld Dateien")], style)),
                        "ja": target(arg([("other", "%lld 件")], style)),
                        "pl": target(arg([("one", "%lld plik"), ("other", "%lld pliki")], style)),
                        "ru": target(arg([("one", "%lld файл"), ("few", "%lld файла"), ("many", "%lld файлов"), ("other", "%lld файла")], style)),
                    ]]
                }
            }
        }
        try Self.expectSameFindings(strings, file: "Wordy.xcstrings")
    }

    /// What a review found the scan and the rules reading differently: a broken token in a
    /// source form (the rules count its name as used, in the locales that have the form), a
    /// mark joined to the `g` of `%arg` (a `%a` to the rules), a broken token starting at the
    /// second `%` of a `%%`, a token whose name holds markup. The same findings with and
    /// without the scan.
    @Test func readingsTheRulesShare() throws {
        func unit(_ text: String) -> [String: Any] { ["stringUnit": ["state": "translated", "value": text]] }
        func substitution(_ argNum: Int, _ forms: [(String, String)]) -> [String: Any] {
            ["argNum": argNum, "formatSpecifier": "lld",
             "variations": ["plural": Dictionary(uniqueKeysWithValues: forms.map { ($0.0, unit($0.1)) })]]
        }
        var strings: [String: Any] = [:]
        // A broken token in the source's one form; Japanese has no one form.
        strings["broken"] = ["comment": "Files and items.", "localizations": [
            "en": ["stringUnit": ["state": "translated", "value": "%#@x@"],
                   "substitutions": ["x": substitution(1, [("one", "%1#@y@ file"), ("other", "%arg files")]),
                                     "y": substitution(2, [("one", "%arg item"), ("other", "%arg items")])]],
            "ja": ["stringUnit": ["state": "translated", "value": "%#@x@"],
                   "substitutions": ["x": substitution(1, [("other", "%arg ファイル")]), "y": substitution(2, [("other", "%arg 個")])]],
        ]]
        for (index, (source, target)) in [("%arg files", "%arg\u{301} Dateien"), ("%arg\u{301} files", "%arg Dateien"),
                                            ("%arg files", "%arg\u{FE0F} Dateien"), ("%arg files", "%arg\u{200D} Dateien")].enumerated() {
            strings["arg.\(index)"] = ["comment": "Files.", "localizations": [
                "en": ["stringUnit": ["state": "translated", "value": "%#@n@"], "substitutions": ["n": substitution(1, [("one", "%arg file"), ("other", source)])]],
                "de": ["stringUnit": ["state": "translated", "value": "%#@n@"], "substitutions": ["n": substitution(1, [("one", "%arg Datei"), ("other", target)])]],
            ]]
        }
        strings["percent"] = ["comment": "A name.", "localizations": ["en": unit("Hello %@"), "de": unit("Hallo %@ 100%%1#@x@")]]
        strings["percent.sub"] = ["comment": "Files.", "localizations": [
            "en": ["stringUnit": ["state": "translated", "value": "%#@n@ waiting"], "substitutions": ["n": substitution(1, [("one", "%arg file"), ("other", "%arg files")])]],
            "de": ["stringUnit": ["state": "translated", "value": "%#@n@ warten 5%%1#@n@"], "substitutions": ["n": substitution(1, [("one", "%arg Datei"), ("other", "%arg Dateien")])]],
        ]]
        strings["markup"] = ["comment": "Files.", "localizations": [
            "en": ["stringUnit": ["state": "translated", "value": "%#@<b @ waiting"], "substitutions": ["<b ": substitution(1, [("other", "%arg files")])]],
            "de": ["stringUnit": ["state": "translated", "value": "%#@<b @ Dateien>"], "substitutions": ["<b ": substitution(1, [("other", "%arg Dateien")])]],
        ]]
        let full = try Self.expectSameFindings(strings, file: "Review.xcstrings")
        #expect(full.contains { $0.contains("(ja substitutions.y)") && $0.contains("never used") }, "\(full)")
        #expect(full.contains { $0.contains("“arg.0” (de") && $0.contains("[format-type-mismatch]") }, "\(full)")
        #expect(full.contains { $0.contains("“percent” (de)") && $0.contains("[format-syntax]") }, "\(full)")
        #expect(full.contains { $0.contains("“markup” (de)") && $0.contains("[markup-mismatch]") }, "\(full)")
    }

    /// The same shape in .stringsdict files of .lproj folders, read as a tree: the same
    /// findings with and without the scan.
    @Test func stringsdictFilesGiveTheSameFindingsWithTheScan() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-token-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        func entry(_ key: String, _ root: String, _ type: String, _ forms: [(String, String)]) -> String {
            "<key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>\(root)</string><key>n</key><dict>"
                + "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>\(type)</string>"
                + forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined() + "</dict></dict>"
        }
        let locales: [(String, ([(String, String)]) -> [(String, String)])] = [
            ("en", { $0 }), ("de", { $0 }), ("pl", { $0 }), ("ru", { [("one", $0[0].1), ("few", $0[1].1), ("many", $0[1].1), ("other", $0[1].1)] }), ("ja", { [("other", $0[1].1)] }),
        ]
        let sources: [(key: String, root: String, type: String, forms: [(String, String)])] = [
            ("clean", "%#@n@", "lld", [("one", "%lld file"), ("other", "%lld files")]),
            ("trailing", "%#@n@", "lld", [("one", "%lld file"), ("other", "%lld files ")]),
            ("prose", "%#@n@", "lld", [("one", "One file"), ("other", "%lld files")]),
            ("object", "%#@n@", "@", [("one", "%@ file"), ("other", "%@ files")]),
            ("words", "Files: %#@n@", "lld", [("one", "%lld file"), ("other", "%lld files")]),
            ("unreadable", "%#@n@", "q", [("one", "%lld file"), ("other", "%lld files")]),
        ]
        for (code, reshape) in locales {
            let lproj = folder.appendingPathComponent("\(code).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            var body = ""
            for source in sources {
                var forms = source.forms
                if code == "de" && source.key == "clean" { forms = [("one", "%lld Datei"), ("other", "%d Dateien")] }
                if code != "en" && source.key == "trailing" { forms = [("one", "%lld Datei"), ("other", "%lld Dateien")] }
                body += entry(source.key, source.root, source.type, reshape(forms))
            }
            let plist = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + body + "</dict></plist>"
            try Data(plist.utf8).write(to: lproj.appendingPathComponent("Localizable.stringsdict"))
        }
        func lint(quick: Bool) throws -> [String] {
            var configuration = LintConfiguration()
            configuration.usesQuickScan = quick
            return try Linter(configuration: configuration).lint(paths: [folder.path]).findings.map(LintOutput.text)
        }
        let quick = try lint(quick: true), full = try lint(quick: false)
        #expect(quick == full)
        #expect(full.contains { $0.contains("[format-length-mismatch]") || $0.contains("[format-type-mismatch]") }, "\(full)")
        #expect(full.contains { $0.contains("[whitespace-mismatch]") }, "\(full)")
        #expect(full.filter { $0.contains("“q”") }.count == 5, "\(full)")
    }

    /// Every source above against every target above, in German and Japanese, flat and as
    /// plural forms: the findings with and without the scan are the same.
    @Test func sameFindingsWithAndWithoutTheScan() throws {
        let sources = Self.plain.map(\.source) + Self.involvedSources + ["%lld files waiting"]
        let targets = Self.plain.map(\.target) + Self.hazards + ["%1$@ : %1$@ photos", "%2$lld photos de %1$@ (%2$lld)"]
        var strings: [String: Any] = [:]
        for (s, source) in sources.enumerated() {
            for (t, target) in targets.enumerated() {
                let unit: (String) -> [String: Any] = { ["stringUnit": ["state": "translated", "value": $0]] }
                strings["flat.\(s).\(t)"] = ["comment": "Test text; %lld is a count.",
                                             "localizations": ["en": unit(source), "de": unit(target), "ja": unit(target + "。")]]
                strings["plural.\(s).\(t)"] = ["comment": "Test text; %lld is a count.", "localizations": [
                    "en": ["variations": ["plural": ["one": unit(source), "other": unit(source)]]],
                    "de": ["variations": ["plural": ["one": unit(target), "other": unit(target)]]],
                    "ja": ["variations": ["plural": ["other": unit(target)]]],
                ]]
            }
        }
        let full = try Self.expectSameFindings(strings, file: "Scan.xcstrings")
        // Most of the hazards are findings; the plain pairs are not.
        #expect(full.count > sources.count * Self.hazards.count)
    }
}

extension LintQuickScanTests {
    /// Plural forms and flat texts whose text the scan clears but whose state, members or
    /// shape may be reported: the same findings with and without the scan.
    @Test(arguments: [
        (#""de":{"stringUnit":{"state":"needs_review","value":"Gespeichert"}}"#, true),
        (#""de":{"stringUnit":{"state":"new","value":"Gespeichert"}}"#, true),
        (#""de":{"stringUnit":{"state":"reviewed","value":"Gespeichert"}}"#, true),
        (#""de":{"stringUnit":{"state":"translated","value":"Gespeichert","x-note":1}}"#, true),
        (#""de":{"stringUnit":{"state":"translated","value":"Gespeichert"},"x-note":1}"#, true),
        (#""de":{"variations":{"plural":{"one":{"stringUnit":{"state":"needs_review","value":"%lld Datei"}},"other":{"stringUnit":{"state":"translated","value":"%lld Dateien"}}}}}"#, true),
        (#""de":{"variations":{"plural":{"one":{"stringUnit":{"state":"new","value":"%lld Datei"}},"other":{"stringUnit":{"state":"translated","value":"%lld Dateien"}}}}}"#, true),
        (#""de":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld Datei","x-note":1}},"other":{"stringUnit":{"state":"translated","value":"%lld Dateien"}}}}}"#, true),
        (#""de":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld Datei"}},"other":{"stringUnit":{"state":"translated","value":"%lld Dateien"}}},"x-kind":{}}}"#, true),
        (#""de":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld Datei"}}}}}"#, true),
        (#""de":{"variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%lld Dateien"}}}}}"#, true),
        (#""de":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld Datei"}},"few":{"stringUnit":{"state":"translated","value":"%lld Dateien"}},"other":{"stringUnit":{"state":"translated","value":"%lld Dateien"}}}}}"#, true),
        (#""de":{"stringUnit":{"state":"translated","value":"%lld Dateien"},"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld Datei"}},"other":{"stringUnit":{"state":"translated","value":"%lld Dateien"}}}}}"#, false),
    ])
    func reportedBesidesTheText(_ german: String, _ reported: Bool) {
        let plural = german.contains("plural")
        let english = plural
            ? #""en":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld file"}},"other":{"stringUnit":{"state":"translated","value":"%lld files"}}}}}"#
            : #""en":{"stringUnit":{"state":"translated","value":"Saved"}}"#
        let text = #"{"sourceLanguage":"en","strings":{"k":{"comment":"A count of files, or a button.","localizations":{\#(english),\#(german)}}},"version":"1.0"}"#
        let quick = Self.lint(Array(text.utf8), file: "States.xcstrings", quick: true)
        #expect(quick == Self.lint(Array(text.utf8), file: "States.xcstrings", quick: false))
        // (A string unit beside plural forms is no finding of any rule; it is kept on rewrite.)
        #expect(quick.isEmpty != reported, "\(german)")
    }
}

@Suite(.enabled(if: TestCorpus.shared().shouldRun, "../shared/corpus is absent"))
struct LintQuickScanCorpusTests {
    static let corpus = TestCorpus.shared()

    @Test(arguments: corpus.files(endingWith: [".xcstrings", ".strings", ".stringsdict"]))
    func sameFindings(_ path: String) throws {
        let bytes = try Self.corpus.bytes(path)
        #expect(LintQuickScanTests.lint(bytes, file: path, quick: true) == LintQuickScanTests.lint(bytes, file: path, quick: false))
    }

    /// The digit test skips the property lookup in ranges with no decimal digit: for every
    /// scalar it must agree with the lookup.
    @Test func decimalDigitsOfEveryScalar() {
        var digits = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar.properties.numericType == .decimal ? scalar.properties.numericValue.map { Int($0) } : nil
            let found = LintText.decimalDigit(scalar)
            if found != expected { Issue.record("U+\(String(value, radix: 16, uppercase: true)): \(String(describing: found)) ≠ \(String(describing: expected))") }
            if found != nil { digits += 1 }
        }
        #expect(digits >= 650)  // every script's 0–9 (660 in Unicode 14)
    }

    /// The scan skips the bytes no rule looks for by a table: a hazard at any offset of a
    /// longer text must still stop it.
    @Test(arguments: ["\u{01}", "\t", "\n", "\u{1F}", "<", "\\", "`", "\u{7F}", "](", "**", "%d", "%%%", "\u{0}"])
    func hazardsAtEveryOffset(_ hazard: String) {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGH"
        #expect(LintQuickScan.clears(plain, source: "Some plain source text"))
        for offset in 1..<(plain.count - 1) {
            var text = plain
            text.insert(contentsOf: hazard, at: text.index(text.startIndex, offsetBy: offset))
            #expect(!LintQuickScan.clears(text, source: "Some plain source text"), "\(hazard.debugDescription) at \(offset)")
        }
    }
}
