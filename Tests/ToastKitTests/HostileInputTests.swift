import Foundation
import Testing
import ToastCatalog
import ToastICU
import ToastKit

/// Hostile input, one row each: what a translator, vendor or user could hand ToastKit, and the
/// exact outcome expected — a located error, a diagnostic, or cleaned output — never a crash.
/// Rows marked "fuzz" are regressions of what the libFuzzer targets (Fuzz/) found.
@Suite struct HostileInputTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let expected: String
        let run: @Sendable () -> String
        var testDescription: String { name }
    }

    // MARK: Helpers

    static func strings(_ bytes: [UInt8], limits: CatalogLimits = .standard) -> String {
        outcome { () throws(CatalogError) in
            try StringCatalog(strings: bytes, file: "fr.lproj/Localizable.strings", locale: "fr", limits: limits)
        }
    }

    static func stringsdict(_ text: String, limits: CatalogLimits = .standard) -> String {
        stringsdict(Array(text.utf8), limits: limits)
    }

    static func stringsdict(_ bytes: [UInt8], limits: CatalogLimits = .standard) -> String {
        outcome { () throws(CatalogError) in
            try StringCatalog(stringsdict: bytes, file: "fr.lproj/Localizable.stringsdict", locale: "fr", limits: limits)
        }
    }

    static func xcstrings(_ text: String, limits: CatalogLimits = .standard) -> String {
        xcstrings(Array(text.utf8), limits: limits)
    }

    static func xcstrings(_ bytes: [UInt8], limits: CatalogLimits = .standard) -> String {
        outcome { () throws(CatalogError) in try StringCatalog(xcstrings: bytes, file: "Hostile.xcstrings", limits: limits) }
    }

    static func outcome(_ read: () throws(CatalogError) -> StringCatalog) -> String {
        do {
            let catalog = try read()
            return "ok: \(catalog.keys.count) keys" + (catalog.warnings.isEmpty ? "" : ", \(catalog.warnings.count) warnings")
        } catch {
            return error.description
        }
    }

    /// Reads every prefix of a valid file: each must parse or fail inside the file, located.
    static func truncations(_ bytes: [UInt8], file: String, read: ([UInt8]) throws(CatalogError) -> StringCatalog) -> String {
        var parsed = 0, failed = 0
        var rules: Set<String> = []
        for count in 0..<bytes.count {
            do throws(CatalogError) {
                _ = try read(Array(bytes.prefix(count)))
                parsed += 1
            } catch {
                let lines = bytes.prefix(count).count(where: { $0 == 0x0A }) + 1
                guard error.location.file == file, error.location.line >= 1, error.location.line <= lines,
                      error.location.column >= 1 else { return "badly located: \(error)" }
                failed += 1
                rules.insert(error.rule.rawValue)
            }
        }
        return "\(bytes.count) prefixes: \(parsed) parsed, \(failed) located errors [\(rules.sorted().joined(separator: ", "))]"
    }

    static let services = ICUServices()

    static func format(_ format: String, _ arguments: [ToastArgument], locale: String = "en") -> String {
        let (text, diagnostics) = FormatEngine(locale: LocaleTag(locale)!, services: services).format(format, arguments)
        return ([text.debugDescription] + diagnostics.map(\.description)).joined(separator: " | ")
    }

    /// Resolves key `k` of a one-key catalog (value and substitutions as JSON) for `locale`.
    /// `lengthOnly`: the message's length in bytes instead of the message.
    static func resolve(value: String, substitutions: String = "{}", arguments: [ToastArgument], locale: String = "en",
                        limits: CatalogLimits = .standard, lengthOnly: Bool = false) -> String {
        let json = """
            {"sourceLanguage":"en","strings":{"k":{"localizations":{"\(locale)":{"stringUnit":{"state":"translated","value":\(value)},\
            "substitutions":\(substitutions)}}}},"version":"1.0"}
            """
        let catalog: StringCatalog
        do { catalog = try StringCatalog(xcstrings: Array(json.utf8), file: "Hostile.xcstrings", limits: limits) } catch { return error.description }
        let localizer = Localizer(catalogs: [catalog], preferences: [LocaleTag(locale)!], services: services)
        let toast = localizer.resolve(Toast(.info, message: ToastText(key: "k", table: "Hostile", arguments: arguments)))
        let shown = lengthOnly ? "\(toast.message.utf8.count) bytes" : toast.message.debugDescription
        return ([shown] + toast.diagnostics.map(\.description)).joined(separator: " | ")
    }

    /// Substitutions `s0` … `s(levels-1)`: each one's forms name the next `fanOut` times, the
    /// last one's forms are `leaf` (the "billion laughs" of String Catalogs).
    static func laughs(levels: Int, fanOut: Int, leaf: String, separator: String = " ") -> String {
        let members = (0..<levels).map { level -> String in
            let body = level < levels - 1 ? String(repeating: "%#@s\(level + 1)@" + separator, count: fanOut) : leaf
            return "\"s\(level)\":{\"argNum\":1,\"formatSpecifier\":\"lld\",\"variations\":{\"plural\":{\"one\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(body)\"}},\"other\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(body)\"}}}}}"
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func present(_ message: String, title: String? = nil, actions: [String] = [], locale: String = "en",
                        options: LinePresenter.Options) -> String {
        let localizer = Localizer(preferences: [LocaleTag(locale)!], services: services)
        let toast = localizer.resolve(Toast(.info, title: title.map { .custom(ToastText(verbatim: $0)) } ?? .automatic,
                                            message: ToastText(verbatim: message),
                                            actions: actions.map { ToastAction(ToastText(verbatim: $0)) }))
        let lines = LinePresenter(options: options, services: services).lines(for: toast)
        let widest = lines.map { TextWidth.cells(of: $0, ambiguous: options.ambiguousWidth) }.max() ?? 0
        let controls = lines.joined().unicodeScalars.count { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) }
        return "\(lines.count) lines, widest \(widest), \(controls) controls: \(lines.map(\.debugDescription).joined(separator: " / "))"
    }

    static func nested(_ open: String, _ close: String, depth: Int) -> String {
        String(repeating: open, count: depth) + String(repeating: close, count: depth)
    }

    static func plistDocument(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)\n</plist>\n"
    }

    static let validStrings = Array("/* Greeting */\n\"hello\" = \"Bonjour %@\";\n\"files\" = \"%d fichiers\";\n".utf8)
    static let validStringsdict = Array(plistDocument("""
        <dict>
        <key>%d files</key>
        <dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
        <key>n</key>
        <dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>%d fichier</string>
        <key>other</key><string>%d fichiers</string>
        </dict>
        </dict>
        </dict>
        """).utf8)
    static let validXCStrings = Array("""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld files" : {
              "localizations" : {
                "fr" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld fichier" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld fichiers" } }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }

        """.utf8)

    /// A binary property list of `objects` (already encoded) whose top is object 0, with
    /// two-byte offsets and one-byte references.
    static func bplist(_ objects: [[UInt8]]) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets += [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)]
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        var trailer = [UInt8](repeating: 0, count: 32)
        trailer[6] = 2; trailer[7] = 1
        trailer[15] = UInt8(objects.count)
        trailer[30] = UInt8(table >> 8); trailer[31] = UInt8(table & 0xFF)
        return bytes + trailer
    }
}

extension HostileInputTests {
    static let million = 1_000_000

    /// A `.stringsdict` whose format is one CDATA section of exactly 1 MB: read whole.
    @Sendable static func cdataWithinTheLimit() -> String {
        let text = String(repeating: "ab", count: 512 * 1024)
        let document = plistDocument("<dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string><![CDATA[" + text
                                     + "]]></string></dict></dict>")
        do {
            let catalog = try StringCatalog(stringsdict: Array(document.utf8), file: "fr.lproj/Localizable.stringsdict", locale: "fr")
            let value = catalog.localization(forKey: "k", locale: "fr")?.stringUnit?.value ?? ""
            return "\(value.utf8.count) bytes"
        } catch {
            return error.description
        }
    }

    @Sendable static func hundredMegabyteString() -> String {
        var bytes: [UInt8] = Array("{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"comment\":\"".utf8)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "a"), count: 100 * 1024 * 1024))
        bytes.append(contentsOf: Array("\"}},\"version\":\"1.0\"}".utf8))
        return xcstrings(bytes)
    }

    @Sendable static func fileOverLimit() -> String {
        let path: String = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-hostile-\(getpid()).xcstrings").path
        guard FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x20, count: 2048)) else {
            return "could not create \(path)"
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try CatalogLoader.readFile(path, limits: CatalogLimits(maximumFileSize: 1024))
            return "ok"
        } catch {
            return error.description.replacingOccurrences(of: path, with: "FILE")
        }
    }

    @Sendable static func millionNestedObjects() -> String {
        let open: String = String(repeating: "{\"a\":", count: million)
        let close: String = String(repeating: "}", count: million)
        return xcstrings("{\"x\":" + open + "0" + close + "}")
    }

    @Sendable static func millionNestedDocument() -> String {
        let document: [UInt8] = Array(nested("[", "]", depth: million).utf8)
        do {
            _ = try JSONParser.parse(document, file: "Deep.xcstrings")
            return "ok"
        } catch {
            return error.description
        }
    }

    /// Locale identifiers.
    static let localeIdentifiersRows: [Row] = [
        Row(name: "a locale ID of 200 characters", expected: "nil") { () -> String in
            String(describing: LocaleTag(String(repeating: "a", count: 200)))
        },
        Row(name: "a 200-character locale ID of valid subtags", expected: "nil") { () -> String in
            String(describing: LocaleTag("en" + String(repeating: "-abcdefgh", count: 22)))
        },
        Row(name: "a locale ID with NUL", expected: "nil") { () -> String in String(describing: LocaleTag("en\u{0}US")) },
        Row(name: "a locale ID with ESC and bidi override", expected: "nil") { () -> String in String(describing: LocaleTag("ar\u{1B}[31m\u{202E}")) },
        Row(name: "LANG of 200 characters falls back", expected: "[]") { () -> String in
            LocalePreferences.from(environment: ["LANG": String(repeating: "x", count: 200) + ".UTF-8"]).map(\.identifier).description
        },
        Row(name: "an .lproj folder named with 200 characters", expected: "200 characters, tag nil") { () -> String in
            // Kept as the file's locale code, which no locale tag matches: the table is never chosen.
            let locale = CatalogLocale.folderLocale(ofPath: String(repeating: "z", count: 200) + ".lproj/Localizable.strings")?.locale ?? ""
            return "\(locale.count) characters, tag \(String(describing: LocaleTag(locale)))"
        },

    ]

    /// Truncation at every byte.
    static let truncationAtEveryByteRows: [Row] = [
        Row(name: ".strings truncated at every byte", expected: "64 prefixes: 6 parsed, 58 located errors [strings-syntax]") { () -> String in
            truncations(validStrings, file: "fr.lproj/Localizable.strings") { (bytes) throws(CatalogError) in
                try StringCatalog(strings: bytes, file: "fr.lproj/Localizable.strings", locale: "fr")
            }
        },
        Row(name: ".stringsdict truncated at every byte", expected: "427 prefixes: 1 parsed, 426 located errors [plist-syntax]") { () -> String in
            truncations(validStringsdict, file: "fr.lproj/Localizable.stringsdict") { (bytes) throws(CatalogError) in
                try StringCatalog(stringsdict: bytes, file: "fr.lproj/Localizable.stringsdict", locale: "fr")
            }
        },
        Row(name: ".xcstrings truncated at every byte", expected: "430 prefixes: 1 parsed, 429 located errors [json-syntax]") { () -> String in
            truncations(validXCStrings, file: "Hostile.xcstrings") { (bytes) throws(CatalogError) in
                try StringCatalog(xcstrings: bytes, file: "Hostile.xcstrings")
            }
        },

    ]

    /// Encodings.
    static let encodingsRows: [Row] = [
        Row(name: ".strings with invalid UTF-8", expected: "fr.lproj/Localizable.strings:1:8: error: [strings-encoding] expected UTF-8 (or UTF-16 with a byte-order mark); the byte 0xC3 here begins no UTF-8 character") { () -> String in strings(Array("\"a\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8)) },
        Row(name: ".strings UTF-16LE with a lone high surrogate", expected: "fr.lproj/Localizable.strings:1:1: error: [strings-encoding] expected valid UTF-16 (a lone surrogate after 5 characters)") { () -> String in
            strings([0xFF, 0xFE] + Array("\"a\"=\"".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) + [0x00, 0xD8, 0x22, 0x00, 0x3B, 0x00])
        },
        Row(name: ".strings UTF-16BE with a lone low surrogate", expected: "fr.lproj/Localizable.strings:1:1: error: [strings-encoding] expected valid UTF-16 (a lone surrogate after 5 characters)") { () -> String in
            strings([0xFE, 0xFF] + Array("\"a\"=\"".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) + [0xDC, 0x00, 0x00, 0x22, 0x00, 0x3B])
        },
        Row(name: ".strings UTF-16 with an odd number of bytes", expected: "fr.lproj/Localizable.strings:1:1: error: [strings-encoding] expected an even number of bytes in a UTF-16 file") { () -> String in strings([0xFF, 0xFE, 0x22, 0x00, 0x61]) },
        Row(name: ".strings with a UTF-8 BOM, then a UTF-16 BOM", expected: "fr.lproj/Localizable.strings:1:1: error: [strings-encoding] expected UTF-8 (or UTF-16 with a byte-order mark); the byte 0xFF here begins no UTF-8 character") { () -> String in
            strings([0xEF, 0xBB, 0xBF, 0xFF, 0xFE] + Array("\"a\" = \"b\";".utf8))
        },
        Row(name: ".strings with a UTF-16 BOM, then a UTF-8 BOM", expected: "fr.lproj/Localizable.strings:1:1: error: [strings-syntax] expected a key (a quoted string or a word of letters, digits and _$/:.-), found '믯'") { () -> String in
            strings([0xFF, 0xFE, 0xEF, 0xBB, 0xBF, 0x00])
        },
        Row(name: ".strings with NUL inside a value", expected: "ok: 1 keys") { () -> String in strings(Array("\"a\" = \"b\u{0}c\";\n".utf8)) },
        Row(name: ".strings with NUL between entries", expected: "fr.lproj/Localizable.strings:2:1: error: [strings-syntax] expected a key (a quoted string or a word of letters, digits and _$/:.-), found 'U+0000'") { () -> String in strings(Array("\"a\" = \"b\";\n\u{0}\"c\" = \"d\";".utf8)) },
        Row(name: ".xcstrings with invalid UTF-8 in a value", expected: "Hostile.xcstrings:1:51: error: [json-syntax] expected valid UTF-8 in a string") { () -> String in
            xcstrings(Array("{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"comment\":\"".utf8) + [0xFF, 0xFE] + Array("\"}},\"version\":\"1.0\"}".utf8))
        },
        Row(name: ".xcstrings with a raw NUL in a string", expected: "Hostile.xcstrings:1:37: error: [json-syntax] expected '\\n' or another escape instead of a raw control character U+0000 in a string") { () -> String in
            xcstrings("{\"sourceLanguage\":\"en\",\"strings\":{\"k\u{0}\":{}},\"version\":\"1.0\"}")
        },
        Row(name: ".xcstrings with a lone high surrogate escape", expected: "Hostile.xcstrings:1:42: error: [json-syntax] expected a low surrogate '\\uDC00'…'\\uDFFF' after the high surrogate") { () -> String in
            xcstrings("{\"sourceLanguage\":\"en\",\"strings\":{\"\\ud800x\":{}},\"version\":\"1.0\"}")
        },
        Row(name: ".xcstrings with a lone low surrogate escape", expected: "Hostile.xcstrings:1:42: error: [json-syntax] expected a high surrogate before the low surrogate \\uDC00") { () -> String in
            xcstrings("{\"sourceLanguage\":\"en\",\"strings\":{\"\\udc00\":{}},\"version\":\"1.0\"}")
        },
        Row(name: ".xcstrings in UTF-16", expected: "Hostile.xcstrings:1:1: error: [json-syntax] expected UTF-8 JSON, found a UTF-16 byte-order mark (Xcode writes String Catalogs in UTF-8)") { () -> String in
            xcstrings([0xFF, 0xFE] + "{}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        },
        Row(name: ".stringsdict that is not UTF-8", expected: "fr.lproj/Localizable.stringsdict:1:1: error: [plist-syntax] expected UTF-8 text") { () -> String in stringsdict([0x3C, 0x3F, 0xFF, 0xFE, 0x3E]) },

    ]

    /// Nesting and size.
    static let nestingAndSizeRows: [Row] = [
        Row(name: "a million nested arrays in an .xcstrings member", expected: "Hostile.xcstrings:1:546: error: [limit] nesting deeper than 512 levels") { () -> String in
            xcstrings("{\"sourceLanguage\":\"en\",\"x-nested\":" + nested("[", "]", depth: million) + ",\"strings\":{},\"version\":\"1.0\"}")
        },
        Row(name: "a million nested arrays as a JSON document (fmt)", expected: "Deep.xcstrings:1:513: error: [limit] nesting deeper than 512 levels", run: millionNestedDocument),
        Row(name: "a million nested objects in an .xcstrings member", expected: "Hostile.xcstrings:1:2561: error: [limit] nesting deeper than 512 levels", run: millionNestedObjects),
        Row(name: "a million nested <array> in a .stringsdict", expected: "fr.lproj/Localizable.stringsdict:3:3592: error: [limit] nesting deeper than 512 levels") { () -> String in
            stringsdict(plistDocument(nested("<array>", "</array>", depth: million)))
        },
        Row(name: "a binary property list whose array contains itself", expected: "fr.lproj/Localizable.strings:1:1: error: [limit] shared references expand to more than 176 values and bytes (four per byte of the file)") { () -> String in
            strings(bplist([[0xA1, 0x00]]))
        },
        Row(name: "a binary property list of shared references (billion laughs)", expected: "fr.lproj/Localizable.strings:1:1: error: [limit] shared references expand to more than 896 values and bytes (four per byte of the file)") { () -> String in
            // Object i is an array of 15 references to object i + 1; the last is a string.
            strings(bplist((0..<9).map { i in [0xAF, 0x10, 15] + [UInt8](repeating: UInt8(i + 1), count: 15) } + [[0x51, 0x61]]))
        },
        Row(name: "a binary property list referencing one long string 255 times", expected: "fr.lproj/Localizable.strings:1:1: error: [limit] shared references expand to more than 5224 values and bytes (four per byte of the file)") { () -> String in
            // Object 0 is an array of 255 references to object 1, a 1000-byte ASCII string:
            // few values, but 255,000 bytes to decode from a 1.3 KB file.
            strings(bplist([[0xAF, 0x10, 0xFF] + [UInt8](repeating: 1, count: 255),
                            [0x5F, 0x11, 0x03, 0xE8] + [UInt8](repeating: UInt8(ascii: "a"), count: 1000)]))
        },
        Row(name: "a 100 MB string in an .xcstrings comment", expected: "Hostile.xcstrings:1:50: error: [limit] a string longer than 1048576 bytes", run: hundredMegabyteString),
        Row(name: "a 2 MB escaped string in .xcstrings", expected: "Hostile.xcstrings:1:28: error: [limit] a string longer than 1048576 bytes") { () -> String in
            xcstrings("{\"strings\":{\"k\":{\"comment\":\"" + String(repeating: "\\n", count: 2 * 1024 * 1024) + "\"}}}")
        },
        Row(name: "a 2 MB value in .strings", expected: "fr.lproj/Localizable.strings:1:7: error: [limit] a string longer than 1048576 bytes") { () -> String in
            strings(Array(("\"k\" = \"" + String(repeating: "é", count: 1024 * 1024) + "\";").utf8))
        },
        Row(name: "a 2 MB <string> in .stringsdict", expected: "fr.lproj/Localizable.stringsdict:3:70: error: [limit] a string longer than 1048576 bytes") { () -> String in
            stringsdict(plistDocument("<dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>"
                                      + String(repeating: "ab", count: 1024 * 1024) + "</string></dict></dict>"))
        },
        Row(name: "a 2 MB CDATA section in .stringsdict (issue 30: CDATA was not counted)", expected: "fr.lproj/Localizable.stringsdict:3:70: error: [limit] a string longer than 1048576 bytes") { () -> String in
            stringsdict(plistDocument("<dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string><![CDATA["
                                      + String(repeating: "ab", count: 1024 * 1024) + "]]></string></dict></dict>"))
        },
        Row(name: "2 MB of character references in .stringsdict", expected: "fr.lproj/Localizable.stringsdict:3:70: error: [limit] a string longer than 1048576 bytes") { () -> String in
            stringsdict(plistDocument("<dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>"
                                      + String(repeating: "&#x1F600;", count: 300_000) + "</string></dict></dict>"))
        },
        Row(name: "a CDATA section just within the limit is read whole", expected: "1048576 bytes", run: cdataWithinTheLimit),
        Row(name: "a string over a configured 16-byte limit", expected: "Hostile.xcstrings:1:13: error: [limit] a string longer than 16 bytes") { () -> String in
            xcstrings("{\"strings\":{\"0123456789abcdefg\":{}}}", limits: CatalogLimits(maximumStringLength: 16))
        },
        Row(name: "a file over a configured 1 KB limit", expected: "FILE:1:1: error: [limit] the file is 2048 bytes; the limit is 1024 (--max-file-size)", run: fileOverLimit),
        Row(name: "an XML entity declaration (billion laughs) in a .stringsdict", expected: "fr.lproj/Localizable.stringsdict:2:43: error: [plist-syntax] expected an element name after '<'") { () -> String in
            stringsdict("<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;\">]>\n"
                        + "<plist version=\"1.0\"><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>&b;</string></dict></dict></plist>")
        },
        Row(name: "an empty .xcstrings", expected: "Hostile.xcstrings:1:1: error: [json-syntax] expected an object, found the end of the file") { () -> String in xcstrings("") },
        Row(name: ".xcstrings whose strings member is an array", expected: "Hostile.xcstrings:1:24: error: [xcstrings-schema] expected \"strings\" to be an object, found array") { () -> String in xcstrings("{\"sourceLanguage\":\"en\",\"strings\":[],\"version\":\"1.0\"}") },

    ]

    /// Format specifiers and arguments.
    static let formatSpecifiersAndArgumentsRows: [Row] = [
        Row(name: "%n", expected: "\"ab\" | error: [format-unsafe] %n writes to memory and is never formatted") { () -> String in format("a%nb", [.int(1)]) },
        Row(name: "%*d", expected: "\"[%*d]\" | error: [format-unsafe] %*d: widths and precisions taken from arguments (*) are not supported") { () -> String in format("[%*d]", [.int(5), .int(42)]) },
        Row(name: "%.*f", expected: "\"[%.*f]\" | error: [format-unsafe] %.*f: widths and precisions taken from arguments (*) are not supported") { () -> String in format("[%.*f]", [.int(2), .double(1.5)]) },
        Row(name: "%99999999d", expected: "\"[42]\" | error: [format-unsafe] %99999999d: width 99999999 is larger than 1024; ignored") { () -> String in format("[%99999999d]", [.int(42)]) },
        Row(name: "%.99999999f", expected: "\"[0.3333333333333333000000000000000000000000000000000000000000000000]\" | error: [format-unsafe] %.99999999f: precision 99999999 is larger than 64; used 64") { () -> String in format("[%.99999999f]", [.double(1.0 / 3)]) },
        Row(name: "%1024d is honoured", expected: "1024") { () -> String in
            String(FormatEngine(locale: LocaleTag("en")!, services: services).format("%1024d", [.int(7)]).text.count)
        },
        Row(name: "%0$@", expected: "\"[%0$@]\"") { () -> String in format("[%0$@]", [.string("x")]) },
        Row(name: "%65$@ is past the argument limit", expected: "\"[%65$@]\" | error: [format-unsafe] 65 arguments given; only the first 64 are used | error: [format-unsafe] %65$@ reads argument 65; at most 64 arguments are supported") { () -> String in format("[%65$@]", (0..<65).map { .int(Int64($0)) }) },
        Row(name: "%99999999999999999999$@ (overflowing position)", expected: "\"[%99999999999999999999$@]\" | error: [format-unsafe] %99999999999999999999$@ reads argument 999999999; at most 64 arguments are supported") { () -> String in format("[%99999999999999999999$@]", [.string("x")]) },
        Row(name: "100 arguments", expected: "\"0 63\" | error: [format-unsafe] 100 arguments given; only the first 64 are used | error: [format-argument] %@ does not take an integer; showed the value as plain text") { () -> String in format("%@ %64$lld", (0..<100).map { .int(Int64($0)) }) },
        Row(name: "%s with a string argument", expected: "\"[ok]\"") { () -> String in format("[%s]", [.string("ok")]) },
        Row(name: "%p and %hhn", expected: "\"[%p ]\" | error: [format-unsafe] %p is not supported | error: [format-unsafe] %hhn writes to memory and is never formatted") { () -> String in format("[%p %hhn]", [.int(1), .int(2)]) },
        Row(name: "a lone % at the end", expected: "\"100%\"") { () -> String in format("100%", []) },
        Row(name: "deep %#@ recursion: a substitution naming itself", expected: "\"[[[[[[[[%#@a@]]]]]]]]\" | error: [substitution-depth] substitutions nest deeper than 8 levels at %#@a@") { () -> String in
            resolve(value: "\"%#@a@\"", substitutions: """
                {"a":{"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"[%#@a@]"}}}}}}
                """, arguments: Array(repeating: .int(3), count: 20))
        },
        Row(name: "deep %#@ recursion: two substitutions naming each other", expected: "\"abababab%#@a@\" | error: [substitution-depth] substitutions nest deeper than 8 levels at %#@a@") { () -> String in
            resolve(value: "\"%#@a@\"", substitutions: """
                {"a":{"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"a%#@b@"}}}}},
                 "b":{"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"b%#@a@"}}}}}}
                """, arguments: Array(repeating: .int(3), count: 20))
        },
        Row(name: "billion laughs: 8 substitutions, each form naming the next ten times", expected: "Hostile.xcstrings:1:57: error: [limit] the substitutions of “k” (en) can expand to 371111110 bytes; the limit is 1048576 (substitutions that name each other several times per form)") { () -> String in
            resolve(value: "\"%#@s0@\"", substitutions: laughs(levels: 8, fanOut: 10, leaf: "%arg x"), arguments: [.int(3)])
        },
        Row(name: "billion laughs with empty leaves: fan-out bounded by the count of expansions", expected: "Hostile.xcstrings:1:57: error: [limit] the substitutions of “k” (en) can expand 11111110 substitutions inside their forms; the limit is 10000 (substitutions that name each other several times per form)") { () -> String in
            resolve(value: "\"%#@s0@\"", substitutions: laughs(levels: 8, fanOut: 10, leaf: "", separator: ""), arguments: [.int(3)])
        },
        Row(name: "billion laughs in a .stringsdict", expected: "fr.lproj/Localizable.stringsdict:3:7: error: [limit] the substitutions of “k” (fr) can expand to 351111110 bytes; the limit is 1048576 (substitutions that name each other several times per form)") { () -> String in
            stringsdict(plistDocument("<dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@s0@</string>" + (0..<8).map { level in
                let body = level < 7 ? String(repeating: "%#@s\(level + 1)@ ", count: 10) : "%lld x"
                return "<key>s\(level)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>lld</string><key>other</key><string>\(body)</string></dict>"
            }.joined() + "</dict></dict>"))
        },
        Row(name: "billion laughs read with the limits lifted: resolving stops at the resolver's bounds", expected: "37024 bytes | error: [limit] substitutions expand more than 10000 substitutions inside their forms; the rest is not shown") { () -> String in
            resolve(value: "\"%#@s0@\"", substitutions: laughs(levels: 8, fanOut: 10, leaf: "%arg x"), arguments: [.int(3)],
                    limits: CatalogLimits(maximumExpandedLength: .max, maximumSubstitutionExpansions: .max), lengthOnly: true)
        },
        Row(name: "empty-leaved laughs read with the limits lifted: expansions stop at 10,000", expected: "0 bytes | error: [limit] substitutions expand more than 10000 substitutions inside their forms; the rest is not shown") { () -> String in
            resolve(value: "\"%#@s0@\"", substitutions: laughs(levels: 8, fanOut: 10, leaf: "", separator: ""), arguments: [.int(3)],
                    limits: CatalogLimits(maximumExpandedLength: .max, maximumSubstitutionExpansions: .max), lengthOnly: true)
        },
        Row(name: "a 150 KB form named ten times: past 1 MB when expanded", expected: "Hostile.xcstrings:1:57: error: [limit] the substitutions of “k” (en) can expand to 1536010 bytes; the limit is 1048576 (substitutions that name each other several times per form)") { () -> String in
            resolve(value: "\"%#@s0@\"", substitutions: laughs(levels: 2, fanOut: 10, leaf: String(repeating: "x", count: 153_600)), arguments: [.int(3)])
        },
        Row(name: "the same read with the limits lifted: the text stops past 1 MB", expected: "1075206 bytes | error: [limit] the text expands past 1048576 bytes; the rest is not shown") { () -> String in
            resolve(value: "\"%#@s0@\"", substitutions: laughs(levels: 2, fanOut: 10, leaf: String(repeating: "x", count: 153_600)), arguments: [.int(3)],
                    limits: CatalogLimits(maximumExpandedLength: .max, maximumSubstitutionExpansions: .max), lengthOnly: true)
        },
        Row(name: "a substitution named twice per form, 8 levels (128 copies): within the limits", expected: "638 bytes") { () -> String in
            resolve(value: "\"%#@s0@\"", substitutions: laughs(levels: 8, fanOut: 2, leaf: "%arg x"), arguments: [.int(3)], lengthOnly: true)
        },
        Row(name: "a substitution reading a missing argument", expected: "\"%3$#@a@\" | error: [format-argument] %3$#@a@ reads argument 3, but only 1 were given") { () -> String in
            resolve(value: "\"%3$#@a@\"", substitutions: """
                {"a":{"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%arg"}}}}}}
                """, arguments: [.int(3)])
        },

    ]

    /// Terminal payloads.
    static let terminalPayloadsRows: [Row] = [
        Row(name: "an OSC title payload in an argument", expected: "\"File a.txt saved\"") { () -> String in
            resolve(value: "\"File %@ saved\"", arguments: [.string("\u{1B}]0;pwned\u{07}a.txt")])
        },
        Row(name: "a CSI payload and C1 CSI in an argument", expected: "\"File a.txt saved\"") { () -> String in
            resolve(value: "\"File %@ saved\"", arguments: [.string("\u{1B}[2J\u{9B}31ma.txt\u{1B}[0m")])
        },
        Row(name: "a bidi override in an argument (Trojan Source)", expected: "\"File txt.exe saved\"") { () -> String in
            resolve(value: "\"File %@ saved\"", arguments: [.string("\u{202E}txt.exe")])
        },
        Row(name: "an unmatched pop-isolate in an argument", expected: "\"File ab saved\"") { () -> String in
            resolve(value: "\"File %@ saved\"", arguments: [.string("a\u{2069}\u{2069}b")])
        },
        Row(name: "ESC and bidi controls in a catalog value, presented", expected: "1 lines, widest 25, 0 controls: \"Information: Done red now\"") { () -> String in
            present("Done\u{1B}[31m red\u{202E} now\u{7}\u{0}", options: LinePresenter.Options(width: 40))
        },
        Row(name: "fuzz: a cluster wider than the line (U+2E43 U+302E at width 2)", expected: "8 lines, widest 2, 0 controls: \"In\" / \"fo\" / \"rm\" / \"at\" / \"io\" / \"n:\" / \"⹃\" / \"\\u{302E}\"") { () -> String in
            present("\u{2E43}\u{302E}", title: "", options: LinePresenter.Options(width: 2))
        },
        Row(name: "fuzz: an emoji ZWJ sequence in visual right-to-left order", expected: "1 lines, widest 20, 0 controls: \"  םלוע 👩‍👩‍👧 םולש :עדימ\"") { () -> String in
            present("שלום 👩‍👩‍👧 עולם", locale: "he", options: LinePresenter.Options(width: 20, bidi: .visual))
        },
        Row(name: "fuzz: the cut mark with wide ambiguous characters", expected: "1 lines, widest 2, 0 controls: \"…\"") { () -> String in
            present(String(repeating: "מידע ", count: 10), locale: "he",
                    options: LinePresenter.Options(width: 2, ambiguousWidth: .wide, maxLines: 1))
        },
        Row(name: "fuzz: Arabic shaping that would widen a visual line (U+065C on a space)", expected: "3 lines, widest 22, 0 controls: \"           ﺪﻟ :ﺕﺎﻣﻮﻠﻌﻣ\" / \"          xﺫّ :ﺕﺍءﺍﺮﺟﻹﺍ\" / \" فلم�@� � ٜفلملcericeو\"") { () -> String in
            present("لد", actions: ["", "ذّx", "cericeلملف \u{65C}\u{FFFD} \u{E12F}\u{FFFD}@\u{FFFD}ملف"], locale: "ar",
                    options: LinePresenter.Options(width: 22, bidi: .visual))
        },
        Row(name: "fuzz: a space that does not fit, then the sanitizer's closing isolate (visual, width 2)", expected: "8 lines, widest 2, 0 controls: \"ימ\" / \"עד\" / \" :\" / \"ab\" / \" c\" / \"ﺍ�\" / \"��\" / \"xX\"") { () -> String in
            // The logical line was "xX" + the closing PDI, skipping the space between: not one
            // piece of the text, so the visual reorder took "xX " and overflowed.
            present("\u{2066}abc \u{627}\u{FFFD}\u{FFFD}\u{FFFD}xX ", locale: "he", options: LinePresenter.Options(width: 2, bidi: .visual))
        },
        Row(name: "fuzz: a bidi run ending inside a cluster (emoji at level 1, ZWJ and U+302E at level 2; visual, width 6)", expected: "4 lines, widest 6, 0 controls: \"ﺎﻣﻮﻠﻌﻣ\" / \"    :ﺕ\" / \" 👩‍〮ﺏ\" / \" 👩‍〮ﺏ\"") { () -> String in
            // U+302E is bidi class L: in a right-to-left paragraph the emoji before it resolves
            // to level 1 and the joiner and mark to level 2. Reversing the runs apart put
            // "\u{200D}\u{302E}" before the emoji as a cluster of its own (the fuzz input had
            // the line 1 cell too wide); the cluster now moves whole.
            present("ب👩\u{200D}\u{302E} ب👩\u{200D}\u{302E}", title: "", locale: "ar", options: LinePresenter.Options(width: 6, bidi: .visual))
        },
        Row(name: "fuzz: an emoji and a wide mark in one cluster (measured 2 cells while wrapping, 4 as a line; width 3)", expected: "6 lines, widest 3, 0 controls: \"ﻞﻌﻣ\" / \"ﺎﻣﻭ\" / \" :ﺕ\" / \" .ﻙ\" / \" 👩\" / \" 〮\"") { () -> String in
            present("ك.👩\u{302E}", title: "", locale: "ar", options: LinePresenter.Options(width: 3, bidi: .visual))
        },
        Row(name: "fuzz: a space ending a cluster after U+0604", expected: "6 lines, widest 3, 0 controls: \"Inf\" / \"orm\" / \"ati\" / \"on:\" / \"t x\\u{0604}\" / \"yy\"") { () -> String in
            present("t x\u{0604} yy", title: "", options: LinePresenter.Options(width: 3))
        },
    ]

    static let rows: [Row] = localeIdentifiersRows + truncationAtEveryByteRows + encodingsRows + nestingAndSizeRows + formatSpecifiersAndArgumentsRows + terminalPayloadsRows

    @Test(arguments: rows)
    func hostileInput(_ row: Row) {
        #expect(row.run() == row.expected)
    }

    @Test func tableHoldsAtLeastFortyRows() {
        #expect(Self.rows.count >= 40)
        #expect(Set(Self.rows.map(\.name)).count == Self.rows.count)
    }
}
