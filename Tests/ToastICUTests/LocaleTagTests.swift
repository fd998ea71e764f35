import Testing
import ToastICU

@Suite struct LocaleTagTests {
    @Test(arguments: [
        ("pt_br", "pt-BR"), ("pt-BR", "pt-BR"), ("zh-hant-tw", "zh-Hant-TW"), ("ZH_hans", "zh-Hans"),
        ("en", "en"), ("es-419", "es-419"), ("sr-latn", "sr-Latn"), ("iw", "he"),
    ])
    func canonicalForm(input: String, expected: String) {
        #expect(LocaleTag(input)?.identifier == expected)
    }

    @Test(arguments: ["", "en-US garbage", "pt_BR.UTF-8", "root", "und", "-en", String(repeating: "a", count: 200),
                      "en-" + String(repeating: "abcdefgh-", count: 20), "Ελληνικά"])
    func rejectsWhatIsNotATag(input: String) {
        #expect(LocaleTag(input) == nil)
    }

    /// An extension whose whole value is `yes` or `true` is written by ICU without it, which
    /// it then does not read (`pt-p-yes` → `pt-p`): such a tag is refused. (The locale fuzz
    /// target found `pt_p_yEs`.) An extension ICU writes back whole is kept.
    @Test(arguments: ["pt_p_yEs", "pt-p-yes", "pt-x-yes", "pt-p-true", "en-t-yes", "de-a-true"])
    func refusesATagICUDoesNotWriteBack(input: String) {
        #expect(LocaleTag(input) == nil)
    }

    @Test(arguments: ["en-p-abc", "pt-a-yes-no", "en-u-co-yes", "de-DE-u-co-phonebk-nu-araben-x-accented", "sr-Latn-RS", "es-419"])
    func everyTagReadsBackAsItself(input: String) throws {
        let tag = try #require(LocaleTag(input))
        #expect(LocaleTag(tag.identifier) == tag)
        #expect(LocaleTag(tag.identifier)?.identifier == tag.identifier)
    }

    @Test(arguments: [
        ("es-MX", ["es-MX", "es-419", "es"]),
        ("zh-TW", ["zh-TW", "zh-Hant-TW", "zh-Hant"]),
        ("zh-Hant-HK", ["zh-Hant-HK", "zh-Hant"]),
        ("zh-CN", ["zh-CN", "zh"]),
        ("pt-AO", ["pt-AO", "pt-PT", "pt"]),
        ("sr-Latn", ["sr-Latn"]),
        ("en-AU", ["en-AU", "en-001", "en"]),
        ("de-CH", ["de-CH", "de"]),
    ])
    func fallbackChainFollowsCLDRParents(tag: String, expected: [String]) {
        #expect(LocaleTag(tag)!.fallbackChain.map(\.identifier) == expected)
    }

    @Test(arguments: [
        (["pt-AO"], ["pt-BR", "pt-PT"], "pt-PT"),
        (["pt"], ["en", "pt-BR"], "pt-BR"),
        (["zh-TW"], ["zh-Hans", "zh-Hant"], "zh-Hant"),
        (["zh-HK"], ["zh-Hans", "zh-Hant"], "zh-Hant"),
        (["zh-CN"], ["zh-Hant", "zh-Hans"], "zh-Hans"),
        (["en-AU"], ["fr", "en"], "en"),
        (["de-AT", "fr"], ["fr", "de"], "de"),
        (["nl-BE"], ["nl", "fr"], "nl"),
    ])
    func bestMatch(preferences: [String], available: [String], expected: String) {
        let match = LocaleTag.bestMatch(for: preferences.compactMap(LocaleTag.init), in: available.compactMap(LocaleTag.init))
        #expect(match?.identifier == expected)
    }

    @Test func traditionalChineseNeverFallsBackToSimplified() {
        let match = LocaleTag.bestMatch(for: [LocaleTag("zh-TW")!], in: [LocaleTag("zh-Hans")!, LocaleTag("zh")!])
        #expect(match == nil)
    }

    @Test(arguments: [("ar", true), ("he", true), ("fa", true), ("ur", true), ("en", false), ("ja", false), ("az-Arab", true)])
    func rightToLeft(tag: String, rtl: Bool) {
        #expect(LocaleTag(tag)!.isRightToLeft == rtl)
    }

    @Test(arguments: [
        ("pt_BR.UTF-8@euro", "pt-BR"), ("zh_TW.Big5", "zh-TW"), ("sr_RS@latin", "sr-Latn-RS"),
        ("de_DE.UTF-8", "de-DE"), ("ca_ES@valencia", "ca-ES-valencia"), ("en", "en"), ("uk_UA", "uk-UA"),
    ])
    func posixValues(value: String, expected: String) {
        #expect(POSIXLocale.tag(from: value)?.identifier == expected)
    }

    @Test(arguments: ["C", "POSIX", "C.UTF-8", "", "@euro", ".UTF-8"])
    func posixValuesWithoutPreference(value: String) {
        #expect(POSIXLocale.tag(from: value) == nil)
    }
}
