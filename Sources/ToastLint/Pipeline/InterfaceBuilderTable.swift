import ToastCatalog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Recognizes `.strings` tables that Interface Builder generated from a storyboard or xib
/// (`ibtool --generate-strings-file`, Xcode's export). Their texts are shown as they are —
/// set as a label's title, never passed to `String(format:)` — so the format rules do not
/// apply to them: `LIKE '%@%'` is a label, not a broken specifier.
///
/// A key is Interface Builder's when its comment is the one `ibtool` writes
/// (`/* Class = "NSMenuItem"; title = "Quit"; ObjectID = "58"; */`) or the key is an object
/// id and a property (`Xyz-ab-123.title`, `58.title`). A whole table is when a storyboard or
/// xib of its name lies beside it (in its bundle folder or any `.lproj` folder of it), or
/// when most of its keys are Interface Builder's.
enum InterfaceBuilderTable {
    /// Whether `comment` is the comment `ibtool` writes for an object's property.
    static func isGeneratedComment(_ comment: String?) -> Bool {
        guard let comment else { return false }
        return comment.withUTF8Bytes { isGeneratedComment(bytes: $0) }
    }

    /// ``isGeneratedComment(_:)`` of a comment's UTF-8 bytes. Compared as bytes: every comment
    /// of every locale file passes here, and a string search through Unicode characters was a
    /// tenth of lint's time on an .lproj tree.
    static func isGeneratedComment(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Both hold ` = "`: a comment without `=` (most) is told apart by `memchr` alone, not
        // by a walk over its bytes a byte at a time for each needle.
        guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "=")), bytes.count) != nil else { return false }
        return bytes.contains(bytesOf: "Class = \"") && bytes.contains(bytesOf: "ObjectID = \"")
    }

    /// Whether `key` is an object id and a property path: `abc-12-XyZ.title`,
    /// `kDk-4j-E2l.headerCell.title`, `seg-Ab-123.segmentTitles[0]`, `58.title`.
    static func isObjectKey(_ key: String) -> Bool {
        var key = key
        return key.withUTF8(isObjectKey)
    }

    /// ``isObjectKey(_:)`` of a key's UTF-8 bytes.
    private static func isObjectKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")), dot > 0, dot + 1 < bytes.count else { return false }
        let id = bytes[..<dot], property = bytes[(dot + 1)...]
        func isAlnum(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) }
        let storyboardID = id.count == 10 && id[id.startIndex + 3] == UInt8(ascii: "-") && id[id.startIndex + 6] == UInt8(ascii: "-")
            && id.enumerated().allSatisfy { $0.offset == 3 || $0.offset == 6 || isAlnum($0.element) }
        let numericID = id.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        guard storyboardID || numericID, let first = property.first, first | 0x20 >= 0x61 && first | 0x20 <= 0x7A else { return false }
        return property.allSatisfy { isAlnum($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }
    }

    /// Whether a storyboard or xib named `table` lies beside one of `files` (`.lproj`
    /// members): in the bundle folder that holds the `.lproj` folder, or in an `.lproj`
    /// folder of it (`Base.lproj/MainMenu.xib` for `de.lproj/MainMenu.strings`).
    static func hasInterfaceFile(table: String, files: [String]) -> Bool {
        var bundles = Set<String>()
        for file in files {
            var parts = file.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { continue }
            parts.removeLast(2)
            bundles.insert(parts.joined(separator: "/"))
        }
        for bundle in bundles {
            let prefix = bundle.isEmpty ? "" : bundle + "/"
            let names = (try? CatalogLoader.names(inFolder: bundle.isEmpty ? "." : bundle)) ?? []
            let folders = [prefix] + names.filter { $0.hasSuffix(".lproj") }.map { prefix + $0 + "/" }
            for folder in folders {
                for suffix in [".xib", ".storyboard", ".nib"] where access(folder + table + suffix, F_OK) == 0 { return true }
            }
        }
        return false
    }
}
