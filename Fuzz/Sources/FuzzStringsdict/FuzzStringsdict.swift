// libFuzzer target: the .stringsdict reader (XML property lists).
// Invariant: it returns a catalog whose every entry holds the file's locale, or throws a
// located error inside the input; never crashes. Reading the entries straight from the bytes
// and reading the file as a tree of property-list values give the same catalog and warnings,
// or the same error.
import FuzzSupport
@_spi(Verification) import ToastCatalog

@main
enum Main {
    static func main() { runFuzzer(fuzzStringsdict) }
}

private func fuzzStringsdict(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let file = "fuzz.lproj/Localizable.stringsdict"
    let input = bytes(data, count)
    // The public reader reads the entries straight from the bytes.
    let direct = checkReader(input, file: file, locale: "fr") { (input) throws(CatalogError) in
        try StringCatalog(stringsdict: input, file: file, locale: "fr")
    }
    let tree = Result { () throws(CatalogError) in
        try StringCatalog.stringsdict(input, file: file, locale: "fr", sourceLanguage: "en", table: nil,
                                      limits: .standard, detail: .full, direct: false)
    }
    switch tree {
    case .success(let tree):
        require(direct != nil, "the tree read gave a catalog, the direct read an error")
        if let direct {
            require(direct == tree, "the direct read and the tree read give different catalogs")
        }
    case .failure(let error):
        require(direct == nil, "the tree read gave \(error), the direct read a catalog")
        let again = Result { () throws(CatalogError) in try StringCatalog(stringsdict: input, file: file, locale: "fr") }
        if case .failure(let directError) = again {
            require(directError.description == error.description, "errors differ: \(directError) / \(error)")
        }
    }
    return 0
}
