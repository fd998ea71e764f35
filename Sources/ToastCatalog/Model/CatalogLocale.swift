import ToastICU

/// Locale names as catalogs write them, normalized to BCP 47.
public enum CatalogLocale {
    /// Legacy `.lproj` names Xcode still understands.
    static let legacyNames: [String: String] = [
        "English": "en", "French": "fr", "German": "de", "Japanese": "ja", "Spanish": "es", "Italian": "it",
        "Dutch": "nl", "Swedish": "sv", "Danish": "da", "Finnish": "fi", "Norwegian": "nb", "Portuguese": "pt",
        "Russian": "ru", "Korean": "ko", "Chinese": "zh-Hans", "Polish": "pl", "Arabic": "ar", "Hebrew": "he",
    ]

    /// The canonical form of a locale name: `English` → `en`, `zh_CN` → `zh-CN`, `zh-hans` →
    /// `zh-Hans`; `Base` and `mul` stay as they are; a name that is no locale is returned
    /// unchanged.
    public static func normalize(_ name: String) -> String {
        if name == "Base" || name == "mul" { return name }
        if let legacy = legacyNames[name] { return legacy }
        return LocaleTag(name)?.identifier ?? name
    }

    /// The locale of a file inside an `.lproj` folder (`fr.lproj/Localizable.strings` → `fr`),
    /// or `nil` when the file is not in one.
    public static func folderLocale(ofPath path: String) -> (folder: String, locale: String)? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
        let folder = String(parts[parts.count - 2].dropLast(6))
        return (folder, normalize(folder))
    }
}
