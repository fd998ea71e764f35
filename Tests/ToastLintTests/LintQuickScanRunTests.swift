import Testing
@_spi(Verification) import ToastLint

/// The quick scan skips plain bytes eight at a time; a byte it looks at must be seen at any
/// offset of a run, whether it falls first, last or inside a run of eight.
@Suite struct LintQuickScanRunTests {
    @Test(arguments: ["\u{7F}", "<", "\\", "`", "\t", "\n", "\u{1B}", "\u{202E}", "\u{AD}", "\u{FEFF}", "\u{E000}", "\u{F0000}",
                      "\u{10FFFD}", "\u{85}", "%d", "**", "]("])
    func hazardAfterPlainRunIsSeen(_ hazard: String) {
        for offset in 0..<40 {
            let target = "%lld " + String(repeating: "x", count: offset) + hazard + String(repeating: "y", count: 20)
            #expect(!LintQuickScan.clears(target, source: "%lld files waiting"), "\(hazard.debugDescription) after \(offset) bytes")
        }
    }

    /// The same texts without the hazard are cleared, at every length around a run's edge.
    @Test func plainRunsOfEveryLengthAreCleared() {
        for offset in 0..<40 {
            let target = "%lld " + String(repeating: "x", count: offset) + String(repeating: "y", count: 20)
            #expect(LintQuickScan.clears(target, source: "%lld files waiting"), "after \(offset) bytes")
        }
    }
}
