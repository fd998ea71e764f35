#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The locale codes of a String Catalog entry's localizations, in file order, and the layout
/// of a table of them: each code's position in that order.
///
/// An entry whose codes are the same, in the same order, gets its table as
/// `indices.mapValues { values[$0] }`: `mapValues` keeps the hash layout, so no code is hashed
/// again, and the codes are compared as bytes, so none is made into a string either.
struct LocalizationLayout {
    /// The codes in file order.
    let codes: [String]
    /// Each code's position in ``codes``; for a code that appears twice, the last.
    let indices: [String: Int]
    /// The codes' UTF-8, one after another.
    private let utf8: [UInt8]
    /// Where each code ends in ``utf8``.
    private let ends: [Int]

    init(codes: [String] = []) {
        self.codes = codes
        indices = Dictionary(codes.enumerated().map { ($1, $0) }, uniquingKeysWith: { _, last in last })
        var utf8: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(codes.count)
        for code in codes {
            utf8 += code.utf8
            ends.append(utf8.count)
        }
        self.utf8 = utf8
        self.ends = ends
    }

    /// Whether the member name `key` is the code at `index` (a name with escapes never is).
    @inline(__always)
    func matches(_ key: JSONScanner.Key, at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index < ends.count, !key.wasDecoded, let base = bytes.baseAddress else { return false }
        let start = index == 0 ? 0 : ends[index - 1]
        let count = ends[index] - start
        guard key.end - key.start == count else { return false }
        return utf8.withUnsafeBufferPointer { memcmp(base + key.start, $0.baseAddress! + start, count) == 0 }
    }

    /// The table of `values`, which are in the order of ``codes``. The values the table holds
    /// are moved into it (an empty value left in their place), not copied, so that neither
    /// making the table nor emptying `values` for the next entry touches their counts.
    func table(taking values: inout [LocalizedValue]) -> [String: LocalizedValue] {
        values.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [:] }
            return indices.mapValues { index in
                let value = (base + index).move()
                (base + index).initialize(to: Self.placeholder)
                return value
            }
        }
    }

    /// What a value moved into a table leaves behind: empty, so free to copy and destroy.
    private static let placeholder = LocalizedValue()
}
