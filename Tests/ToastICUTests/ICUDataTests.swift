import Testing
@testable import ToastICU

/// What ToastKit reads of ICU's data as a whole.
@Suite struct ICUDataTests {
    /// The languages read from ICU's available IDs are those of the available locales made
    /// into tags, and decide which tags have ICU data.
    @Test func theAvailableLanguagesAreThoseOfTheAvailableTags() {
        #expect(ICULanguages.available == Set(LocaleTag.availableLocales.map(\.language)))
        #expect(ICULanguages.available.count > 100)
        #expect(LocaleTag("fr-CA")!.hasICUData && LocaleTag("sw")!.hasICUData)
        #expect(!LocaleTag("zz")!.hasICUData && !LocaleTag("qaa")!.hasICUData)
    }

    /// IDs ``LocaleTag/init(icuID:)`` refuses give no language.
    @Test(arguments: [("", nil), ("root", nil), ("fr_CA", "fr"), ("en_US_POSIX", "en"), ("ja@calendar=japanese", "ja"),
                      (String(repeating: "a", count: 129), nil)] as [(String, String?)])
    func theLanguageOfAnID(id: String, language: String?) {
        #expect(ICULanguages.language(ofICUID: id) == language)
    }
}
