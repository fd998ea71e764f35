import Foundation
import Testing

/// Issue 30: no output of any command carries a control sequence from its input, and no line
/// can begin a GitHub Actions workflow command. A tree whose file, table, key, locale and value
/// names hold ESC sequences (OSC title, CSI colour, clear screen), C1 CSI, CR LF, line and
/// paragraph separators, bidi overrides and marks, and `::error …` is run through every
/// command and format; each line of stdout and stderr is checked.
@Suite struct HostileOutputTests {
    /// The payload: a CR LF that would start a workflow command, an OSC, a CSI, a C1 CSI, an
    /// override, a separator and a bidi mark.
    static let payload = "\r\n::error file=x::boom\u{1B}]0;pwned\u{07}\u{1B}[31m\u{9B}31m\u{202E}\u{2028}\u{061C}"
    static let key = "::warning::k" + payload

    /// Scalars no line may hold raw: C0 (tab included), DEL, C1, bidi marks, embeddings,
    /// overrides and isolates, separators, invisible format characters.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x00AD, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// What a presented toast may hold: the marks and isolates the presenter writes around
    /// bidi text, joiners of emoji, and the zero width space that stops `::` from starting a line.
    static func isPresenterMark(_ scalar: Unicode.Scalar) -> Bool {
        [0x200B, 0x200D, 0x200E, 0x200F, 0x061C, 0x2066, 0x2067, 0x2068, 0x2069].contains(scalar.value)
    }

    static func makeTree() throws -> URL {
        let folder = try TestFiles.temporaryFolder("toastkit-hostile")
        let value = "::error::v " + payload + " %@"
        let catalog: [String: Any] = [
            "sourceLanguage": "en", "version": "1.0",
            "strings": [
                key: ["localizations": [
                    "en": ["stringUnit": ["state": "translated", "value": value]],
                    "de": ["stringUnit": ["state": "translated", "value": "Hallo" + payload]],
                    "x\u{1B}]0;pwned\u{07}": ["stringUnit": ["state": "translated", "value": "v\u{9B}"]],
                ]],
                "plain": ["localizations": ["en": ["stringUnit": ["state": "translated", "value": "Save"]]]],
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: catalog)
        try data.write(to: folder.appendingPathComponent("::error::Evil\u{1B}[31m.xcstrings"))
        try TestFiles.write("\"::e\\U001B\" = \"\\U009B::x\";\n", folder.appendingPathComponent("de.lproj/L\u{1B}[5m.strings"))
        return folder
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var input: String?
        /// The command line with each forbidden scalar shown as `·`, so that the test's name
        /// cannot act on the terminal that shows it.
        var testDescription: String {
            arguments.joined(separator: " ").unicodeScalars.map { HostileOutputTests.isForbidden($0) ? "·" : String($0) }.joined()
        }
        /// Whether stdout is a rendered toast (marks allowed) rather than quoted input.
        var presents: Bool { (arguments.first == "show" && !arguments.contains("json")) || arguments.contains("golden") }
        /// Whether stdout is GitHub workflow commands.
        var isGitHub: Bool { arguments.contains("github") }
    }

    static let catalogName = "::error::Evil\u{1B}[31m.xcstrings"
    static let cases: [Case] = [
        Case(arguments: ["stats", "."]),
        Case(arguments: ["dump", "."]),
        Case(arguments: ["lint", "."]),
        Case(arguments: ["lint", "--notes", "--all", "."]),
        Case(arguments: ["lint", "--format", "json", "."]),
        Case(arguments: ["lint", "--format", "sarif", "."]),
        Case(arguments: ["lint", "--format", "github", "."]),
        Case(arguments: ["lint", "--locales", "::error::x\u{1B}[1m", "."]),
        Case(arguments: ["matrix", "."]),
        Case(arguments: ["matrix", "--format", "golden", "."]),
        Case(arguments: ["matrix", "--format", "json", "."]),
        Case(arguments: ["show", "--catalog", ".", "--locale", "de", key]),
        Case(arguments: ["show", "--catalog", ".", "--width", "12", "--locale", "en", key, "--arg", "a\u{1B}[1m::error::x"]),
        Case(arguments: ["show", "--format", "json", "--catalog", ".", "--locale", "de", key]),
        Case(arguments: ["show", "--catalog", ".", "--locale", "x\u{1B}[2J", "zz\u{1B}[5m"]),
        Case(arguments: ["show", "--role", "\u{1B}[31m"]),
        Case(arguments: ["show", "--verbatim", "hi", "--style", "progress", "--stdin"], input: "0.5\n\u{1B}[31mabc\r::error::x\n"),
        Case(arguments: ["fmt", "--check", catalogName]),
        Case(arguments: ["plurals", "--locale", "ru", "1\u{1B}[2J"]),
        Case(arguments: ["convert", catalogName, "out\u{1B}[1m"]),
    ]

    @Test(arguments: cases)
    func noControlReachesTheOutput(_ testCase: Case) throws {
        let folder = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ToastkitBinary.run(testCase.arguments, directory: folder, input: testCase.input.map { Data($0.utf8) })
        #expect(outcome.status != 0 || !outcome.stdout.isEmpty, "the command printed nothing: \(outcome.stderr)")
        for (stream, text) in [("stdout", outcome.stdout), ("stderr", outcome.stderr)] {
            let presented = stream == "stdout" && testCase.presents
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let raw = line.unicodeScalars.filter { Self.isForbidden($0) && !(presented && Self.isPresenterMark($0)) }
                #expect(raw.isEmpty, "\(stream) line \(number + 1) holds \(raw.map { String($0.value, radix: 16) }): \(line.debugDescription)")
                let ownCommand = testCase.isGitHub && stream == "stdout"
                    && ["::error file=", "::warning file=", "::notice file="].contains { line.hasPrefix($0) }
                let trimmed = line.drop { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }
                #expect(ownCommand || !trimmed.hasPrefix("::"), "\(stream) line \(number + 1) begins a workflow command: \(line.debugDescription)")
            }
        }
    }

    /// The GitHub format keeps each finding one command: the key's CR LF and `::error` stay
    /// inside its data (CR LF as GitHub's `%0D%0A`, ESC and the rest as `<U+XXXX>`), and `%`,
    /// `:` and `,` are escaped per GitHub's rules in the properties.
    @Test func githubCommandsHoldInputInside() throws {
        let folder = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ToastkitBinary.run(["lint", "--format", "github", "."], directory: folder)
        let lines = outcome.stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("::error file=./%3A%3Aerror%3A%3AEvil<U+001B>[31m.xcstrings,") || line.hasPrefix("::warning file=") || line.hasPrefix("::notice file="))
        }
        #expect(outcome.stdout.contains("“::warning::k%0D%0A::error file=x::boom<U+001B>]0;pwned<U+0007><U+001B>[31m<U+009B>31m<U+202E><U+2028><U+061C>” (de)"))
    }

    /// JSON output escapes what a terminal or log viewer could act on as `\uXXXX` (a reader
    /// gets the same string back); catalogs keep their bytes.
    @Test func jsonEscapesC1AndBidiControls() throws {
        let folder = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = try ToastkitBinary.run(["dump", "."], directory: folder)
        #expect(dump.stdout.contains(#""key":"::warning::k\r\n::error file=x::boom\u001B]0;pwned\u0007\u001B[31m\u009B31m\u202E\u2028\u061C""#))
        let first = try #require(dump.stdout.split(separator: "\n").first)
        let object = try #require(JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["key"] as? String == Self.key)
    }
}
