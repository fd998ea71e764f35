import Testing
import ToastCatalog
@testable import ToastLint

/// A substitution's count kind, kept per specifier spelling by the checker, is the kind its
/// specifier gives when parsed each time: for spellings met again, met after the kept ones are
/// full, and for none.
@Suite struct LintCountKindTests {
    /// More spellings than are kept, repeated in and out of order, with and without `%`.
    static let spellings: [String?] = ["d", "%d", "lld", ".1f", "f", "g", "@", nil, "d", ".2f", "ld", "lu", "x", "u", "e",
                                       ".1f", "%.3g", "", "d", ".2f", "%", "lld", "zz", ".1f"]

    /// The kind of `spelling` parsed afresh, as the checker parsed it before keeping kinds.
    static func parsed(_ spelling: String?) -> PluralArgumentKind {
        guard let spelling else { return .assumedInteger }
        if case .specifier(let spec)? = FormatString.tokens(spelling.hasPrefix("%") ? spelling : "%" + spelling).first {
            return PluralArgumentKind(specifier: spec)
        }
        return PluralArgumentKind(specifier: nil)
    }

    @Test func keptKindsAreTheParsedOnes() {
        var checker = LintChecker(table: LintTable(), configuration: LintConfiguration())
        for (position, spelling) in Self.spellings.enumerated() {
            #expect(checker.countKind(formatSpecifier: spelling) == Self.parsed(spelling), "\(position): \(spelling ?? "nil")")
        }
        // The spellings really give different kinds (the comparison above can fail).
        #expect(Set(Self.spellings.map(Self.parsed)).count >= 4)
    }
}
