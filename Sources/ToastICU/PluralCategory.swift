/// A CLDR plural category.
public enum PluralCategory: String, Sendable, CaseIterable, Comparable, Codable {
    case zero, one, two, few, many, other

    /// CLDR's order: zero, one, two, few, many, other.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
