import Foundation
import Testing

/// `show --stdin` reads records ended by LF, CR or CR LF (issue 30: progress printers redraw
/// with `\r`, and such input was one endless line, kept whole and rescanned on every read).
@Suite struct ProgressInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var warning: String
        var last = "100%"
        var testDescription: String { input.debugDescription }
    }

    @Test(arguments: [
        Case(input: "0.2\n0.5\nnonsense\n1\n", warning: "<stdin>:3:1: warning: [progress-value] expected a fraction from 0 to 1 or a percentage such as 42%, found “nonsense”\n"),
        Case(input: "0.2\r0.5\rnonsense\r1", warning: "<stdin>:3:1: warning: [progress-value] expected a fraction from 0 to 1 or a percentage such as 42%, found “nonsense”\n"),
        Case(input: "0.2\r\n0.5\r\nnonsense\r\n1\r\n", warning: "<stdin>:3:1: warning: [progress-value] expected a fraction from 0 to 1 or a percentage such as 42%, found “nonsense”\n"),
        Case(input: "10%\r\r20%\n\nnonsense", warning: "<stdin>:5:1: warning: [progress-value] expected a fraction from 0 to 1 or a percentage such as 42%, found “nonsense”\n", last: "20%"),
    ])
    func recordsEndAtLineFeedsAndCarriageReturns(_ testCase: Case) throws {
        let outcome = try ToastkitBinary.run(["show", "--verbatim", "Copying", "--style", "progress", "--stdin", "--locale", "en"],
                                             input: Data(testCase.input.utf8))
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "Information: Copying \(testCase.last)\n")
        #expect(outcome.stderr == testCase.warning)
    }

    /// 16 MB without a separator: read once, kept to its first 256 bytes (the warning quotes
    /// 40 characters and the record is marked cut), and the warnings of 100,000 bad records
    /// (the first is the long one) are 20 and a count. Before, this input was rescanned on every 4 KB read (quadratic).
    @Test func unendingAndManyBadRecordsStayBounded() throws {
        var input = Data(repeating: UInt8(ascii: "x"), count: 16 << 20)
        input.append(contentsOf: Array(String(repeating: "bad\r", count: 100_000).utf8))
        let outcome = try ToastkitBinary.run(["show", "--verbatim", "Copying", "--style", "progress", "--stdin", "--locale", "en"], input: input)
        #expect(outcome.status == 0)
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines.first == "<stdin>:1:1: warning: [progress-value] expected a fraction from 0 to 1 or a percentage such as 42%, found “\(String(repeating: "x", count: 40))”")
        #expect(lines.last == "<stdin>: warning: [progress-value] 99980 more record(s) that are not a fraction or a percentage")
    }
}
