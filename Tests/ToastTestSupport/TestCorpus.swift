import Foundation
import Testing

/// A folder of real catalogs used as a conformance suite (ToastKit's own is `../shared/corpus`
/// beside the checkout).
///
/// Tests over it skip with a printed note when the folder is absent on a developer machine,
/// and fail when it is absent under CI (`CI=true`), so a missing corpus never passes silently.
public struct TestCorpus: Sendable {
    /// The folder.
    public let root: URL

    /// A corpus at `root`.
    public init(root: URL) {
        self.root = root
    }

    /// ToastKit's shared corpus, found from a test file's `#filePath` (`Tests/<Target>/<File>`).
    public static func shared(from filePath: String = #filePath) -> TestCorpus {
        TestCorpus(root: URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus"))
    }

    /// Whether the folder exists.
    public var isPresent: Bool { FileManager.default.fileExists(atPath: root.path) }

    /// Whether tests over it should run: when it is present, and always under CI.
    public var shouldRun: Bool {
        isPresent || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// The bytes of a file in the corpus; records an issue (a failure) when it is missing.
    public func bytes(_ relativePath: String) throws -> [UInt8] {
        let url = root.appendingPathComponent(relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing corpus file \(url.path)")
            throw CocoaError(.fileNoSuchFile)
        }
        return Array(data)
    }

    /// Every file below the folder whose name ends with one of `extensions`, sorted; records an
    /// issue when the folder is missing.
    public func files(endingWith extensions: [String]) -> [String] {
        guard isPresent else {
            Issue.record("the corpus \(root.path) is absent")
            return []
        }
        return (FileManager.default.subpaths(atPath: root.path) ?? [])
            .filter { path in extensions.contains { path.hasSuffix($0) } }
            .sorted()
    }
}
