import Foundation
import Testing
import ToastCatalog

@Suite struct StringsReaderTests {
    func read(_ bytes: [UInt8]) throws(CatalogError) -> [String: String] {
        let catalog = try StringCatalog(strings: bytes, file: "fr.lproj/T.strings", locale: "fr")
        var result: [String: String] = [:]
        for (key, entry) in catalog.entries { result[key] = entry.localizations["fr"]?.stringUnit?.value }
        return result
    }

    /// CoreFoundation's reading of the same bytes, the reference.
    func foundation(_ bytes: [UInt8]) -> [String: String]? {
        (try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)) as? [String: String]
    }

    /// Octal escapes of every upper-half byte decode as CoreFoundation decodes them (the
    /// NeXTSTEP encoding; the reader holds its own table since it no longer imports Foundation).
    @Test func octalEscapesDecodeAsNeXTSTEP() throws {
        let text = (0x80...0xFF).map { "\"k\($0)\" = \"\\" + String($0, radix: 8) + "\";" }.joined(separator: "\n")
        let ours = try read(Array(text.utf8))
        let reference = try #require(foundation(Array(text.utf8)))
        #expect(ours.count == 128)
        for byte in 0x80...0xFF {
            #expect(ours["k\(byte)"] == reference["k\(byte)"], "byte \(byte)")
        }
    }

    static let snippets: [String] = [
        #""a" = "b";"#,
        "\"multi\nline\" = \"value\nwith newline\";",
        "\"crlf\" = \"x\";\r\n\"two\" = \"y\";\r\n",
        #""esc" = "q\"uote \\ back \n nl \t tab \r cr";"#,
        #""uni" = "caf\U00e9 \U20AC";"#,
        #""oct" = "\101\102\060";"#,
        #""unknown" = "\P\%\A\'";"#,
        #"unquoted_key.with-chars/$: = "v";"#,
        #"CFBundleName = Value;"#,
        #""keyonly";"#,
        "/* comment */ \"c\" = \"d\"; // trailing\n// line\n\"e\" = \"f\";",
        "   \n\t/* only a comment */\n",
        #""dup" = "1"; "dup" = "2";"#,
        "\"spaces\"   =\n   \"around\"   ;",
        #""empty" = "";"#,
        #""emoji 👍" = "日本語 ✓";"#,
        // The old-style dictionary form, and an XML property list: Foundation reads both.
        #"{ "a" = "b"; }"#,
        "/* c */\n{\n  \"x\" = \"y\";\n  CFBundleName = Value;\n}\n",
        "{}",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\"><dict><key>save</key><string>Sichern</string><key>a&amp;b</key><string>x</string></dict></plist>\n",
        "<plist version=\"1.0\"><dict/></plist>",
    ]

    @Test(arguments: snippets)
    func readsAsCoreFoundationDoes(text: String) throws {
        let bytes = Array(text.utf8)
        let ours = try read(bytes)
        let reference = try #require(foundation(bytes), "Foundation could not read \(text.debugDescription)")
        #expect(ours == reference)
    }

    @Test(arguments: [("utf16le", [UInt8]([0xFF, 0xFE])), ("utf16be", [0xFE, 0xFF]), ("utf8bom", [0xEF, 0xBB, 0xBF])])
    func encodingsByByteOrderMark(name: String, bom: [UInt8]) throws {
        let text = "/* é */\n\"clé\" = \"valeur 日本\";\n\"b\" = \"c\";"
        var bytes = bom
        switch name {
        case "utf16le": for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        case "utf16be": for unit in text.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        default: bytes += Array(text.utf8)
        }
        #expect(try read(bytes) == ["clé": "valeur 日本", "b": "c"])
        #expect(foundation(bytes) == ["clé": "valeur 日本", "b": "c"])
    }

    /// Foundation's PropertyListSerialization rejects zero bytes; Apple's string tables treat an
    /// empty `.strings` file as an empty table, and so does ToastKit.
    @Test func emptyFileIsAnEmptyTable() throws {
        #expect(try read([]) == [:])
    }

    @Test func plusIsNotAnUnquotedCharacter() {
        #expect(throws: CatalogError.self) { try read(Array("a+b = \"v\";".utf8)) }
        #expect(foundation(Array("a+b = \"v\";".utf8)) == nil)
    }

    @Test func commentsAttachToTheFollowingEntry() throws {
        let catalog = try StringCatalog(strings: Array("/* Greeting */\n\"hi\" = \"salut\";\n\"bye\" = \"ciao\";".utf8),
                                        file: "fr.lproj/T.strings", locale: "fr")
        #expect(catalog.entries["hi"]?.comment == "Greeting")
        #expect(catalog.entries["bye"]?.comment == nil)
        #expect(catalog.keys == ["hi", "bye"])
    }

    @Test func duplicatesWarnOnlyWhenTheValueChanges() throws {
        let same = try StringCatalog(strings: Array(#""a" = "1"; "a" = "1";"#.utf8), file: "x.lproj/T.strings", locale: "x")
        #expect(same.warnings.isEmpty)
        let different = try StringCatalog(strings: Array("\"a\" = \"1\";\n\"a\" = \"2\";".utf8), file: "x.lproj/T.strings", locale: "x")
        #expect(different.warnings.map { "\($0.location.line):\($0.location.column) \($0.rule)" } == ["2:1 duplicate-key"])
        #expect(different.entries["a"]?.localizations["x"]?.stringUnit?.value == "2")
    }

    @Test(arguments: [
        ("\"a\" = \"b\"\n\"c\" = \"d\";", 2, 1, "expected ';' after the entry “a”, found '\"'"),
        ("\"a\" = \"b\"", 1, 10, "expected ';' after the entry “a”, found the end of the file"),
        ("\"a\" = \"unterminated;\n", 1, 7, "expected '\"' to close the string opened here"),
        ("\"a\" = ;", 1, 7, "expected a value after '='"),
        ("\"a\" \"b\";", 1, 5, "expected ';' after the entry “a”"),
        ("/* open comment", 1, 1, "expected '*/' to close the comment"),
        ("= \"b\";", 1, 1, "expected a key"),
        ("\"a\" = \"\\U\";", 1, 6, "x"),
        ("{ \"a\" = \"b\";\n", 2, 1, "expected '}' to close the dictionary opened at 1:1, found the end of the file"),
        ("{ \"a\" = \"b\"; } \"c\";", 1, 16, "expected the end of the file after the dictionary's '}', found '\"'"),
    ])
    func errorsAreLocated(text: String, line: Int, column: Int, message: String) {
        do {
            let result = try read(Array(text.utf8))
            if message == "x" { #expect(result == ["a": "U"]); return }  // "\U" without digits keeps the U
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(error.location.line == line && error.location.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("fr.lproj/T.strings:\(line):\(column): error: [strings-syntax] "))
        }
    }

    @Test func columnsCountCharactersInUTF16Files() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "\"日本\" = \"x\"\n\"k\" = 1 2;".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        do {
            _ = try read(bytes)
            Issue.record("accepted")
        } catch {
            #expect(error.location.line == 2 && error.location.column == 1, "\(error)")
        }
    }

    /// Invalid UTF-8 is reported at its first byte, wherever it is: a plain or escaped
    /// string on a later line, a comment, where a key should start, after a UTF-8 BOM.
    @Test(arguments: [
        ([0x22, 0x61, 0x22, 0x20, 0x3D, 0x20, 0x22, 0xC3, 0x28, 0x22, 0x3B], 1, 8, 0xC3),           // "a" = "<C3>(";
        (Array("\"a\" = \"b\";\n\"k\" = \"x\\\"y\n\u{E9}".utf8) + [0xE2, 0x82] + Array("\";".utf8), 3, 2, 0xE2),  // after an escape, a line on
        (Array("/* ok */\n/* no ".utf8) + [0xED, 0xA0, 0x80] + Array(" */ \"a\";".utf8), 2, 7, 0xED),  // an encoded surrogate in a comment
        (Array("\"a\";\n".utf8) + [0xC0, 0xAF] + Array(" = \"b\";".utf8), 2, 1, 0xC0),               // an overlong '/' where a key starts
        ([0xEF, 0xBB, 0xBF, 0xFF, 0xFE, 0x22, 0x00], 1, 1, 0xFF),                                 // a UTF-16 BOM after a UTF-8 BOM
    ] as [([UInt8], Int, Int, UInt8)])
    func invalidUTF8IsLocatedAtItsByte(bytes: [UInt8], line: Int, column: Int, byte: UInt8) {
        do {
            let result = try read(bytes)
            Issue.record("accepted: \(result)")
        } catch {
            #expect(error.rule == "strings-encoding", "\(error)")
            #expect(error.location.line == line && error.location.column == column, "\(error)")
            #expect(error.message.contains("the byte 0x\(String(byte, radix: 16, uppercase: true)) here"), "\(error)")
        }
    }

    /// The reader reserves room by counting ';' (capped): semicolons inside values, more than
    /// the cap, change nothing read.
    @Test func semicolonsInValuesChangeNothing() throws {
        let many = String(repeating: ";", count: 70_000)
        let text = "\"a\" = \"\(many)\";\n\"b\" = \"x;y\";\n\"c\";"
        #expect(try read(Array(text.utf8)) == ["a": many, "b": "x;y", "c": "c"])
    }

    @Test func badEncodingsAreErrors() {
        #expect(throws: CatalogError.self) { try read([0x22, 0xC3, 0x28, 0x22, 0x3B]) }          // invalid UTF-8
        #expect(throws: CatalogError.self) { try read([0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00]) }    // lone surrogate
        #expect(throws: CatalogError.self) { try read([0xFF, 0xFE, 0x22]) }                      // odd length
    }

    @Test func truncatedAtEveryByteNeverCrashesOrGivesAPartialCatalog() throws {
        let text = "/* c */\n\"one\" = \"1\";\n\"two\" = \"2\";\n"
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            let prefix = Array(bytes[..<cut])
            if let result = try? read(prefix) {
                // Only prefixes that end between entries may load, and then completely.
                #expect(result == foundation(prefix) ?? [:], "cut at \(cut)")
            }
        }
    }

    @Test func binaryPropertyLists() throws {
        let dictionary: [String: String] = ["Hello": "Bonjour", "Unicode ✓": "日本語", "": "empty key"]
        let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
        #expect(try read(Array(data)) == dictionary)
        var broken = Array(data)
        broken.removeLast(5)
        #expect(throws: CatalogError.self) { try read(broken) }
    }

    /// A binary property list whose one object is a string (ASCII 0x5F, UTF-16 0x6F) or data
    /// (0x4F) with an 8-byte length of `length`: the sum of its start and length overflowed
    /// (exit 132) before lengths were compared by subtraction.
    static let extremes: [(UInt8, UInt64)] = [(0x5F, UInt64(Int64.max)), (0x4F, UInt64(Int64.max)), (0x6F, UInt64(Int64.max)),
                                              (0x5F, UInt64(Int64.max) - 17), (0x4F, 1 << 40), (0x5F, UInt64.max)]

    @Test(arguments: extremes)
    func extremeLengthsAreErrors(marker: UInt8, length: UInt64) {
        var bytes = Array("bplist00".utf8)
        bytes += [marker, 0x13] + (0..<8).map { UInt8(truncatingIfNeeded: length >> (56 - 8 * UInt64($0))) }
        let table = bytes.count
        bytes.append(8)  // the offset of object 0
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]  // unused, offset size, reference size
        for value in [UInt64(1), 0, UInt64(table)] { bytes += (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) } }
        do {
            _ = try StringCatalog(strings: bytes, file: "Huge.strings", locale: "en")
            Issue.record("accepted a length of \(length)")
        } catch {
            #expect(error.description.hasPrefix("Huge.strings:1:1: error: [bplist-syntax] "), "\(error)")
        }
    }
}
