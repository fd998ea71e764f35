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

    /// Calls `body` with the text's UTF-8 bytes, valid only during the call: where a native
    /// string holds them (a small string's are copied to the stack), without first copying the
    /// string as `withUTF8`, a mutating method, needs to (a retain and a release for each call).
    /// A string that does not hold them together (bridged) is copied into a native one first.
    @inlinable @inline(__always)
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }

    /// Whether the two texts are the same scalars (spelled alike, not merely canonically
    /// equal), compared on their UTF-8 bytes: the same scalars are the same bytes.
    package func hasSameScalars(as other: String) -> Bool {
        var text = self, other = other
        return text.withUTF8 { mine in other.withUTF8 { theirs in mine.hasSameBytes(as: theirs) } }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the two buffers hold the same bytes: `memcmp`, where the generic
    /// `elementsEqual` compares a byte at a time through the sequence protocol (a key of 40
    /// bytes took 680 instructions, and `lint` of an `.lproj` tree compares one for each of
    /// its 200,000 records).
    @inline(__always)
    package func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard count > 0, let mine = baseAddress, let theirs = other.baseAddress else { return true }
        return mine == theirs || memcmp(mine, theirs, count) == 0
    }

    /// Whether the buffer holds `needle`'s bytes somewhere: each place its first byte stands
    /// is compared whole (`memcmp`). For the short ASCII markers lint looks for in every
    /// comment (`[no-lint`, Interface Builder's `Class = "`).
    package func contains(bytesOf needle: StaticString) -> Bool {
        needle.withUTF8Buffer { needle in
            guard let first = needle.first, count >= needle.count else { return needle.isEmpty }
            for start in 0...(count - needle.count) where self[start] == first {
                if UnsafeBufferPointer(rebasing: self[start..<start + needle.count]).hasSameBytes(as: needle) { return true }
            }
            return false
        }
    }
}
