import ToastCatalog
import ToastICU
import ToastSupport

/// A format string tokenized once.
struct CompiledText: Sendable {
    let text: String
    /// `nil` when the text has no `%` at all.
    let tokens: [FormatToken]?

    init(_ text: String) {
        self.text = text
        tokens = text.utf8.contains(UInt8(ascii: "%")) ? FormatString.tokens(text) : nil
    }
}

/// A catalog value (or one variation branch) prepared for resolution: every string unit
/// tokenized, the fraction digits that decide the plural category of floats found, once.
///
/// A class, immutable after creation: passing one around costs a single retain.
final class CompiledValue: Sendable {
    let unit: CompiledText?
    let plural: PluralForms
    /// For plural variations: the visible fraction digits of the forms' first float specifier.
    let pluralFractionDigits: Int?
    let device: [String: CompiledValue]
    let substitutions: [String: CompiledSubstitution]

    init(_ value: LocalizedValue) {
        unit = value.stringUnit.map { CompiledText($0.value) }
        plural = PluralForms(value.plural.mapValues(CompiledValue.init))
        pluralFractionDigits = value.plural.isEmpty ? nil : Self.fractionDigits(in: value.plural)
        device = value.device.mapValues(CompiledValue.init)
        substitutions = value.substitutions.mapValues(CompiledSubstitution.init)
    }

    /// The visible fraction digits of the first floating-point specifier in plural forms
    /// (`other` first): `%.1f` → 1, `%lf` → 6; `nil` when the forms format no float.
    static func fractionDigits(in forms: [PluralCategory: LocalizedValue]) -> Int? {
        for category in [PluralCategory.other] + PluralCategory.allCases {
            guard let text = forms[category]?.stringUnit?.value, text.utf8.contains(UInt8(ascii: "%")) else { continue }
            for case .specifier(let spec) in FormatString.tokens(text) where spec.argumentClass == .floatingPoint {
                return spec.precision ?? 6
            }
        }
        return nil
    }
}

/// Plural forms in a fixed array by category: a lookup is an index, not a hash.
struct PluralForms: Sendable {
    private let forms: [CompiledValue?]

    init(_ dictionary: [PluralCategory: CompiledValue]) {
        forms = dictionary.isEmpty ? [] : PluralCategory.allCases.map { dictionary[$0] }
    }

    var isEmpty: Bool { forms.isEmpty }

    subscript(category: PluralCategory) -> CompiledValue? {
        forms.isEmpty ? nil : forms[category.ordinal]
    }
}

/// A substitution prepared for resolution.
final class CompiledSubstitution: Sendable {
    let argNum: Int?
    /// The conversion written for `%arg` (`lld`).
    let formatSpecifier: String
    /// Visible fraction digits when the conversion is a float (`.1f` → 1, `lf` → 6).
    let fractionDigits: Int?
    let plural: PluralForms
    let isTextual: Bool

    init(_ substitution: Substitution) {
        argNum = substitution.argNum
        let specifier = substitution.formatSpecifier ?? "lld"
        formatSpecifier = specifier
        if case .specifier(let spec)? = FormatString.tokens("%" + specifier).first, spec.argumentClass == .floatingPoint {
            fractionDigits = spec.precision ?? 6
        } else {
            fractionDigits = nil
        }
        plural = PluralForms(substitution.plural.mapValues(CompiledValue.init))
        isTextual = substitution.isTextual
    }
}

/// Where a key's values are, per locale of the fallback chain, compiled; one per
/// (table, key), built on first use and shared by every thread using the localizer.
final class LookupCache: Sendable {
    struct Key: Hashable, Sendable {
        let table: String?
        let key: String
    }

    final class Candidate: Sendable {
        let tag: LocaleTag
        let step: Int
        let value: CompiledValue
        /// The engine `value` is formatted with: `tag`'s ICU handles and plural rules, looked
        /// up once, and (when the localizer isolates arguments) `tag`'s writing direction.
        let engine: FormatEngine

        init(tag: LocaleTag, step: Int, value: CompiledValue, engine: FormatEngine) {
            self.tag = tag
            self.step = step
            self.value = value
            self.engine = engine
        }
    }

    struct Entry: Sendable {
        /// The values found, in fallback order.
        let candidates: [Candidate]
        /// Whether some catalog has the key (with no usable localization).
        let keyExists: Bool
    }

    /// Entries kept before the cache starts over (a program uses a bounded set of keys; this
    /// bounds memory when it does not).
    static let capacity = 4096

    private let storage = Locked<[Key: Entry]>([:])

    init() {}

    /// The entry for `key`, if it was built.
    func cached(_ key: Key) -> Entry? {
        storage.withLock { $0[key] }
    }

    /// Stores a built entry.
    func store(_ entry: Entry, for key: Key) {
        storage.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
