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
        case object, signedInteger, unsignedInteger, floatingPoint, cString, pointer, unsupported
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

    /// Tokenizes `text`. Never fails: text that starts no valid specifier is `.invalid`.
    ///
    /// Works on UTF-8 code units: every character of the grammar is ASCII, so each split
    /// falls on a character boundary.
    public static func tokens(_ text: String) -> [FormatToken] {
        let utf8 = text.utf8
        guard let firstPercent = utf8.firstIndex(of: UInt8(ascii: "%")) else {
            return text.isEmpty ? [] : [.literal(text[...])]
        }
        var result: [FormatToken] = []
        var literalStart = utf8.startIndex
        var i = firstPercent
        let end = utf8.endIndex
        while i < end {
            guard utf8[i] == UInt8(ascii: "%") else { i = utf8.index(after: i); continue }
            if literalStart < i { result.append(.literal(text[literalStart..<i])) }
            let (token, next) = token(in: text, at: i)
            result.append(token)
            i = next
            literalStart = i
        }
        if literalStart < end { result.append(.literal(text[literalStart..<end])) }
        return result
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
        let utf8 = text.utf8
        let end = utf8.endIndex
        var i = utf8.index(after: start)
        func invalid() -> (FormatToken, String.Index) { (.invalid(text[start..<i]), i) }
        func byte(_ j: String.Index) -> UInt8 { utf8[j] }
        guard i < end else { return invalid() }
        if byte(i) == UInt8(ascii: "%") { return (.percent, utf8.index(after: i)) }
        func number(_ j: inout String.Index) -> Int? {
            var value = 0
            var any = false
            while j < end, byte(j) >= 0x30, byte(j) <= 0x39 {
                value = value > 100_000_000 ? value : value * 10 + Int(byte(j) - 0x30)
                any = true
                j = utf8.index(after: j)
            }
            return any ? value : nil
        }
        var argument: Int?
        var j = i
        if let n = number(&j), j < end, byte(j) == UInt8(ascii: "$"), n >= 1 {
            argument = n
            i = utf8.index(after: j)
        }
        if i < end, byte(i) == UInt8(ascii: "#"), utf8.index(after: i) < end, byte(utf8.index(after: i)) == UInt8(ascii: "@") {
            let nameStart = utf8.index(i, offsetBy: 2)
            if let close = utf8[nameStart...].firstIndex(of: UInt8(ascii: "@")), close > nameStart {
                return (.substitution(name: text[nameStart..<close], argument: argument), utf8.index(after: close))
            }
            return invalid()
        }
        let flagsStart = i
        while i < end, isFlag(byte(i)) { i = utf8.index(after: i) }
        let flags = text[flagsStart..<i]
        var width: Int?
        var widthStar = false
        if i < end, byte(i) == UInt8(ascii: "*") {
            widthStar = true
            i = utf8.index(after: i)
            var k = i
            if number(&k) != nil, k < end, byte(k) == UInt8(ascii: "$") { i = utf8.index(after: k) }
        } else {
            width = number(&i)
        }
        var precision: Int?
        var precisionStar = false
        if i < end, byte(i) == UInt8(ascii: ".") {
            i = utf8.index(after: i)
            if i < end, byte(i) == UInt8(ascii: "*") {
                precisionStar = true
                i = utf8.index(after: i)
                var k = i
                if number(&k) != nil, k < end, byte(k) == UInt8(ascii: "$") { i = utf8.index(after: k) }
            } else {
                precision = number(&i) ?? 0
            }
        }
        let lengthStart = i
        if i < end {
            switch byte(i) {
            case UInt8(ascii: "h"), UInt8(ascii: "l"):
                let first = byte(i)
                i = utf8.index(after: i)
                if i < end, byte(i) == first { i = utf8.index(after: i) }
            case UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"):
                i = utf8.index(after: i)
            default: break
            }
        }
        let length = text[lengthStart..<i]
        guard i < end, isConversion(byte(i)) else { return invalid() }
        let conversion = Character(Unicode.Scalar(byte(i)))
        i = utf8.index(after: i)
        let spec = FormatSpecifier(argument: argument, flags: flags, width: width, widthFromArgument: widthStar,
                                   precision: precision, precisionFromArgument: precisionStar, length: length,
                                   conversion: conversion, text: text[start..<i])
        return (.specifier(spec), i)
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
