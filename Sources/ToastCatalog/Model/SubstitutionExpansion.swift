/// How far a localization's substitutions can expand: the "billion laughs" of String
/// Catalogs. A substitution's forms may name other substitutions (`%#@b@`), several times per
/// form; at 8 levels (the depth a resolver follows) ten references per form make 10⁸ copies
/// from a 4 KB file. Readers compute the worst case of every localization with substitutions
/// in one pass over its forms (memoized per substitution and level, so this costs as much as
/// reading them) and reject one that crosses the limits with a located `[limit]` error.
///
/// The worst case counts, for every text, its literal bytes, 32 bytes per specifier (a
/// formatted number or argument stands there), and for each `%#@name@` the largest form of
/// `name` one level deeper; a reference at the depth limit, or to a substitution that does
/// not exist, counts as the token itself (that is what a resolver prints).
package struct SubstitutionExpansion {
    /// The nesting a resolver follows (`%#@a@` inside `a`'s forms counts a level).
    package static let maximumDepth = 8
    /// Bytes a specifier is counted as.
    static let specifierBytes = 32

    /// The worst case of one text: the bytes it can print and the substitutions it expands
    /// inside substitutions' forms (the fan-out; a token of the localization's own text is
    /// bounded by that text's length).
    package struct Cost: Equatable {
        package var bytes = 0
        package var expansions = 0

        package init(bytes: Int = 0, expansions: Int = 0) {
            self.bytes = bytes
            self.expansions = expansions
        }

        /// Each figure the larger of the two: the worst of several branches, of which one prints.
        mutating func formMax(_ other: Cost) {
            bytes = max(bytes, other.bytes)
            expansions = max(expansions, other.expansions)
        }

        mutating func add(_ other: Cost) {
            bytes = Self.saturating(bytes, other.bytes)
            expansions = Self.saturating(expansions, other.expansions)
        }

        static func saturating(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? Int.max : sum
        }
    }

    private let substitutions: [String: Substitution]
    private var memo: [String: [Int: Cost]] = [:]

    private init(substitutions: [String: Substitution]) {
        self.substitutions = substitutions
    }

    /// The worst case of `value` (its string unit and every variation), or `nil` when it has no
    /// substitutions.
    package static func worstCase(of value: LocalizedValue) -> Cost? {
        guard !value.substitutions.isEmpty else { return nil }
        var expansion = SubstitutionExpansion(substitutions: value.substitutions)
        return expansion.cost(ofValue: value, depth: 0)
    }

    /// The error for a localization whose worst case crosses `limits`, located at `location`;
    /// `nil` when it stays within them.
    package static func check(_ value: LocalizedValue, key: String, locale: String, limits: CatalogLimits,
                              at location: @autoclosure () -> SourceLocation) -> CatalogError? {
        guard !value.substitutions.isEmpty, !isSurelyWithin(value, limits: limits) else { return nil }
        guard let cost = worstCase(of: value) else { return nil }
        if cost.bytes > limits.maximumExpandedLength {
            return CatalogError(location: location(), rule: .limit,
                                message: "the substitutions of “\(key)” (\(locale)) can expand to \(Self.shown(cost.bytes)) bytes; the limit is \(limits.maximumExpandedLength) (substitutions that name each other several times per form)",
                                key: key)
        }
        if cost.expansions > limits.maximumSubstitutionExpansions {
            return CatalogError(location: location(), rule: .limit,
                                message: "the substitutions of “\(key)” (\(locale)) can expand \(Self.shown(cost.expansions)) substitutions inside their forms; the limit is \(limits.maximumSubstitutionExpansions) (substitutions that name each other several times per form)",
                                key: key)
        }
        return nil
    }

    /// Whether `value` stays within `limits` by a bound found without reading its formats,
    /// so that the common case (forms that name no substitution) costs a byte scan, not a
    /// tokenizing of every text (6% of `dump` of an `.lproj` tree).
    ///
    /// When no form of a substitution contains `@`, no form names a substitution: nothing
    /// expands inside a form (expansions 0), and no text costs more than 16 bytes per byte it
    /// has (a specifier of at least two bytes counts 32). A text of the value's own then
    /// costs at most 16 × its length, plus, for each of its `%` (at most one per reference),
    /// the largest a reference costs: 32 bytes, 16 × the longest form, or its token and 4.
    /// `false` means only that the exact count must decide.
    package static func isSurelyWithin(_ value: LocalizedValue, limits: CatalogLimits) -> Bool {
        var longestForm = 0
        for substitution in value.substitutions.values {
            for form in substitution.plural.values {
                let clean = forEachText(of: form) { text in
                    longestForm = max(longestForm, text.utf8.count)
                    return Self.count(of: UInt8(ascii: "@"), in: text) == 0
                }
                guard clean else { return false }
            }
        }
        var longest = 0, percents = 0
        _ = forEachText(of: value) { text in
            longest = max(longest, text.utf8.count)
            percents = max(percents, Self.count(of: UInt8(ascii: "%"), in: text))
            return true
        }
        return isSurelyWithin(longestForm: longestForm, longest: longest, percents: percents, limits: limits)
    }

    /// ``isSurelyWithin(_:limits:)`` of a `.stringsdict` entry as its reader holds it, before
    /// its value is made: over every text form of its plural-rule variables (a superset of the
    /// value's forms when a variable or category repeats, so the bound is never lower), and its
    /// format. `true` means the value's exact count would find it within `limits` too.
    static func isSurelyWithin(_ entry: StringsdictEntry, limits: CatalogLimits) -> Bool {
        var longestForm = 0
        var hasSubstitutions = false
        for variable in entry.variables {
            guard case .plural(_, let forms) = variable.rule else { continue }
            hasSubstitutions = true
            for case .text(_, let text) in forms {
                longestForm = max(longestForm, text.utf8.count)
                guard count(of: UInt8(ascii: "@"), in: text) == 0 else { return false }
            }
        }
        // A value without substitutions is never checked.
        guard hasSubstitutions else { return true }
        return isSurelyWithin(longestForm: longestForm, longest: entry.format.utf8.count,
                              percents: count(of: UInt8(ascii: "%"), in: entry.format), limits: limits)
    }

    /// `isSurelyWithin(_:limits:)` of a `.stringsdict` entry (above), for one read as ranges of
    /// its file's `bytes` (``PlainStringsdictEntry``), over the same texts.
    static func isSurelyWithin(_ entry: PlainStringsdictEntry, in bytes: UnsafeBufferPointer<UInt8>, limits: CatalogLimits) -> Bool {
        // A value without substitutions is never checked.
        guard !entry.variables.isEmpty else { return true }
        var longestForm = 0
        for case let form? in entry.forms {
            longestForm = max(longestForm, form.count)
            guard byteCount(of: UInt8(ascii: "@"), in: UnsafeBufferPointer(rebasing: bytes[form]), upTo: form.count) == 0 else { return false }
        }
        let format = UnsafeBufferPointer(rebasing: bytes[entry.format])
        return isSurelyWithin(longestForm: longestForm, longest: format.count,
                              percents: byteCount(of: UInt8(ascii: "%"), in: format, upTo: format.count), limits: limits)
    }

    /// The bound itself: forms of at most `longestForm` bytes that name no substitution, and
    /// the value's own texts of at most `longest` bytes and `percents` `%` each.
    private static func isSurelyWithin(longestForm: Int, longest: Int, percents: Int, limits: CatalogLimits) -> Bool {
        let perReference = max(specifierBytes, 16 * longestForm, longest + 4)
        let (references, overflow) = percents.multipliedReportingOverflow(by: perReference)
        guard !overflow else { return false }
        return Cost.saturating(16 * longest, references) <= limits.maximumExpandedLength
    }

    /// How many times `byte` occurs in `text`'s UTF-8, a word at a time.
    private static func count(of byte: UInt8, in text: String) -> Int {
        text.utf8.withContiguousStorageIfAvailable { byteCount(of: byte, in: $0, upTo: $0.count) }
            ?? text.utf8.reduce(0) { $0 + ($1 == byte ? 1 : 0) }
    }

    /// Calls `body` with each text of `value` (its string unit, plural forms and device
    /// branches, not its substitutions'), while `body` returns `true`; whether all did.
    private static func forEachText(of value: LocalizedValue, _ body: (String) -> Bool) -> Bool {
        if let unit = value.stringUnit, !body(unit.value) { return false }
        for form in value.plural.values where !forEachText(of: form, body) { return false }
        for branch in value.device.values where !forEachText(of: branch, body) { return false }
        return true
    }

    private static func shown(_ count: Int) -> String {
        count == Int.max ? "more than \(Int.max)" : String(count)
    }

    /// The largest of a value's texts: a value prints one branch.
    private mutating func cost(ofValue value: LocalizedValue, depth: Int) -> Cost {
        var worst = Cost()
        if let unit = value.stringUnit { worst.formMax(cost(ofText: unit.value, depth: depth)) }
        for form in value.plural.values { worst.formMax(cost(ofValue: form, depth: depth)) }
        for branch in value.device.values { worst.formMax(cost(ofValue: branch, depth: depth)) }
        return worst
    }

    private mutating func cost(ofText text: String, depth: Int) -> Cost {
        var total = Cost()
        for token in FormatString.tokens(text) {
            switch token {
            case .literal(let literal): total.add(Cost(bytes: literal.utf8.count))
            case .percent: total.add(Cost(bytes: 1))
            case .invalid(let raw): total.add(Cost(bytes: raw.utf8.count))
            case .specifier: total.add(Cost(bytes: Self.specifierBytes))
            case .substitution(let name, _):
                total.add(cost(ofReference: String(name), depth: depth))
            }
        }
        return total
    }

    /// A `%#@name@` met at `depth`: its largest form one level deeper, or the token itself.
    private mutating func cost(ofReference name: String, depth: Int) -> Cost {
        let token = Cost(bytes: name.utf8.count + 4)
        guard depth < Self.maximumDepth, let substitution = substitutions[name] else { return token }
        if let known = memo[name]?[depth] { return known }
        // While this one is being counted, a reference back to it counts as its token: the
        // depth bound ends the cycle at run time, and each level is memoized.
        memo[name, default: [:]][depth] = token
        var worst = Cost()
        // Only expansions inside a form count: those of the tokens written in the localization's
        // own text are bounded by its length, which amplifies nothing.
        let counted = depth > 0 ? 1 : 0
        for form in substitution.plural.values {
            var cost = cost(ofValue: form, depth: depth + 1)
            cost.add(Cost(expansions: counted))
            worst.formMax(cost)
        }
        if substitution.plural.isEmpty { worst = Cost(bytes: Self.specifierBytes, expansions: counted) }
        memo[name, default: [:]][depth] = worst
        return worst
    }
}
