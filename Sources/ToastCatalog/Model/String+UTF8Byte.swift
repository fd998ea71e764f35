#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether the text's UTF-8 has `byte` (`memchr` on native strings; the generic
    /// `utf8.contains` reads a byte at a time through the view).
    package func containsUTF8Byte(_ byte: UInt8) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ buffer -> Bool in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }) { return found }
        return utf8.contains(byte)
    }

    /// Whether the two texts are the same scalars (spelled alike, not merely canonically
    /// equal), compared on their UTF-8 bytes: the same scalars are the same bytes.
    package func hasSameScalars(as other: String) -> Bool {
        var text = self, other = other
        return text.withUTF8 { mine in other.withUTF8 { theirs in mine.elementsEqual(theirs) } }
    }
}
