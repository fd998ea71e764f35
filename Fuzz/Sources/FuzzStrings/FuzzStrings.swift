// libFuzzer target: the .strings reader (text in every encoding, binary property lists).
// Invariant: it returns a catalog or throws a located error inside the input; never crashes.
import FuzzSupport
import ToastCatalog

@main
enum Main {
    static func main() { runFuzzer(fuzzStrings) }
}

private func fuzzStrings(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let input = bytes(data, count)
    let file = "fuzz.lproj/Localizable.strings"
    do {
        let catalog = try StringCatalog(strings: input, file: file, locale: "fr")
        // Every entry read from a .strings file holds a value for the file's locale.
        for (key, entry) in catalog.entries {
            require(entry.localizations["fr"] != nil, "entry “\(key)” has no value for the file's locale")
        }
    } catch {
        requireInside(error, file: file, bytes: input)
    }
    return 0
}
