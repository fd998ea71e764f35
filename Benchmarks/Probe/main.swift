import ToastCatalog
import ToastICU
import ToastKit
let json = #"{"sourceLanguage": "en", "strings": {"%lld files synced": {"localizations": {"ru": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "Синхронизирован %lld файл"}}, "few": {"stringUnit": {"state": "translated", "value": "Синхронизировано %lld файла"}}, "many": {"stringUnit": {"state": "translated", "value": "Синхронизировано %lld файлов"}}, "other": {"stringUnit": {"state": "translated", "value": "Синхронизировано %lld файла"}}}}}}}}}"#
let catalog = try! StringCatalog(xcstrings: Array(json.utf8), file: "b.xcstrings")
let localizer = Localizer(catalogs: [catalog], includeBuiltin: false, preferences: [LocaleTag("ru")!])
let rules = try! localizer.services.pluralRules(LocaleTag("ru")!)
let formatter = try! localizer.services.numberFormatter(LocaleTag("ru")!)
func time(_ name: String, _ n: Int, _ body: (Int64) -> Void) {
    let clock = ContinuousClock()
    let d = clock.measure { for i in 0..<n { body(Int64(i)) } }
    let s = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    print(name, Int(Double(n) / s), "/s")
}
var sink = 0
time("category", 10) { sink &+= rules.category(for: $0).hashValue }
time("format", 10) { sink &+= formatter.format($0).utf8.count }
time("resolve", 300_000) { var d: [ToastDiagnostic] = []; sink &+= localizer.string(.key(key: "%lld files synced", arguments: [.int($0)]), &d).utf8.count }
time("engine", 10) { sink &+= FormatEngine(locale: LocaleTag("ru")!, services: localizer.services).format("x %lld", [.int($0)]).text.utf8.count }
print(sink)
import Foundation
let forms: [String: String] = ["%lld files synced": "Синхронизировано %lld файлов"]
let ruLocale = Locale(identifier: "ru_RU")
time("foundation", 50_000) { sink &+= String(format: forms["%lld files synced"]!, locale: ruLocale, $0).utf8.count }
print(sink)
