import Testing
import ToastCatalog
@testable import ToastLint

/// A substitution's count kind, kept per specifier spelling by the checker, is the kind its
/// specifier gives when parsed each time: for spellings met again, met after the kept ones are
/// full, for none, and for two spellings Swift's strings call equal (`é` and `e` with a
/// combining acute) that the parser, reading bytes, does not.
@Suite struct LintCountKindTests {
    /// More spellings than are kept, repeated in and out of order, with and without `%`.
    static let spellings: [String?] = ["\u{E9}", "e\u{301}", "d", "%d", "lld", ".1f", "f", "g", "@", nil, "d", ".2f", "ld", "lu", "x",
                                       "u", "e", ".1f", "%.3g", "", "d", ".2f", "%", "lld", "zz", ".1f", "\u{E9}", "e\u{301}"]

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
        // The spellings really give different kinds (the comparison above can fail), the two
        // equal strings among them.
        #expect(Set(Self.spellings.map(Self.parsed)).count >= 4)
        #expect(Self.parsed("\u{E9}") != Self.parsed("e\u{301}") && "\u{E9}" == "e\u{301}")
    }
}
