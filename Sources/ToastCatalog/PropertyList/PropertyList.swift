/// A property-list value with where it stood in its file (XML plists).
public indirect enum PropertyList: Sendable, Equatable {
    /// A `<dict>`: entries in file order, duplicates kept.
    case dictionary([PropertyListEntry])
    /// An `<array>`.
    case array([PropertyList])
    /// A `<string>`, entities decoded.
    case string(String)
    /// An `<integer>` as written.
    case integer(String)
    /// A `<real>` as written.
    case real(String)
    /// `<true/>` or `<false/>`.
    case bool(Bool)
    /// `<data>` (base64 text as written).
    case data(String)
    /// `<date>` as written.
    case date(String)

    /// The last value for `key`, for dictionaries.
    public subscript(key: String) -> PropertyList? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.last { $0.key == key }?.value
    }

    /// The string, for `.string`.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The element name of the value's kind, for messages.
    public var kindName: String {
        switch self {
        case .dictionary: "dict"
        case .array: "array"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "true/false"
        case .data: "data"
        case .date: "date"
        }
    }
}

/// One `<key>` and its value in a `<dict>`.
public struct PropertyListEntry: Sendable, Equatable {
    /// The key.
    public var key: String
    /// The value.
    public var value: PropertyList
    /// 1-based line of the `<key>` element.
    public var line: Int
    /// 1-based column (Unicode scalars) of the `<key>` element.
    public var column: Int

    /// Creates an entry.
    public init(key: String, value: PropertyList, line: Int, column: Int) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
    }

    /// Entries are equal when keys and values are; positions do not count.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key && lhs.value == rhs.value }
}

/// Reads XML property lists (`.stringsdict`, XML `.plist`) with located errors.
///
/// Accepts what Apple's reader accepts in practice: an optional XML declaration and DOCTYPE,
/// comments, CDATA, the five named entities and numeric character references, and self-closing
/// `<true/>`, `<false/>`, `<string/>`, `<dict/>`, `<array/>`.
public struct XMLPropertyListParser {
    /// The deepest nesting accepted by default (``CatalogLimits/maximumDepth``).
    public static let maximumDepth = CatalogLimits.standard.maximumDepth

    private let scalars: [Unicode.Scalar]
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    private let limits: CatalogLimits

    /// Parses an XML property list from UTF-8 bytes; nesting and string length are bounded
    /// by `limits`.
    public static func parse(_ bytes: [UInt8], file: String, limits: CatalogLimits = .standard) throws(CatalogError) -> PropertyList {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .plistSyntax,
                               message: "expected UTF-8 text")
        }
        var parser = XMLPropertyListParser(scalars: Array(text.unicodeScalars), file: file, limits: limits)
        return try parser.document()
    }

    private init(scalars: [Unicode.Scalar], file: String, limits: CatalogLimits) {
        self.scalars = scalars
        self.file = file
        self.limits = limits
    }

    private var here: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    private func error(_ message: String) -> CatalogError {
        CatalogError(location: SourceLocation(file: file, line: line, column: column), rule: .plistSyntax, message: message)
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < scalars.count {
            if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
            index += 1
        }
    }

    private func peek(_ text: String) -> Bool {
        var i = index
        for scalar in text.unicodeScalars {
            guard i < scalars.count, scalars[i] == scalar else { return false }
            i += 1
        }
        return true
    }

    private mutating func skipSpaceAndMarkup() throws(CatalogError) {
        while index < scalars.count {
            let c = scalars[index]
            if c == " " || c == "\t" || c == "\n" || c == "\r" { advance(); continue }
            if peek("<!--") { try skip(past: "-->", what: "the end of the comment '-->'"); continue }
            if peek("<?") { try skip(past: "?>", what: "'?>'"); continue }
            if peek("<!DOCTYPE") || peek("<!doctype") { try skip(past: ">", what: "'>' closing the DOCTYPE"); continue }
            return
        }
    }

    private mutating func skip(past terminator: String, what: String) throws(CatalogError) {
        while index < scalars.count {
            if peek(terminator) { advance(terminator.unicodeScalars.count); return }
            advance()
        }
        throw error("expected \(what), found the end of the file")
    }

    private mutating func document() throws(CatalogError) -> PropertyList {
        try skipSpaceAndMarkup()
        let (name, selfClosing) = try openTag()
        let value: PropertyList
        if name == "plist" {
            guard !selfClosing else { throw error("expected a value inside <plist>") }
            try skipSpaceAndMarkup()
            value = try self.value()
            try skipSpaceAndMarkup()
            try closeTag("plist")
        } else {
            value = try self.value(openedAs: name, selfClosing: selfClosing)
        }
        try skipSpaceAndMarkup()
        if index < scalars.count { throw error("expected the end of the document after </plist>") }
        return value
    }

    /// Reads `<name attr…>` or `<name/>`.
    private mutating func openTag() throws(CatalogError) -> (String, Bool) {
        guard peek("<"), index + 1 < scalars.count, scalars[index + 1] != "/" else {
            throw error(index < scalars.count ? "expected an element such as <dict> or <string>" : "expected an element, found the end of the file")
        }
        advance()
        var name = ""
        while index < scalars.count, scalars[index].properties.isAlphabetic || scalars[index] == "-" {
            name.unicodeScalars.append(scalars[index]); advance()
        }
        guard !name.isEmpty else { throw error("expected an element name after '<'") }
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let c = scalars[index]
            if let q = quote { if c == q { quote = nil }; advance(); continue }
            if c == "\"" || c == "'" { quote = c; advance(); continue }
            if c == ">" { advance(); return (name, false) }
            if c == "/" && index + 1 < scalars.count && scalars[index + 1] == ">" { advance(2); return (name, true) }
            advance()
        }
        throw error("expected '>' to close <\(name)>, found the end of the file")
    }

    private mutating func closeTag(_ name: String) throws(CatalogError) {
        guard peek("</" + name) else { throw error("expected </\(name)>") }
        advance(2 + name.unicodeScalars.count)
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" || scalars[index] == "\n" { advance() }
        guard peek(">") else { throw error("expected '>' after </\(name)") }
        advance()
    }

    private mutating func value() throws(CatalogError) -> PropertyList {
        let (name, selfClosing) = try openTag()
        return try value(openedAs: name, selfClosing: selfClosing)
    }

    private mutating func value(openedAs name: String, selfClosing: Bool) throws(CatalogError) -> PropertyList {
        switch name {
        case "dict":
            if selfClosing { return .dictionary([]) }
            depth += 1
            if depth > limits.maximumDepth { throw limits.tooDeep(at: here) }
            var entries: [PropertyListEntry] = []
            while true {
                try skipSpaceAndMarkup()
                if peek("</") { try closeTag("dict"); break }
                let keyLine = line, keyColumn = column
                let (tag, keyClosed) = try openTag()
                guard tag == "key" else { throw CatalogError(location: SourceLocation(file: file, line: keyLine, column: keyColumn), rule: .plistSyntax, message: "expected <key> in <dict>, found <\(tag)>") }
                let key = keyClosed ? "" : try text(until: "key")
                try skipSpaceAndMarkup()
                guard !peek("</") else { throw error("expected a value after <key>\(key)</key>") }
                entries.append(PropertyListEntry(key: key, value: try value(), line: keyLine, column: keyColumn))
            }
            depth -= 1
            return .dictionary(entries)
        case "array":
            if selfClosing { return .array([]) }
            depth += 1
            if depth > limits.maximumDepth { throw limits.tooDeep(at: here) }
            var items: [PropertyList] = []
            while true {
                try skipSpaceAndMarkup()
                if peek("</") { try closeTag("array"); break }
                items.append(try value())
            }
            depth -= 1
            return .array(items)
        case "string": return .string(selfClosing ? "" : try text(until: "string"))
        case "integer": return .integer(selfClosing ? "" : try text(until: "integer"))
        case "real": return .real(selfClosing ? "" : try text(until: "real"))
        case "data": return .data(selfClosing ? "" : try text(until: "data"))
        case "date": return .date(selfClosing ? "" : try text(until: "date"))
        case "true", "false":
            if !selfClosing { try skipSpaceAndMarkup(); try closeTag(name) }
            return .bool(name == "true")
        default:
            throw error("expected a property-list element (dict, array, string, integer, real, true, false, data, date), found <\(name)>")
        }
    }

    /// Character data up to `</name>`, with entities and CDATA decoded. The decoded text is
    /// held to `maximumStringLength` whatever it came from (CDATA sections were not counted).
    private mutating func text(until name: String) throws(CatalogError) -> String {
        var out = String.UnicodeScalarView()
        let start = here
        var length = 0
        func keep(_ scalar: Unicode.Scalar) throws(CatalogError) {
            length += scalar.utf8.count
            if length > limits.maximumStringLength { throw limits.stringTooLong(at: start) }
            out.append(scalar)
        }
        while true {
            guard index < scalars.count else { throw error("expected </\(name)>, found the end of the file") }
            let scalar = scalars[index]
            if scalar != "<" && scalar != "&" {
                // Plain text, the common case: kept without looking for markup.
                try keep(scalar)
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
                index += 1
                continue
            }
            if peek("</") { try closeTag(name); return String(out) }
            if peek("<![CDATA[") {
                advance(9)
                while !peek("]]>") {
                    guard index < scalars.count else { throw error("expected ']]>' closing the CDATA section") }
                    try keep(scalars[index]); advance()
                }
                advance(3)
                continue
            }
            if peek("<!--") { try skip(past: "-->", what: "the end of the comment '-->'"); continue }
            if scalars[index] == "<" { throw error("expected text or </\(name)>, found a nested element") }
            if scalars[index] == "&" {
                try keep(try entity())
                continue
            }
            try keep(scalars[index]); advance()
        }
    }

    private mutating func entity() throws(CatalogError) -> Unicode.Scalar {
        let named: [(String, Unicode.Scalar)] = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'")]
        for (text, scalar) in named where peek(text) { advance(text.unicodeScalars.count); return scalar }
        if peek("&#") {
            advance(2)
            var hex = false
            if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" { hex = true; advance() }
            var value: UInt32 = 0
            var digits = 0
            while index < scalars.count, scalars[index] != ";" {
                let scalar = scalars[index].value
                let digit: UInt32? = scalar < 0x80 ? hexDigit(UInt8(scalar)) : nil
                guard digits < 8, let d = digit, hex || d < 10 else {
                    throw error("expected \(hex ? "hexadecimal" : "decimal") digits and ';' in a character reference")
                }
                value = value * (hex ? 16 : 10) + d
                digits += 1
                advance()
            }
            guard digits > 0, index < scalars.count, let scalar = Unicode.Scalar(value) else {
                throw error("expected a valid character reference such as &#233; or &#xE9;")
            }
            advance()
            return scalar
        }
        throw error("expected an entity (&amp; &lt; &gt; &quot; &apos; or &#…;) after '&'")
    }
}
