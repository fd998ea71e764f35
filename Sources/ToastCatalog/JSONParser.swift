/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports 1-based `line:column`
/// positions (columns in Unicode scalars) and keeps member order and duplicates.
public struct JSONParser {
    /// The deepest nesting accepted.
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0

    /// Parses one JSON document; `file` names the input in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("expected the end of the document after the top-level value") }
        return value
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private func error(_ message: String) -> CatalogError {
        CatalogError(location: SourceLocation(file: file, line: line, column: column), rule: "json-syntax", message: message)
    }

    @inline(__always) private mutating func advance() {
        if bytes[index] == 0x0A { line += 1; column = 1 } else if bytes[index] & 0xC0 != 0x80 { column += 1 }
        index += 1
    }

    @inline(__always) private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1; column += 1
            case 0x0A: index += 1; line += 1; column = 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(CatalogError) -> JSONValue {
        guard index < bytes.count else { throw error("expected a value, found the end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(CatalogError) {
        let start = (line, column)
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count && word.withUTF8Buffer { Array($0) == Array(bytes[index..<index + count]) }
        guard matches else {
            (line, column) = start
            throw error("expected '\(word)'")
        }
        index += count
        column += count
    }

    private mutating func enter() throws(CatalogError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(CatalogError) -> JSONValue {
        try enter()
        advance()
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") { advance(); depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(index < bytes.count ? "expected a member name in double quotes" : "expected a member name, found the end of the file")
            }
            let keyLine = line, keyColumn = column
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
            advance()
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, value: value, line: keyLine, column: keyColumn))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}', found the end of the file") }
            if bytes[index] == UInt8(ascii: ",") { advance(); continue }
            if bytes[index] == UInt8(ascii: "}") { advance(); break }
            throw error("expected ',' or '}' after an object member")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(CatalogError) -> JSONValue {
        try enter()
        advance()
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") { advance(); depth -= 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']', found the end of the file") }
            if bytes[index] == UInt8(ascii: ",") { advance(); continue }
            if bytes[index] == UInt8(ascii: "]") { advance(); break }
            throw error("expected ',' or ']' after an array element")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func parseNumber() throws(CatalogError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { advance() }
        func digits(_ p: inout JSONParser) -> Int {
            var n = 0
            while p.index < p.bytes.count, p.bytes[p.index] >= 0x30, p.bytes[p.index] <= 0x39 { p.advance(); n += 1 }
            return n
        }
        guard index < bytes.count else { throw error("expected digits after '-'") }
        if bytes[index] == UInt8(ascii: "0") { advance() } else if digits(&self) == 0 { throw error("expected digits in a number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advance()
            if digits(&self) == 0 { throw error("expected digits after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            advance()
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { advance() }
            if digits(&self) == 0 { throw error("expected digits in the exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func parseString() throws(CatalogError) -> String {
        advance()  // opening quote
        let start = index
        // Fast path: no escapes.
        var scan = index
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            scan += 1
        }
        if scan < bytes.count, bytes[scan] == UInt8(ascii: "\"") {
            let slice = bytes[start..<scan]
            guard let text = String(validating: slice, as: UTF8.self) else {
                throw error("expected valid UTF-8 in a string")
            }
            while index < scan { advance() }
            advance()
            return text
        }
        var buffer: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("expected '\"' to close the string, found the end of the file") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { advance(); break }
            if byte < 0x20 { throw error("expected '\\n' or another escape instead of a raw control character U+\(hex4(UInt32(byte))) in a string") }
            if byte != UInt8(ascii: "\\") { buffer.append(byte); advance(); continue }
            advance()
            guard index < bytes.count else { throw error("expected an escape character after '\\'") }
            let escape = bytes[index]
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape); advance()
            case UInt8(ascii: "b"): buffer.append(0x08); advance()
            case UInt8(ascii: "f"): buffer.append(0x0C); advance()
            case UInt8(ascii: "n"): buffer.append(0x0A); advance()
            case UInt8(ascii: "r"): buffer.append(0x0D); advance()
            case UInt8(ascii: "t"): buffer.append(0x09); advance()
            case UInt8(ascii: "u"):
                advance()
                var scalar = try hexQuad()
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("expected a low surrogate '\\uDC00'…'\\uDFFF' after the high surrogate")
                    }
                    advance(); advance()
                    let low = try hexQuad()
                    guard low >= 0xDC00 && low < 0xE000 else { throw error("expected a low surrogate after the high surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    throw error("expected a high surrogate before the low surrogate \\u\(hex4(scalar))")
                }
                buffer.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
            default:
                throw error("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
        }
        guard let text = String(validating: buffer, as: UTF8.self) else { throw error("expected valid UTF-8 in a string") }
        return text
    }

    private mutating func hexQuad() throws(CatalogError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigit(bytes[index]) else { throw error("expected four hexadecimal digits after '\\u'") }
            value = value << 4 | digit
            advance()
        }
        return value
    }
}

@inline(__always) func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
