/// Reads binary property lists (`bplist00`), as compiled `.strings` files in frameworks are.
///
/// Every offset, length and reference is bounds-checked; nesting is limited, so a crafted
/// file with reference cycles is an error, not a hang. Errors point at the file (binary
/// files have no lines) and name the byte offset.
public enum BinaryPropertyListParser {
    /// The deepest nesting accepted by default (``CatalogLimits/maximumDepth``).
    public static let maximumDepth = CatalogLimits.standard.maximumDepth

    /// Parses a binary property list; nesting and string length are bounded by `limits`, and
    /// shared references may not expand the file into more than four values or bytes per byte
    /// (a "billion laughs" of arrays that reference one another, or one long string referenced
    /// thousands of times, is an error).
    public static func parse(_ bytes: [UInt8], file: String, limits: CatalogLimits = .standard) throws(CatalogError) -> PropertyList {
        var reader = Reader(bytes: bytes, file: file, limits: limits)
        return try reader.document()
    }

    struct Reader {
        let bytes: [UInt8]
        let file: String
        let limits: CatalogLimits
        var offsets: [Int] = []
        var referenceSize = 1
        /// Work done so far: one per value plus the bytes of each string and data value
        /// (shared references count each time they are expanded).
        var produced = 0

        func limit(_ message: String) -> CatalogError {
            CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .limit, message: message)
        }

        /// Counts `amount` of work; shared references may not expand the file into more than
        /// four values or bytes per byte of the file (a value referenced from everywhere, a
        /// long string referenced thousands of times).
        mutating func spend(_ amount: Int) throws(CatalogError) {
            produced += amount
            guard produced <= 4 * bytes.count else {
                throw limit("shared references expand to more than \(4 * bytes.count) values and bytes (four per byte of the file)")
            }
        }

        /// Refuses a string of `length` bytes at byte `start` over the string limit.
        func checkLength(_ length: Int, at start: Int) throws(CatalogError) {
            guard length <= limits.maximumStringLength else {
                throw limit("a string longer than \(limits.maximumStringLength) bytes at byte \(start)")
            }
        }

        func fail(_ message: String) -> CatalogError {
            CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .bplistSyntax, message: message)
        }

        func integer(at offset: Int, size: Int) throws(CatalogError) -> Int {
            guard size >= 1, size <= 8, offset >= 0, offset + size <= bytes.count else {
                throw fail("expected \(size) bytes of integer at byte \(offset), past the end of the file")
            }
            var value: UInt64 = 0
            for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
            guard value <= UInt64(Int.max) else { throw fail("expected a non-negative size at byte \(offset)") }
            return Int(value)
        }

        mutating func document() throws(CatalogError) -> PropertyList {
            guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
                throw fail("expected 'bplist00' and a 32-byte trailer; the file is \(bytes.count) bytes")
            }
            let trailer = bytes.count - 32
            let offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            let count = try integer(at: trailer + 8, size: 8)
            let top = try integer(at: trailer + 16, size: 8)
            let table = try integer(at: trailer + 24, size: 8)
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0, count <= bytes.count,
                  top < count, table >= 8, table <= trailer, count <= (trailer - table) / offsetSize else {
                throw fail("expected a consistent trailer (offset size \(offsetSize), reference size \(referenceSize), \(count) objects, table at \(table))")
            }
            offsets.reserveCapacity(count)
            for i in 0..<count {
                let offset = try integer(at: table + i * offsetSize, size: offsetSize)
                guard offset >= 8, offset < table else { throw fail("expected object \(i) inside the object area, found offset \(offset)") }
                offsets.append(offset)
            }
            return try object(top, depth: 0)
        }

        /// The length in the marker's low nibble, or the integer object after it for 0xF.
        func length(_ marker: UInt8, at offset: Int) throws(CatalogError) -> (Int, Int) {
            let low = Int(marker & 0x0F)
            if low != 0x0F { return (low, offset + 1) }
            guard offset + 1 < bytes.count, bytes[offset + 1] & 0xF0 == 0x10 else {
                throw fail("expected an integer length after the marker at byte \(offset)")
            }
            let size = 1 << Int(bytes[offset + 1] & 0x0F)
            return (try integer(at: offset + 2, size: size), offset + 2 + size)
        }

        func reference(at offset: Int) throws(CatalogError) -> Int {
            let value = try integer(at: offset, size: referenceSize)
            guard value < offsets.count else { throw fail("expected an object reference below \(offsets.count) at byte \(offset), found \(value)") }
            return value
        }

        mutating func object(_ index: Int, depth: Int) throws(CatalogError) -> PropertyList {
            guard depth < limits.maximumDepth else {
                throw limit("nesting deeper than \(limits.maximumDepth) levels (or a reference cycle)")
            }
            try spend(1)
            let offset = offsets[index]
            let marker = bytes[offset]
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: throw fail("expected a value at byte \(offset), found marker 0x\(String(marker, radix: 16))")
                }
            case 0x1:
                let size = 1 << Int(marker & 0x0F)
                guard size <= 16, offset + 1 + size <= bytes.count else { throw fail("expected an integer at byte \(offset)") }
                var value: UInt64 = 0
                for i in 0..<min(size, 8) { value = value << 8 | UInt64(bytes[offset + 1 + size - min(size, 8) + i]) }
                return .integer(size == 8 ? String(Int64(bitPattern: value)) : String(value))
            case 0x2:
                let size = 1 << Int(marker & 0x0F)
                guard size == 4 || size == 8, offset + 1 + size <= bytes.count else { throw fail("expected a real at byte \(offset)") }
                var bits: UInt64 = 0
                for i in 0..<size { bits = bits << 8 | UInt64(bytes[offset + 1 + i]) }
                return .real(size == 8 ? String(Double(bitPattern: bits)) : String(Float(bitPattern: UInt32(bits))))
            case 0x3:
                guard offset + 9 <= bytes.count else { throw fail("expected a date at byte \(offset)") }
                var bits: UInt64 = 0
                for i in 0..<8 { bits = bits << 8 | UInt64(bytes[offset + 1 + i]) }
                return .date(String(Double(bitPattern: bits)))
            case 0x4:
                let (count, start) = try length(marker, at: offset)
                // Compared without adding: a length of 2⁶³−1 must not overflow.
                guard count <= bytes.count - start else { throw fail("expected \(count) bytes of data at byte \(start)") }
                try spend(count)
                return .data(Self.base64(bytes[start..<start + count]))
            case 0x5:
                let (count, start) = try length(marker, at: offset)
                guard count <= bytes.count - start else { throw fail("expected \(count) ASCII characters at byte \(start)") }
                try checkLength(count, at: start)
                try spend(count)
                return .string(String(decoding: bytes[start..<start + count], as: UTF8.self))
            case 0x6:
                let (count, start) = try length(marker, at: offset)
                guard count <= (bytes.count - start) / 2 else { throw fail("expected \(count) UTF-16 units at byte \(start)") }
                try checkLength(count, at: start)
                try spend(2 * count)
                var units: [UInt16] = []
                units.reserveCapacity(count)
                for i in 0..<count { units.append(UInt16(bytes[start + 2 * i]) << 8 | UInt16(bytes[start + 2 * i + 1])) }
                guard case .success(let utf8) = transcodeUTF16ToUTF8(units) else { throw fail("expected valid UTF-16 in the string at byte \(start)") }
                try checkLength(utf8.count, at: start)
                return .string(String(decoding: utf8, as: UTF8.self))
            case 0xA:
                let (count, start) = try length(marker, at: offset)
                guard count <= (bytes.count - start) / referenceSize else { throw fail("expected \(count) references at byte \(start)") }
                var items: [PropertyList] = []
                for i in 0..<count { items.append(try object(try reference(at: start + i * referenceSize), depth: depth + 1)) }
                return .array(items)
            case 0xD:
                let (count, start) = try length(marker, at: offset)
                guard count <= (bytes.count - start) / (2 * referenceSize) else { throw fail("expected \(count) key-value pairs at byte \(start)") }
                var entries: [PropertyListEntry] = []
                for i in 0..<count {
                    let keyObject = try object(try reference(at: start + i * referenceSize), depth: depth + 1)
                    guard case .string(let key) = keyObject else { throw fail("expected a string key in the dictionary at byte \(offset)") }
                    let value = try object(try reference(at: start + (count + i) * referenceSize), depth: depth + 1)
                    entries.append(PropertyListEntry(key: key, value: value, line: 1, column: 1))
                }
                return .dictionary(entries)
            default:
                throw fail("expected a property-list object at byte \(offset), found marker 0x\(String(marker, radix: 16))")
            }
        }

        static func base64(_ data: ArraySlice<UInt8>) -> String {
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
            var out: [UInt8] = []
            var i = data.startIndex
            while i < data.endIndex {
                let b0 = data[i], b1 = i + 1 < data.endIndex ? data[i + 1] : 0, b2 = i + 2 < data.endIndex ? data[i + 2] : 0
                out.append(alphabet[Int(b0 >> 2)])
                out.append(alphabet[Int((b0 & 3) << 4 | b1 >> 4)])
                out.append(i + 1 < data.endIndex ? alphabet[Int((b1 & 15) << 2 | b2 >> 6)] : UInt8(ascii: "="))
                out.append(i + 2 < data.endIndex ? alphabet[Int(b2 & 63)] : UInt8(ascii: "="))
                i += 3
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
