#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The offset of the first byte in `range` that does not begin a well-formed UTF-8 sequence
/// (overlong forms, surrogates and values above U+10FFFF included), or nil when the range is
/// valid UTF-8. ASCII is skipped eight bytes at a time; the rest is checked character by
/// character, as the Unicode standard defines well-formed UTF-8 (table 3-7).
func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var i = range.lowerBound
    let end = min(range.upperBound, bytes.count)
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    while i < end {
        while i + 8 <= end, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
        guard i < end else { break }
        let lead = bytes[i]
        if lead < 0x80 { i += 1; continue }
        let length: Int, smallest: UInt32, bits: UInt32
        switch lead {
        case 0xC2...0xDF: (length, smallest, bits) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, smallest, bits) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, smallest, bits) = (4, 0x10000, UInt32(lead & 0x07))
        default: return i
        }
        guard i + length <= end else { return i }
        var value = bits
        for k in 1..<length {
            let next = bytes[i + k]
            guard next & 0xC0 == 0x80 else { return i }
            value = value << 6 | UInt32(next & 0x3F)
        }
        if value < smallest || value > 0x10FFFF || (0xD800..<0xE000).contains(value) { return i }
        i += length
    }
    return nil
}

/// Whether `range` of `bytes` is valid UTF-8, and whether it is all ASCII (checked eight bytes
/// at a time until the first byte that is not).
@inline(__always) func utf8Kind(of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (valid: Bool, ascii: Bool) {
    guard let base = bytes.baseAddress else { return (true, true) }
    let raw = UnsafeRawPointer(base)
    var i = range.lowerBound
    let end = range.upperBound
    while i + 8 <= end, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
    while i < end, bytes[i] < 0x80 { i += 1 }
    if i == end { return (true, true) }
    return (firstInvalidUTF8(in: bytes, i..<end) == nil, false)
}

/// The string of `bytes` when they are valid UTF-8, else nil.
///
/// Made by `String(decoding:)`, which would have repaired invalid bytes: the result differs
/// from the bytes exactly when it did. `String(validating:)` checks the same but looks up
/// generic metadata on every call, which costs more than the check on short strings.
@inline(__always) func checkedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
    var text = String(decoding: bytes, as: UTF8.self)
    let same = text.withUTF8 { made in made.count == bytes.count && memcmp(made.baseAddress!, base, bytes.count) == 0 }
    return same ? text : nil
}

/// The readers' UTF-8 checks, for tests.
package enum UTF8Check {
    /// The offset of the first byte that begins no well-formed UTF-8 character, or nil.
    package static func firstInvalid(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidUTF8(in: $0, 0..<$0.count) }
    }

    /// Whether the bytes are valid UTF-8 and whether they are ASCII, as the `.strings` reader
    /// checks them.
    package static func kind(_ bytes: [UInt8]) -> (valid: Bool, ascii: Bool) {
        bytes.withUnsafeBufferPointer { utf8Kind(of: $0, 0..<$0.count) }
    }

    /// The string of `bytes` as the readers make it, or nil when they are not UTF-8.
    package static func checked(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer(checkedString)
    }
}
