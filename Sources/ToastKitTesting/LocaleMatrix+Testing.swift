@_exported import ToastMatrix
import ToastCatalog
import ToastKit
import Testing

/// Swift Testing support for the locale matrix.
///
/// ```swift
/// import Testing
/// import ToastKitTesting
///
/// let matrix = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: nil)
///
/// @Test func matrixIsUnchanged() {
///     matrix.run().assertMatches(GoldenFile(path: "Tests/AppTests/Golden/matrix.txt"))
/// }
///
/// @Test(arguments: matrix.cases)   // one case per toast × locale: "upload.done · fr"
/// func rendersCleanly(_ matrixCase: LocaleMatrix.Case) {
///     matrix.run(matrixCase).expectNoFindings(atLeast: .error)
/// }
/// ```
extension LocaleMatrix.Case: CustomTestStringConvertible {
    /// `upload.done · fr`, the name Swift Testing shows for the case.
    public var testDescription: String { description }
}

extension MatrixResult {
    /// Compares ``goldenText`` with a golden file; `RECORD=1` (or a missing file) records it
    /// instead and reports that it did.
    public func assertMatches(_ golden: GoldenFile, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        golden.assertMatches(goldenText, sourceLocation: sourceLocation)
    }

    /// Records an issue per finding at `severity` or worse, with its place.
    public func expectNoFindings(atLeast severity: Severity = .error,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (place, finding) in findingsWithPlace where finding.severity >= severity {
            Issue.record("\(place): \(finding.description)", sourceLocation: sourceLocation)
        }
    }
}

extension MatrixBlock {
    /// Records an issue per finding of the block at `severity` or worse.
    public func expectNoFindings(atLeast severity: Severity = .error,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        MatrixResult(blocks: [self]).expectNoFindings(atLeast: severity, sourceLocation: sourceLocation)
    }
}
