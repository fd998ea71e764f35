import Testing
import ToastCatalog
@testable import ToastLint

/// The order lint reports findings in, found on integer keys with the full comparison for
/// ties (`Linter.order(of:)`), is `LintFinding.precedes` order, equal findings kept in the
/// order given.
@Suite struct LintFindingOrderTests {
    /// Findings drawn from few files (two of them one name in two spellings, which compare
    /// equal), lines, columns, rules, locales, keys and paths, so that every level of the
    /// comparison decides some pairs and many findings tie on all of them.
    static func findings(count: Int, seed: UInt64) -> [LintFinding] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let files = ["b.lproj/L.strings", "a.lproj/L.strings", "caf\u{E9}.xcstrings", "cafe\u{301}.xcstrings", "Z.xcstrings"]
        let rules: [RuleID] = [.whitespaceMismatch, .reviewState, .placeholderMismatch]
        return (0..<count).map { index in
            LintFinding(rule: rules[next(rules.count)], severity: .warning,
                        location: SourceLocation(file: files[next(files.count)], line: 1 + next(4), column: 1 + next(3)),
                        table: "L", key: ["k", "K", "k\u{E9}", "ke\u{301}"][next(4)], locale: ["de", "fr"][next(2)],
                        path: ["", "plural.one"][next(2)], message: "finding \(index)")
        }
    }

    @Test(arguments: [0, 1, 2, 50, 2_000], [1, 2, 3] as [UInt64])
    func theOrderIsThatOfTheFullComparison(count: Int, seed: UInt64) {
        let findings = Self.findings(count: count, seed: seed)
        let expected = findings.indices.sorted { LintFinding.precedes(findings[$0], findings[$1]) }
        #expect(Linter.order(of: findings) == expected)
    }
}
