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
    public static func tokens(_ text: String) -> [FormatToken] {
        var result: [FormatToken] = []
        var literalStart = text.startIndex
        var i = text.startIndex
        let end = text.endIndex
        while i < end {
            guard text[i] == "%" else { i = text.index(after: i); continue }
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

    private static func token(in text: String, at start: String.Index) -> (FormatToken, String.Index) {
        let end = text.endIndex
        var i = text.index(after: start)
        func invalid() -> (FormatToken, String.Index) { (.invalid(text[start..<i]), i) }
        guard i < end else { return invalid() }
        if text[i] == "%" { return (.percent, text.index(after: i)) }
        func number(_ j: inout String.Index) -> Int? {
            var value = 0
            var any = false
            while j < end, let digit = text[j].wholeNumberValue, text[j].isASCII {
                value = value > 100_000_000 ? value : value * 10 + digit
                any = true
                j = text.index(after: j)
            }
            return any ? value : nil
        }
        var argument: Int?
        var j = i
        if let n = number(&j), j < end, text[j] == "$", n >= 1 {
            argument = n
            i = text.index(after: j)
        }
        if i < end, text[i] == "#", text.index(after: i) < end, text[text.index(after: i)] == "@" {
            let nameStart = text.index(i, offsetBy: 2)
            if let close = text[nameStart...].firstIndex(of: "@"), close > nameStart {
                return (.substitution(name: text[nameStart..<close], argument: argument), text.index(after: close))
            }
            return invalid()
        }
        let flagsStart = i
        while i < end, "-+ #0'".contains(text[i]) { i = text.index(after: i) }
        let flags = text[flagsStart..<i]
        var width: Int?
        var widthStar = false
        if i < end, text[i] == "*" {
            widthStar = true
            i = text.index(after: i)
            var k = i
            if number(&k) != nil, k < end, text[k] == "$" { i = text.index(after: k) }
        } else {
            width = number(&i)
        }
        var precision: Int?
        var precisionStar = false
        if i < end, text[i] == "." {
            i = text.index(after: i)
            if i < end, text[i] == "*" {
                precisionStar = true
                i = text.index(after: i)
                var k = i
                if number(&k) != nil, k < end, text[k] == "$" { i = text.index(after: k) }
            } else {
                precision = number(&i) ?? 0
            }
        }
        let lengthStart = i
        for modifier in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
            if text[i...].hasPrefix(modifier) { i = text.index(i, offsetBy: modifier.count); break }
        }
        let length = text[lengthStart..<i]
        guard i < end, "diuoxXDUOeEfFgGaAcCsSp@n".contains(text[i]) else { return invalid() }
        let conversion = text[i]
        i = text.index(after: i)
        let spec = FormatSpecifier(argument: argument, flags: flags, width: width, widthFromArgument: widthStar,
                                   precision: precision, precisionFromArgument: precisionStar, length: length,
                                   conversion: conversion, text: text[start..<i])
        return (.specifier(spec), i)
    }
}
