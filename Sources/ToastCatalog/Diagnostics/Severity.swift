/// How much a diagnostic matters, the same word in every output of ToastKit (catalog
/// readers, the localizer, `lint`, the locale matrix). Ordered: `note` < `warning` < `error`.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    /// Worth knowing; never fails a run.
    case note
    /// Probably wrong, or a fallback was used; never fails a run by itself.
    case warning
    /// Wrong: the text could not be made as asked, or the app would break; fails a run.
    case error

    /// `note` < `warning` < `error`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
}
