import Testing
import ToastTestSupport
import ToastCatalog
import ToastICU
import ToastKit
import ToastKitTesting

let Corpus = TestCorpus.shared()

/// Plural selection over real catalogs: a sample number of every category the locale uses
/// (from ICU), and 0 where a `zero` form exists, picks the form of that category.
@Suite(.enabled(if: Corpus.shouldRun, "../shared/corpus is absent")) struct CorpusResolutionTests {
    static let services = ICUServices()

    /// The smallest integer sample of each category, or a decimal where a category has none.
    static func samples(_ locale: String) throws -> [(PluralCategory, ToastArgument)] {
        try services.pluralRules(LocaleTag(locale)!).samples(services: services).compactMap { sample in
            if let integer = sample.integers.first(where: { $0 != "0" }) ?? sample.integers.first { return (sample.category, .int(Int64(integer)!)) }
            if let decimal = sample.decimals.first(where: { $0 != "0.0" }) { return (sample.category, .double(Double(decimal)!)) }
            return nil
        }
    }

    @Test(arguments: ["ar", "ru", "de", "es", "pt-BR", "zh-Hans"])
    func loopStringCatalog(locale: String) throws {
        let catalog = try StringCatalog(xcstrings: try Corpus.bytes("MrKai77__Loop/Loop/Localizable.xcstrings"), file: "Loop.xcstrings")
        let localizer = Localizer(catalogs: [catalog], includeBuiltin: false, preferences: [LocaleTag(locale)!], services: Self.services)
        let key = "Loops left to unlock new icon"
        let forms = try #require(catalog.entries[key]?.localizations[locale]?.plural)
        var cases = try Self.samples(locale)
        if locale == "ar" { #expect(Set(forms.keys) == Set(PluralCategory.allCases)) }
        if forms[.zero] != nil { cases.append((.zero, .int(0))) }
        for (category, number) in cases {
            let result = localizer.resolution(of: .key(key: key, arguments: [number]))
            let expected = forms[category] != nil ? category : .other
            #expect(result.paths == ["plural.\(expected.rawValue)"], "\(locale) \(number)")
            if let text = try expectedText(forms[expected]!, number, locale) { #expect(result.text == text, "\(locale) \(number)") }
        }
    }

    /// The form's text with its one `%lld` formatted by ICU for the locale; `nil` for a
    /// decimal sample, which `%lld` cannot show (a format-argument diagnostic).
    func expectedText(_ form: LocalizedValue, _ number: ToastArgument, _ locale: String) throws -> String? {
        let value = form.stringUnit!.value
        guard case .int(let n) = number else { return nil }
        let digits = try Self.services.numberFormatter(LocaleTag(locale)!).format(n)
        return value.replacingOccurrences(of: "%lld", with: digits)
    }

    @Test(arguments: [("pl", 1, "one", "Wprowadzono 1 cyfrę"), ("pl", 3, "few", "Wprowadzono 3 cyfry"),
                      ("pl", 5, "many", "Wprowadzono 5 cyfr"), ("pl", 22, "few", "Wprowadzono 22 cyfry"),
                      ("ru", 1, "one", nil), ("ru", 2, "few", nil), ("ru", 11, "many", nil)] as [(String, Int64, String, String?)])
    func elementStringsdict(locale: String, number: Int64, category: String, text: String?) throws {
        let base = "element-hq__element-x-ios/ElementX/Resources/Localizations/"
        let target = try StringCatalog(stringsdict: try Corpus.bytes(base + "\(locale).lproj/Localizable.stringsdict"),
                                       file: "\(locale).lproj/Localizable.stringsdict", locale: locale)
        let english = try StringCatalog(stringsdict: try Corpus.bytes(base + "en.lproj/Localizable.stringsdict"),
                                        file: "en.lproj/Localizable.stringsdict", locale: "en")
        let localizer = Localizer(catalogs: [target, english], includeBuiltin: false, preferences: [LocaleTag(locale)!], services: Self.services)
        let result = localizer.resolution(of: .key(key: "a11y_digits_entered", arguments: [.int(number)]))
        #expect(result.paths == ["substitutions.COUNT.plural.\(category)"])
        #expect(result.locale == LocaleTag(locale))
        if let text { #expect(result.text == text) }
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func polishDecimalsWithoutOtherFallBackToEnglish() throws {
        let base = "element-hq__element-x-ios/ElementX/Resources/Localizations/"
        let polish = try StringCatalog(stringsdict: try Corpus.bytes(base + "pl.lproj/Localizable.stringsdict"), file: "pl.stringsdict", locale: "pl")
        let english = try StringCatalog(stringsdict: try Corpus.bytes(base + "en.lproj/Localizable.stringsdict"), file: "en.stringsdict", locale: "en")
        #expect(polish.warnings.contains { $0.rule == "variation-missing-other" })
        let localizer = Localizer(catalogs: [polish, english], includeBuiltin: false, preferences: [LocaleTag("pl")!], services: Self.services)
        let result = localizer.resolution(of: .key(key: "a11y_digits_entered", arguments: [.double(1.5)]))
        #expect(result.locale == LocaleTag("en"))
        #expect(result.diagnostics.contains { $0.rule == "variation-missing-other" })
    }

    @Test func positionFromFormsWhenTheTokenHasNone() throws {
        let base = "element-hq__element-x-ios/ElementX/Resources/Localizations/"
        let polish = try StringCatalog(stringsdict: try Corpus.bytes(base + "pl.lproj/Localizable.stringsdict"), file: "pl.stringsdict", locale: "pl")
        let localizer = Localizer(catalogs: [polish], includeBuiltin: false, preferences: [LocaleTag("pl")!], services: Self.services)
        let result = localizer.resolution(of: .key(key: "a11y_read_receipts_multiple_with_others", arguments: [.string("Ala"), .int(5)]))
        #expect(result.text == "Poprzednia wiadomość przeczytana przez Ala i 5 innych osób")
        #expect(result.paths == ["substitutions.COUNT.plural.many"])
    }
}
