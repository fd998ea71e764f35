// libFuzzer target: the .xcstrings writer round trip.
// Invariant: whatever the reader accepts, written in Xcode's layout and read again, gives the
// same catalog (compared as trees in Xcode's member order), and writing that again gives the same bytes (the layout is a fixed point).
import FuzzSupport
import ToastCatalog

private let writer = try! XCStringsWriter()

@main
enum Main {
    static func main() { runFuzzer(fuzzXCStringsRoundTrip) }
}

private func fuzzXCStringsRoundTrip(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let input = bytes(data, count)
    let file = "Fuzz.xcstrings"
    guard let first = try? StringCatalog(xcstrings: input, file: file) else { return 0 }
    let written = writer.string(first.jsonValue(), finalNewline: true)
    let second: StringCatalog
    do {
        second = try StringCatalog(xcstrings: Array(written.utf8), file: file)
    } catch {
        require(false, "the written catalog does not read back: \(error)\n\(written)")
        return 0
    }
    require(normalized(first) == normalized(second), "the catalog read back differs from the one written: \(difference(first, second))\n\(written)")
    let rewritten = writer.string(second.jsonValue(), finalNewline: true)
    require(rewritten == written, "writing twice gives different bytes:\n\(written)\n---\n\(rewritten)")
    // The tree the reader parsed, written directly (what `toastkit fmt` does), reads back the same.
    if let tree = try? JSONParser.parse(input, file: file) {
        let formatted = writer.string(tree, finalNewline: true)
        guard let third = try? StringCatalog(xcstrings: Array(formatted.utf8), file: file) else {
            require(false, "fmt output does not read back:\n\(formatted)")
            return 0
        }
        require(normalized(third) == normalized(first), "fmt output reads back as a different catalog:\n\(formatted)")
    }
    return 0
}

/// The catalog as a tree without what writing changes on purpose: Xcode's member order
/// (sorted keys at every level, unknown members included) replaces the file's. Array order
/// and every value stay.
private func normalized(_ catalog: StringCatalog) -> JSONValue {
    func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            .object(members.map { JSONMember(key: $0.key, value: sorted($0.value)) }
                .sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) })
        case .array(let items): .array(items.map(sorted))
        default: value
        }
    }
    return sorted(catalog.jsonValue())
}

/// Where two catalogs differ, for the failure message.
private func difference(_ a: StringCatalog, _ b: StringCatalog) -> String {
    for key in Set(a.entries.keys).union(b.entries.keys) where a.entries[key] != b.entries[key] {
        return "entry \(key.debugDescription):\n  first:  \(String(describing: a.entries[key]))\n  second: \(String(describing: b.entries[key]))"
    }
    return "outside the entries"
}
