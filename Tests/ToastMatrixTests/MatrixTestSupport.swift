import ToastCatalog
import ToastICU
import ToastKit
import ToastKitTesting

/// A String Catalog from a compact description: key → locale → value, or key → locale →
/// plural forms.
enum Seeded {
    enum Value {
        case text(String)
        case plural([String: String])
    }

    static func catalog(_ entries: [(key: String, values: [(locale: String, value: Value)])], table: String = "Localizable",
                        sourceLanguage: String = "en") throws -> StringCatalog {
        var strings = ""
        for (index, entry) in entries.enumerated() {
            if index > 0 { strings += ",\n" }
            var localizations: [String] = []
            for (locale, value) in entry.values {
                switch value {
                case .text(let text):
                    localizations.append("\(quote(locale)): {\"stringUnit\": {\"state\": \"translated\", \"value\": \(quote(text))}}")
                case .plural(let forms):
                    let inner = forms.sorted { $0.key < $1.key }.map {
                        "\(quote($0.key)): {\"stringUnit\": {\"state\": \"translated\", \"value\": \(quote($0.value))}}"
                    }
                    localizations.append("\(quote(locale)): {\"variations\": {\"plural\": {\(inner.joined(separator: ", "))}}}")
                }
            }
            strings += "\(quote(entry.key)): {\"localizations\": {\(localizations.joined(separator: ", "))}}"
        }
        let json = "{\"sourceLanguage\": \(quote(sourceLanguage)), \"strings\": {\(strings)}, \"version\": \"1.0\"}"
        return try StringCatalog(xcstrings: Array(json.utf8), file: "\(table).xcstrings")
    }

    static func quote(_ text: String) -> String {
        var out = ""
        JSONWriter.writeString(text, into: &out)
        return out
    }

    static func tag(_ text: String) -> LocaleTag { LocaleTag(text)! }
}
