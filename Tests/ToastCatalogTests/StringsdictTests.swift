import Testing
import ToastCatalog
import ToastICU

@Suite struct StringsdictTests {
    static let sample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<!-- two variables, one spelled with % -->
    \t<key>%d files in %d folders</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@files@ in %#@folders@ &amp; more</string>
    \t\t<key>files</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>%ld</string>
    \t\t\t<key>one</key>
    \t\t\t<string>%ld file</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%ld files</string>
    \t\t</dict>
    \t\t<key>folders</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \t\t\t<key>one</key>
    \t\t\t<string><![CDATA[%d <folder>]]></string>
    \t\t</dict>
    \t\t<key>width</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringVariableWidthRuleType</string>
    \t\t\t<key>20</key>
    \t\t\t<string>short</string>
    \t\t</dict>
    \t</dict>
    \t<key>caf&#233;</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>plain</string>
    \t</dict>
    </dict>
    </plist>
    """

    @Test func readsVariablesFormsAndWarnings() throws {
        let catalog = try StringCatalog(stringsdict: Array(Self.sample.utf8), file: "de.lproj/Localizable.stringsdict", locale: "de")
        #expect(catalog.table == "Localizable" && catalog.sourceLanguage == "en")
        #expect(catalog.keys == ["%d files in %d folders", "café"])
        let value = try #require(catalog.entries["%d files in %d folders"]?.localizations["de"])
        #expect(value.stringUnit?.value == "%#@files@ in %#@folders@ & more")
        #expect(value.substitutions["files"]?.formatSpecifier == "ld")
        #expect(value.substitutions["files"]?.plural[.one]?.stringUnit?.value == "%ld file")
        #expect(value.substitutions["folders"]?.plural[.one]?.stringUnit?.value == "%d <folder>")
        #expect(value.substitutions["files"]?.isTextual == true)
        #expect(value.extra.map(\.key) == ["width"])
        let rules = catalog.warnings.map { "\($0.location.line):\($0.location.column) \($0.rule)" }
        #expect(rules == ["10:3 nonstandard-value", "21:3 variation-missing-other", "30:3 unsupported-rule-type"])
    }

    /// A variable whose token has no position reads the argument its forms name for the value
    /// type (`%2$d`), in `other` first; a token with a position, or forms without one, leave
    /// it sequential (`argNum` nil).
    @Test(arguments: [
        ("%#@n@", "%d item", "%d items", nil),
        ("%#@n@", "%2$d item", "%2$d items", 2),
        ("%#@n@", "one item", "%3$d items", 3),
        ("%#@n@", "%1$@ has %2$d", "%1$@ has %4$d", 4),
        ("%#@n@", "%1$@ has one", "%1$@ has many", nil),
        ("%1$#@n@", "%2$d item", "%2$d items", nil),
        ("%1$#@m@ %#@n@", "%5$d item", "%5$d items", 5),
    ] as [(String, String, String, Int?)])
    func argumentOfAVariable(format: String, one: String, other: String, argument: Int?) throws {
        let plist = """
            <plist><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>\(format)</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>\(one)</string><key>other</key><string>\(other)</string></dict></dict></dict></plist>
            """
        let catalog = try StringCatalog(stringsdict: Array(plist.utf8), file: "de.lproj/Localizable.stringsdict", locale: "de")
        let variable = try #require(catalog.entries["k"]?.localizations["de"]?.substitutions["n"])
        #expect(variable.argNum == argument)
        #expect(variable.formatSpecifier == "d")
        #expect(variable.plural[.other]?.stringUnit?.value == other)
    }

    @Test(arguments: [
        ("<plist><dict><key>a</key></dict></plist>", 1, 26, "expected a value after <key>a</key>"),
        ("<plist><dict><string>x</string></dict></plist>", 1, 14, "expected <key> in <dict>"),
        ("<plist><dict><key>a</key><string>x</dict></plist>", 1, 35, "expected </string>"),
        ("<plist><dict>", 1, 14, "found the end of the file"),
        ("<plist><dict><key>a</key><string>&bogus;</string></dict></plist>", 1, 34, "expected an entity"),
        ("<plist><dict><key>a</key><string>x</string></dict></plist>junk", 1, 59, "expected the end of the document"),
        ("<plist><array><foo/></array></plist>", 1, 21, "expected a property-list element"),
        ("<plist>\n  <dict>\n    <key>k</key>\n    <integer>1</integer>\n  </dict>\n</plist>", 3, 5, "expected <dict> for the key “k”"),
        ("<plist><dict><key>k</key><dict/></dict></plist>", 1, 14, "NSStringLocalizedFormatKey"),
        // Columns after closing tags stepped over at once: a break inside one, a name that is
        // not ASCII, a name cut short.
        ("<plist><dict><key>a</key  \n></dict></plist>", 2, 2, "expected a value after <key>a</key>"),
        ("<plist><dict><key>a</key  \n>  </dict></plist>", 2, 4, "expected a value after <key>a</key>"),
        ("<plist><dict><key>é</key></dict></plist>", 1, 26, "expected a value after <key>é</key>"),
        ("<plist><array><fée/></array></plist>", 1, 21, "expected a property-list element"),
        ("<plist><array><fée></fée></array></plist>", 1, 20, "expected a property-list element"),
        ("<plist><dict><key>a</key><string>x</strin></dict></plist>", 1, 35, "expected </string>"),
        ("<plist>\n<dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string></dict></dict>", 2, 98,
         "expected </plist>"),
    ])
    func errorsAreLocated(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try StringCatalog(stringsdict: Array(text.utf8), file: "x.stringsdict", locale: "en")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.location.line == line && error.location.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    /// Key places are counted when asked for, from the last one asked for on the same line: on
    /// one line, across a line break inside a value, after non-ASCII text, and with a
    /// byte-order mark before them, each is where the text puts it.
    @Test(arguments: [false, true])
    func keyPlacesOnOneLineAndAfterBreaks(byteOrderMark: Bool) throws {
        var text = "<plist><dict>"
        var expected: [(key: String, line: Int, column: Int)] = []
        func place() -> (Int, Int) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return (lines.count, lines.last!.unicodeScalars.count + 1)
        }
        for (index, key) in ["a", "ключ", "b", "日本", "c"].enumerated() {
            let (line, column) = place()
            expected.append((key, line, column))
            text += "<key>\(key)</key>"
            text += index == 2 ? "<string>two\nlines é</string>" : "<string>vålue \(index)</string>"
            if index == 3 { text += "\n   " }
        }
        text += "</dict></plist>"
        let bytes = (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
        guard case .dictionary(let entries) = try XMLPropertyListParser.parse(bytes, file: "p") else {
            Issue.record("not a dictionary"); return
        }
        #expect(entries.map { "\($0.key) \($0.line):\($0.column)" } == expected.map { "\($0.key) \($0.line):\($0.column)" })
    }

    @Test func truncatedAtEveryByteIsAnError() {
        let bytes = Array(Self.sample.utf8)
        for cut in stride(from: 0, to: bytes.count - 10, by: 3) {
            #expect(throws: CatalogError.self) { try StringCatalog(stringsdict: Array(bytes[..<cut]), file: "t", locale: "en") }
        }
    }

    @Test func propertyListValues() throws {
        let text = "<plist><array><integer>-3</integer><real>1.5</real><true/><false></false><data>AAE=</data><string/><dict/></array></plist>"
        #expect(try XMLPropertyListParser.parse(Array(text.utf8), file: "p") ==
            .array([.integer("-3"), .real("1.5"), .bool(true), .bool(false), .data("AAE="), .string(""), .dictionary([])]))
    }

    /// A UTF-8 byte-order mark is skipped in place: an error after it is located as in the
    /// same file without it (line 1, columns from the first character after the mark).
    @Test(arguments: [
        "<plist><dict><key>a</key><strin>x</string></dict></plist>",
        "<plist version=\"1.0\"><dict><key>a</key>\n  <string>x</dict></plist>",
        "<plist><dict><key>é</key><string>x</string><key>b</key></dict></plist>",
    ])
    func aByteOrderMarkDoesNotMoveErrors(text: String) {
        func error(_ bytes: [UInt8]) -> String? {
            do { _ = try XMLPropertyListParser.parse(bytes, file: "p.stringsdict"); return nil } catch { return error.description }
        }
        let plain = error(Array(text.utf8))
        #expect(plain != nil)
        #expect(error([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == plain)
    }
}
