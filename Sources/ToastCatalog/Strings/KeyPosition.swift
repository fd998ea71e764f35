/// Where a key was written in a `.strings` file: a line and a column (both 1-based, the column
/// in scalars, as ``SourceLocation`` counts them), in 8 bytes, so that a table can note one for
/// each of its keys (``FlatRecords/keyPositions``).
package struct KeyPosition: Sendable, Equatable {
    private let packed: UInt64

    /// The position; a line or column beyond 32 bits (a file of 4 GiB or more, which no table
    /// holds) is kept as the largest.
    package init(line: Int, column: Int) {
        packed = UInt64(UInt32(clamping: line)) << 32 | UInt64(UInt32(clamping: column))
    }

    package var line: Int { Int(packed >> 32) }
    package var column: Int { Int(packed & 0xFFFF_FFFF) }

    /// No position (line 0): for an array of positions with gaps.
    package static let none = KeyPosition(line: 0, column: 0)
}
