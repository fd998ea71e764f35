import Foundation
import Testing

/// Issue 30, end to end: hostile files that stalled or crashed commands give a located error
/// (exit 2, or lint's finding and exit 1), and the rest of a folder is still read where the
/// command reads on.
@Suite struct HostileShapesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var contents: Data
        var expected: String
        var testDescription: String { name }
    }

    static func laughs() -> Data {
        let levels = (0..<8).map { level -> String in
            let body = level < 7 ? String(repeating: "%#@s\(level + 1)@ ", count: 10) : "%arg x"
            let form = "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(body)\"}}"
            return "\"s\(level)\":{\"argNum\":1,\"formatSpecifier\":\"lld\",\"variations\":{\"plural\":{\"one\":\(form),\"other\":\(form)}}}"
        }
        return Data(("{\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{\"bomb\":{\"localizations\":{\"en\":"
                     + "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%#@s0@\"},\"substitutions\":{" + levels.joined(separator: ",") + "}}}}}}").utf8)
    }

    static func cdata() -> Data {
        Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string><![CDATA["
              + String(repeating: "ab", count: 1024 * 1024) + "]]></string></dict></dict>\n</plist>\n").utf8)
    }

    /// A binary property list holding one ASCII string whose 8-byte length is 2⁶³−1.
    static func bplist() -> Data {
        var bytes = Array("bplist00".utf8) + [0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        let offsetTable = bytes.count
        bytes += [0x08]  // the object's offset
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, UInt8(offsetTable)]
        return Data(bytes)
    }

    static let cases: [Case] = [
        Case(name: "substitutions naming each other ten times per form", file: "Laughs.xcstrings", contents: laughs(),
             expected: "Laughs.xcstrings:1:76: error: [limit] the substitutions of “bomb” (en) can expand to 371111110 bytes; the limit is 1048576 (substitutions that name each other several times per form)"),
        Case(name: "a 2 MB CDATA section", file: "en.lproj/Localizable.stringsdict", contents: cdata(),
             expected: "en.lproj/Localizable.stringsdict:3:70: error: [limit] a string longer than 1048576 bytes"),
        Case(name: "a binary property list with a length of 2⁶³−1", file: "de.lproj/Localizable.strings", contents: bplist(),
             expected: "de.lproj/Localizable.strings:1:1: error: [bplist-syntax]"),
    ]

    @Test(arguments: cases)
    func readersStopWithALocatedError(_ testCase: Case) throws {
        let folder = try TestFiles.temporaryFolder("toastkit-hostile-shapes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(testCase.file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try testCase.contents.write(to: url)
        for command in [["stats"], ["dump"], ["show", "--catalog"]] {
            let arguments = command + [testCase.file] + (command[0] == "show" ? ["k"] : [])
            let outcome = try ToastkitBinary.run(arguments, directory: folder)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.stderr.hasPrefix(testCase.expected), "\(arguments): \(outcome.stderr)")
        }
        let lint = try ToastkitBinary.run(["lint", testCase.file], directory: folder)
        #expect(lint.status == 1)
        #expect(lint.stdout.hasPrefix(testCase.expected.replacingOccurrences(of: "[limit]", with: "[parse-error]")
            .replacingOccurrences(of: "[bplist-syntax]", with: "[parse-error]")), "\(lint.stdout)")
    }
}
