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
enum ICULanguages {
    /// The language part of each available locale's ICU ID, as ``LocaleTag/language`` reads
    /// it, without making a tag of each ID: converting ICU's 800 IDs to tags took 23 M
    /// instructions, a third of `toastkit show` in a locale other than the default.
    static let available: Set<String> = Set((0..<toast_uloc_countAvailable()).compactMap { index in
        toast_uloc_getAvailable(index).flatMap { language(ofICUID: String(cString: $0)) }
    })

    /// The language of an available locale's ID, for the IDs ``LocaleTag/init(icuID:)`` takes.
    static func language(ofICUID id: String) -> String? {
        guard !id.isEmpty, id != "root", id.utf8.count <= 2 * LocaleTag.maximumLength else { return nil }
        let language = String(id.prefix { $0 != "_" && $0 != "@" })
        return language.isEmpty ? nil : language
    }
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
