import Foundation
import Testing
import ToastCatalog
import ToastICU
import ToastTestSupport
@_spi(Verification) @testable import ToastLint

/// An `.lproj` table's `.stringsdict` translations are checked as their table encodes them,
/// and made only when the quick scan cannot clear them: the findings are those of the checks
/// of every translation made, in the same order, and those of the full rules.
@Suite struct LintEncodedTranslationTests {
    /// One `.stringsdict` entry: its format and its variables' value types and forms.
    struct Entry {
        var key: String
        var format: String
        var variables: [(name: String, type: String?, forms: [(String, String)])]
    }

    static func plist(_ entries: [Entry]) -> String {
        var body = ""
        for entry in entries {
            body += "<key>\(entry.key)</key><dict><key>NSStringLocalizedFormatKey</key><string>\(entry.format)</string>"
            for variable in entry.variables {
                body += "<key>\(variable.name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                if let type = variable.type { body += "<key>NSStringFormatValueTypeKey</key><string>\(type)</string>" }
                for (category, text) in variable.forms { body += "<key>\(category)</key><string>\(text)</string>" }
                body += "</dict>"
            }
            body += "</dict>"
        }
        return #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + body + "</dict></plist>"
    }

    /// The source's entries, then each locale's translation of them (`nil`: the locale lacks it).
    static let source: [Entry] = [
        Entry(key: "files", format: "%#@files@", variables: [("files", "lld", [("one", "%lld file"), ("other", "%lld files")])]),
        Entry(key: "one-word", format: "%#@n@", variables: [("n", "d", [("one", "One file"), ("other", "%d files")])]),
        Entry(key: "two", format: "%#@a@ in %#@b@", variables: [("a", "d", [("one", "%d photo"), ("other", "%d photos")]),
                                                              ("b", "d", [("one", "%d album"), ("other", "%d albums")])]),
        Entry(key: "no-variable", format: "Plain text", variables: []),
        Entry(key: "lead", format: "Saved %1$@: %2$#@n@", variables: [("n", "lld", [("one", "%lld item"), ("other", "%lld items")])]),
        Entry(key: "hash", format: "%#@n@", variables: [("n", "lld", [("one", "# %lld"), ("other", "# %lld items")])]),
        Entry(key: "photos", format: "%#@photos@", variables: [("photos", "lld", [("one", "%lld photo"), ("other", "%lld photos")])]),
    ]

    /// Translations in several shapes: clean, missing or extra forms, another value type, a
    /// repeated category or name, a broken text, a substitution less.
    static func translation(_ locale: String, _ shape: Int) -> [Entry] {
        let word = locale == "de" ? "Datei" : locale == "ru" ? "файл" : "ملف"
        var forms: [(String, String)] {
            switch locale {
            case "ru": [("one", "%lld \(word)"), ("few", "%lld \(word)а"), ("many", "%lld \(word)ов"), ("other", "%lld \(word)а")]
            case "ar": [("zero", "%lld"), ("one", "%lld \(word)"), ("two", "%lld \(word)ان"), ("few", "%lld \(word)ات"),
                        ("many", "%lld \(word)ًا"), ("other", "%lld \(word)")]
            default: [("one", "%lld \(word)"), ("other", "%lld \(word)en")]
            }
        }
        var files = Entry(key: "files", format: "%#@files@", variables: [("files", "lld", forms)])
        var oneWord = Entry(key: "one-word", format: "%#@n@", variables: [("n", "d", forms.map { ($0.0, $0.1.replacingOccurrences(of: "%lld", with: "%d")) })])
        var two = Entry(key: "two", format: "%#@a@ / %#@b@", variables: [("a", "d", [("one", "%d Foto"), ("other", "%d Fotos")]),
                                                                       ("b", "d", [("one", "%d Album"), ("other", "%d Alben")])])
        let noVariable = Entry(key: "no-variable", format: "Klartext", variables: [])
        var lead = Entry(key: "lead", format: "%1$@ gespeichert: %2$#@n@", variables: [("n", "lld", forms)])
        let hash = Entry(key: "hash", format: "%#@n@", variables: [("n", "lld", forms)])
        // Clean in every shape: cleared as encoded in each locale.
        let photos = Entry(key: "photos", format: "%#@photos@",
                           variables: [("photos", "lld", forms.map { ($0.0, $0.1.replacingOccurrences(of: word, with: "Foto")) })])
        switch shape {
        case 1: files.variables[0].forms.removeLast()                             // no other form
        case 2: files.variables[0].forms.insert(("two", "%lld zwei"), at: 0)     // a category the locale lacks
        case 3: files.variables[0].type = "d"                                     // another value type
        case 4: files.variables[0].forms.append(("one", "%lld noch einmal"))      // a repeated category (read in full)
        case 5: two.variables.append(("a", "d", [("other", "%d wieder")]))        // a repeated name (read in full)
        case 6: oneWord.variables[0].forms[0].1 = " %d Datei"                     // edge space
        case 7: two.variables.removeLast(); two.format = "%#@a@"                  // a substitution less
        case 8: lead.format = "%2$#@n@ %1$@"                                      // reordered
        case 9: files.format = "%#@files@ %@"                                     // an added specifier
        default: break
        }
        return [files, oneWord, two, noVariable, lead, hash, photos]
    }

    /// A table of the source and the three locales' `.stringsdict` files (and a `.strings`
    /// file beside them that gives German a flat text of one key).
    static func table(shape: Int) throws -> LintTable {
        var table = LintTable()
        var files: [String] = []
        for locale in ["en", "de", "ru", "ar"] {
            let file = "App/\(locale).lproj/Localizable.stringsdict"
            let entries = locale == "en" ? source : translation(locale, shape)
            let catalog = try CatalogLoader.stringsTable(Array(plist(entries).utf8), file: file, sourceLanguage: "en", limits: CatalogLimits())
            table.add(lproj: catalog, file: file, locale: locale, sourceLanguage: "en")
            files.append(file)
        }
        let strings = "App/de.lproj/Localizable.strings"
        let flat = try CatalogLoader.stringsTable(Array("\"no-variable\" = \"Flach\";\n\"only-strings\" = \"Nur hier\";\n".utf8), file: strings,
                                                  sourceLanguage: "en", limits: CatalogLimits(), notesPositions: true)
        table.add(lproj: flat, file: strings, locale: "de", sourceLanguage: "en")
        files.append(strings)
        table.finishLproj(groupFiles: files)
        return table
    }

    static func described(_ findings: [RawFinding]) -> [String] {
        findings.map { "\($0.rule) \($0.file) \($0.key) \($0.locale) \($0.path) \($0.message) \($0.target ?? "")" }
    }

    @Test(arguments: 0...9)
    func encodedTranslationsGiveTheFindingsOfTheMadeOnes(shape: Int) throws {
        let table = try Self.table(shape: shape)
        var asEncoded = LintChecker(table: table, configuration: LintConfiguration())
        asEncoded.run()
        var asMade = LintChecker(table: table, configuration: LintConfiguration())
        asMade.run(checksEncoded: false)
        #expect(Self.described(asEncoded.findings) == Self.described(asMade.findings))
        var fullRules = LintConfiguration()
        fullRules.usesQuickScan = false
        var full = LintChecker(table: table, configuration: fullRules)
        full.run()
        #expect(Set(Self.described(asEncoded.findings)) == Set(Self.described(full.findings)))
        // Translations were cleared as encoded (the clean ones, whichever the shape), none
        // without the encoded checks; Russian and Arabic miss the German forms' categories.
        #expect(asEncoded.clearedEncoded > 0)
        #expect(asMade.clearedEncoded == 0)
        if shape == 0 { #expect(asEncoded.findings.isEmpty == false) }
    }

    /// A repeated name (canonically equal spellings included) or a category given twice is
    /// seen; distinct ones are not.
    @Test func repeatsAreSeen() {
        func value(_ substitutions: [(String, [PluralCategory])]) -> EncodedStringsdictValue {
            EncodedStringsdictValue(format: "%#@a@", substitutions: substitutions.map { name, categories in
                EncodedStringsdictValue.Substitution(name: name, formatSpecifier: "d", argNum: nil, forms: categories.map { ($0, "%d") })
            })
        }
        #expect(!value([("a", [.one, .other]), ("b", [.other])]).hasRepeats)
        #expect(value([("a", [.one, .other]), ("a", [.other])]).hasRepeats)
        #expect(value([("\u{E9}", [.other]), ("e\u{301}", [.other])]).hasRepeats)
        #expect(value([("a", [.one, .other, .one])]).hasRepeats)
    }

    /// A translation with more substitutions than the encoded checks take is made and checked
    /// as before: the same findings either way.
    @Test func manySubstitutionsAreMade() throws {
        func entry(_ forms: (Int) -> [(String, String)]) -> Entry {
            let names = (0..<20).map { "v\($0)" }
            return Entry(key: "many", format: names.map { "%#@\($0)@" }.joined(separator: " "),
                         variables: names.indices.map { (names[$0], "d", forms($0)) })
        }
        var table = LintTable()
        var files: [String] = []
        for (locale, made) in [("en", entry { _ in [("one", "%d item"), ("other", "%d items")] }),
                               ("de", entry { $0 == 7 ? [("one", "%d Stück")] : [("one", "%d Stück"), ("other", "%d Stücke")] })] {
            let file = "App/\(locale).lproj/Localizable.stringsdict"
            table.add(lproj: try CatalogLoader.stringsTable(Array(Self.plist([made]).utf8), file: file, sourceLanguage: "en", limits: CatalogLimits()),
                      file: file, locale: locale, sourceLanguage: "en")
            files.append(file)
        }
        table.finishLproj(groupFiles: files)
        var asEncoded = LintChecker(table: table, configuration: LintConfiguration())
        asEncoded.run()
        var asMade = LintChecker(table: table, configuration: LintConfiguration())
        asMade.run(checksEncoded: false)
        #expect(Self.described(asEncoded.findings) == Self.described(asMade.findings))
        #expect(asEncoded.clearedEncoded == 0)
        #expect(asEncoded.findings.contains { $0.rule == .variationMissingOther && $0.path == "substitutions.v7.plural" })
    }

    /// The shapes above make findings of the plural and format rules through both ways.
    @Test func theShapesHaveFindings() throws {
        var rules = Set<RuleID>()
        for shape in 0...9 {
            var checker = LintChecker(table: try Self.table(shape: shape), configuration: LintConfiguration())
            checker.run()
            rules.formUnion(checker.findings.map(\.rule))
        }
        for rule: RuleID in [.pluralMissingCategory, .pluralUnreachableCategory, .variationMissingOther, .whitespaceMismatch] {
            #expect(rules.contains(rule), "\(rule)")
        }
    }

    /// Every `.lproj` folder of the shared corpus with `.stringsdict` files: the same findings
    /// with the translations checked as encoded and with the full rules.
    @Test(.enabled(if: TestCorpus.shared().shouldRun, "../shared/corpus is absent"))
    func corpusTreesGiveTheSameFindings() throws {
        let corpus = TestCorpus.shared()
        let folders = Set(corpus.files(endingWith: [".stringsdict"]).map { path -> String in
            var parts = path.split(separator: "/").map(String.init)
            while let last = parts.last, !last.hasSuffix(".lproj") { parts.removeLast() }
            parts.removeLast()
            return parts.joined(separator: "/")
        })
        #expect(!folders.isEmpty)
        for folder in folders.sorted() {
            func lint(quick: Bool) throws -> [String] {
                var configuration = LintConfiguration()
                configuration.usesQuickScan = quick
                return try Linter(configuration: configuration).lint(paths: [corpus.root.appendingPathComponent(folder).path]).findings
                    .map(LintOutput.text)
            }
            #expect(try lint(quick: true) == lint(quick: false), "\(folder)")
        }
    }
}
