// libFuzzer target: `toastkit lint` of a String Catalog.
// Invariants: lint never crashes; every finding is located inside the input; checking the
// entries while the catalog is read gives the findings of checking the loaded catalog; and the
// quick scan that clears plain texts changes no finding.
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
    let text = pipelined.map(LintOutput.text)
    let sequential = linter.lint(file: file, bytes: input, pipelined: false).map(LintOutput.text)
    require(text == sequential, "checked while read: \(text)\nchecked after: \(sequential)")
    let full = withoutScan.lint(file: file, bytes: input, pipelined: true).map(LintOutput.text)
    require(text == full, "with the quick scan: \(text)\nwithout: \(full)")
    return 0
}
