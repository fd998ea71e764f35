import Testing
import ToastICU

@Suite struct PluralRulesTests {
    let services = ICUServices()

    @Test(arguments: [
        ("ru", 1, PluralCategory.one), ("ru", 2, .few), ("ru", 5, .many), ("ru", 21, .one), ("ru", 111, .many),
        ("pl", 1, .one), ("pl", 22, .few), ("pl", 25, .many), ("pl", 12, .many),
        ("ar", 0, .zero), ("ar", 1, .one), ("ar", 2, .two), ("ar", 3, .few), ("ar", 11, .many), ("ar", 100, .other),
        ("en", 1, .one), ("en", 0, .other), ("ja", 1, .other), ("fr", 0, .one), ("fr", 1_000_000, .many),
        ("he", 2, .two), ("cs", 3, .few),
    ])
    func categoryOfIntegers(locale: String, number: Int64, expected: PluralCategory) throws {
        #expect(try services.pluralRules(LocaleTag(locale)!).category(for: number) == expected)
    }

    @Test(arguments: [
        ("ar", [PluralCategory.zero, .one, .two, .few, .many, .other]),
        ("ru", [.one, .few, .many, .other]),
        ("ja", [.other]),
        ("en", [.one, .other]),
    ])
    func categoriesOfALocale(locale: String, expected: [PluralCategory]) throws {
        #expect(try services.pluralRules(LocaleTag(locale)!).categories == expected)
    }

    @Test func rulesAreCachedPerLocale() throws {
        let first = try services.pluralRules(LocaleTag("ru")!)
        let second = try services.pluralRules(LocaleTag("ru")!)
        #expect(first === second)
    }
}
