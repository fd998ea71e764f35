import Foundation
import Testing
import ToastCatalog

/// The readers scan strings eight bytes at a time and take the first stop byte (a quote, a
/// backslash, a control character or a newline) from the lowest mark of the word: the stop may
/// fall on every byte of a word, with non-ASCII text before or after it in the same word.
@Suite struct WordScanTests {
    /// Text `prefix` long (ASCII, or ending in "é" when `accent`) before the stop.
    static func text(_ length: Int, accent: Bool) -> String {
        accent && length >= 2 ? String(repeating: "a", count: length - 2) + "é" : String(repeating: "a", count: length)
    }

    static let cases: [(length: Int, accent: Bool)] = (0..<18).flatMap { [($0, false), ($0, true)] }

    /// A String Catalog: the entry name and comment end (a quote) or hold an escape or a
    /// non-ASCII character after `length` bytes.
    @Test(arguments: cases)
    func jsonStringsStopAtEveryOffset(length: Int, accent: Bool) throws {
        let head = Self.text(length, accent: accent)
        for (written, decoded) in [(head, head), (head + #"\"q"#, head + "\"q"), (head + "ü" + head, head + "ü" + head),
                                   (head + #"\u00e9z"#, head + "éz")] {
            let json = #"{"sourceLanguage":"en","strings":{""# + written + #"":{"comment":""# + written + #""}}}"#
            let catalog = try StringCatalog(xcstrings: Array(json.utf8), file: "W.xcstrings")
            #expect(catalog.keys == [decoded])
            #expect(catalog.entries[decoded]?.comment == decoded)
        }
        // A raw control character is an error at its own column.
        let bad = #"{"sourceLanguage":"en","strings":{"k":{"comment":""# + head + "\u{1}\"}}}"
        let prefix = #"{"sourceLanguage":"en","strings":{"k":{"comment":""# + head
        #expect(throws: CatalogError.self) { try StringCatalog(xcstrings: Array(bad.utf8), file: "W.xcstrings") }
        do {
            _ = try StringCatalog(xcstrings: Array(bad.utf8), file: "W.xcstrings")
        } catch {
            #expect(error.location.line == 1 && error.location.column == prefix.unicodeScalars.count + 1, "\(error)")
        }
    }

    /// A `.strings` value ends (a quote), holds an escape, or continues on a new line after
    /// `length` bytes.
    @Test(arguments: cases)
    func stringsValuesStopAtEveryOffset(length: Int, accent: Bool) throws {
        let head = Self.text(length, accent: accent)
        for (written, decoded) in [(head, head), (head + #"\"q"#, head + "\"q"), (head + "\n" + head, head + "\n" + head),
                                   (head + #"\\"#, head + "\\"), (head + "ü" + head, head + "ü" + head)] {
            let text = "\"" + written + "\" = \"" + written + "\";\n\"next\" = \"n\";"
            let catalog = try StringCatalog(strings: Array(text.utf8), file: "fr.lproj/W.strings", locale: "fr")
            #expect(catalog.keys == [decoded, "next"])
            #expect(catalog.entries[decoded]?.localizations["fr"]?.stringUnit?.value == decoded)
            // A newline inside moves the next entry's line.
            let again = try StringCatalog(strings: Array((text + " \"next\" = \"m\";").utf8), file: "fr.lproj/W.strings", locale: "fr")
            let problem = try #require(again.warnings.first)
            #expect(problem.location.line == 2 + 2 * decoded.filter { $0 == "\n" }.count, "\(problem)")
        }
    }
}
