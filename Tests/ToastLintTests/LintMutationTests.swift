import Foundation
import Testing
import ToastTestSupport
import ToastCatalog
@_spi(Verification) import ToastLint
import ToastICU
import ToastKitTesting

/// Mutation test of the linter: a clean String Catalog is built and damaged with Foundation's
/// JSONSerialization (independent of ToastKit's JSON reader), at random keys and locales, with
/// every kind of defect; lint must report each with the right rule, key and locale, and
/// nothing at the entries left alone.
@Suite struct LintMutationTests {
    static let locales = ["de", "fr", "ru", "pl", "ja", "ar", "he", "cs"]
    static let services = ICUServices()

    enum Shape: CaseIterable { case object, integer, plural, substitution, markup, twoArguments, plain }

    enum Defect: String, CaseIterable {
        case droppedPluralForm, swappedType, retypedLength, missingTranslation, bidiOverride, escapeSequence,
             unbalancedSubstitution, whitespace, droppedPlaceholder, emptyTranslation, needsReview, markupLost,
             accidentalSpecifier, reordered, droppedOther, droppedSubstitution, specifierAdded, hardCodedCount

        var rule: String {
            switch self {
            case .droppedPluralForm: "plural-missing-category"
            case .swappedType: "format-type-mismatch"
            case .retypedLength: "format-length-mismatch"
            case .missingTranslation: "missing-translation"
            case .bidiOverride: "bidi-control"
            case .escapeSequence: "control-character"
            case .unbalancedSubstitution, .droppedSubstitution: "substitution-mismatch"
            case .whitespace: "whitespace-mismatch"
            case .droppedPlaceholder, .specifierAdded, .hardCodedCount: "placeholder-mismatch"
            case .emptyTranslation: "empty-translation"
            case .needsReview: "review-state"
            case .markupLost: "markup-mismatch"
            case .accidentalSpecifier: "accidental-specifier"
            case .reordered: "reordered-without-positions"
            case .droppedOther: "variation-missing-other"
            }
        }

        func applies(to shape: Shape, locale: String, categories: [String]) -> Bool {
            switch self {
            case .droppedPluralForm: shape == .plural && categories.count > 1
            case .droppedOther: shape == .plural
            case .swappedType: shape == .object || shape == .integer || shape == .plural
            case .retypedLength: shape == .integer || shape == .plural
            case .missingTranslation: true
            case .bidiOverride, .escapeSequence, .whitespace: shape != .substitution
            case .unbalancedSubstitution, .droppedSubstitution: shape == .substitution
            case .droppedPlaceholder: shape == .object || shape == .integer || shape == .twoArguments || shape == .markup
            case .emptyTranslation, .needsReview, .accidentalSpecifier: shape == .object || shape == .integer || shape == .markup
            case .markupLost: shape == .markup
            case .reordered: shape == .twoArguments
            // A specifier in a translation of a text that has none.
            case .specifierAdded: shape == .plain
            // `one` = "1 …" where one covers 21, 31 … too.
            case .hardCodedCount: shape == .plural && locale == "ru"
            }
        }
    }

    /// The plural categories a locale's integers reach, from ICU (which is not the linter's code under test).
    static func integerCategories(_ locale: String) -> [String] {
        let rules = try! services.pluralRules(LocaleTag(locale)!)
        return rules.samples(services: services).filter { !$0.integers.isEmpty || $0.category == .other }.map(\.category.rawValue)
    }

    static func unit(_ value: String, state: String = "translated") -> [String: Any] {
        ["stringUnit": ["state": state, "value": value]]
    }

    static func source(_ shape: Shape, _ n: Int) -> (key: String, comment: String, value: [String: Any]) {
        switch shape {
        case .object: return ("Saved %@ to disk \(letters(n))", "%@ is the file name.", unit("Saved %@ to disk \(letters(n))"))
        case .integer: return ("Deleted %lld items \(letters(n))", "%lld is the number of items.", unit("Deleted %lld items \(letters(n))"))
        case .plural:
            let key = "%lld files waiting \(letters(n))"
            return (key, "%lld is the number of files.", ["variations": ["plural": ["one": unit("%lld file waiting \(letters(n))"), "other": unit(key)]]])
        case .substitution:
            let key = "%#@files@ left \(letters(n))"
            return (key, "files is the number of files left.", [
                "stringUnit": ["state": "translated", "value": key],
                "substitutions": ["files": ["argNum": 1, "formatSpecifier": "lld",
                                            "variations": ["plural": ["one": unit("%arg file"), "other": unit("%arg files")]]]],
            ])
        case .markup: return ("<b>%@</b> was shared \(letters(n))", "%@ is the album name.", unit("<b>%@</b> was shared \(letters(n))"))
        case .twoArguments: return ("%@ sent %lld photos \(letters(n))", "%@ is the sender, %lld the photo count.", unit("%@ sent %lld photos \(letters(n))"))
        case .plain: return ("Saved to disk \(letters(n))", "Shown when a save ends.", unit("Saved to disk \(letters(n))"))
        }
    }

    static func letters(_ n: Int) -> String {
        var n = n, out = ""
        repeat { out.append(Character(Unicode.Scalar(UInt8(97 + n % 26)))); n /= 26 } while n > 0
        return "batch " + out
    }

    static func target(_ shape: Shape, _ n: Int, locale: String, categories: [String]) -> [String: Any] {
        let tag = "[\(locale)] "
        switch shape {
        case .plural:
            var forms: [String: Any] = [:]
            for category in categories { forms[category] = unit(tag + "%lld \(category) files waiting \(letters(n))") }
            return ["variations": ["plural": forms]]
        case .substitution:
            var forms: [String: Any] = [:]
            for category in categories { forms[category] = unit(tag + "%arg \(category) files") }
            return ["stringUnit": ["state": "translated", "value": tag + "%#@files@ left \(letters(n))"],
                    "substitutions": ["files": ["argNum": 1, "formatSpecifier": "lld", "variations": ["plural": forms]]]]
        default:
            let value = ((source(shape, n).value["stringUnit"] as! [String: Any])["value"] as! String)
            return unit(tag + value)
        }
    }

    /// Damages one localization; returns the new value, or `nil` to delete it.
    static func inject(_ defect: Defect, into value: [String: Any], shape: Shape, categories: [String], random: inout SeededGenerator) -> [String: Any]? {
        var value = value
        func editText(_ edit: (String) -> String) {
            if var unit = value["stringUnit"] as? [String: Any] {
                unit["value"] = edit(unit["value"] as! String); value["stringUnit"] = unit
            } else if var variations = value["variations"] as? [String: Any], var plural = variations["plural"] as? [String: Any] {
                var other = plural["other"] as! [String: Any]
                var unit = other["stringUnit"] as! [String: Any]
                unit["value"] = edit(unit["value"] as! String); other["stringUnit"] = unit
                plural["other"] = other; variations["plural"] = plural; value["variations"] = variations
            }
        }
        switch defect {
        case .missingTranslation: return nil
        case .droppedPluralForm, .droppedOther:
            var variations = value["variations"] as! [String: Any]
            var plural = variations["plural"] as! [String: Any]
            let candidates = categories.filter { $0 != "other" && $0 != "zero" }
            let dropped = defect == .droppedOther ? "other" : candidates.randomElement(using: &random) ?? "one"
            plural[dropped] = nil
            variations["plural"] = plural; value["variations"] = variations
        case .swappedType: editText { $0.contains("%lld") ? $0.replacingOccurrences(of: "%lld", with: "%@") : $0.replacingOccurrences(of: "%@", with: "%lld") }
        case .retypedLength: editText { $0.replacingOccurrences(of: "%lld", with: "%d") }
        case .bidiOverride: editText { "\u{202E}" + $0 }
        case .escapeSequence: editText { "\u{1B}[31m" + $0 }
        case .whitespace: editText { $0 + " " }
        case .droppedPlaceholder: editText { $0.replacingOccurrences(of: "%@", with: "").replacingOccurrences(of: "%lld", with: "") }
        case .emptyTranslation: editText { _ in "" }
        case .needsReview:
            var unit = value["stringUnit"] as! [String: Any]
            unit["state"] = "needs_review"; value["stringUnit"] = unit
        case .markupLost: editText { $0.replacingOccurrences(of: "<b>", with: "").replacingOccurrences(of: "</b>", with: "") }
        case .accidentalSpecifier: editText { $0 + " avec 50% off" }
        case .reordered: editText { text in
            let parts = text.components(separatedBy: " sent ")
            return parts[0].replacingOccurrences(of: "%@", with: "%lld") + " sent " + parts[1].replacingOccurrences(of: "%lld", with: "%@")
        }
        case .unbalancedSubstitution: editText { $0.replacingOccurrences(of: "%#@files@", with: "%#@files") }
        case .droppedSubstitution: value["substitutions"] = nil
        case .specifierAdded: editText { $0 + " %@" }
        case .hardCodedCount:
            var variations = value["variations"] as! [String: Any]
            var plural = variations["plural"] as! [String: Any]
            var one = plural["one"] as! [String: Any]
            var unit = one["stringUnit"] as! [String: Any]
            unit["value"] = (unit["value"] as! String).replacingOccurrences(of: "%lld", with: "1")
            one["stringUnit"] = unit; plural["one"] = one; variations["plural"] = plural; value["variations"] = variations
        }
        return value
    }

    struct Injected: Hashable { var key: String; var locale: String; var rule: String }

    @Test(arguments: [20261121, 42, 7])
    func defectsAreFound(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let categories = Dictionary(uniqueKeysWithValues: Self.locales.map { ($0, Self.integerCategories($0)) })
        var strings: [String: Any] = [:]
        var shapes: [String: Shape] = [:]
        var order: [String] = []
        for n in 0..<180 {
            let shape = Shape.allCases[n % Shape.allCases.count]
            let (key, comment, value) = Self.source(shape, n)
            var localizations: [String: Any] = ["en": value]
            for locale in Self.locales { localizations[locale] = Self.target(shape, n, locale: locale, categories: categories[locale]!) }
            strings[key] = ["comment": comment, "localizations": localizations]
            shapes[key] = shape
            order.append(key)
        }
        var configuration = LintConfiguration()
        configuration.rules["source-not-positional"] = .some(nil)  // the two-argument shape is plain on purpose
        let linter = Linter(configuration: configuration, strictTranslations: true)
        var fullRules = configuration
        fullRules.usesQuickScan = false
        func lint(_ strings: [String: Any]) throws -> [LintFinding] {
            let data = try JSONSerialization.data(withJSONObject: ["sourceLanguage": "en", "version": "1.0", "strings": strings],
                                                  options: [.sortedKeys, .prettyPrinted])
            let found = linter.lint(file: "Mutated.xcstrings", bytes: Array(data))
            // The quick scan of plain texts changes nothing.
            let withoutScan = Linter(configuration: fullRules, strictTranslations: true).lint(file: "Mutated.xcstrings", bytes: Array(data))
            #expect(found.map(LintOutput.text) == withoutScan.map(LintOutput.text))
            return found
        }
        let before = try lint(strings)
        #expect(before.isEmpty, "the clean catalog has findings: \(before.prefix(5).map(LintOutput.text))")

        var slots = order.flatMap { key in Self.locales.map { (key, $0) } }
        slots.shuffle(using: &random)
        var injected: [Injected] = []
        var counts: [Defect: Int] = [:]
        for (key, locale) in slots.prefix(620) {
            let shape = shapes[key]!
            let applicable = Defect.allCases.filter { $0.applies(to: shape, locale: locale, categories: categories[locale]!) }
            // The rarest applicable kind first, so that every kind gets its share.
            let defect = applicable.min { (counts[$0] ?? 0, $0.rawValue) < (counts[$1] ?? 0, $1.rawValue) }!
            var entry = strings[key] as! [String: Any]
            var localizations = entry["localizations"] as! [String: Any]
            localizations[locale] = Self.inject(defect, into: localizations[locale] as! [String: Any], shape: shape,
                                                categories: categories[locale]!, random: &random)
            entry["localizations"] = localizations
            strings[key] = entry
            injected.append(Injected(key: key, locale: locale, rule: defect.rule))
            counts[defect, default: 0] += 1
        }
        let after = try lint(strings)
        let reported = Set(after.map { Injected(key: $0.key, locale: $0.locale, rule: $0.rule.rawValue) })
        let missed = injected.filter { !reported.contains($0) }
        let touched = Set(injected.map { "\($0.key)\u{1}\($0.locale)" })
        let stray = after.filter { !touched.contains("\($0.key)\u{1}\($0.locale)") }
        let found = Double(injected.count - missed.count) / Double(injected.count)
        print("lint mutation seed \(seed): \(injected.count) defects of \(counts.count) kinds (\(counts.values.min()!)–\(counts.values.max()!) each), \(injected.count - missed.count) found with the right rule, key and locale (\(String(format: "%.2f", found * 100))%), \(stray.count) findings at untouched entries")
        #expect(injected.count >= 500)
        #expect(counts.count == Defect.allCases.count)
        #expect(found >= 0.99, "missed: \(missed.prefix(10))")
        #expect(stray.isEmpty, "\(stray.prefix(5).map(LintOutput.text))")
    }
}
