extension StringCatalog {
    /// Where each entry of a String Catalog's `"strings"` object starts (the line and column of
    /// its name), by key, for messages about an entry that are made after the file was read
    /// (a conversion's). One pass of the byte scanner; empty when the bytes do not scan. A key
    /// written twice is located at its last spelling, the one the reader keeps.
    public static func entryLocations(xcstrings bytes: [UInt8], file: String) -> [String: SourceLocation] {
        bytes.withUnsafeBufferPointer { entryLocations(xcstrings: $0, file: file) }
    }

    /// ``entryLocations(xcstrings:file:)`` of bytes the caller holds (a mapped file).
    package static func entryLocations(xcstrings buffer: UnsafeBufferPointer<UInt8>, file: String) -> [String: SourceLocation] {
        var locations: [String: SourceLocation] = [:]
        var scanner = JSONScanner(bytes: buffer, file: file)
        do throws(CatalogError) {
            try scanner.skipByteOrderMark()
            scanner.skipWhitespace()
            try scanner.rawMembers { (scanner: inout JSONScanner, key: JSONScanner.Key, _: JSONScanner.Position) throws(CatalogError) in
                guard key.is("strings", in: scanner.bytes), scanner.current == UInt8(ascii: "{") else {
                    try scanner.skipValue()
                    return
                }
                // A repeated "strings" member replaces the earlier one, as the reader does.
                locations = [:]
                try scanner.rawMembers { (scanner: inout JSONScanner, key: JSONScanner.Key, position: JSONScanner.Position) throws(CatalogError) in
                    locations[key.string(in: scanner.bytes)] = scanner.sourceLocation(position)
                    try scanner.skipValue()
                }
            }
        } catch {
            locations = [:]
        }
        return locations
    }
}
