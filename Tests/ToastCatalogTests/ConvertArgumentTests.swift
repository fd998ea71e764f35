import Testing
import ToastTestSupport
@testable import ToastCatalog

/// A `.stringsdict` form's own specifier becomes `%arg` in a String Catalog: replaced in the
/// bytes, the text is the one written back token by token.
@Suite struct ConvertArgumentTests {
    static let pieces = ["%d", "%lld", "%1$d", "%2$lld", "%@", "%1$@", "%%", "%", "%#@n@", "%1$#@n@", "%01$#@n@", "%2$#@n @",
                         "%.2f", "%5.1lf", "%-3d", "% d", "%*d", "%0$d", "%ld", "files", " ", "é", "件", "\u{301}", "100", "%u"]

    static let texts: [String] = {
        var generator = SeededGenerator(seed: 0xA_C0DE)
        var texts = ["", "%lld files", "%1$lld of %2$lld", "%#@n@ and %d", "%01$#@n@ %d", "%d%%", "e\u{301}%d"]
        for _ in 0..<2500 {
            let count = Int.random(in: 1...7, using: &generator)
            texts.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        return texts
    }()

    @Test(arguments: [("d", 1), ("d", 2), ("@", 1), ("f", 1), ("u", 3)] as [(Character, Int)])
    func bytesReplaceAsTokensDo(conversion: Character, argNum: Int) {
        var fromBytes = 0
        for text in Self.texts {
            let expected = CatalogConverter.replaceArgumentByTokens(in: text, conversion: conversion, argNum: argNum)
            let found = CatalogConverter.replaceArgument(in: text, conversion: conversion, argNum: argNum)
            #expect(found.0 == expected.0 && found.1 == expected.1, "\(text.debugDescription)")
            #expect(found.0.utf8.elementsEqual(expected.0.utf8), "\(text.debugDescription)")
            if CatalogConverter.replaceArgumentInBytes(text, conversion: conversion, argNum: argNum) != nil { fromBytes += 1 }
        }
        #expect(fromBytes > 1000)
    }
}

/// `.strings` quotes, XML text and comments are escaped eight bytes at a time where no byte
/// can need it: the same bytes as escaping each byte in turn.
@Suite struct ConvertEscapingTests {
    static let pieces = ["a", "bcdefgh", "\"", "\\", "&", "<", ">", "\n", "\t", "\r", "\u{1}", "\u{1F}", "*", "/", "*/", "é", "件",
                         "😀", " ", "12345678", "%@"]

    static let texts: [String] = {
        var generator = SeededGenerator(seed: 0xE5C_A9E)
        var texts = ["", "plain text longer than eight", "ends with &", "&starts", "a*/b", "*/*/", String(repeating: "x", count: 31) + "<"]
        for _ in 0..<3000 {
            let count = Int.random(in: 1...12, using: &generator)
            texts.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        return texts
    }()

    /// Each byte in turn: what the writers wrote before the eight-byte steps.
    static func reference(_ text: String, escape: (UInt8, UInt8) -> [UInt8]?) -> [UInt8] {
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            if byte < 0x80, let escaped = escape(byte, index > 0 ? bytes[index - 1] : 0) { out += escaped } else { out.append(byte) }
        }
        return out
    }

    @Test func quotedTextsAreEscapedByteByByte() {
        for text in Self.texts {
            var out: [UInt8] = []
            CatalogConverter.appendQuoted(text, to: &out)
            let expected = [UInt8(ascii: "\"")] + Self.reference(text) { byte, _ in
                switch byte {
                case UInt8(ascii: "\""): Array(#"\""#.utf8)
                case UInt8(ascii: "\\"): Array(#"\\"#.utf8)
                case 0x0A: Array(#"\n"#.utf8)
                case 0x09: Array(#"\t"#.utf8)
                case 0x0D: Array(#"\r"#.utf8)
                case ..<0x20: Array(("\\U" + String(repeating: "0", count: 4 - String(byte, radix: 16).count) + String(byte, radix: 16)).utf8)
                default: nil
                }
            } + [UInt8(ascii: "\"")]
            #expect(out == expected, "\(text.debugDescription)")
        }
    }

    @Test func xmlTextsAreEscapedByteByByte() {
        for text in Self.texts {
            var out: [UInt8] = []
            CatalogConverter.appendXML(text, to: &out)
            let expected = Self.reference(text) { byte, _ in
                switch byte {
                case UInt8(ascii: "&"): Array("&amp;".utf8)
                case UInt8(ascii: "<"): Array("&lt;".utf8)
                case UInt8(ascii: ">"): Array("&gt;".utf8)
                case 0x09, 0x0A, 0x0D: nil
                case ..<0x20: Array("&#\(byte);".utf8)
                default: nil
                }
            }
            #expect(out == expected, "\(text.debugDescription)")
        }
    }

    @Test func commentsAreEscapedByteByByte() {
        for text in Self.texts {
            var out: [UInt8] = []
            let ended = CatalogConverter.appendComment(text, to: &out)
            let expected = Self.reference(text) { byte, previous in
                byte == UInt8(ascii: "/") && previous == UInt8(ascii: "*") ? Array(" /".utf8) : nil
            }
            #expect(out == expected, "\(text.debugDescription)")
            #expect(ended == text.contains("*/"), "\(text.debugDescription)")
        }
    }
}
