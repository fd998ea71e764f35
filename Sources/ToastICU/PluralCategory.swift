/// A CLDR plural category.
public enum PluralCategory: String, Sendable, CaseIterable, Comparable, Codable {
    /// `zero` (Arabic 0, Latvian 10; and Apple's form for 0 in any language).
    case zero
    /// `one` (English 1, French 0 and 1).
    case one
    /// `two` (Arabic, Welsh, Slovenian 2).
    case two
    /// `few` (Russian 2–4, Polish 2–4, Arabic 3–10).
    case few
    /// `many` (Russian 5–20, Arabic 11–99, French 1000000).
    case many
    /// `other`: every other number; every language has it.
    case other

    /// The category's place in CLDR's order: 0 for zero … 5 for other.
    public var ordinal: Int {
        switch self {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }

    /// CLDR's order: zero, one, two, few, many, other.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Hashed by its place in CLDR's order: a raw-valued enum is otherwise hashed by its name
    /// (a string), a few hundred instructions for every lookup of a form in a dictionary of them.
    public func hash(into hasher: inout Hasher) { hasher.combine(UInt8(truncatingIfNeeded: ordinal)) }
}
