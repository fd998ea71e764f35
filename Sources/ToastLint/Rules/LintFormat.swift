import ToastCatalog
/// The type class of a format argument (validation-checks.md §1): arguments of one class
/// are read from the argument list the same way; another class reads garbage or crashes.
enum LintTypeClass: String, Sendable {
    case object, integer, floating, char, cString = "C string", pointer, writeBack = "write-back"
}

/// An argument a substitution stands for: its index and how it is read.
typealias LintArgumentSlot = (index: Int, typeClass: LintTypeClass, size: String)

/// One place where a leaf reads an argument.
struct LintArgumentUse: Sendable, Equatable {
    var index: Int
    var typeClass: LintTypeClass
    /// Size and signedness within the class, such as `64-bit signed`.
    var size: String
    /// The token as written (`%lld`, `%2$@`, `%#@files@`, `%arg`).
    var text: String
    var positional: Bool
    /// From a `%#@name@` reference or `%arg`, whose type is the substitution's.
    var viaSubstitution: Bool
    /// Looks like prose rather than a placeholder (`% d`, `100%i`).
    var proseLike = false

    static func classify(_ spec: FormatSpecifier) -> (LintTypeClass, String)? {
        let wide: Bool
        switch spec.lengthModifier {
        case .l, .ll, .q, .j, .z, .t: wide = true
        default: wide = false
        }
        switch spec.conversion {
        case "@": return (.object, "object")
        case "d", "i": return (.integer, wide ? "64-bit signed" : "32-bit signed")
        case "D": return (.integer, "64-bit signed")
        case "u", "o", "x", "X": return (.integer, wide ? "64-bit unsigned" : "32-bit unsigned")
        case "U", "O": return (.integer, "64-bit unsigned")
        case "e", "E", "f", "F", "g", "G", "a", "A": return (.floating, spec.lengthModifier == .L ? "long double" : "double")
        case "c": return (.char, spec.lengthModifier == .l ? "unichar" : "char")
        case "C": return (.char, "unichar")
        case "s": return (.cString, spec.lengthModifier == .l ? "unichar *" : "char *")
        case "S": return (.cString, "unichar *")
        case "p": return (.pointer, "pointer")
        case "n": return (.writeBack, "int *")
        default: return nil
        }
    }

    /// The class of a substitution's `formatSpecifier` (`lld`, `d`, `%ld`, `@`).
    static func classify(specifier text: String) -> (LintTypeClass, String)? {
        let written = text.hasPrefix("%") ? text : "%" + text
        guard case .specifier(let spec)? = FormatString.tokens(written).first,
              spec.text.count == written.count else { return nil }
        return classify(spec)
    }
}

/// What a leaf's text means as a format: the arguments it reads, its substitutions and its
/// syntax problems. Built with the shared grammar of ``FormatString``.
struct LintLeafFormat: Sendable {
    var uses: [LintArgumentUse] = []
    var substitutions: [(name: String, index: Int?)] = []
    /// `format-syntax` problems, in words.
    var syntaxProblems: [String] = []
    /// Specifiers that look like prose (`% d`, `100%i`): text of each.
    var proseLike: [String] = []
    /// Whether `%arg` appears.
    var hasArg = false
    /// The names of substitution tokens written wrong (`%1#@count@`, `%# @sites @`), which
    /// are reported as that and not as unused substitutions.
    var malformedSubstitutions: [String] = []
    /// The conversion classes of the non-positional specifiers, in order.
    var plainOrder: [LintTypeClass] = []
    /// Whether the text is a format: it has a substitution or a specifier that does not look
    /// like prose (`"100% accurate"` is not a format: `% a` there is an accident).
    var hasSpecifiers: Bool { !substitutions.isEmpty || !malformedSubstitutions.isEmpty || uses.contains { !$0.proseLike } }

    /// The set of argument indices read.
    var indices: Set<Int> { Set(uses.map(\.index)) }

    /// Analyzes `text`. In a substitution's form, `count` is the substitution's argument:
    /// `%arg` (String Catalogs) stands for it, and plain specifiers are numbered from it (so a
    /// stringsdict form's `%lld` is the variable's own argument).
    init(_ text: String, substitutionArguments: [String: LintArgumentSlot] = [:],
         count: LintArgumentSlot? = nil) {
        guard text.containsUTF8Byte(UInt8(ascii: "%")) else { return }
        let tokens = FormatString.tokens(text)
        let malformed = Self.malformedSubstitutions(in: text)
        for (range, name, fixed) in malformed {
            malformedSubstitutions.append(name)
            syntaxProblems.append("“\(text[range])” is a malformed substitution token; write “\(fixed)”")
        }
        var next = count?.index ?? 1
        var positional = 0, plain = 0
        var previous: FormatToken?
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            defer { previous = token; i += 1 }
            if !malformed.isEmpty, let start = token.startIndex, malformed.contains(where: { $0.range.contains(start) }) { continue }
            switch token {
            case .literal, .percent:
                continue
            case .invalid(let raw):
                if raw.hasPrefix("%0$") {
                    syntaxProblems.append("“\(raw)”: argument positions start at 1")
                } else if raw == "%" && i == tokens.count - 1 {
                    syntaxProblems.append("a lone “%” at the end of the text; write %% for a percent sign")
                } else if raw == "%", i + 1 < tokens.count, case .literal(let rest) = tokens[i + 1], let next = rest.first {
                    syntaxProblems.append("“%\(next)” is not a format specifier; write %% for a percent sign")
                } else {
                    syntaxProblems.append("“\(raw)” is not a format specifier")
                }
            case .substitution(let name, let argument):
                let key = String(name)
                var index = argument
                if argument == nil { index = substitutionArguments[key]?.index ?? next; next += 1; plain += 1 } else { positional += 1 }
                substitutions.append((key, index))
                if let known = substitutionArguments[key], let index {
                    uses.append(LintArgumentUse(index: index, typeClass: known.typeClass, size: known.size,
                                                text: "%#@\(key)@", positional: argument != nil, viaSubstitution: true))
                }
            case .specifier(let spec):
                // `%arg` in a String Catalog substitution form is the substituted number.
                if spec.text == "%a", i + 1 < tokens.count, case .literal(let rest) = tokens[i + 1], rest.hasPrefix("rg") {
                    hasArg = true
                    if let count {
                        uses.append(LintArgumentUse(index: count.index, typeClass: count.typeClass, size: count.size,
                                                    text: "%arg", positional: true, viaSubstitution: true))
                    }
                    continue
                }
                if spec.conversion == "@", spec.hasFlag(UInt8(ascii: " ")) {
                    syntaxProblems.append("“\(spec.text)” is not a format specifier: did you mean “%\(spec.argument.map { "\($0)$" } ?? "")@”?")
                }
                var prose = false
                if spec.conversion == "@" {
                    // An object is never prose (`% @` is a broken `%@`).
                } else if case .literal(let before)? = previous, let last = before.unicodeScalars.last,
                   last.properties.numericType != nil, spec.argument == nil, spec.conversion != "@" {
                    prose = true
                } else if spec.hasFlag(UInt8(ascii: " ")), spec.argument == nil {
                    prose = true
                }
                if prose { proseLike.append(String(spec.text)) }
                guard let (typeClass, size) = LintArgumentUse.classify(spec) else {
                    syntaxProblems.append("“\(spec.text)” is not a format specifier"); continue
                }
                if typeClass == .writeBack { syntaxProblems.append("“\(spec.text)” writes to memory (%n is never allowed)") }
                if spec.widthFromArgument || spec.precisionFromArgument {
                    // A `*` reads an int argument of its own before the value.
                    if spec.argument == nil {
                        if spec.widthFromArgument { uses.append(LintArgumentUse(index: next, typeClass: .integer, size: "32-bit signed", text: "*", positional: false, viaSubstitution: false)); next += 1 }
                        if spec.precisionFromArgument { uses.append(LintArgumentUse(index: next, typeClass: .integer, size: "32-bit signed", text: "*", positional: false, viaSubstitution: false)); next += 1 }
                    }
                }
                let index: Int
                if let argument = spec.argument {
                    index = argument
                    positional += 1
                } else {
                    index = next
                    next += 1
                    if !prose { plain += 1 }
                    if !prose { plainOrder.append(typeClass) }
                }
                uses.append(LintArgumentUse(index: index, typeClass: typeClass, size: size, text: String(spec.text),
                                            positional: spec.argument != nil, viaSubstitution: false, proseLike: prose))
            }
        }
        _ = previous
        if positional > 0 && plain > 0 {
            syntaxProblems.append("numbered (%1$@) and plain (%@) specifiers are mixed; number all of them")
        }
        if positional > 0 && plain == 0 {
            // The positions below the highest that no specifier reads, walked between the ones
            // used (a position can be as high as the text says: `%99999999$@`), ten named.
            let used = Set(uses.map(\.index)).filter { $0 >= 1 }.sorted()
            var gaps: [Int] = []
            var gapCount = 0
            var expected = 1
            for index in used {
                if index > expected {
                    gapCount += index - expected
                    var gap = expected
                    while gap < index && gaps.count < 10 { gaps.append(gap); gap += 1 }
                }
                expected = index + 1
            }
            if gapCount > 0 && count == nil {
                let named = gaps.map(String.init).joined(separator: ", ") + (gapCount > gaps.count ? " and \(gapCount - gaps.count) more" : "")
                syntaxProblems.append("argument position\(gapCount == 1 ? "" : "s") \(named) \(gapCount == 1 ? "is" : "are") never used, so later arguments cannot be read")
            }
        }
    }

    /// The substitution tokens of `text` that a typo broke: a `%`, an optional argument
    /// number with or without its `$`, `#`, then `@name@` with spaces inside or the `$`
    /// missing (`%1#@count@`, `%# @sites @`, `%#@ files@`). Each with its range, name and
    /// the token as it should be.
    static func malformedSubstitutions(in text: String) -> [(range: Range<String.Index>, name: String, fixed: String)] {
        guard text.containsUTF8Byte(UInt8(ascii: "#")) else { return [] }
        if let found = malformedSubstitutionsByBytes(in: text) {
            let utf8 = text.utf8
            return found.map { token in
                let lower = utf8.index(utf8.startIndex, offsetBy: token.range.lowerBound)
                return (lower..<utf8.index(lower, offsetBy: token.range.count), token.name, token.fixed)
            }
        }
        return malformedSubstitutionsByCharacters(in: text)
    }

    /// ``malformedSubstitutions(in:)`` read from the bytes, with byte ranges; nil when a byte a
    /// token is read through is next to one from 0x80 up (a `%` after one, or a byte after the
    /// `%` before one), where a mark could join characters that the bytes keep apart. Elsewhere each byte
    /// is a character of its own (a CR LF pair is none of the bytes looked for, as its CR is
    /// not), so the answer is the character-wise one.
    static func malformedSubstitutionsByBytes(in text: String) -> [(range: Range<Int>, name: String, fixed: String)]? {
        var text = text
        return text.withUTF8 { bytes -> [(range: Range<Int>, name: String, fixed: String)]? in
            let count = bytes.count
            var result: [(range: Range<Int>, name: String, fixed: String)] = []
            var unsure = false
            // The byte at `j`, or nil at the end; notes when a byte after it could join it.
            func at(_ j: Int) -> UInt8? {
                guard j < count else { return nil }
                if j + 1 < count, bytes[j + 1] >= 0x80 { unsure = true }
                return bytes[j]
            }
            func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            func isNameByte(_ byte: UInt8) -> Bool {
                isDigit(byte) || byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            }
            var i = 0
            while i < count {
                guard bytes[i] == UInt8(ascii: "%") else { i += 1; continue }
                let percent = i
                if percent > 0, bytes[percent - 1] >= 0x80 { return nil }
                i = percent + 1
                // A `%` with a byte from 0x80 up after it starts no token, as a character of
                // its own or joined by a mark.
                if i < count, bytes[i] >= 0x80 { continue }
                var j = percent + 1
                let digitsStart = j
                while let byte = at(j), isDigit(byte) { j += 1 }
                let digits = digitsStart..<j
                var dollar = false
                if at(j) == UInt8(ascii: "$") { dollar = true; j += 1 }
                func skipSpaces() -> Bool {
                    var any = false
                    while at(j) == UInt8(ascii: " ") { any = true; j += 1 }
                    return any
                }
                guard at(j) == UInt8(ascii: "#") else { continue }
                j += 1
                var spaced = skipSpaces()
                guard at(j) == UInt8(ascii: "@") else { continue }
                j += 1
                spaced = skipSpaces() || spaced
                let nameStart = j
                while let byte = at(j), isNameByte(byte) { j += 1 }
                let name = nameStart..<j
                spaced = skipSpaces() || spaced
                guard !name.isEmpty, at(j) == UInt8(ascii: "@") else { continue }
                j += 1
                if spaced || (!digits.isEmpty && !dollar) {
                    let nameText = String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)
                    let digitsText = String(decoding: UnsafeBufferPointer(rebasing: bytes[digits]), as: UTF8.self)
                    result.append((percent..<j, nameText, "%" + (digits.isEmpty ? "" : digitsText + "$") + "#@" + nameText + "@"))
                }
                i = j
            }
            return unsure ? nil : result
        }
    }

    /// ``malformedSubstitutions(in:)`` read character by character.
    static func malformedSubstitutionsByCharacters(in text: String) -> [(range: Range<String.Index>, name: String, fixed: String)] {
        var result: [(Range<String.Index>, String, String)] = []
        var i = text.startIndex
        while let percent = text[i...].firstIndex(of: "%") {
            var j = text.index(after: percent)
            var digits = ""
            while j < text.endIndex, text[j].isASCII, text[j].isNumber { digits.append(text[j]); j = text.index(after: j) }
            var dollar = false
            if j < text.endIndex, text[j] == "$" { dollar = true; j = text.index(after: j) }
            func skipSpaces() -> Bool {
                var any = false
                while j < text.endIndex, text[j] == " " { any = true; j = text.index(after: j) }
                return any
            }
            guard j < text.endIndex, text[j] == "#" else { i = text.index(after: percent); continue }
            j = text.index(after: j)
            var spaced = skipSpaces()
            guard j < text.endIndex, text[j] == "@" else { i = text.index(after: percent); continue }
            j = text.index(after: j)
            spaced = skipSpaces() || spaced
            var name = ""
            while j < text.endIndex, text[j].isASCII, text[j].isLetter || text[j].isNumber || text[j] == "_" { name.append(text[j]); j = text.index(after: j) }
            spaced = skipSpaces() || spaced
            guard !name.isEmpty, j < text.endIndex, text[j] == "@" else { i = text.index(after: percent); continue }
            j = text.index(after: j)
            let missingDollar = !digits.isEmpty && !dollar
            if spaced || missingDollar {
                result.append((percent..<j, name, "%" + (digits.isEmpty ? "" : digits + "$") + "#@" + name + "@"))
            }
            i = j
        }
        return result
    }
}

extension FormatToken {
    /// Where the token starts in its text (nil for `%%`, which carries no text).
    var startIndex: String.Index? {
        switch self {
        case .literal(let text), .invalid(let text): text.startIndex
        case .substitution(let name, _): name.startIndex
        case .specifier(let spec): spec.text.startIndex
        case .percent: nil
        }
    }
}
