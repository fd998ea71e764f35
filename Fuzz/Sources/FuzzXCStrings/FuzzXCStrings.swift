// libFuzzer target: the .xcstrings (String Catalog) reader.
// Invariant: it returns a catalog or throws a located error inside the input; never crashes.
import FuzzSupport
import ToastCatalog

@main
enum Main {
    static func main() { runFuzzer(fuzzXCStrings) }
}

private func fuzzXCStrings(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let file = "Fuzz.xcstrings"
    let catalog = checkReader(bytes(data, count), file: file) { (input) throws(CatalogError) in
        try StringCatalog(xcstrings: input, file: file)
    }
    if let catalog {
        require(catalog.table == "Fuzz", "table \(catalog.table), expected Fuzz")
        _ = catalog.jsonValue()
    }
    return 0
}
