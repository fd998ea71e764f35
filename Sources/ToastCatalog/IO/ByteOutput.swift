/// Where ToastKit's writers append bytes: an array, or a ``ByteOutput``. The JSON writer's
/// escaping (``JSONWriter``) writes to either.
package protocol ByteSink: ~Copyable {
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Appends `bytes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink where Self: ~Copyable {
    /// Appends the bytes of `text`.
    @inline(__always)
    package mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of `text`.
    package mutating func append(utf8 text: String) {
        text.withUTF8Bytes { append($0) }
    }
}

extension Array: ByteSink where Element == UInt8 {
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// Bytes written through a buffer of their own, in many small pieces: a catalog's layout is
/// written a member name, an indent and a text at a time, millions of pieces for a large
/// catalog. `Array.append(contentsOf:)` cost about a hundred instructions a piece however short
/// (a tenth of `convert`'s writing of a catalog); here a piece is a bounds check and a copy.
/// The buffer is its own (not copyable), freed with it.
///
/// ```swift
/// var output = ByteOutput()
/// output.append("{" as StaticString)
/// output.append(UInt8(ascii: "}"))
/// output.take()  // [0x7B, 0x7D]
/// ```
package struct ByteOutput: ByteSink, ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    package private(set) var count = 0

    /// An empty output with room for `capacity` bytes (at least 64).
    package init(capacity: Int = 0) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Whether nothing is written.
    package var isEmpty: Bool { count == 0 }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(by: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        guard length > 0, let source = bytes.baseAddress else { return }
        if length > capacity - count { grow(by: length) }
        (base + count).initialize(from: source, count: length)
        count += length
    }

    /// Appends `length` bytes that `write` puts at the address it is handed: pieces written
    /// together take one check of room, not one each. `write` must initialize exactly the
    /// `length` bytes from that address (fewer would leave bytes unset in the output; more
    /// would write past it).
    @inline(__always)
    package mutating func append(count length: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
        guard length > 0 else { return }
        if length > capacity - count { grow(by: length) }
        write(base + count)
        count += length
    }

    /// Copies `length` bytes from `source` to `target` (apart): a short piece (a name, some
    /// punctuation, an indentation) in two overlapping moves, not a call to `memcpy`, whose
    /// call and dispatch cost more than such a copy.
    @inline(__always)
    package static func copy(_ source: UnsafePointer<UInt8>, _ length: Int, to target: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        switch length {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        case 17...:
            target.initialize(from: source, count: length)
        default:
            var index = 0
            while index < length { target[index] = source[index]; index += 1 }
        }
    }

    /// Appends again the bytes written at `range` (which lies within those written): a piece
    /// already escaped, say, written a second time without escaping it again.
    @inline(__always)
    package mutating func appendCopy(of range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "ByteOutput.appendCopy: a range of the bytes written")
        let length = range.count
        guard length > 0 else { return }
        if length > capacity - count { grow(by: length) }
        (base + count).initialize(from: base + range.lowerBound, count: length)
        count += length
    }

    /// Appends the bytes of `text`: ``ByteSink``'s own, called directly (from another module the
    /// protocol's went through its witness for each piece, twice the cost of a short name).
    @inline(__always)
    package mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Room for at least `more` bytes past those written: the buffer at least doubles, so that
    /// growing a piece at a time copies each byte a bounded number of times.
    private mutating func grow(by more: Int) {
        let larger = max(count + more, 2 * capacity)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Calls `body` with the bytes written.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes written, keeping the buffer.
    package mutating func removeAll() {
        count = 0
    }

    /// The bytes written, as an array; the output is left empty, keeping its buffer.
    package mutating func take() -> [UInt8] {
        defer { count = 0 }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }
}
