@_implementationOnly import CICU

extension LocaleTag {
    /// Every locale ICU has data for (`uloc_getAvailable`), as tags.
    public static var availableLocales: [LocaleTag] {
        (0..<uloc_countAvailable()).compactMap { index in
            uloc_getAvailable(index).flatMap { LocaleTag(icuID: String(cString: $0)) }
        }
    }
}

extension PluralRules {
    /// The CLDR rule text ICU's data holds for `locale`, by category, without the sample
    /// lists (`one` → `i = 1 and v = 0`). Looked up as `uplrules_open` does: the locale, then
    /// its truncations. Empty when ICU has none.
    public static func ruleText(for locale: LocaleTag) -> [PluralCategory: String] {
        var status = U_ZERO_ERROR
        guard let plurals = ures_openDirect(nil, "plurals", &status), status.rawValue <= U_ZERO_ERROR.rawValue else { return [:] }
        defer { ures_close(plurals) }
        status = U_ZERO_ERROR
        guard let locales = ures_getByKey(plurals, "locales", nil, &status), status.rawValue <= U_ZERO_ERROR.rawValue else { return [:] }
        defer { ures_close(locales) }
        var id = locale.icuID
        var setName: String?
        while setName == nil {
            var length: Int32 = 0
            status = U_ZERO_ERROR
            if let chars = ures_getStringByKey(locales, id, &length, &status), status.rawValue <= U_ZERO_ERROR.rawValue {
                setName = String(decoding: UnsafeBufferPointer(start: chars, count: Int(length)), as: UTF16.self)
            } else if let cut = id.lastIndex(of: "_") {
                id = String(id[..<cut])
            } else {
                return [:]
            }
        }
        status = U_ZERO_ERROR
        guard let sets = ures_getByKey(plurals, "rules", nil, &status), status.rawValue <= U_ZERO_ERROR.rawValue else { return [:] }
        defer { ures_close(sets) }
        status = U_ZERO_ERROR
        guard let set = ures_getByKey(sets, setName!, nil, &status), status.rawValue <= U_ZERO_ERROR.rawValue else { return [:] }
        defer { ures_close(set) }
        var result: [PluralCategory: String] = [:]
        for index in 0..<ures_getSize(set) {
            status = U_ZERO_ERROR
            guard let item = ures_getByIndex(set, index, nil, &status), status.rawValue <= U_ZERO_ERROR.rawValue else { continue }
            defer { ures_close(item) }
            var length: Int32 = 0
            status = U_ZERO_ERROR
            guard let key = ures_getKey(item), let chars = ures_getString(item, &length, &status),
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
