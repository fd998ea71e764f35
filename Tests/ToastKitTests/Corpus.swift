import Foundation
import Testing

/// The shared corpus of real catalogs (`../shared/corpus` beside the checkout).
enum Corpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static var isPresent: Bool { FileManager.default.fileExists(atPath: root.path) }
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Run corpus tests when the corpus is there, and always under CI (where its absence fails).
    static var shouldRun: Bool {
        if isPresent || isCI { return true }
        print("note: ../shared/corpus is absent: corpus tests skipped")
        return false
    }

    /// The bytes of a corpus file; records an issue (and fails) when it is missing.
    static func bytes(_ path: String) throws -> [UInt8] {
        let url = root.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing corpus file \(url.path) (CI=\(isCI))")
            throw CocoaError(.fileNoSuchFile)
        }
        return Array(data)
    }
}
