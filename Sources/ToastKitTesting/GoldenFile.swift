import Foundation
import Testing
import ToastCatalog
import ToastMatrix

/// A reviewed text file that a test's output must equal, byte for byte.
///
/// When the file is missing, or the `RECORD` environment variable is set (`RECORD=1 swift
/// test`), the output is written to the file instead and the test records an issue saying so,
/// so that a recording is never mistaken for a pass: review the diff, commit, run again.
///
/// ```swift
/// GoldenFile(path: "Tests/ToastKitTests/Golden/presenter-en.txt", relativeTo: #filePath)
///     .assertMatches(rendered)
/// ```
public struct GoldenFile: Sendable {
    /// The file.
    public let url: URL

    /// A golden file at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// A golden file at `path`, relative to the package root found from a test file's
    /// `#filePath` (`<root>/Tests/<Target>/<File>.swift`).
    public init(path: String, relativeTo filePath: String = #filePath) {
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        url = root.appendingPathComponent(path)
    }

    /// Compares `actual` with the file; records when asked to or when the file is missing.
    ///
    /// A mismatch reports a unified diff of the differing lines, each hunk named after the
    /// toast, locale and sample it falls in for a matrix's golden text (``GoldenDifference``).
    public func assertMatches(_ actual: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let recording = !(environment["RECORD"] ?? "").isEmpty
        let existing = try? String(contentsOf: url, encoding: .utf8)
        if recording || existing == nil {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                // As `matrix --golden --update` writes: atomically, keeping the file's mode.
                try SafeFileWriter.write(Array(actual.utf8), to: url.path, options: .init(activity: "recording"))
                Issue.record("recorded \(url.path): review it, then run the tests again without RECORD", sourceLocation: sourceLocation)
            } catch {
                Issue.record("could not record \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = existing, expected != actual else { return }
        Issue.record(Comment(rawValue: Self.difference(expected: expected, actual: actual, file: url.lastPathComponent)),
                     sourceLocation: sourceLocation)
    }

    /// How two texts differ, as a unified diff (see ``GoldenDifference``).
    public static func difference(expected: String, actual: String, file: String) -> String {
        GoldenDifference.describe(expected: expected, actual: actual, file: file)
    }
}
