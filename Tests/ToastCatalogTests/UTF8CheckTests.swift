import Testing
import ToastCatalog

/// The readers' UTF-8 checks agree with the standard library's validation.
@Suite struct UTF8CheckTests {
    static func stdlibValid(_ bytes: [UInt8]) -> Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// Both checks agree with the standard library's, and the string made is the one it makes.
    static func agree(_ bytes: [UInt8]) -> Bool {
        let valid = stdlibValid(bytes)
        return (UTF8Check.firstInvalid(bytes) == nil) == valid
            && UTF8Check.checked(bytes) == (valid ? String(validating: bytes, as: UTF8.self) : nil)
            && UTF8Check.checked(bytes).map { Array($0.utf8) == bytes } != false
    }

    /// Every two-byte sequence, and every lead byte with every second byte followed by
    /// continuation, ASCII and lead bytes — at every offset of an eight-byte word, since ASCII
    /// is skipped a word at a time.
    @Test(arguments: 0..<9)
    func agreesWithTheStandardLibrary(prefix: Int) {
        let ascii = [UInt8](repeating: 0x61, count: prefix)
        var disagreements: [[UInt8]] = []
        for a in 0...255 {
            for b in 0...255 {
                let pair = ascii + [UInt8(a), UInt8(b)]
                if !Self.agree(pair) { disagreements.append(pair) }
                guard a >= 0xE0 else { continue }
                for tail in [[0x80, 0x80], [0xBF, 0xBF], [0x80], [0x41, 0x80], [0xC3, 0xA9], [0x80, 0x41]] as [[UInt8]] {
                    let sequence = pair + tail
                    if !Self.agree(sequence) { disagreements.append(sequence) }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test func reportsTheFirstInvalidByte() {
        #expect(UTF8Check.firstInvalid(Array("plain ascii text, longer than a word".utf8)) == nil)
        #expect(UTF8Check.firstInvalid(Array("café 日本語 😀".utf8)) == nil)
        #expect(UTF8Check.firstInvalid(Array("abcdefghij".utf8) + [0xE2, 0x82] + Array("x".utf8)) == 10)  // truncated €
        #expect(UTF8Check.firstInvalid(Array("é".utf8) + [0xED, 0xA0, 0x80]) == 2)                       // a surrogate
        #expect(UTF8Check.firstInvalid([0xF4, 0x90, 0x80, 0x80]) == 0)                                    // above U+10FFFF
        #expect(UTF8Check.firstInvalid([0xE0, 0x80, 0xAF]) == 0)                                          // overlong
        #expect(UTF8Check.firstInvalid([0x41, 0x80]) == 1)                                                // lone continuation
    }
}
