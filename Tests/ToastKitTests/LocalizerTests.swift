import Testing
import ToastCatalog
import ToastICU
import ToastKit
import ToastMatrix

@Suite struct LocalePreferencesTests {
    @Test(arguments: [
        (["LANG": "pt_BR.UTF-8@euro"], ["pt-BR"]),
        (["LC_ALL": "zh_TW.Big5", "LANG": "de_DE.UTF-8"], ["zh-TW"]),
        (["LANG": "sr_RS@latin"], ["sr-Latn-RS"]),
        (["LANG": "C"], []),
        (["LANG": "C", "LANGUAGE": "fr"], []),
        (["LANG": ""], []),
        ([:], []),
        (["LANG": "POSIX", "LC_MESSAGES": "ja_JP.UTF-8"], ["ja-JP"]),
        (["LANGUAGE": "uk:ru", "LANG": "uk_UA.UTF-8"], ["uk", "ru", "uk-UA"]),
        (["LANGUAGE": "fr_CA:garbage!:de", "LC_ALL": "en_US.UTF-8"], ["fr-CA", "de", "en-US"]),
        (["LANG": String(repeating: "x", count: 300)], []),
    ])
    func environment(env: [String: String], expected: [String]) {
        #expect(LocalePreferences.from(environment: env).map(\.identifier) == expected)
    }
}

@Suite struct LocalizerTests {
    func demo(_ locale: String) -> Localizer {
        Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag(locale)!])
    }

    func message(_ localizer: Localizer, _ text: ToastText) -> (String, [ToastDiagnostic]) {
        var diagnostics: [ToastDiagnostic] = []
        let value = localizer.string(text, &diagnostics)
        return (value, diagnostics)
    }

    @Test(arguments: [
        ("ru", 1, "Загружен 1 файл"), ("ru", 3, "Загружено 3 файла"), ("ru", 5, "Загружено 5 файлов"), ("ru", 21, "Загружен 21 файл"),
        ("pl", 1, "Przesłano 1 plik"), ("pl", 22, "Przesłano 22 pliki"), ("pl", 25, "Przesłano 25 plików"),
        ("ar", 0, "لم يُرفع أي ملف"), ("ar", 1, "تم رفع ملف واحد"), ("ar", 2, "تم رفع ملفين"), ("ar", 3, "تم رفع ٣ ملفات"),
        ("ar", 11, "تم رفع ١١ ملفًا"), ("ar", 100, "تم رفع ١٠٠ ملف"), ("he", 2, "שני קבצים הועלו"), ("he", 7, "7 קבצים הועלו"),
        ("en", 1, "1 file uploaded"), ("en", 0, "0 files uploaded"), ("en", 1234, "1,234 files uploaded"),
        ("de", 1234, "1.234 Dateien hochgeladen"), ("ja", 1, "1 個のファイルをアップロードしました"),
        ("fr", 0, "0 fichier téléversé"), ("fr", 1_000_000, "1\u{202F}000\u{202F}000 de fichiers téléversés"),
    ])
    func pluralSelection(locale: String, count: Int64, expected: String) {
        let (value, diagnostics) = message(demo(locale), .key(key: "%lld files uploaded", arguments: [.int(count)]))
        #expect(value == expected)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func zeroFormIsHonouredInAnyLanguage() throws {
        let catalog = try StringCatalog(xcstrings: Array(#"""
            {"sourceLanguage": "en", "strings": {"%lld new": {"localizations": {"en": {"variations": {"plural": {
              "zero": {"stringUnit": {"state": "translated", "value": "Nothing new"}},
              "one": {"stringUnit": {"state": "translated", "value": "One new"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld new"}}}}}}}}}
            """#.utf8), file: "z.xcstrings")
        let localizer = Localizer(catalogs: [catalog], preferences: [LocaleTag("en")!])
        #expect(message(localizer, .key(key: "%lld new", arguments: [.int(0)])).0 == "Nothing new")
        #expect(message(localizer, .key(key: "%lld new", arguments: [.int(1)])).0 == "One new")
        #expect(message(localizer, .key(key: "%lld new", arguments: [.int(2)])).0 == "2 new")
    }

    @Test func missingTranslationFallsBackWithADiagnostic() {
        let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag("ko")!])
        #expect(localizer.locale.identifier == "ko")
        #expect(localizer.fallbackChain.map(\.identifier) == ["ko", "en"])
        let (value, diagnostics) = message(localizer, .key(key: "%lld files uploaded", arguments: [.int(2)]))
        #expect(value == "2 files uploaded")
        #expect(diagnostics.map(\.rule) == ["missing-translation"])
    }

    @Test func missingKeyShowsTheKeyFormatted() {
        let (value, diagnostics) = message(demo("de"), .key(key: "No such %@", arguments: [.string("key")]))
        #expect(value == "No such key")
        #expect(diagnostics.map(\.rule) == ["missing-key"])
        let (withDefault, _) = message(demo("de"), .key(key: "nope", defaultValue: "Fallback"))
        #expect(withDefault == "Fallback")
    }

    @Test func userCatalogsWinKeyByKey() throws {
        let user = try StringCatalog(xcstrings: Array(#"""
            {"sourceLanguage": "en", "strings": {
              "Error": {"localizations": {"fr": {"stringUnit": {"state": "translated", "value": "Échec"}}}},
              "The disk is full.": {"localizations": {"fr": {"stringUnit": {"state": "translated", "value": "Plus de place."}}}}}}
            """#.utf8), file: "ToastKit.xcstrings")
        let localizer = Localizer(catalogs: [user, BuiltinCatalogs.demo], preferences: [LocaleTag("fr")!])
        let resolved = localizer.resolve(Toast(.error, message: .key(key: "The disk is full."), actions: [ToastAction(standard: .retry)]))
        #expect(resolved.roleLabel == "Échec")
        #expect(resolved.message == "Plus de place.")
        #expect(resolved.actions == ["Réessayer"])  // not in the user catalog: built-in
    }

    @Test(arguments: [
        ("%@ items", [ToastArgument.int(3)], "3 items", "format-argument"),
        ("%lld items", [.string("three")], "three items", "format-argument"),
        ("%@ and %@", [.string("a")], "a and %@", "format-argument"),
        ("Count%n", [.int(1)], "Count", "format-unsafe"),
        ("%*d", [.int(3), .int(4)], "%*d", "format-unsafe"),
        ("[%999999999d]", [.int(5)], "[5]", "format-unsafe"),
        ("%#@missing@", [.int(1)], "%#@missing@", "substitution-missing"),
        ("%p", [.int(1)], "%p", "format-unsafe"),
    ])
    func badFormatsRenderSafely(format: String, arguments: [ToastArgument], expected: String, rule: String) {
        let (value, diagnostics) = message(demo("en"), .key(key: format, arguments: arguments))
        #expect(value == expected)
        #expect(diagnostics.contains { $0.rule.rawValue == rule }, "\(diagnostics)")
    }

    @Test(arguments: [
        ("%2$@ %1$@", [ToastArgument.string("a"), .string("b")], "b a"),
        ("%5d|%-5d|%05d", [.int(42), .int(42), .int(42)], "   42|42   |00,042"),  // CoreFoundation pads through the grouping
        ("%.2f %.0lf %f", [.double(3.14159), .double(2.5), .double(1)], "3.14 2 1.000000"),
        ("%x %X %o %c", [.int(255), .int(255), .int(8), .int(65)], "ff FF 10 A"),
        ("100%% sure, %+d", [.int(5)], "100% sure, +5"),
        ("%llu", [.uint(UInt64(Int64.max))], "9,223,372,036,854,775,807"),
        ("%d", [.int(3_000_000_000)], "-1,294,967,296"),  // %d reads 32 bits, as on Apple platforms
        ("%ld|%hd|%hhd", [.int(3_000_000_000), .int(70_000), .int(300)], "3,000,000,000|4,464|44"),
        ("%g %g %g %.2g", [.double(1_000_000), .double(2_000_000), .double(0.0001234), .double(100_000)], "1,000,000 2E+06 0.0001234 1E+05"),
        ("%e|%.1e|%E", [.double(1234.5), .double(9.96), .double(0)], "1.234500E+03|1.0E+01|0.000000E+00"),
        ("%a %x %lx", [.double(1.5), .int(-1), .int(-1)], "0x1.8p+0 ffffffff ffffffffffffffff"),
        ("%08.2f|%10@|%.2@", [.double(3.14159), .string("ab"), .string("abc")], "    3.14|ab|abc"),
        ("%s", [.string("c")], "c"),
    ])
    func formats(format: String, arguments: [ToastArgument], expected: String) {
        let (value, diagnostics) = message(demo("en"), .key(key: format, arguments: arguments))
        #expect(value == expected)
        #expect(diagnostics.filter { $0.rule != "missing-key" }.isEmpty, "\(diagnostics)")
    }

    @Test func substitutionsChooseTheirFormByTheirArgument() throws {
        let catalog = try StringCatalog(xcstrings: Array(#"""
            {"sourceLanguage": "en", "strings": {"files": {"localizations": {"ru": {
              "stringUnit": {"state": "translated", "value": "%#@n@ в %@"},
              "substitutions": {"n": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%arg файл"}},
                "few": {"stringUnit": {"state": "translated", "value": "%arg файла"}},
                "many": {"stringUnit": {"state": "translated", "value": "%arg файлов"}},
                "other": {"stringUnit": {"state": "translated", "value": "%arg файла"}}}}}}}}}}}
            """#.utf8), file: "s.xcstrings")
        let localizer = Localizer(catalogs: [catalog], preferences: [LocaleTag("ru")!])
        #expect(message(localizer, .key(key: "files", arguments: [.int(3), .string("папке")])).0 == "3 файла в папке")
        #expect(message(localizer, .key(key: "files", arguments: [.int(11), .string("папке")])).0 == "11 файлов в папке")
    }

    @Test func deviceVariationsUseTheConfiguredClass() throws {
        let catalog = try StringCatalog(xcstrings: Array(#"""
            {"sourceLanguage": "en", "strings": {"Tap": {"localizations": {"en": {"variations": {"device": {
              "mac": {"stringUnit": {"state": "translated", "value": "Click"}},
              "other": {"stringUnit": {"state": "translated", "value": "Tap"}}}}}}}}}
            """#.utf8), file: "d.xcstrings")
        #expect(message(Localizer(catalogs: [catalog], preferences: [], device: "mac"), "Tap").0 == "Click")
        #expect(message(Localizer(catalogs: [catalog], preferences: []), "Tap").0 == "Tap")
    }
}

@Suite struct StringsdictResolutionTests {
    static let dict = """
    <plist><dict>
    <key>two</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@files@ in %#@folders@</string>
      <key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>%d plik</string><key>few</key><string>%d pliki</string><key>many</key><string>%d plików</string><key>other</key><string>%d pliku</string></dict>
      <key>folders</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>%d folderze</string><key>other</key><string>%d folderach</string></dict>
    </dict>
    <key>nested</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%1$#@people@</string>
      <key>people</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>one person in %2$#@rooms@</string><key>other</key><string>%1$d people in %2$#@rooms@</string></dict>
      <key>rooms</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>one room</string><key>other</key><string>%2$d rooms</string></dict>
    </dict>
    <key>loop</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
      <key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%#@a@</string></dict>
    </dict>
    </dict></plist>
    """

    func localizer(_ locale: String) throws -> Localizer {
        let catalog = try StringCatalog(stringsdict: Array(Self.dict.utf8), file: "\(locale).lproj/Localizable.stringsdict", locale: locale)
        return Localizer(catalogs: [catalog], includeBuiltin: false, preferences: [LocaleTag(locale)!])
    }

    @Test(arguments: [(1, 1, "1 plik in 1 folderze"), (3, 5, "3 pliki in 5 folderach"), (5, 2, "5 plików in 2 folderach")] as [(Int64, Int64, String)])
    func severalVariablesReadTheirOwnArguments(files: Int64, folders: Int64, expected: String) throws {
        let result = try localizer("pl").resolution(of: .key(key: "two", arguments: [.int(files), .int(folders)]))
        #expect(result.text == expected)
    }

    @Test func variableNestedInAPluralBranch() throws {
        let l = try localizer("en")
        #expect(l.resolution(of: .key(key: "nested", arguments: [.int(1), .int(1)])).text == "one person in one room")
        #expect(l.resolution(of: .key(key: "nested", arguments: [.int(4), .int(2)])).text == "4 people in 2 rooms")
        #expect(l.resolution(of: .key(key: "nested", arguments: [.int(4), .int(2)])).paths
                == ["substitutions.people.plural.other", "substitutions.rooms.plural.other"])
    }

    @Test func selfReferenceStopsAtTheDepthLimit() throws {
        let result = try localizer("en").resolution(of: .key(key: "loop", arguments: [.int(1)]))
        #expect(result.diagnostics.contains { $0.rule == "substitution-depth" })
    }
}

@Suite struct ConcurrencyTests {
    @Test func oneLocalizerSharedByEightTasks() async {
        let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag("ru")!])
        let presenter = LinePresenter(options: .init(width: 40), services: localizer.services)
        let expected = BuiltinCatalogs.demoToasts.map { presenter.lines(for: localizer.resolve($0)) }
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 where BuiltinCatalogs.demoToasts.map({ presenter.lines(for: localizer.resolve($0)) }) != expected {
                        return false
                    }
                    return true
                }
            }
            for await agreed in group { #expect(agreed) }
        }
    }
}
