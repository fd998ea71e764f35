// libFuzzer target: the .stringsdict reader (XML property lists).
// Invariant: it returns a catalog whose every entry holds the file's locale, or throws a
// located error inside the input; never crashes.
import FuzzSupport
import ToastCatalog

@main
enum Main {
    static func main() { runFuzzer(fuzzStringsdict) }
}

private func fuzzStringsdict(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let file = "fuzz.lproj/Localizable.stringsdict"
    checkReader(bytes(data, count), file: file, locale: "fr") { (input) throws(CatalogError) in
        try StringCatalog(stringsdict: input, file: file, locale: "fr")
    }
    return 0
}
