import ToastICU

/// A `.stringsdict` value as a flat table encodes it, read without making the value: the
/// format, and each substitution's name, value type, argument and forms, in the encoding's
/// order (``FlatRecords/encodedValue(atRecord:)``).
///
/// It holds what ``FlatRecords/localization(atRecord:)`` would make, without the tables:
/// that value's string unit is `format` (no state), and each substitution is textual, with no
/// unknown member, its forms plain string units (no state). Of a name or category repeated in
/// the encoding the value would keep one (``hasRepeats`` says whether there is one). `lint` checks a
/// translation of an `.lproj` table with it and makes the value only when the quick scan
/// cannot clear it (making and freeing the values was most of checking the bench tree's
/// `.stringsdict` translations).
package struct EncodedStringsdictValue: Sendable {
    /// One substitution.
    package struct Substitution: Sendable {
        package var name: String
        /// The value type (`d`, `lld`), without a leading `%` unless it was written with two.
        package var formatSpecifier: String?
        /// The 1-based argument it reads, as the reader found it (nil when the text's order gives it).
        package var argNum: Int?
        /// Each form's category and text, in the encoding's order.
        package var forms: [(category: PluralCategory, text: String)]

        /// A substitution of these parts.
        package init(name: String, formatSpecifier: String?, argNum: Int?, forms: [(category: PluralCategory, text: String)]) {
            (self.name, self.formatSpecifier, self.argNum, self.forms) = (name, formatSpecifier, argNum, forms)
        }
    }

    /// The text of `NSStringLocalizedFormatKey`.
    package var format: String
    package var substitutions: [Substitution]

    /// A value of these parts.
    package init(format: String, substitutions: [Substitution]) {
        self.format = format
        self.substitutions = substitutions
    }

    /// The most variables the `.stringsdict` reader takes an entry of from its bytes
    /// (``PlainStringsdictEntry/maximumVariables``): a check that compares names pairwise takes
    /// values of no more substitutions.
    package static let plainVariableLimit = PlainStringsdictEntry.maximumVariables

    /// Whether two substitutions have canonically equal names, or a substitution two forms of
    /// one category: the value made would then keep one of each (the first spelling of a name,
    /// with the last substitution of it; the last form of a category). A guard: the readers
    /// encode neither today (a plain entry with a repeat is read in full, and a full read
    /// keeps one of each before encoding). Compares names pairwise: for values of at most
    /// ``plainVariableLimit`` substitutions.
    package var hasRepeats: Bool {
        for (index, substitution) in substitutions.enumerated() {
            if substitutions[..<index].contains(where: { $0.name == substitution.name }) { return true }
            var seen: UInt8 = 0
            for form in substitution.forms {
                let bit: UInt8 = 1 << UInt8(form.category.ordinal)
                if seen & bit != 0 { return true }
                seen |= bit
            }
        }
        return false
    }
}

extension FlatRecords {
    /// Record `record`'s `.stringsdict` value as its table encodes it; `nil` for a `.strings`
    /// table, a `.stringsdict` read for its states, or a value kept as read.
    package func encodedValue(atRecord record: Int) -> EncodedStringsdictValue? {
        guard case .stringsdict = table.values else { return nil }
        return table.encodedValue(at: table.valueRange(at: record))
    }
}
