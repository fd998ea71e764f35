@_implementationOnly import CICU

/// CLDR cardinal plural rules for one locale, from ICU.
///
/// Immutable after opening and safe to share between threads (`uplrules_select` does not
/// modify the rules). Obtain instances from ``ICUServices`` so each locale is opened once.
public final class PluralRules: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The locale the rules were opened for.
    public let locale: LocaleTag
    /// The categories this locale uses, in CLDR order (`other` always last).
    public let categories: [PluralCategory]

    /// Opens the cardinal rules for `locale`.
    public init(locale: LocaleTag) throws(ICUFailure) {
        var status = U_ZERO_ERROR
        let opened = uplrules_openForType(locale.icuID, UPLURAL_TYPE_CARDINAL, &status)
        try throwIfFailed(status, "uplrules_openForType")
        guard let opened else { throw ICUFailure(code: 1, function: "uplrules_openForType") }
        handle = opened
        self.locale = locale
        var found = Set<PluralCategory>()
        status = U_ZERO_ERROR
        if let keywords = uplrules_getKeywords(opened, &status) {
            defer { uenum_close(keywords) }
            while true {
                var length: Int32 = 0
                status = U_ZERO_ERROR
                guard let word = uenum_next(keywords, &length, &status) else { break }
                if let category = PluralCategory(rawValue: String(cString: word)) { found.insert(category) }
            }
        }
        found.insert(.other)
        categories = found.sorted()
    }

    deinit { uplrules_close(handle) }

    /// The category of an integer, such as `few` for 3 in Russian.
    public func category(for value: Int64) -> PluralCategory {
        category(forDouble: Double(value))
    }

    /// The category of a number without visible fraction digits.
    public func category(forDouble value: Double) -> PluralCategory {
        var status = U_ZERO_ERROR
        var keyword: (UChar, UChar, UChar, UChar, UChar, UChar, UChar, UChar) = (0, 0, 0, 0, 0, 0, 0, 0)
        let length = withUnsafeMutablePointer(to: &keyword) {
            $0.withMemoryRebound(to: UChar.self, capacity: 8) { uplrules_select(handle, value, $0, 8, &status) }
        }
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0 else { return .other }
        return withUnsafeBytes(of: keyword) { raw in
            Self.category(raw.bindMemory(to: UChar.self), length: Int(length))
        }
    }

    /// Maps an ICU keyword in UTF-16 to a category without building a `String`.
    private static func category(_ units: UnsafeBufferPointer<UChar>, length: Int) -> PluralCategory {
        switch (units[0], length) {
        case (0x7A, 4): return .zero  // z
        case (0x6F, 3): return units[1] == 0x6E ? .one : .other  // one / oth…
        case (0x74, 3): return .two
        case (0x66, 3): return .few
        case (0x6D, 4): return .many
        default: return .other
        }
    }
}
