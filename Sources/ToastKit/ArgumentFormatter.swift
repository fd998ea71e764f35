import ToastCatalog
import ToastICU

/// Formats Apple format strings with typed arguments, never crashing: a specifier that
/// disagrees with its argument prints the argument's own text, a missing argument prints
/// the specifier as written, and each case adds a diagnostic. Numbers are formatted by ICU
/// for the locale (grouping, decimal separator, the locale's digits).
struct ArgumentFormatter {
    let locale: LocaleTag
    let services: ICUServices
    let arguments: [ToastArgument]
    var diagnostics: [ToastDiagnostic] = []
    private var next = 0
    private var depth = 0

    typealias PluralPicker = ([PluralCategory: LocalizedValue], Double, inout ArgumentFormatter) -> LocalizedValue?

    init(locale: LocaleTag, services: ICUServices, arguments: [ToastArgument]) {
        self.locale = locale
        self.services = services
        self.arguments = arguments
    }

    mutating func format(_ text: String, substitutions: [String: Substitution], pluralPicker: PluralPicker? = nil) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var out = ""
        for token in FormatString.tokens(text) {
            switch token {
            case .literal(let literal): out += literal
            case .percent: out += "%"
            case .invalid(let raw):
                out += raw
            case .specifier(let spec): out += render(spec)
            case .substitution(let name, let position):
                out += substitute(String(name), position: position, substitutions: substitutions, pluralPicker: pluralPicker)
            }
        }
        return out
    }

    private mutating func note(_ rule: String, _ message: String) {
        diagnostics.append(ToastDiagnostic(.error, rule, message))
    }

    private mutating func substitute(_ name: String, position: Int?, substitutions: [String: Substitution],
                                     pluralPicker: PluralPicker?) -> String {
        let written = position.map { "%\($0)$#@\(name)@" } ?? "%#@\(name)@"
        guard let substitution = substitutions[name] else {
            note("substitution-missing", "\(written) names no substitution “\(name)”")
            return written
        }
        // Like any specifier, the token takes the next sequential slot unless it names one;
        // the substitution's argNum, when present, says which argument it reads.
        var index: Int
        if let position { index = position } else { next += 1; index = next }
        if let argNum = substitution.argNum { index = argNum }
        guard index >= 1, index <= arguments.count else {
            note("format-argument", "\(written) reads argument \(index), but only \(arguments.count) were given")
            return written
        }
        guard let number = arguments[index - 1].numericValue else {
            note("format-argument", "\(written) selects a plural form by argument \(index), which is text")
            return arguments[index - 1].plainText
        }
        guard depth < 8 else {
            note("substitution-depth", "substitutions nest deeper than 8 levels at \(written)")
            return written
        }
        guard let form = pluralPicker?(substitution.plural, number, &self), let value = form.stringUnit?.value else {
            return arguments[index - 1].plainText
        }
        let specifier = substitution.formatSpecifier ?? "lld"
        var expanded = ""
        var rest = Substring(value)
        while let range = rest.firstRange(of: "%arg") {
            expanded += rest[..<range.lowerBound]
            expanded += "%\(index)$\(specifier)"
            rest = rest[range.upperBound...]
        }
        expanded += rest
        let savedNext = next
        depth += 1
        let result = format(expanded, substitutions: substitutions, pluralPicker: pluralPicker)
        depth -= 1
        next = savedNext
        return result
    }

    private mutating func render(_ spec: FormatSpecifier) -> String {
        let written = String(spec.text)
        if spec.conversion == "n" {
            note("format-unsafe", "\(written) writes to memory and is never formatted")
            return ""
        }
        if spec.widthFromArgument || spec.precisionFromArgument {
            note("format-unsafe", "\(written): widths and precisions taken from arguments (*) are not supported")
            return written
        }
        let index: Int
        if let position = spec.argument { index = position } else { next += 1; index = next }
        guard index <= arguments.count else {
            note("format-argument", "\(written) reads argument \(index), but only \(arguments.count) were given")
            return written
        }
        let argument = arguments[index - 1]
        var width = spec.width
        if let w = width, w > FormatString.maximumWidth {
            note("format-unsafe", "\(written): width \(w) is larger than \(FormatString.maximumWidth); ignored")
            width = nil
        }
        var precision = spec.precision
        if let p = precision, p > 64 {
            note("format-unsafe", "\(written): precision \(p) is larger than 64; used 64")
            precision = 64
        }
        let body = convert(spec, argument, precision: precision, written: written)
        guard let width else { return body }
        let padding = width - body.count
        guard padding > 0 else { return body }
        if spec.flags.contains("-") { return body + String(repeating: " ", count: padding) }
        let zero = spec.flags.contains("0") && spec.argumentClass != .object && spec.argumentClass != .cString
        return String(repeating: zero ? "0" : " ", count: padding) + body
    }

    private mutating func mismatch(_ written: String, _ argument: ToastArgument) -> String {
        let kind = switch argument {
        case .int: "an integer"
        case .uint: "an unsigned integer"
        case .double, .float: "a floating-point number"
        case .string: "text"
        }
        note("format-argument", "\(written) does not take \(kind); showed the value as plain text")
        return argument.plainText
    }

    private mutating func convert(_ spec: FormatSpecifier, _ argument: ToastArgument, precision: Int?, written: String) -> String {
        let plus = spec.flags.contains("+")
        switch (spec.argumentClass, argument) {
        case (.object, .string(let text)), (.cString, .string(let text)):
            return text
        case (.signedInteger, .int(let v)), (.unsignedInteger, .int(let v)):
            return integer(v, spec, plus: plus)
        case (.signedInteger, .uint(let v)), (.unsignedInteger, .uint(let v)):
            if let signed = Int64(exactly: v) { return integer(signed, spec, plus: plus) }
            return (try? services.numberFormatter(locale).format(v)) ?? String(v)
        case (.floatingPoint, .double(let v)):
            return floating(v, spec, precision: precision, plus: plus)
        case (.floatingPoint, .float(let v)):
            return floating(Double(v), spec, precision: precision, plus: plus)
        case (.pointer, _), (.unsupported, _):
            note("format-unsafe", "\(written) is not supported")
            return written
        default:
            return mismatch(written, argument)
        }
    }

    private func integer(_ value: Int64, _ spec: FormatSpecifier, plus: Bool) -> String {
        switch spec.conversion {
        case "x": return String(UInt64(bitPattern: value), radix: 16)
        case "X": return String(UInt64(bitPattern: value), radix: 16, uppercase: true)
        case "o", "O": return String(UInt64(bitPattern: value), radix: 8)
        case "c", "C":
            return Unicode.Scalar(UInt32(truncatingIfNeeded: value)).map { String(Character($0)) } ?? ""
        default:
            let formatter = try? services.numberFormatter(locale, skeleton: plus ? "sign-always" : "")
            return formatter?.format(value) ?? String(value)
        }
    }

    private func floating(_ value: Double, _ spec: FormatSpecifier, precision: Int?, plus: Bool) -> String {
        var skeleton: String
        switch spec.conversion {
        case "f", "F":
            let digits = precision ?? 6
            skeleton = digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits)
        case "e", "E":
            let digits = precision ?? 6
            skeleton = "scientific " + (digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits))
        default:
            let digits = max(precision ?? 6, 1)
            skeleton = "@" + String(repeating: "#", count: digits - 1)
        }
        if plus { skeleton += " sign-always" }
        let formatter = try? services.numberFormatter(locale, skeleton: skeleton)
        return formatter?.format(value) ?? String(value)
    }
}
