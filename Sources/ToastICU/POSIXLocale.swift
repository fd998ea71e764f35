/// Reads POSIX locale values (`LANG`, `LC_ALL`, `LC_MESSAGES`, `LANGUAGE` entries).
public enum POSIXLocale {
    /// Converts a POSIX locale value to a BCP 47 tag.
    ///
    /// The codeset is dropped (`.UTF-8`, `.Big5`), `@euro` ignored, `@latin`/`@cyrillic`
    /// become the `Latn`/`Cyrl` script and other modifiers (`@valencia`) a variant.
    /// `C`, `POSIX`, `C.UTF-8` and empty values express no language preference: `nil`.
    ///
    /// ```swift
    /// POSIXLocale.tag(from: "pt_BR.UTF-8@euro")?.identifier // "pt-BR"
    /// POSIXLocale.tag(from: "sr_RS@latin")?.identifier      // "sr-Latn-RS"
    /// POSIXLocale.tag(from: "C")                             // nil
    /// ```
    public static func tag(from value: String) -> LocaleTag? {
        guard !value.isEmpty, value.utf8.count <= 128 else { return nil }
        var body = Substring(value)
        var modifier: Substring?
        if let at = body.firstIndex(of: "@") {
            modifier = body[body.index(after: at)...]
            body = body[..<at]
        }
        if let dot = body.firstIndex(of: ".") { body = body[..<dot] }
        if body.isEmpty || body == "C" || body == "POSIX" { return nil }
        var parts = body.split(separator: "_", maxSplits: 1).map(String.init)
        switch modifier?.lowercased() {
        case "latin": parts.insert("Latn", at: 1)
        case "cyrillic": parts.insert("Cyrl", at: 1)
        case "devanagari": parts.insert("Deva", at: 1)
        case nil, "euro", "": break
        case let other?:
            if other.count >= 5 && other.count <= 8 && other.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                parts.append(other)
            }
        }
        return LocaleTag(parts.joined(separator: "-"))
    }
}
