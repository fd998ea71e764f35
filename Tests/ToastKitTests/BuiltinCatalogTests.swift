import Foundation
import Testing
import ToastCatalog
import ToastICU
import ToastKit
import ToastMatrix

/// Expected words, written from the recorded sources in Resources/README.md (GTK 3.24.38,
/// GNOME Shell 43.9, KDE Frameworks 5.103 catalogs in Debian 12; maintainers' choices where
/// noted there), not read back from the catalog.
let roleWords: [(locale: String, success: String, error: String, warning: String, info: String)] = [
    ("ar", "نجاح", "خطأ", "تحذير", "معلومات"),
    ("cs", "Úspěch", "Chyba", "Varování", "Informace"),
    ("da", "Fuldført", "Fejl", "Advarsel", "Information"),
    ("de", "Erfolg", "Fehler", "Warnung", "Information"),
    ("el", "Επιτυχία", "Σφάλμα", "Προειδοποίηση", "Πληροφορίες"),
    ("en", "Success", "Error", "Warning", "Information"),
    ("es", "Éxito", "Error", "Advertencia", "Información"),
    ("fa", "موفقیت", "خطا", "اخطار", "اطّلاعات"),
    ("fi", "Onnistui", "Virhe", "Varoitus", "Tietoja"),
    ("fr", "Succès", "Erreur", "Avertissement", "Information"),
    ("he", "הצלחה", "שגיאה", "אזהרה", "מידע"),
    ("hi", "सफल", "त्रुटि", "चेतावनी", "सूचना"),
    ("id", "Berhasil", "Galat", "Peringatan", "Informasi"),
    ("it", "Operazione riuscita", "Errore", "Avvertimento", "Informazione"),
    ("ja", "成功", "エラー", "警告", "情報"),
    ("ko", "성공", "오류", "경고", "정보"),
    ("ms", "Berjaya", "Ralat", "Amaran", "Maklumat"),
    ("nb", "Fullført", "Feil", "Advarsel", "Informasjon"),
    ("nl", "Gelukt", "Fout", "Waarschuwing", "Informatie"),
    ("pl", "Sukces", "Błąd", "Ostrzeżenie", "Informacja"),
    ("pt-BR", "Sucesso", "Erro", "Aviso", "Informação"),
    ("pt-PT", "Sucesso", "Erro", "Aviso", "Informação"),
    ("ru", "Успешно", "Ошибка", "Предупреждение", "Информация"),
    ("sv", "Klart", "Fel", "Varning", "Information"),
    ("th", "สำเร็จ", "ผิดพลาด", "คำเตือน", "ข้อมูล"),
    ("tr", "Başarılı", "Hata", "Uyarı", "Bilgi"),
    ("uk", "Успішно", "Помилка", "Увага", "Інформація"),
    ("ur", "کامیابی", "خرابی", "انتباہ", "معلومات"),
    ("vi", "Thành công", "Lỗi", "Cảnh báo", "Thông tin"),
    ("zh-Hans", "成功", "错误", "警告", "信息"),
    ("zh-Hant", "成功", "錯誤", "警告", "資訊"),
]

@Suite struct BuiltinCatalogTests {
    @Test(arguments: roleWords.map(\.locale))
    func automaticRoleTitles(locale: String) throws {
        let words = try #require(roleWords.first { $0.locale == locale })
        let localizer = Localizer(preferences: [LocaleTag(locale)!])
        #expect(localizer.locale.identifier == locale)
        let expected: [(ToastRole, String)] = [(.success, words.success), (.error, words.error), (.warning, words.warning), (.info, words.info)]
        for (role, word) in expected {
            let resolved = localizer.resolve(Toast(role, message: .verbatim("x")))
            #expect(resolved.roleLabel == word, "\(locale) \(role)")
            #expect(resolved.diagnostics.isEmpty, "\(resolved.diagnostics)")
        }
    }

    @Test func atLeastThirtyLocalesBesidesEnglish() {
        #expect(Set(roleWords.map(\.locale)).count >= 31)
    }

    @Test(arguments: roleWords.map(\.locale))
    func everyStandardActionHasAWordInEveryLocale(locale: String) {
        let localizer = Localizer(preferences: [LocaleTag(locale)!])
        let toast = Toast(.info, message: .verbatim("x"), actions: ToastAction.StandardAction.allCases.map { ToastAction(standard: $0) })
        let resolved = localizer.resolve(toast)
        #expect(resolved.diagnostics.isEmpty, "\(resolved.diagnostics)")
        #expect(resolved.actions.allSatisfy { !$0.isEmpty && !$0.contains("_") && !$0.contains("&") })
        if locale != "en" { #expect(resolved.actions != ToastAction.StandardAction.allCases.map(\.rawValue)) }
    }

    @Test(arguments: [("zh-TW", "錯誤"), ("zh-CN", "错误"), ("zh-HK", "錯誤"), ("pt-AO", "Erro"), ("de-CH", "Fehler"), ("nn", "Feil"), ("xx", "Error")])
    func regionalRequestsFindTheirLanguage(request: String, expected: String) {
        let localizer = Localizer(preferences: LocaleTag(request).map { [$0] } ?? [])
        #expect(localizer.resolve(Toast(.error, message: .verbatim("x"))).roleLabel == expected)
    }
}

@Suite struct EmbeddedResourcesTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources")

    @Test func embeddedFilesMatchResourcesByteForByte() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.resources.path)
            .filter { $0.hasSuffix(".xcstrings") || $0.hasSuffix(".json") }.sorted()
        // ToastKit carries its own catalog; ToastMatrix the demo.
        #expect(names == (BuiltinCatalogs.resourceNames + BuiltinCatalogs.demoResourceNames).sorted(), "run Scripts/embed-resources.sh")
        #expect(BuiltinCatalogs.resourceNames == ["ToastKit.xcstrings"])
        for name in names {
            let onDisk = try String(contentsOf: Self.resources.appendingPathComponent(name), encoding: .utf8)
            let embedded = BuiltinCatalogs.resource(named: name) ?? BuiltinCatalogs.demoResource(named: name)
            #expect(embedded == onDisk, "\(name) differs: run Scripts/embed-resources.sh")
        }
    }

    @Test func demoHasTenToastsCoveringEveryRoleAndStyle() {
        let toasts = BuiltinCatalogs.demoToasts
        #expect((8...12).contains(toasts.count))
        #expect(Set(toasts.map(\.role)) == Set(ToastRole.allCases))
        #expect(toasts.contains { $0.style == .indeterminate })
        #expect(toasts.contains { if case .progress = $0.style { true } else { false } })
        #expect(toasts.contains { $0.title == .none })
        #expect(Set(toasts.map(\.id)).count == toasts.count)
    }

    @Test func demoCatalogCoversRequiredLocalesAndEveryKey() throws {
        let demo = BuiltinCatalogs.demo
        let codes = Set(demo.localeCodes)
        #expect(codes.isSuperset(of: ["ar", "he", "ru", "pl", "ja", "zh-Hans"]))
        #expect(codes.count >= 11)
        for (key, entry) in demo.entries {
            for code in codes where code != "en" {
                #expect(entry.localizations[code] != nil, "\(key) lacks \(code)")
            }
        }
    }

    @Test(arguments: ["ar", "he", "ru", "pl", "ja", "zh-Hans", "de", "fr", "es", "uk", "en"])
    func pluralFormsCoverEveryCategoryOfTheLocale(locale: String) throws {
        let tag = LocaleTag(locale)!
        let categories = try ICUServices().pluralRules(tag).categories
        for (key, entry) in BuiltinCatalogs.demo.entries {
            guard let value = entry.localizations[locale], !value.plural.isEmpty else { continue }
            let missing = categories.filter { value.plural[$0] == nil }
            #expect(missing.isEmpty, "\(key) in \(locale) lacks \(missing)")
        }
    }

    @Test func specRoundTrip() throws {
        let json = JSONWriter.string(ToastSpec.json(BuiltinCatalogs.demoToasts), style: .pretty)
        #expect(try ToastSpec.toasts(from: Array(json.utf8), file: "round.json") == BuiltinCatalogs.demoToasts)
    }

    @Test(arguments: [
        (#"{"toasts": [{"role": "oops", "message": {"key": "x"}}]}"#, "2:0", "expected \"role\""),
        (#"{"toasts": [{"role": "info"}]}"#, "", "expected a \"message\""),
        (#"{"toasts": [{"role": "info", "message": {"key": "x", "args": [{"int": "3"}]}}]}"#, "", "valid \"int\" argument"),
        (#"{"toasts": {}}"#, "", "\"toasts\" to be an array"),
    ])
    func specErrorsAreLocated(text: String, unused: String, message: String) {
        do {
            _ = try ToastSpec.toasts(from: Array(text.utf8), file: "spec.json")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("spec.json:1:"), "\(error)")
        }
    }
}
