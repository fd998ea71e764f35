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

    /// The README at most ~10 KB: a user's page, not a notebook.
    @Test func theReadmeIsShort() throws {
        let size = try Data(contentsOf: Self.root.appendingPathComponent("README.md")).count
        #expect(size <= 10_240, "README.md is \(size) bytes")
    }

    /// One `$ toastkit …` command of a ```console block and the output the README shows.
    struct Example: CustomTestStringConvertible {
        var arguments: [String]
        var expected: [String]
        /// The README shows the first lines only (its last line is `…`).
        var isPrefix: Bool
        var testDescription: String { "toastkit " + arguments.joined(separator: " ") }
    }

    /// The `$ toastkit` commands of the README's console blocks, in order.
    static func examples() throws -> [Example] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var examples: [Example] = []
        var inConsole = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inConsole = line == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                if line.hasPrefix("$ toastkit ") {
                    examples.append(Example(arguments: words(String(line.dropFirst("$ toastkit ".count))), expected: [], isPrefix: false))
                } else {
                    examples.append(Example(arguments: [], expected: [], isPrefix: false))  // another program's
                }
            } else if !examples.isEmpty {
                if line == "…" { examples[examples.count - 1].isPrefix = true } else { examples[examples.count - 1].expected.append(line) }
            }
        }
        return examples.filter { !$0.arguments.isEmpty }
    }

    /// Splits a command line at spaces, keeping double-quoted words whole.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "\"" { quoted.toggle(); started = true
            } else if character == " " && !quoted {
                if started { words.append(word) }
                word = ""; started = false
            } else { word.append(character); started = true }
        }
        if started { words.append(word) }
        return words
    }

    /// Every `$ toastkit` command of the README, run in order from a copy of the repository's
    /// `Examples/`, prints what the README shows (standard output, then standard error).
    @Test func theTourRunsAsShown() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 10)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-tour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Examples/Catalogs"),
                                         to: directory.appendingPathComponent("Examples/Catalogs", isDirectory: true).creatingParent())
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Examples/QuickStart/Localizable.xcstrings"),
                                         to: directory.appendingPathComponent("Examples/QuickStart/Localizable.xcstrings").creatingParent())
        for example in examples {
            let outcome = try ToastkitBinary.run(example.arguments, directory: directory)
            var lines = (outcome.stdout + outcome.stderr).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            if example.isPrefix { lines = Array(lines.prefix(example.expected.count)) }
            #expect(lines == example.expected, "\(example.testDescription)")
        }
    }
}

private extension URL {
    /// Creates the folder this URL is in, and returns the URL.
    func creatingParent() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
