/// One piece of an Apple format string (`%@`, `%1$lld`, `%#@files@`, `%%`, literal text).
public enum FormatToken: Sendable, Equatable {
    /// Literal text.
    case literal(Substring)
    /// `%%`.
    case percent
    /// A conversion such as `%5.2lf`.
    case specifier(FormatSpecifier)
    /// `%#@name@` or `%1$#@name@`.
    case substitution(name: Substring, argument: Int?)
    /// A `%` that starts no valid specifier, kept as written.
    case invalid(Substring)
}

/// A printf-style conversion in Apple's dialect.
public struct FormatSpecifier: Sendable, Equatable {
    /// The explicit 1-based argument (`%2$@`), if any.
    public var argument: Int?
    /// Flags among `-+ #0'`.
    public var flags: Substring
    /// The field width; `nil` when absent.
    public var width: Int?
    /// Whether the width is `*` (taken from an argument).
    public var widthFromArgument: Bool
    /// The precision; `nil` when absent.
    public var precision: Int?
    /// Whether the precision is `*`.
    public var precisionFromArgument: Bool
    /// The length modifier (`l`, `ll`, `h`, `q`, `z`…).
    public var length: Substring
    /// The conversion character (`@`, `d`, `f`…).
    public var conversion: Character
    /// The length modifier, decoded.
    public var lengthModifier: LengthModifier

    /// C length modifiers.
    public enum LengthModifier: Sendable, Equatable {
        /// No modifier: `%d` (32 bits, as CoreFoundation reads it).
        case none
        /// `hh`: `char` (8 bits).
        case hh
        /// `h`: `short` (16 bits).
        case h
        /// `l`: `long` (64 bits on Apple's 64-bit platforms).
        case l
        /// `ll`: `long long` (64 bits).
        case ll
        /// `q`: Apple's quad (64 bits).
        case q
        /// `L`: `long double`.
        case L
        /// `z`: `size_t`.
        case z
        /// `t`: `ptrdiff_t`.
        case t
        /// `j`: `intmax_t`.
        case j
    }
    /// The specifier as written.
    public var text: Substring

    /// Whether the flags include `flag` (one of `-+ #0'`).
    @inlinable public func hasFlag(_ flag: UInt8) -> Bool {
        flags.utf8.contains(flag)
    }

    /// The kind of argument the conversion reads.
    public var argumentClass: ArgumentClass {
        switch conversion {
        case "@": .object
        case "d", "i", "D": .signedInteger
        case "u", "U", "o", "O", "x", "X", "c", "C": .unsignedInteger
        case "e", "E", "f", "F", "g", "G", "a", "A": .floatingPoint
        case "s", "S": .cString
        case "p": .pointer
        default: .unsupported
        }
    }

    /// Argument kinds of conversions.
    public enum ArgumentClass: String, Sendable {
        /// `%@`: an object (text, in a toast).
        case object
        /// `%d`, `%i`: a signed integer.
        case signedInteger
        /// `%u`, `%x`, `%o`: an unsigned integer.
        case unsignedInteger
        /// `%f`, `%e`, `%g`, `%a`: a floating-point number.
        case floatingPoint
        /// `%s`: a C string.
        case cString
        /// `%p`: a pointer (never formatted).
        case pointer
        /// A conversion ToastKit does not format (`%n`, unknown letters).
        case unsupported
    }
}

/// Splits Apple format strings into tokens, following the grammar in the lint notes:
/// `"%" [argnum "$"] flags [width] ["." prec] [length] conv`, `%#@name@`, `%%`.
public enum FormatString {
    /// The largest width or precision that is honoured; larger ones are clamped by the
    /// formatter and reported.
    public static let maximumWidth = 1024
    /// The largest precision that is honoured; larger ones are clamped and reported.
    public static let maximumPrecision = 64
    /// The most arguments a format reads (`%64$@` is the last); a specifier that reads a later
    /// one is shown as written and reported, and arguments past it are not used.
    public static let maximumArguments = 64

    /// Tokenizes `text`. Never fails: text that starts no valid specifier is `.invalid`.
    ///
    /// Works on UTF-8 code units: every character of the grammar is ASCII, so each split
    /// falls on a character boundary.
    public static func tokens(_ text: String) -> [FormatToken] {
        var text = text
        guard let found = text.utf8.withContiguousStorageIfAvailable({ $0.firstIndex(of: UInt8(ascii: "%")) }) else {
            text.makeContiguousUTF8()
            return tokens(text)
        }
        guard let firstPercent = found else { return text.isEmpty ? [] : [.literal(text[...])] }
        // One pass over the bytes; offsets become indices of `text` (O(1) for UTF-8 storage).
        return text.utf8.withContiguousStorageIfAvailable { bytes -> [FormatToken] in
            let utf8 = text.utf8
            let base = utf8.startIndex
            func index(_ offset: Int) -> String.Index { utf8.index(base, offsetBy: offset) }
            var result: [FormatToken] = []
            var literalStart = 0
            var i = firstPercent
            let end = bytes.count
            while i < end {
                guard bytes[i] == UInt8(ascii: "%") else { i += 1; continue }
                if literalStart < i { result.append(.literal(text[index(literalStart)..<index(i)])) }
                let parsed = parse(bytes, at: i)
                result.append(token(parsed.kind, in: text, from: i, to: parsed.end, index: index))
                i = parsed.end
                literalStart = i
            }
            if literalStart < end { result.append(.literal(text[index(literalStart)...])) }
            return result
        }!
    }

    /// The first specifier of `text` without its `%` (`lld` of `%lld files`), or nil: the
    /// first ``FormatToken/specifier(_:)`` of ``tokens(_:)``, found without making
    /// the other tokens.
    package static func firstSpecifier(in text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return nil }
        var text = text
        return text.withUTF8 { bytes -> String? in
            var i = 0
            while i < bytes.count {
                guard bytes[i] == UInt8(ascii: "%") else { i += 1; continue }
                let parsed = parse(bytes, at: i)
                if case .specifier = parsed.kind {
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<parsed.end]), as: UTF8.self)
                }
                i = parsed.end
            }
            return nil
        }
    }

    /// Whether `text` holds any specifier or substitution (other than `%%`).
    public static func hasSpecifiers(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return false }
        return tokens(text).contains { token in
            switch token {
            case .specifier, .substitution: true
            default: false
            }
        }
    }

    /// Reads the token that starts with the `%` at `start`; returns it and the index after it.
    public static func token(in text: String, at start: String.Index) -> (FormatToken, String.Index) {
        var text = text
        if text.utf8.withContiguousStorageIfAvailable({ _ in () }) == nil { text.makeContiguousUTF8() }
        let utf8 = text.utf8
        let base = utf8.startIndex
        let startOffset = utf8.distance(from: base, to: start)
        let parsed = utf8.withContiguousStorageIfAvailable { bytes in parse(bytes, at: startOffset) }!
        func index(_ offset: Int) -> String.Index { utf8.index(base, offsetBy: offset) }
        return (token(parsed.kind, in: text, from: startOffset, to: parsed.end, index: index), index(parsed.end))
    }

    /// The token parsed from the byte offsets `from..<to` of `text`; `index` turns an offset
    /// into an index of `text`.
    @inline(__always)
    static func token(_ kind: RawKind, in text: String, from startOffset: Int, to endOffset: Int,
                      index: (Int) -> String.Index) -> FormatToken {
        let start = index(startOffset), next = index(endOffset)
        switch kind {
        case .percent:
            return .percent
        case .invalid:
            return .invalid(text[start..<next])
        case .substitution(let nameStart, let nameEnd, let argument):
            return .substitution(name: text[index(nameStart)..<index(nameEnd)], argument: argument)
        case .specifier(let raw):
            let spec = FormatSpecifier(argument: raw.argument, flags: text[index(raw.flags.lowerBound)..<index(raw.flags.upperBound)],
                                       width: raw.width, widthFromArgument: raw.widthStar, precision: raw.precision,
                                       precisionFromArgument: raw.precisionStar,
                                       length: text[index(raw.length.lowerBound)..<index(raw.length.upperBound)],
                                       conversion: Character(Unicode.Scalar(raw.conversion)), lengthModifier: raw.lengthModifier,
                                       text: text[start..<next])
            return .specifier(spec)
        }
    }

    /// A specifier as byte offsets, before any `Substring` is made.
    package struct RawSpecifier {
        package var argument: Int?
        package var flags: Range<Int>
        package var width: Int?
        package var widthStar: Bool
        package var precision: Int?
        package var precisionStar: Bool
        package var length: Range<Int>
        package var lengthModifier: FormatSpecifier.LengthModifier
        package var conversion: UInt8
    }

    package enum RawKind {
        case percent, invalid
        case substitution(nameStart: Int, nameEnd: Int, argument: Int?)
        case specifier(RawSpecifier)
    }

    /// Parses the token at `start` (a `%`) in UTF-8 bytes; `end` is the offset after it.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (kind: RawKind, end: Int) {
        let end = bytes.count
        var i = start + 1
        guard i < end else { return (.invalid, i) }
        if bytes[i] == UInt8(ascii: "%") { return (.percent, i + 1) }
        func number(_ j: inout Int) -> Int? {
            var value = 0
            var any = false
            while j < end, bytes[j] >= 0x30, bytes[j] <= 0x39 {
                value = value > 100_000_000 ? value : value * 10 + Int(bytes[j] - 0x30)
                any = true
                j += 1
            }
            return any ? value : nil
        }
        var argument: Int?
        var j = i
        if let n = number(&j), j < end, bytes[j] == UInt8(ascii: "$"), n >= 1 {
            argument = n
            i = j + 1
        }
        if i + 1 < end, bytes[i] == UInt8(ascii: "#"), bytes[i + 1] == UInt8(ascii: "@") {
            let nameStart = i + 2
            var close = nameStart
            while close < end, bytes[close] != UInt8(ascii: "@") { close += 1 }
            if close < end, close > nameStart {
                return (.substitution(nameStart: nameStart, nameEnd: close, argument: argument), close + 1)
            }
            return (.invalid, i)
        }
        let flagsStart = i
        while i < end, isFlag(bytes[i]) { i += 1 }
        let flags = flagsStart..<i
        var width: Int?
        var widthStar = false
        if i < end, bytes[i] == UInt8(ascii: "*") {
            widthStar = true
            i += 1
            var k = i
            if number(&k) != nil, k < end, bytes[k] == UInt8(ascii: "$") { i = k + 1 }
        } else {
            width = number(&i)
        }
        var precision: Int?
        var precisionStar = false
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if i < end, bytes[i] == UInt8(ascii: "*") {
                precisionStar = true
                i += 1
                var k = i
                if number(&k) != nil, k < end, bytes[k] == UInt8(ascii: "$") { i = k + 1 }
            } else {
                precision = number(&i) ?? 0
            }
        }
        let lengthStart = i
        var modifier = FormatSpecifier.LengthModifier.none
        if i < end {
            switch bytes[i] {
            case UInt8(ascii: "h"), UInt8(ascii: "l"):
                let first = bytes[i]
                i += 1
                let double = i < end && bytes[i] == first
                if double { i += 1 }
                modifier = first == UInt8(ascii: "h") ? (double ? .hh : .h) : (double ? .ll : .l)
            case UInt8(ascii: "q"): i += 1; modifier = .q
            case UInt8(ascii: "L"): i += 1; modifier = .L
            case UInt8(ascii: "z"): i += 1; modifier = .z
            case UInt8(ascii: "t"): i += 1; modifier = .t
            case UInt8(ascii: "j"): i += 1; modifier = .j
            default: break
            }
        }
        let length = lengthStart..<i
        guard i < end, isConversion(bytes[i]) else { return (.invalid, start + 1) }
        let raw = RawSpecifier(argument: argument, flags: flags, width: width, widthStar: widthStar, precision: precision,
                               precisionStar: precisionStar, length: length, lengthModifier: modifier, conversion: bytes[i])
        return (.specifier(raw), i + 1)
    }

    @inline(__always) private static func isFlag(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: " ") || b == UInt8(ascii: "#")
            || b == UInt8(ascii: "0") || b == UInt8(ascii: "'")
    }

    @inline(__always) private static func isConversion(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "o"), UInt8(ascii: "x"), UInt8(ascii: "X"),
             UInt8(ascii: "D"), UInt8(ascii: "U"), UInt8(ascii: "O"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "f"),
             UInt8(ascii: "F"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"), UInt8(ascii: "c"),
             UInt8(ascii: "C"), UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "p"), UInt8(ascii: "@"), UInt8(ascii: "n"):
            true
        default: false
        }
    }
}
