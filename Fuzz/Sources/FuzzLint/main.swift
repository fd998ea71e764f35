// libFuzzer target: `toastkit lint` of a String Catalog.
// Invariants: lint never crashes; every finding is located inside the input; checking the
// entries while the catalog is read gives the findings of checking the loaded catalog; and the
// quick scan that clears plain texts changes no finding; and no output format carries a
// control, bidi control or separator from the input raw, nor a line that begins a GitHub
// workflow command (issue 30).
import ToastCatalog
@_spi(Verification) import ToastLint
import FuzzSupport

@main
enum Main {
    static func main() { runFuzzer(fuzzLint) }
}

private let file = "Fuzz.xcstrings"
private let withoutScan: Linter = {
    var configuration = LintConfiguration()
    configuration.usesQuickScan = false
    return Linter(configuration: configuration)
}()

private func fuzzLint(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let input = bytes(data, count)
    let linter = Linter()
    let pipelined = linter.lint(file: file, bytes: input, pipelined: true)
    let lines = 1 + input.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    for finding in pipelined {
        require(finding.location.file == file && finding.location.line >= 1 && finding.location.line <= lines
                && finding.location.column >= 1, "finding outside the input: \(LintOutput.text(finding))")
    }
    for finding in pipelined {
        let text = LintOutput.text(finding)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            require(!line.unicodeScalars.contains(where: isForbidden), "a raw control in the text output: \(line.debugDescription)")
            require(!line.drop(while: { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }).hasPrefix("::"),
                    "a text line that begins a workflow command: \(line.debugDescription)")
        }
        let github = LintOutput.github(finding)
        require(!github.unicodeScalars.contains(where: isForbidden), "a raw control in the GitHub output: \(github.debugDescription)")
        let json = LintOutput.json(finding)
        require(!json.unicodeScalars.contains(where: isForbidden), "a raw control in the JSON output: \(json.debugDescription)")
    }
    let text = pipelined.map(LintOutput.text)
    let sequential = linter.lint(file: file, bytes: input, pipelined: false).map(LintOutput.text)
    require(text == sequential, "checked while read: \(text)\nchecked after: \(sequential)")
    let full = withoutScan.lint(file: file, bytes: input, pipelined: true).map(LintOutput.text)
    require(text == full, "with the quick scan: \(text)\nwithout: \(full)")
    return 0
}

/// What no output may hold raw: C0 and C1 controls, DEL, bidi marks, embeddings, overrides and
/// isolates, line and paragraph separators, invisible format characters.
private func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x00AD, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: true
    default: false
    }
}
