import Foundation
import Testing
import ToastCatalog
import ToastLint

/// One diagnostics vocabulary: rule ids are ``RuleID`` members, compared by member, never by
/// spelling; one ``Severity`` for every output.
@Suite struct DiagnosticVocabularyTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources").path

    /// Spelled rule ids in code: a comparison, an argument or a report with a string literal.
    static let spelled = try! NSRegularExpression(pattern: #"rule (==|!=) "|rule: "|rule = "|report\(""|ToastDiagnostic\(\.[a-z]+, "|\bnote\("[a-z-]+", "#)

    @Test func noRuleIDIsSpelledInCode() throws {
        var found: [String] = []
        let files = FileManager.default.enumerator(atPath: Self.sources)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        for file in files where !file.contains("RuleID") {
            let text = try String(contentsOfFile: Self.sources + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if Self.spelled.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func lintRuleIDsAreUniqueAndKebabCase() {
        let ids = LintRule.all.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(id.allSatisfy { $0.isLowercase || $0 == "-" } && !id.hasPrefix("-") && !id.hasSuffix("-"), "\(id)") }
        #expect(LintRule.named("placeholder-mismatch")?.id == .placeholderMismatch)
        #expect(LintRule.named(.duplicateKey)?.id.rawValue == "duplicate-key")
    }

    /// docs/LINT.md shows every rule with a finding and a look-alike it leaves alone: one row
    /// of its table per rule.
    @Test func lintGuideDocumentsEveryRule() throws {
        let guide = try String(contentsOfFile: Self.sources + "/../docs/LINT.md", encoding: .utf8)
        let rows = Set(guide.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return String(line.dropFirst(3).prefix { $0 != "`" })
        })
        let missing = LintRule.all.map(\.id.rawValue).filter { !rows.contains($0) }
        #expect(missing.isEmpty, "rules without a row in docs/LINT.md: \(missing)")
    }

    @Test func severitiesAreOrdered() {
        #expect(Severity.allCases.sorted() == [.note, .warning, .error])
    }
}
