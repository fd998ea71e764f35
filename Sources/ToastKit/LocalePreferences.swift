import ToastICU

/// Locale preferences from a process environment, the way gettext reads them.
///
/// `LC_ALL`, then `LC_MESSAGES`, then `LANG` name the locale (the first that is set and not
/// empty). If that locale is `C` or `POSIX`, there is no preference (the source language is
/// used) and `LANGUAGE` is ignored, as gettext does. Otherwise the colon-separated
/// `LANGUAGE` list comes first, followed by that locale.
///
/// ```swift
/// LocalePreferences.from(environment: ["LANG": "pt_BR.UTF-8@euro"]).map(\.identifier)  // ["pt-BR"]
/// LocalePreferences.from(environment: ["LANGUAGE": "uk:ru", "LANG": "uk_UA.UTF-8"])     // uk, ru, uk-UA
/// LocalePreferences.from(environment: ["LANG": "C"])                                    // []
/// ```
public enum LocalePreferences {
    /// Reads `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` from `environment`.
    public static func from(environment: [String: String]) -> [LocaleTag] {
        let effective = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let effective else { return languageList(environment["LANGUAGE"]) }
        guard let primary = POSIXLocale.tag(from: effective) else { return [] }
        var result = languageList(environment["LANGUAGE"])
        if !result.contains(primary) { result.append(primary) }
        return result
    }

    private static func languageList(_ value: String?) -> [LocaleTag] {
        guard let value, !value.isEmpty else { return [] }
        var result: [LocaleTag] = []
        for item in value.split(separator: ":").prefix(32) {
            if let tag = POSIXLocale.tag(from: String(item)), !result.contains(tag) { result.append(tag) }
        }
        return result
    }

    /// Parses a `--locale` value: a BCP 47 tag or a POSIX value (`de_DE.UTF-8`).
    public static func parse(_ text: String) -> LocaleTag? {
        LocaleTag(text) ?? POSIXLocale.tag(from: text)
    }
}
