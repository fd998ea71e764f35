import Testing
@testable import ToastCatalog
import ToastTestSupport

/// `CodePoint.isPlainLines`, the byte test that lets the CLI write a message's lines as they
/// are: where it says yes, making each line visible (`visibleLineStart`, line by line as
/// `String.split` makes lines) gives the message back unchanged.
@Suite struct PlainLinesTests {
    /// The message's lines made visible one by one, as the CLI writes them without the byte
    /// test.
    static func visibleLines(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { CodePoint.visibleLineStart(String($0)) }.joined(separator: "\n")
    }

    static func isPlain(_ message: String) -> Bool {
        var message = message
        return message.withUTF8(CodePoint.isPlainLines)
    }

    /// Messages as `convert` and `lint` report them, which the test must let through.
    @Test(arguments: [
        "cat.xcstrings:11754:5: warning: [not-converted] “toast.update.28” (en): state “needs_review” is not kept in .strings",
        "toastkit: 1532 item(s) could not be converted (listed above)",
        "a\nb\n\nc: d",
        "ja: 日本語の「ファイル」\nde: Weiß — café",
        "",
    ])
    func reportedMessagesArePlain(message: String) {
        #expect(Self.isPlain(message))
        #expect(Array(Self.visibleLines(message).unicodeScalars) == Array(message.unicodeScalars))
    }

    /// Messages the scalars must be looked at for, one per reason.
    @Test(arguments: [
        "tab\there", "cr\r\nlf", "esc \u{1B}[31m", "del \u{7F}", "next line \u{85}", "soft\u{AD}hyphen", "arabic mark \u{61C}",
        "zero\u{200B}width", "rlm \u{200F}", "line\u{2028}separator", "override \u{202E}", "word\u{2060}joiner", "isolate \u{2069}",
        "bom \u{FEFF}", "::error file=x::y", "a\n  ::warning ::z", " leading space", "\u{A0}no-break start", "a\n\u{301}mark",
        ":colon first",
    ])
    func messagesToLookAtAreNotPlain(message: String) {
        #expect(!Self.isPlain(message))
    }

    /// Generated messages from an alphabet of every case (controls, escaped and plain scalars
    /// of one to four bytes next to the escaped ones' lead bytes, spaces and colons at line
    /// starts): wherever the byte test says plain, the lines made visible are the message.
    @Test(arguments: 0..<4)
    func plainMeansUnchanged(seed: UInt64) {
        let alphabet: [String] = [
            "a", "Z", " ", ":", "::", "\n", "\r", "\t", "\u{7F}", "\u{85}", "\u{A0}", "\u{AD}", "\u{AE}", "é", "\u{61C}", "\u{61B}",
            "\u{200A}", "\u{200B}", "\u{2010}", "\u{2028}", "\u{2030}", "\u{2060}", "\u{2070}", "“", "\u{FEFF}", "\u{FEFE}", "\u{301}",
            "日", "😀", "\u{3000}",
        ]
        var generator = SeededGenerator(seed: 2900 + seed)
        var plain = 0
        for _ in 0..<4000 {
            var message = ""
            for _ in 0..<Int(generator.next() % 12) { message += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            guard Self.isPlain(message) else { continue }
            plain += 1
            #expect(Array(Self.visibleLines(message).unicodeScalars) == Array(message.unicodeScalars), "\(Array(message.unicodeScalars))")
        }
        #expect(plain > 100)
    }
}
