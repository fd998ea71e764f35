import Foundation
import Testing

/// The README's claims that a test can hold.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first Swift block is the quick-start program CI builds and runs, byte for byte.
    @Test func theLibraryQuickStartIsTheExamplePackage() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```swift\n"))
        let end = try #require(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
        let block = String(readme[start.upperBound..<end.lowerBound])
        let program = try String(contentsOf: Self.root.appendingPathComponent("Examples/QuickStart/Sources/QuickStart/main.swift"), encoding: .utf8)
        #expect(block == program)
    }

    /// The first two commands are the demo and the tests.
    @Test func theFirstCommandsAreTheDemoAndTheTests() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```sh\n"))
        let commands = readme[start.upperBound...].split(separator: "\n").prefix(2).map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(commands == ["swift run toastkit demo", "swift test"])
    }
}
