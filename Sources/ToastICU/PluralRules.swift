internal import CICU

/// CLDR cardinal plural rules for one locale, from ICU.
///
/// Immutable after opening and safe to share between threads (`uplrules_select` does not
/// modify the rules). Obtain instances from ``ICUServices`` so each locale is opened once.
public final class PluralRules: @unchecked Sendable {
    let handle: OpaquePointer
    /// The locale the rules were opened for.
    public let locale: LocaleTag
    /// The categories this locale uses, in CLDR order (`other` always last).
    public let categories: [PluralCategory]

    /// Opens the cardinal rules for `locale`.
    public init(locale: LocaleTag) throws(ICUFailure) {
        var status = TOAST_U_ZERO_ERROR
        let opened = toast_uplrules_openForType(locale.icuID, TOAST_UPLURAL_TYPE_CARDINAL, &status)
        try throwIfFailed(status, "uplrules_openForType")
        guard let opened else { throw ICUFailure(code: 1, function: "uplrules_openForType") }
        handle = opened
        self.locale = locale
        var found = Set<PluralCategory>()
        status = TOAST_U_ZERO_ERROR
        if let keywords = toast_uplrules_getKeywords(opened, &status) {
            defer { toast_uenum_close(keywords) }
            while true {
                var length: Int32 = 0
                status = TOAST_U_ZERO_ERROR
                guard let word = toast_uenum_next(keywords, &length, &status) else { break }
                if let category = PluralCategory(rawValue: String(cString: word)) { found.insert(category) }
            }
        }
        found.insert(.other)
        categories = found.sorted()
        smallIntegers = (0..<Self.smallIntegerCount).map { Self.select(opened, Double($0)) }
    }

    /// How many integers from 0 have their category computed once, at opening.
    static let smallIntegerCount = 1024
    /// The categories of 0 ..< ``smallIntegerCount``.
    private let smallIntegers: [PluralCategory]

    deinit { toast_uplrules_close(handle) }

    /// The category of an integer, such as `few` for 3 in Russian.
    public func category(for value: Int64) -> PluralCategory {
        if value >= 0 && value < Int64(smallIntegers.count) { return smallIntegers[Int(value)] }
        return category(forDouble: Double(value))
    }

    /// The category of a number without visible fraction digits.
    public func category(forDouble value: Double) -> PluralCategory {
        Self.select(handle, value)
    }

    private static func select(_ handle: OpaquePointer, _ value: Double) -> PluralCategory {
        readKeyword { buffer, capacity, status in toast_uplrules_select(handle, value, buffer, capacity, &status) }
    }

    /// Calls an ICU keyword-writing function with a stack buffer and maps the keyword to a
    /// category without building a `String`.
    private static func readKeyword(_ call: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32) -> PluralCategory {
        var status = TOAST_U_ZERO_ERROR
        var keyword: (UChar, UChar, UChar, UChar, UChar, UChar, UChar, UChar) = (0, 0, 0, 0, 0, 0, 0, 0)
        let length = withUnsafeMutablePointer(to: &keyword) {
            $0.withMemoryRebound(to: UChar.self, capacity: 8) { call($0, 8, &status) }
        }
        guard status <= TOAST_U_ZERO_ERROR, length > 0 else { return .other }
        return withUnsafeBytes(of: keyword) { raw in
            Self.category(raw.bindMemory(to: UChar.self), length: Int(length))
        }
    }

    /// The category of a number as displayed with `fractionDigits` visible fraction digits:
    /// in English 1 is `one` but 1.0 is `other`; in Russian 1.5 is `other`.
    /// The number is rounded the way it is displayed before its category is chosen.
    public func category(for value: Double, fractionDigits: Int, services: ICUServices) -> PluralCategory {
        guard fractionDigits > 0 else { return category(forDouble: value.rounded(.toNearestOrEven)) }
        let digits = min(fractionDigits, 20)
        guard let formatter = try? services.numberFormatter(locale, skeleton: "." + String(repeating: "0", count: digits) + " group-off")
        else { return .other }
        return formatter.withFormatted(value) { result in selectFormatted(result) } ?? .other
    }

    /// The category of a decimal written as text (`"1.50"`): as many visible fraction digits
    /// as it is written with. Returns `nil` for text that is not `-?digits[.digits]`.
    public func category(forDecimal text: String, services: ICUServices) -> (formatted: String, category: PluralCategory)? {
        guard let digits = Self.fractionDigits(ofDecimal: text) else { return nil }
        let skeleton = digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits)
        guard let formatter = try? services.numberFormatter(locale, skeleton: skeleton) else { return nil }
        return formatter.withFormatted(decimal: text) { result, formatted in (formatted, selectFormatted(result)) }
    }

    /// The number of fraction digits of `-?[0-9]+(\.[0-9]+)?`, or `nil` for other text.
    public static func fractionDigits(ofDecimal text: String) -> Int? {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let integer = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard !integer.isEmpty, integer.count <= 40 else { return nil }
        let rest = bytes.dropFirst(integer.count)
        if rest.isEmpty { return 0 }
        guard rest.first == UInt8(ascii: "."), rest.count >= 2, rest.count <= 21,
              rest.dropFirst().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return rest.count - 1
    }

    private func selectFormatted(_ result: OpaquePointer) -> PluralCategory {
        Self.readKeyword { buffer, capacity, status in toast_uplrules_selectFormatted(handle, result, buffer, capacity, &status) }
    }

    /// How many samples of each kind ``samples(limit:services:)`` lists by default.
    public static let defaultSampleLimit = 6

    /// Sample numbers per category, for translators: integers from 0 to 1000 and k·10^m up to
    /// 10^9, decimals from 0.0 to 10.0 (one and two fraction digits) and k·10^m with one.
    /// At most `limit` of each kind per category, smallest first.
    public func samples(limit: Int = PluralRules.defaultSampleLimit, services: ICUServices) -> [(category: PluralCategory, integers: [String], decimals: [String])] {
        var integers: [PluralCategory: [String]] = [:]
        var decimals: [PluralCategory: [String]] = [:]
        var candidates = (0...1000).map { Int64($0) }
        var power: Int64 = 10_000
        while power <= 1_000_000_000 {
            for k in 1...9 { candidates.append(Int64(k) * power) }
            power *= 10
        }
        for n in candidates {
            let c = category(for: n)
            if integers[c, default: []].count < limit { integers[c, default: []].append(String(n)) }
        }
        var decimalTexts: [String] = []
        for tenths in 0...100 { decimalTexts.append("\(tenths / 10).\(tenths % 10)") }
        for hundredths in 0...1000 {
            let fraction = hundredths % 100
            decimalTexts.append("\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)")
        }
        power = 1_000
        while power <= 1_000_000_000 {
            for k in 1...9 { decimalTexts.append("\(Int64(k) * power).0") }
            power *= 10
        }
        for text in decimalTexts {
            guard let c = category(forDecimal: text, services: services)?.category else { continue }
            if decimals[c, default: []].count < limit && !(decimals[c]?.contains(text) ?? false) {
                decimals[c, default: []].append(text)
            }
        }
        return categories.map { ($0, integers[$0] ?? [], decimals[$0] ?? []) }
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
