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
    checkReader(bytes(data, count), file: file, locale: "fr") { (input) throws(CatalogError) in
        try StringCatalog(stringsdict: input, file: file, locale: "fr")
    }
    let input = bytes(data, count)
    func read(direct: Bool) -> Result<StringCatalog, CatalogError> {
        Result { () throws(CatalogError) in
            try StringCatalog.stringsdict(input, file: file, locale: "fr", sourceLanguage: "en", table: nil,
                                          limits: .standard, detail: .full, direct: direct)
        }
    }
    switch (read(direct: true), read(direct: false)) {
    case (.success(let direct), .success(let tree)):
        if direct != tree || direct.warnings.map(\.description) != tree.warnings.map(\.description) {
            fatalError("the direct read and the tree read differ")
        }
    case (.failure(let direct), .failure(let tree)):
        if direct.description != tree.description { fatalError("errors differ: \(direct) / \(tree)") }
    case (let direct, let tree):
        fatalError("the direct read gave \(direct), the tree read \(tree)")
    }
    return 0
}
