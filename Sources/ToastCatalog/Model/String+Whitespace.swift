#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// The text without white space (Unicode `White_Space`) at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives, without Foundation.
    package var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    /// Whether the text's UTF-8 has `byte` (`memchr` on native strings; the generic
    /// `utf8.contains` reads a byte at a time through the view).
    package func containsUTF8Byte(_ byte: UInt8) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ buffer -> Bool in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }) { return found }
        return utf8.contains(byte)
    }
}
