// libFuzzer target: the locale parser (BCP 47 / ICU identifiers, .lproj folder names) and the
// ICU services a parsed locale reaches (plural rules, number formatting, matching).
// Invariants: no crash (ICU itself aborts on very long identifiers, which LocaleTag refuses),
// a parsed identifier stays within LocaleTag.maximumLength, parsing is idempotent.
import FuzzSupport
import ToastCatalog
import ToastICU
import ToastKit

private let services = ICUServices()
private let available = ["en", "en-GB", "de", "fr", "ar", "zh-Hans", "zh-Hant-TW", "sr-Latn", "pt-BR"].map { LocaleTag($0)! }

@main
enum Main {
    static func main() { runFuzzer(fuzzLocale) }
}

private func fuzzLocale(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    var reader = FuzzReader(bytes(data, count))
    let text = reader.rest()
    let folder = CatalogLocale.normalize(text)
    _ = LocalePreferences.parse(text)
    for tag in LocalePreferences.from(environment: ["LANGUAGE": text, "LC_ALL": text, "LANG": text]) {
        require(tag.identifier.utf8.count <= LocaleTag.maximumLength, "preference \(tag.identifier) too long")
    }
    _ = CatalogLocale.folderLocale(ofPath: "Resources/\(text).lproj/Localizable.strings")
    for candidate in [text, folder] {
        guard let tag = LocaleTag(candidate) else { continue }
        require(tag.identifier.utf8.count <= LocaleTag.maximumLength,
                "identifier \(tag.identifier) is longer than \(LocaleTag.maximumLength)")
        require(LocaleTag(tag.identifier) == tag, "parsing \(tag.identifier) again gives a different tag")
        _ = tag.matches(available[0])
        _ = LocaleTag.bestMatch(for: [tag], in: available)
        if let rules = try? services.pluralRules(tag) {
            for n: Int64 in [0, 1, 2, 5, 21, 101] { _ = rules.category(for: n) }
            _ = rules.category(forDouble: 1.5)
        }
        if let formatter = try? services.numberFormatter(tag) { _ = formatter.format(1234.5 as Double) }
    }
    return 0
}
