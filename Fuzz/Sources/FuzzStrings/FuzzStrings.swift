// libFuzzer target: the .strings reader (text in every encoding, binary property lists).
// Invariant: it returns a catalog whose every entry holds the file's locale, or throws a
// located error inside the input; never crashes. The flat table's direct lookups agree with
// the dictionary made from it, key by key, and the keys are the dictionary's, once each.
import FuzzSupport
import ToastCatalog

@main
enum Main {
    static func main() { runFuzzer(fuzzStrings) }
}

private func fuzzStrings(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let file = "fuzz.lproj/Localizable.strings"
    let catalog = checkReader(bytes(data, count), file: file, locale: "fr") { (input) throws(CatalogError) in
        try StringCatalog(strings: input, file: file, locale: "fr")
    }
    if let catalog {
        let entries = catalog.entries
        require(catalog.keys.count == entries.count, "\(catalog.keys.count) keys for \(entries.count) entries")
        for key in catalog.keys {
            require(catalog.entry(forKey: key) == entries[key], "entry(forKey:) of “\(key)” differs from entries")
            require(catalog.localization(forKey: key, locale: "fr") == entries[key]?.localizations["fr"],
                    "localization(forKey:locale:) of “\(key)” differs from entries")
            require(catalog.contains(key: key), "contains(key:) misses “\(key)”")
        }
    }
    return 0
}
