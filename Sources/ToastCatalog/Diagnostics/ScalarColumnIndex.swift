import ToastSupport

/// Columns of positions in one file in bounded time per position, however long its lines: a
/// minified String Catalog is one line, and counting a column from the line's start for every
/// finding made lint quadratic (8,000 keys: 44 s). The index holds the number of scalars
/// before every 256-byte block, built in one pass; a column is then two look-ups and at most
/// two blocks counted. Positions on short lines are counted directly, as before.
///
/// Made with ``init()``, the index is built only when a column on a long line is first asked
/// for: a file of short lines (as Xcode writes catalogs) is never indexed. Indexing the bench's
/// 68 MB catalog took 45 million instructions on lint's serial tail, for columns counted
/// directly anyway.
package struct ScalarColumnIndex: Sendable {
    /// Bytes per block.
    package static let block = 256
    /// `scalarsBefore[k]`: UTF-8 lead bytes (scalars) in `bytes[0 ..< k * block]`, once counted.
    private let scalarsBefore: Locked<[Int]?>

    /// Indexes `bytes` now.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        scalarsBefore = Locked(Self.counts(of: bytes))
    }

    /// Indexes the bytes later handed to ``column(in:lineStart:offset:)`` (always the same
    /// bytes) when a position on a long line first needs the index, on whichever thread asks;
    /// others asking meanwhile wait for it.
    package init() {
        scalarsBefore = Locked(nil)
    }

    /// The scalars before every block of `bytes`, a whole block 32 bytes at a time (68 MB of
    /// mostly ASCII: 9 ms; eight bytes at a time took 36–48 ms).
    ///
    /// A large file's blocks are counted in parts on all cores, each part's counts then moved
    /// up by the scalars before it.
    private static func counts(of bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        let blocks = (bytes.count + Self.block - 1) / Self.block
        let parts = bytes.count >= 4 << 20 ? Parallel.processorCount : 1
        let shared = SharedBytes(bytes: bytes)
        let counted = Parallel.map(parts) { part -> [Int] in
            let bytes = shared.bytes
            let first = blocks * part / parts, last = blocks * (part + 1) / parts
            var counts: [Int] = []
            counts.reserveCapacity(last - first)
            var total = 0
            for block in first..<last {
                let start = block * Self.block, end = min(start + Self.block, bytes.count)
                total += end - start == Self.block ? Self.scalars(inBlockAt: start, of: bytes) : Self.scalars(in: bytes, from: start, to: end)
                counts.append(total)
            }
            return counts
        }
        var counts: [Int] = [0]
        counts.reserveCapacity(blocks + 1)
        for part in counted {
            let before = counts[counts.count - 1]
            counts.append(contentsOf: part.lazy.map { $0 + before })
        }
        return counts
    }

    /// The bytes being indexed, read by the parts (which end before the index is made).
    private struct SharedBytes: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
    }

    /// Lead bytes in the whole block `bytes[start ..< start + block]` (256 bytes), 32 at a time:
    /// read as signed bytes, the continuation bytes 0x80–0xBF are exactly those below -64, so one
    /// comparison a lane finds them (masking the two top bits first kept the compiler from
    /// vectorizing: ten times slower than eight bytes at a time).
    private static func scalars(inBlockAt start: Int, of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeRawPointer(bytes.baseAddress! + start)
        let bound = SIMD32<Int8>(repeating: -64)
        // Each lane counts the continuation bytes of its column: at most 8 of the 256.
        var lanes = SIMD32<UInt8>()
        for offset in stride(from: 0, to: 256, by: 32) {
            let chunk = raw.loadUnaligned(fromByteOffset: offset, as: SIMD32<Int8>.self)
            lanes &-= unsafeBitCast(chunk .< bound, to: SIMD32<UInt8>.self)
        }
        return 256 - Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
    }

    /// Indexes `bytes`.
    package init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { Self($0) }
    }

    /// The 1-based column of `offset` on the line that starts at `lineStart`, in scalars.
    package func column(in bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, offset: Int) -> Int {
        let offset = min(offset, bytes.count)
        if offset - lineStart <= 2 * Self.block { return scalarColumn(in: bytes, lineStart: lineStart, offset: offset) }
        let (atOffset, atLineStart) = scalarsBefore.withLock { made in
            let counts = made ?? Self.counts(of: bytes)
            made = counts
            return (counts[offset / Self.block], counts[lineStart / Self.block])
        }
        return atOffset + Self.scalars(in: bytes, from: offset / Self.block * Self.block, to: offset)
            - atLineStart - Self.scalars(in: bytes, from: lineStart / Self.block * Self.block, to: lineStart) + 1
    }

    /// Lead bytes in `bytes[start ..< end]`: bytes that are not `10xxxxxx`.
    static func scalars(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        var i = start
        guard let base = bytes.baseAddress else { return 0 }
        while i + 8 <= end {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // Bit 7 set and bit 6 clear: a continuation byte.
            let continuation = word & ~(word << 1) & 0x8080_8080_8080_8080
            count += 8 - continuation.nonzeroBitCount
            i += 8
        }
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }
}
