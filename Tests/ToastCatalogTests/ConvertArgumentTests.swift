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
