import ToastCatalog
import ToastICU
import ToastSupport

/// How a plural argument's number is shown, which decides the categories it can reach:
/// integer conversions show whole numbers; `%.Nf` shows N fraction digits (default 6);
/// `%g` may show either; `%@` is assumed to hold an integer.
enum PluralArgumentKind: Hashable, Sendable {
    case integer
    case decimal(fractionDigits: Int)
    case either(fractionDigits: Int)
    case assumedInteger

    init(specifier spec: FormatSpecifier?) {
        guard let spec else { self = .assumedInteger; return }
        switch spec.conversion {
        case "d", "i", "D", "u", "U", "o", "O", "x", "X", "c", "C": self = .integer
        case "f", "F", "e", "E", "a", "A": self = .decimal(fractionDigits: spec.precision ?? 6)
        case "g", "G": self = .either(fractionDigits: spec.precision ?? 6)
        default: self = .assumedInteger
        }
    }

    var describes: String {
        switch self {
        case .integer: "an integer"
        case .decimal(let digits): "a number shown with \(digits) fraction digit\(digits == 1 ? "" : "s")"
        case .either: "a number (%g: integer or decimal)"
        case .assumedInteger: "an integer (assumed: the argument is %@)"
        }
    }
}

/// Which plural categories a locale's numbers reach for one argument kind, found by scanning
/// sample numbers through the shipped ICU (validation-checks.md §1; no hand-written table).
final class PluralReachability: Sendable {
    struct Category: Sendable {
        /// How many scanned numbers select it.
        var count = 0
        /// The first few of them, as shown.
        var samples: [String] = []
        /// The smallest integer selecting it, when integers do.
        var smallestInteger: Int64?
        /// The only number selecting it (en `one` = 1), for integer kinds.
        var singleInteger: Int64?
        var integerCount = 0
        var smallestValue = Double.infinity
    }

    /// The locale's categories, from `uplrules_getKeywords`.
    let localeCategories: [PluralCategory]
    /// The categories the kind reaches, with their samples.
    let reachable: [PluralCategory: Category]
    /// The reached categories in CLDR order (zero, one, two, few, many, other).
    let categories: [PluralCategory]
    /// ``categories`` as bits (``PluralCategory/bit``).
    let reachableBits: UInt8

    /// Whether `category` is reached only by numbers from a million up (fr `many`).
    func isRare(_ category: PluralCategory) -> Bool {
        guard let entry = reachable[category] else { return false }
        return entry.smallestValue >= 1_000_000
    }

    /// The single integer of a single-number category: Apple's `zero` (when CLDR has no
    /// `zero` of its own) is 0; en `one` is 1; ar `two` is 2.
    func singleNumber(_ category: PluralCategory) -> Int64? {
        if category == .zero && !localeCategories.contains(.zero) { return 0 }
        guard let entry = reachable[category], entry.count == entry.integerCount else { return nil }
        return entry.singleInteger
    }

    init(rules: PluralRules, kind: PluralArgumentKind, services: ICUServices) {
        localeCategories = rules.categories
        // By ``PluralCategory/ordinal``, updated in place: a table of categories took two
        // hashes and a copy of the entry for each of the thousand numbers scanned.
        var found = [Category?](repeating: nil, count: PluralCategory.allCases.count)
        // `shown` is spelled out only for the first few samples of a category.
        func note(_ category: PluralCategory, _ shown: @autoclosure () -> String, value: Double, integer: Int64?) {
            if found[category.ordinal] == nil { found[category.ordinal] = Category() }
            found[category.ordinal]!.count += 1
            if found[category.ordinal]!.samples.count < 4 { found[category.ordinal]!.samples.append(shown()) }
            found[category.ordinal]!.smallestValue = min(found[category.ordinal]!.smallestValue, value)
            if let integer {
                found[category.ordinal]!.integerCount += 1
                if found[category.ordinal]!.smallestInteger == nil { found[category.ordinal]!.smallestInteger = integer }
                found[category.ordinal]!.singleInteger = found[category.ordinal]!.integerCount == 1 ? integer : nil
            }
        }
        var integers = (0...1000).map { Int64($0) }
        var power: Int64 = 10_000
        while power <= 1_000_000_000 {
            for k in 1...9 { integers.append(Int64(k) * power) }
            power *= 10
        }
        let scanIntegers: Bool
        let decimalDigits: Int?
        switch kind {
        case .integer, .assumedInteger: scanIntegers = true; decimalDigits = nil
        case .decimal(let digits): scanIntegers = digits == 0; decimalDigits = digits == 0 ? nil : digits
        case .either(let digits): scanIntegers = true; decimalDigits = max(1, min(digits, 6))
        }
        if scanIntegers {
            for n in integers { note(rules.category(for: n), String(n), value: Double(n), integer: n) }
        }
        if let digits = decimalDigits {
            var values: [Double] = []
            for tenths in 0...200 { values.append(Double(tenths) / 10) }
            for hundredths in 0...300 { values.append(Double(hundredths) / 100) }
            power = 100
            while power <= 1_000_000_000 {
                for k in 1...9 { values.append(Double(Int64(k) * power)) }
                power *= 10
            }
            var seen = Set<Double>()
            for value in values where seen.insert(value).inserted {
                let category = rules.category(for: value, fractionDigits: digits, services: services)
                note(category, String(decimal: value, digits: min(digits, 2)), value: value, integer: nil)
            }
        }
        var result: [PluralCategory: Category] = [:]
        for category in PluralCategory.allCases { if let entry = found[category.ordinal] { result[category] = entry } }
        reachable = result
        categories = PluralCategory.allCases.filter { result[$0] != nil }
        reachableBits = categories.reduce(0) { $0 | $1.bit }
    }
}

/// Per-locale, per-kind reachability for one lint run, shared by its checkers (one per
/// thread): each locale's scan (a thousand numbers through ICU) is made once, by whichever
/// checker asks first, while the others wait for that locale only.
final class PluralReachabilityStore: Sendable {
    private struct Key: Hashable {
        var locale: String
        var kind: PluralArgumentKind
    }

    /// One locale and kind's answer, made under its own lock.
    private final class Cell: Sendable {
        let answer = Locked<PluralReachability??>(nil)
    }

    let services: ICUServices
    private let cells = Locked<[Key: Cell]>([:])

    init(services: ICUServices = ICUServices()) { self.services = services }

    func reachability(locale: String, kind: PluralArgumentKind) -> PluralReachability? {
        // Both integer kinds scan the same integers (an object argument is assumed to be one),
        // so they reach the same categories: one scan serves both.
        let kind = kind == .assumedInteger ? .integer : kind
        let cell = cells.withLock { cells in
            if let cell = cells[Key(locale: locale, kind: kind)] { return cell }
            let cell = Cell()
            cells[Key(locale: locale, kind: kind)] = cell
            return cell
        }
        return cell.answer.withLock { answer in
            if let answer { return answer }
            let made: PluralReachability?
            if let tag = LocaleTag(locale), let rules = try? services.pluralRules(tag) {
                made = PluralReachability(rules: rules, kind: kind, services: services)
            } else {
                made = nil
            }
            answer = .some(made)
            return made
        }
    }
}

/// A checker's view of a ``PluralReachabilityStore``: the integer kinds by locale looked up
/// without `Hasher` or a lock once seen.
struct PluralReachabilityCache {
    let store: PluralReachabilityStore
    private var integers = ShortStringMap<PluralReachability?>()

    init(store: PluralReachabilityStore) { self.store = store }

    mutating func reachability(locale: String, kind: PluralArgumentKind) -> PluralReachability? {
        switch kind {
        case .integer, .assumedInteger:
            return integers.insertIfAbsent(locale) { [store] in store.reachability(locale: locale, kind: .integer) }
        case .decimal, .either:
            return store.reachability(locale: locale, kind: kind)
        }
    }
}

extension String {
    /// `value` with `digits` fraction digits, for messages (`1.5`, `2.00`).
    init(decimal value: Double, digits: Int) {
        var scaled = value
        for _ in 0..<digits { scaled *= 10 }
        let whole = Int64(scaled.rounded())
        guard digits > 0 else { self = String(whole); return }
        var divisor: Int64 = 1
        for _ in 0..<digits { divisor *= 10 }
        let fraction = String(whole % divisor)
        self = "\(whole / divisor)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}

extension PluralCategory {
    /// One bit per category, for sets of categories without hashing.
    var bit: UInt8 { 1 << UInt8(ordinal) }

    /// The categories present in `forms`, as bits.
    static func bits<Value>(of forms: [PluralCategory: Value]) -> UInt8 {
        var bits: UInt8 = 0
        for category in forms.keys { bits |= category.bit }
        return bits
    }
}
