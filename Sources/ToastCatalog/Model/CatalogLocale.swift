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

    /// The locale of a `.strings` or `.stringsdict` file: its `.lproj` folder's, or, for a
    /// loose file outside any `.lproj` folder (a translation pipeline's source file, a data
    /// table), the source language, with `isAssumed` true.
    public static func locale(ofPath path: String, sourceLanguage: String) -> (locale: String, isAssumed: Bool) {
        if let (_, locale) = folderLocale(ofPath: path) { return (locale, false) }
        return (sourceLanguage, true)
    }

    /// The warning that says a loose file was read as the source language.
    static func assumedLocaleWarning(file: String, sourceLanguage: String) -> CatalogWarning {
        CatalogWarning(location: SourceLocation(file: file, line: 1, column: 1), rule: .assumedLocale,
                       message: "not inside a LOCALE.lproj folder: read as the source language “\(CodePoint.visible(sourceLanguage))”")
    }

    /// `code` as the name of a path component (`de` → `de.lproj`), after checking that it is a
    /// locale: a well-formed BCP 47 tag (`_` allowed for `-`), `Base`, `mul` or a legacy
    /// `.lproj` name. Anything else — `../../x`, `a/b`, an empty code — is an `[invalid-locale]`
    /// error, so that a catalog's locale codes can never lead a writer out of its folder.
    public static func pathComponent(forLocale code: String, file: String) throws(CatalogError) -> String {
        if code == "Base" || code == "mul" || legacyNames[code] != nil || LocaleTag(code) != nil { return code }
        throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .invalidLocale,
                           message: "“\(CodePoint.visible(code))” is not a locale code (BCP 47); nothing was written")
    }

    /// `name` as a file name (a table name: `Localizable`): refused when empty, `.` or `..`, or
    /// when it holds `/`, NUL or another control character.
    public static func pathComponent(forTable name: String, file: String) throws(CatalogError) -> String {
        let unsafe = name.isEmpty || name == "." || name == ".." || name.unicodeScalars.contains { $0 == "/" || $0.value < 0x20 || $0.value == 0x7F }
        guard !unsafe else {
            throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .invalidTable,
                               message: "the table name is not a usable file name; nothing was written")
        }
        return name
    }
}
