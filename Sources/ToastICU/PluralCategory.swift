/// A CLDR plural category.
public enum PluralCategory: String, Sendable, CaseIterable, Comparable, Codable {
    case zero, one, two, few, many, other

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
}
