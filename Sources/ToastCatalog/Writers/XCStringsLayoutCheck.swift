#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a file already is a document in Xcode's layout, decided on its bytes, without
/// building the document: each value is stepped over as ``XCStringsWriter`` would write it
/// (two-space indent, `"key" : value`, `,\n` between members, the empty object as `{\n\n}`),
/// every string in the writer's escaping (`\"`, `\\`, short escapes, `\u00XX` for other
/// controls and DEL, everything else literal and well-formed UTF-8), and the members of every
/// object in the writer's order (``MemberOrder``).
///
/// The answer is exact. `true` is given for bytes that equal the writer's output for the
/// document they hold, with a final newline or without, and that the JSON parser reads without
/// an error (depth and string length within the limits, counted as the parser counts them).
/// `false` means one of two things: the parser refuses the bytes, or the writer writes their
/// document otherwise. A caller that needs to know which (and the error) parses the file
/// (``XCStringsFormatting/isLaidOut(_:file:writer:limits:)`` reads the catalog beside it).
struct XCStringsLayoutCheck {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: CatalogLimits
    private var order: MemberOrder
    private var index = 0
    /// Member names of the objects open, as byte ranges: each object's names follow those of
    /// the object it is in (one buffer, kept for reuse).
    private var names: [Range<Int>] = []
    /// How many of ``names`` belong to the objects open (the rest are kept for reuse, so that
    /// closing an object only moves this count).
    private var nameCount = 0
    /// For each member count, where the names of the last few objects of that size found in
    /// order stand (``MemberOrder/shapesPerCount``, of different names): an object whose names
    /// are those bytes, in order, is in order without a collation key (every localization
    /// repeats the same member names, and objects of one size alternate: `{state, value}`,
    /// `{one, other}`). Counts under ``smallShapeCount`` are looked up by index.
    private var orderedShapes: [Int: [[Range<Int>]]] = [:]
    private var smallOrderedShapes: [[[Range<Int>]]] = Array(repeating: [], count: smallShapeCount)
    private static let smallShapeCount = 16

    /// Whether `bytes` are the writer's layout of the document they hold (see the type).
    static func isLaidOut(_ bytes: UnsafeBufferPointer<UInt8>, order: MemberOrder, limits: CatalogLimits) -> Bool {
        var check = XCStringsLayoutCheck(bytes: bytes, limits: limits, order: order)
        guard check.value(depth: 0) else { return false }
        if check.index < bytes.count, bytes[check.index] == 0x0A { check.index += 1 }
        return check.index == bytes.count
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: CatalogLimits, order: MemberOrder) {
        self.bytes = bytes
        self.limits = limits
        self.order = order
    }

    private mutating func value(depth: Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"): return skip("true")
        case UInt8(ascii: "f"): return skip("false")
        case UInt8(ascii: "n"): return skip("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    /// Steps over `text` when the bytes at the index are it.
    private mutating func skip(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - index >= count, memcmp(bytes.baseAddress! + index, text.utf8Start, count) == 0 else { return false }
        index += count
        return true
    }

    /// Steps over `byte` when it is the byte at the index.
    @inline(__always)
    private mutating func skip(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Steps over `first` then `second` when they are the bytes at the index.
    @inline(__always)
    private mutating func skip(_ first: UInt8, _ second: UInt8) -> Bool {
        guard index + 2 <= bytes.count, bytes[index] == first, bytes[index + 1] == second else { return false }
        index += 2
        return true
    }

    /// Steps over `" : "`, between a member's name and its value.
    @inline(__always)
    private mutating func skipSeparator() -> Bool {
        guard index + 3 <= bytes.count, bytes[index] == 0x20, bytes[index + 1] == UInt8(ascii: ":"), bytes[index + 2] == 0x20
        else { return false }
        index += 3
        return true
    }

    /// Steps over the indent of `depth`: two spaces a level, compared eight at a time.
    @inline(__always)
    private mutating func indent(_ depth: Int) -> Bool {
        let end = index + 2 * depth
        guard end <= bytes.count else { return false }
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        while index + 8 <= end {
            guard raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) == 0x2020_2020_2020_2020 else { return false }
            index += 8
        }
        guard index < end else { return true }
        // The last spaces under a mask, when eight bytes can be loaded there.
        if index + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            guard (word ^ 0x2020_2020_2020_2020) & (UInt64.max >> UInt64(8 * (8 - (end - index)))) == 0 else { return false }
            index = end
            return true
        }
        while index < end {
            guard bytes[index] == 0x20 else { return false }
            index += 1
        }
        return true
    }

    /// An object or array whose contents are one level deeper, within the parser's depth limit.
    private func opens(atDepth depth: Int) -> Bool { depth + 1 <= limits.maximumDepth }

    private mutating func object(depth: Int) -> Bool {
        guard opens(atDepth: depth) else { return false }
        index += 1
        if skip(0x0A, 0x0A) { return indent(depth) && skip(UInt8(ascii: "}")) }
        guard skip(0x0A) else { return false }
        let first = nameCount
        defer { nameCount = first }
        while true {
            guard indent(depth + 1), index < bytes.count, bytes[index] == UInt8(ascii: "\""), let name = string() else { return false }
            if nameCount < names.count { names[nameCount] = name } else { names.append(name) }
            nameCount += 1
            guard skipSeparator(), value(depth: depth + 1) else { return false }
            if skip(UInt8(ascii: ","), 0x0A) { continue }
            guard skip(0x0A), indent(depth), skip(UInt8(ascii: "}")) else { return false }
            return isOrdered(from: first)
        }
    }

    private mutating func array(depth: Int) -> Bool {
        guard opens(atDepth: depth) else { return false }
        index += 1
        if skip(0x0A, 0x0A) { return indent(depth) && skip(UInt8(ascii: "]")) }
        guard skip(0x0A) else { return false }
        while true {
            guard indent(depth + 1), value(depth: depth + 1) else { return false }
            if skip(UInt8(ascii: ","), 0x0A) { continue }
            return skip(0x0A) && indent(depth) && skip(UInt8(ascii: "]"))
        }
    }

    /// Steps over a string written in the writer's escaping (the index at its opening quote);
    /// the range of its contents, or nil when the writer would write it otherwise or the parser
    /// would refuse it.
    ///
    /// Runs of bytes that are not `"`, `\`, a control or DEL are stepped over eight at a time
    /// (the first such byte of a word found by its lowest mark); bytes from 0x80 up are noted
    /// and the contents checked as UTF-8 once, at the closing quote (escapes are ASCII, so an
    /// ill-formed sequence stays one across them).
    @inline(__always)
    private mutating func string() -> Range<Int>? {
        // Most strings have no escape: stepped over here, inline, to their closing quote, and
        // checked as UTF-8 there when they have a byte from 0x80 up. Any other (an escape, a
        // control, one near the end of the file) is read again from its start by
        // ``escapedString()``.
        let start = index + 1
        let count = bytes.count
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        var scan = start
        var high: UInt64 = 0
        while scan + 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: scan, as: UInt64.self))
            let found = escapedByteMarks(word)
            if found == 0 {
                high |= word
                scan += 8
                continue
            }
            let before = found.trailingZeroBitCount >> 3
            high |= word & ~(UInt64.max << UInt64(before << 3))
            scan += before
            guard bytes[scan] == UInt8(ascii: "\"") else { break }
            // No escape before the quote: the length is the parser's decoded length.
            guard scan - start <= limits.maximumStringLength,
                  high & 0x8080_8080_8080_8080 == 0 || firstInvalidUTF8(in: bytes, start..<scan) == nil else { return nil }
            index = scan + 1
            return start..<scan
        }
        return escapedString()
    }

    /// ``string()`` of any string: escapes, controls and the last bytes of the file included
    /// (the index at its opening quote).
    @inline(never)
    private mutating func escapedString() -> Range<Int>? {
        index += 1
        let start = index
        let count = bytes.count
        // Bytes an escape takes beyond the one byte it stands for: the parser's limit is on
        // the decoded length (each escape here stands for one byte).
        var escapeExtra = 0
        var high: UInt64 = 0
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        while true {
            while index + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let found = escapedByteMarks(word)
                if found != 0 {
                    let before = found.trailingZeroBitCount >> 3
                    high |= word & ~(UInt64.max << (before << 3))
                    index += before
                    break
                }
                high |= word
                index += 8
            }
            while index < count {
                let byte = bytes[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F { break }
                high |= UInt64(byte)
                index += 1
            }
            guard index < count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                // The parser's limit, on the decoded length, exactly as it counts it.
                guard index - start - escapeExtra <= limits.maximumStringLength else { return nil }
                if high & 0x8080_8080_8080_8080 != 0, firstInvalidUTF8(in: bytes, start..<index) != nil { return nil }
                index += 1
                return start..<index - 1
            case UInt8(ascii: "\\"):
                guard index + 1 < count else { return nil }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"),
                     UInt8(ascii: "t"), UInt8(ascii: "b"), UInt8(ascii: "f"):
                    index += 2
                    escapeExtra += 1
                case UInt8(ascii: "u"):
                    // Only a control without a short escape, or DEL, as four uppercase hex digits.
                    guard controlEscape(at: index) != nil else { return nil }
                    index += 6
                    escapeExtra += 5
                default:
                    return nil
                }
            default:
                // A control or DEL, which the writer escapes.
                return nil
            }
        }
    }

    /// The control that a `\uXXXX` at `at` stands for, when the writer writes that control so.
    private func controlEscape(at: Int) -> UInt8? {
        guard at + 6 <= bytes.count, bytes[at + 2] == 0x30, bytes[at + 3] == 0x30 else { return nil }
        func digit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            default: nil
            }
        }
        guard let high = digit(bytes[at + 4]), let low = digit(bytes[at + 5]) else { return nil }
        let value = high << 4 | low
        switch value {
        case 0x08, 0x09, 0x0A, 0x0C, 0x0D: return nil
        case 0x00..<0x20, 0x7F: return value
        default: return nil
        }
    }

    /// Steps over a number as the parser reads it (the writer copies its digits).
    private mutating func number() -> Bool {
        func digits() -> Int {
            var n = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; n += 1 }
            return n
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { return false }
        }
        return true
    }

    /// Whether an object's member names (``names`` from `first` to ``nameCount``, ranges of
    /// their escaped bytes) are in the writer's order: the names of one of the last ordered
    /// objects of the same size, byte for byte, or else in ``MemberOrder``'s order of their
    /// decoded texts.
    private mutating func isOrdered(from first: Int) -> Bool {
        let count = nameCount - first
        if count < 2 { return true }
        let small = count < Self.smallShapeCount
        if small ? isKnown(smallOrderedShapes[count], from: first) : orderedShapes[count].map({ isKnown($0, from: first) }) ?? false {
            return true
        }
        let members = Array(names[first..<nameCount])
        guard order.isOrdered(members.map(decoded)) else { return false }
        if small {
            MemberOrder.remember(members, in: &smallOrderedShapes[count])
        } else {
            MemberOrder.remember(members, in: &orderedShapes[count, default: []])
        }
        return true
    }

    /// Whether the names from `first` spell one of `shapes` (names of objects found in order).
    private func isKnown(_ shapes: [[Range<Int>]], from first: Int) -> Bool {
        names.withUnsafeBufferPointer { names in
            let members = UnsafeBufferPointer(rebasing: names[first..<nameCount])
            for shape in shapes where shape.withUnsafeBufferPointer({ sameNames($0, members) }) { return true }
            return false
        }
    }

    /// Whether two lists of names (ranges of the bytes) spell the same names, in order.
    private func sameNames(_ shape: UnsafeBufferPointer<Range<Int>>, _ members: UnsafeBufferPointer<Range<Int>>) -> Bool {
        guard shape.count == members.count else { return false }
        let base = bytes.baseAddress!
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        for (known, name) in zip(shape, members) {
            let length = known.count
            guard length == name.count else { return false }
            // Eight bytes at a time; the last few under a mask when eight can be loaded there.
            var offset = 0
            while offset + 8 <= length {
                guard word(known.lowerBound + offset) == word(name.lowerBound + offset) else { return false }
                offset += 8
            }
            guard offset < length else { continue }
            if known.lowerBound + offset + 8 <= count, name.lowerBound + offset + 8 <= count {
                let mask = UInt64.max >> UInt64(8 * (8 - (length - offset)))
                guard (word(known.lowerBound + offset) ^ word(name.lowerBound + offset)) & mask == 0 else { return false }
                continue
            }
            while offset < length {
                guard base[known.lowerBound + offset] == base[name.lowerBound + offset] else { return false }
                offset += 1
            }
        }
        return true
    }

    /// The text of a name's bytes, escaped as ``string()`` accepts.
    private func decoded(_ range: Range<Int>) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = range.lowerBound
        while i < range.upperBound {
            guard bytes[i] == UInt8(ascii: "\\") else {
                out.append(bytes[i])
                i += 1
                continue
            }
            switch bytes[i + 1] {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                out.append(controlEscape(at: i) ?? 0)
                i += 6
                continue
            case let other: out.append(other)
            }
            i += 2
        }
        return String(decoding: out, as: UTF8.self)
    }
}
