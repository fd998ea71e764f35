import Testing
@testable import ToastLint
import ToastCatalog

/// The locator's shortcuts give the answers of what they stand for: a leaf's path split at
/// its `.` bytes is the path split at its `.` characters, and a member name compared by its
/// bytes is equal exactly when the strings are.
@Suite struct LintLocatorStepTests {
    @Test(arguments: ["", "plural.one", "substitutions.n.plural.few", "a..b", ".lead", "trail.", "device.mac",
                      "substitutions.café.plural.one", "x.\u{301}y", "ü.ü", "one", ".", "..", "a.\r\n.b", "a.b.c.d.e"])
    func stepsAreTheCharactersSplit(path: String) {
        let expected = path.split(separator: ".").map(String.init)
        #expect(XCStringsOutline.steps(of: path).map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) })
    }

    /// Member names as written (quoted, escaped or not) against names looked for.
    @Test(arguments: [
        (#""stringUnit""#, "stringUnit"), (#""stringUnit""#, "stringunit"), (#""de""#, "de-CH"), (#""""#, ""),
        (#""caf\u00e9""#, "café"), ("\"caf\u{E9}\"", "cafe\u{301}"), ("\"cafe\u{301}\"", "caf\u{E9}"), ("\"caf\u{E9}\"", "caf\u{E9}"),
        (#""\u0041""#, "A"), (#""a\"b""#, "a\"b"), ("\"zh-Hant\"", "zh-Hans"),
    ])
    func aNameIsItsStringsEqual(json: String, name: String) throws {
        let bytes = Array(json.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, file: "t.json")
            let key = try scanner.key()
            #expect(key.equals(name, in: buffer) == (key.string(in: buffer) == name), "\(json) \(name)")
        }
    }
}
