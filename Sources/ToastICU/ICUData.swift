internal import CICU

extension LocaleTag {
    /// Every locale ICU has data for (`uloc_getAvailable`), as tags.
    public static var availableLocales: [LocaleTag] {
        (0..<toast_uloc_countAvailable()).compactMap { index in
            toast_uloc_getAvailable(index).flatMap { LocaleTag(icuID: String(cString: $0)) }
        }
    }
}

extension LocaleTag {
    /// Whether ICU has data for the tag's language (some available locale shares it): `zz`
    /// and `qaa` have none, `sw` and `de-CH` have.
    public var hasICUData: Bool {
        ICULanguages.available.contains(language)
    }
}

/// The languages of ICU's available locales, read once (immutable).
private enum ICULanguages {
    static let available: Set<String> = Set(LocaleTag.availableLocales.map(\.language))
}

extension PluralRules {
    /// The CLDR rule text ICU's data holds for `locale`, by category, without the sample
    /// lists (`one` → `i = 1 and v = 0`). Looked up as `uplrules_open` does: the locale, then
    /// its truncations. Empty when ICU has none.
    public static func ruleText(for locale: LocaleTag) -> [PluralCategory: String] {
        var status = TOAST_U_ZERO_ERROR
        guard let plurals = toast_ures_openDirect(nil, "plurals", &status), status <= TOAST_U_ZERO_ERROR else { return [:] }
        defer { toast_ures_close(plurals) }
        status = TOAST_U_ZERO_ERROR
        guard let locales = toast_ures_getByKey(plurals, "locales", nil, &status), status <= TOAST_U_ZERO_ERROR else { return [:] }
        defer { toast_ures_close(locales) }
        var id = locale.icuID
        var setName: String?
        while setName == nil {
            var length: Int32 = 0
            status = TOAST_U_ZERO_ERROR
            if let chars = toast_ures_getStringByKey(locales, id, &length, &status), status <= TOAST_U_ZERO_ERROR {
                setName = String(decoding: UnsafeBufferPointer(start: chars, count: Int(length)), as: UTF16.self)
            } else if let cut = id.lastIndex(of: "_") {
                id = String(id[..<cut])
            } else {
                return [:]
            }
        }
        status = TOAST_U_ZERO_ERROR
        guard let sets = toast_ures_getByKey(plurals, "rules", nil, &status), status <= TOAST_U_ZERO_ERROR else { return [:] }
        defer { toast_ures_close(sets) }
        status = TOAST_U_ZERO_ERROR
        guard let set = toast_ures_getByKey(sets, setName!, nil, &status), status <= TOAST_U_ZERO_ERROR else { return [:] }
        defer { toast_ures_close(set) }
        var result: [PluralCategory: String] = [:]
        for index in 0..<toast_ures_getSize(set) {
            status = TOAST_U_ZERO_ERROR
            guard let item = toast_ures_getByIndex(set, index, nil, &status), status <= TOAST_U_ZERO_ERROR else { continue }
            defer { toast_ures_close(item) }
            var length: Int32 = 0
            status = TOAST_U_ZERO_ERROR
            guard let key = toast_ures_getKey(item), let chars = toast_ures_getString(item, &length, &status),
                  let category = PluralCategory(rawValue: String(cString: key)) else { continue }
            let text = String(decoding: UnsafeBufferPointer(start: chars, count: Int(length)), as: UTF16.self)
            let rule = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            result[category] = String(rule).trimmingSpaces()
        }
        return result
    }
}

extension String {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
