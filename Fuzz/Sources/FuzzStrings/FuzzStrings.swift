// libFuzzer target: the .strings reader (text in every encoding, binary property lists).
// Invariant: it returns a catalog whose every entry holds the file's locale, or throws a
// located error inside the input; never crashes.
import FuzzSupport
import ToastCatalog

@main
enum Main {
    static func main() { runFuzzer(fuzzStrings) }
}

private func fuzzStrings(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let file = "fuzz.lproj/Localizable.strings"
    checkReader(bytes(data, count), file: file, locale: "fr") { (input) throws(CatalogError) in
        try StringCatalog(strings: input, file: file, locale: "fr")
    }
    return 0
}
