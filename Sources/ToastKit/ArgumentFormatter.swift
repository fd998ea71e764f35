import ToastCatalog
import ToastICU

/// One pass of a ``FormatEngine`` over a format string: the arguments, the next sequential
/// slot, and what was found on the way. It never crashes: a specifier that disagrees with its
/// argument prints the argument's own text, a missing argument prints the specifier as
/// written, and each case adds a diagnostic. Numbers are formatted by ICU for the engine's
/// locale (grouping, decimal separator, the locale's digits); plural substitutions choose
/// their form with the engine's plural rules.
struct ArgumentFormatter {
    /// The locale, ICU handles, plural rules and isolation of this pass.
    let engine: FormatEngine
    let arguments: [ToastArgument]
    /// The catalog key being formatted, named in diagnostics about its plural forms.
    var key = ""
    var diagnostics: [ToastDiagnostic] = []
    /// The variation paths chosen, such as `plural.few` or `substitutions.n.plural.many`.
    var paths: [String] = []
    /// Set when a plural variation had neither the number's category nor `other`: the
    /// localizer then tries the next locale of its chain, as Apple falls back to the
    /// development language.
    var missingPluralForm = false
    /// Whether to record ``paths`` (building them costs string work).
    var recordsPaths = true
    private var next = 0
    private var depth = 0
    /// Substitutions expanded in this pass, and whether a bound stopped the expansion: the
    /// readers reject catalogs whose substitutions can expand past `CatalogLimits`, and a
    /// catalog built in code is held to the same bounds here.
    private var expansions = 0
    private var stoppedByLimit = false
    private var noted = Set<ToastDiagnostic>()

    var locale: LocaleTag { engine.locale }
    var services: ICUServices { engine.services }
    /// See ``FormatEngine/isolation``.
    var isolation: TextDirection? { engine.isolation }

    init(engine: FormatEngine, arguments: [ToastArgument]) {
        self.engine = engine
        if arguments.count > FormatString.maximumArguments {
            self.arguments = Array(arguments.prefix(FormatString.maximumArguments))
            diagnostics.append(ToastDiagnostic(.error, .formatUnsafe,
                "\(arguments.count) arguments given; only the first \(FormatString.maximumArguments) are used"))
        } else {
            self.arguments = arguments
        }
    }

    /// Chooses the form of `forms` for `argument` (see ``FormatEngine/pluralForm(_:for:fractionDigits:key:diagnostics:)``).
    mutating func pluralForm(_ forms: PluralForms, for argument: ToastArgument, fractionDigits: Int?) -> (CompiledValue, PluralCategory)? {
        engine.pluralForm(forms, for: argument, fractionDigits: fractionDigits, key: key, diagnostics: &diagnostics)
    }

    /// Formats a string that was not prepared (a key shown as itself, a default value).
    mutating func format(_ text: String) -> String {
        format(CompiledText(text), substitutions: [:])
    }

    mutating func format(_ text: CompiledText, substitutions: [String: CompiledSubstitution]) -> String {
        guard let tokens = text.tokens else { return text.text }
        var out = ""
        out.reserveCapacity(text.text.utf8.count + 16)
        for token in tokens {
            if out.utf8.count > CatalogLimits.standard.maximumExpandedLength {
                if !stoppedByLimit {
                    stoppedByLimit = true
                    note(.limit, "the text expands past \(CatalogLimits.standard.maximumExpandedLength) bytes; the rest is not shown")
                }
                break
            }
            switch token {
            case .literal(let literal): out += literal
            case .percent: out += "%"
            case .invalid(let raw): out += raw
            case .specifier(let spec):
                let value = render(spec)
                if let isolation, isolation.conflicts(with: value) {
                    out += "\u{2068}"
                    out += value
                    out += "\u{2069}"
                } else {
                    out += value
                }
            case .substitution(let name, let position):
                out += substitute(String(name), position: position, substitutions: substitutions)
            }
        }
        return out
    }

    /// Adds a diagnostic once: a text that repeats a problem thousands of times (a
    /// substitution named in every form) reports it once.
    private mutating func note(_ rule: RuleID, _ message: String) {
        let diagnostic = ToastDiagnostic(.error, rule, message)
        if noted.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    /// Whether argument `index` is within ``FormatString/maximumArguments``; if not, says so.
    private mutating func withinArgumentLimit(_ index: Int, _ written: some StringProtocol) -> Bool {
        guard index > FormatString.maximumArguments else { return true }
        note(.formatUnsafe, "\(written) reads argument \(index); at most \(FormatString.maximumArguments) arguments are supported")
        return false
    }

    private mutating func substitute(_ name: String, position: Int?, substitutions: [String: CompiledSubstitution]) -> String {
        let written = position.map { "%\($0)$#@\(name)@" } ?? "%#@\(name)@"
        guard let substitution = substitutions[name] else {
            note(.substitutionMissing, "\(written) names no substitution “\(name)”")
            return written
        }
        // Like any specifier, the token takes the next sequential slot unless it names one;
        // the substitution's argNum, when present, says which argument it reads.
        var index: Int
        if let position { index = position } else { next += 1; index = next }
        if let argNum = substitution.argNum { index = argNum }
        guard withinArgumentLimit(index, written) else { return written }
        guard index >= 1, index <= arguments.count else {
            note(.formatArgument, "\(written) reads argument \(index), but only \(arguments.count) were given")
            return written
        }
        guard arguments[index - 1].numericValue != nil else {
            note(.formatArgument, "\(written) selects a plural form by argument \(index), which is text")
            return arguments[index - 1].plainText
        }
        guard depth < SubstitutionExpansion.maximumDepth else {
            note(.substitutionDepth, "substitutions nest deeper than 8 levels at \(written)")
            return written
        }
        // Expansions inside forms are counted, as the readers count them.
        if depth > 0 { expansions += 1 }
        guard expansions <= CatalogLimits.standard.maximumSubstitutionExpansions, !stoppedByLimit else {
            if !stoppedByLimit {
                stoppedByLimit = true
                note(.limit, "substitutions expand more than \(CatalogLimits.standard.maximumSubstitutionExpansions) substitutions inside their forms; the rest is not shown")
            }
            return ""
        }
        let specifier = substitution.formatSpecifier
        let digits = substitution.fractionDigits
        guard let (form, category) = pluralForm(substitution.plural, for: arguments[index - 1], fractionDigits: digits) else {
            missingPluralForm = true
            return arguments[index - 1].plainText
        }
        guard let value = form.unit else { return arguments[index - 1].plainText }
        if recordsPaths { paths.append("substitutions.\(name).plural.\(category.rawValue)") }
        if substitution.isTextual {
            // .stringsdict: the form stands where the token stood; its specifiers read on from
            // the token's slot.
            if position == nil && substitution.argNum == nil { next = index - 1 }
            depth += 1
            let result = format(value, substitutions: substitutions)
            depth -= 1
            return result
        }
        var expanded = ""
        var rest = Substring(value.text)
        while let range = rest.firstRange(of: "%arg") {
            expanded += rest[..<range.lowerBound]
            expanded += "%\(index)$\(specifier)"
            rest = rest[range.upperBound...]
        }
        expanded += rest
        let savedNext = next
        depth += 1
        let result = format(CompiledText(expanded), substitutions: substitutions)
        depth -= 1
        next = savedNext
        return result
    }

    private mutating func render(_ spec: FormatSpecifier) -> String {
        let written = spec.text  // a Substring: no copy unless a diagnostic needs it
        if spec.conversion == "n" {
            note(.formatUnsafe, "\(written) writes to memory and is never formatted")
            return ""
        }
        if spec.widthFromArgument || spec.precisionFromArgument {
            note(.formatUnsafe, "\(written): widths and precisions taken from arguments (*) are not supported")
            return String(written)
        }
        let index: Int
        if let position = spec.argument { index = position } else { next += 1; index = next }
        guard withinArgumentLimit(index, written) else { return String(written) }
        guard index <= arguments.count else {
            note(.formatArgument, "\(written) reads argument \(index), but only \(arguments.count) were given")
            return String(written)
        }
        let argument = arguments[index - 1]
        var width = spec.width
        if let w = width, w > FormatString.maximumWidth {
            note(.formatUnsafe, "\(written): width \(w) is larger than \(FormatString.maximumWidth); ignored")
            width = nil
        }
        var precision = spec.precision
        if let p = precision, p > FormatString.maximumPrecision {
            note(.formatUnsafe, "\(written): precision \(p) is larger than \(FormatString.maximumPrecision); used \(FormatString.maximumPrecision)")
            precision = FormatString.maximumPrecision
        }
        let zeroPadded = spec.hasFlag(UInt8(ascii: "0")) && !spec.hasFlag(UInt8(ascii: "-"))
        let body = convert(spec, argument, width: width, precision: precision, written: written)
        // Like CoreFoundation: objects and C strings ignore width; integers in decimal are
        // zero-padded by the number formatter (grouping included); floats pad with spaces.
        guard let width, spec.argumentClass != .object, spec.argumentClass != .cString else { return body }
        let padding = width - body.count
        guard padding > 0 else { return body }
        if spec.hasFlag(UInt8(ascii: "-")) { return body + String(repeating: " ", count: padding) }
        let zeroFill = zeroPadded && (spec.conversion == "x" || spec.conversion == "X" || spec.conversion == "o" || spec.conversion == "O")
        return String(repeating: zeroFill ? "0" : " ", count: padding) + body
    }

    private mutating func mismatch(_ written: Substring, _ argument: ToastArgument) -> String {
        let kind = switch argument {
        case .int: "an integer"
        case .uint: "an unsigned integer"
        case .double, .float: "a floating-point number"
        case .string: "text"
        }
        note(.formatArgument, "\(written) does not take \(kind); showed the value as plain text")
        return argument.plainText
    }

    private mutating func convert(_ spec: FormatSpecifier, _ argument: ToastArgument, width: Int?, precision: Int?,
                                  written: Substring) -> String {
        switch (spec.argumentClass, argument) {
        case (.object, .string(let text)), (.cString, .string(let text)):
            // Untrusted text: with isolation on, its own isolates are balanced so that it can
            // not close ours, and controls are removed.
            return isolation == nil ? text : Sanitizer.clean(text, newlines: .keep)
        case (.signedInteger, .int(let v)), (.unsignedInteger, .int(let v)):
            return integer(v, spec, width: width)
        case (.signedInteger, .uint(let v)), (.unsignedInteger, .uint(let v)):
            return integer(Int64(bitPattern: v), spec, width: width)
        case (.floatingPoint, .double(let v)):
            return floating(v, spec, precision: precision)
        case (.floatingPoint, .float(let v)):
            return floating(Double(v), spec, precision: precision)
        case (.pointer, _), (.unsupported, _):
            note(.formatUnsafe, "\(written) is not supported")
            return String(written)
        default:
            return mismatch(written, argument)
        }
    }

    /// The width in bits of the C vararg a conversion reads: 8, 16, 32 or 64.
    private func bits(_ spec: FormatSpecifier) -> Int {
        if spec.conversion == "D" || spec.conversion == "U" || spec.conversion == "O" { return 64 }
        switch spec.lengthModifier {
        case .none: return 32
        case .h: return 16
        case .hh: return 8
        default: return 64
        }
    }

    /// The value a C vararg of the specifier's size holds.
    private func truncated(_ value: Int64, _ spec: FormatSpecifier) -> Int64 {
        switch bits(spec) {
        case 8: Int64(Int8(truncatingIfNeeded: value))
        case 16: Int64(Int16(truncatingIfNeeded: value))
        case 32: Int64(Int32(truncatingIfNeeded: value))
        default: value
        }
    }

    private func unsignedBits(_ value: Int64, _ spec: FormatSpecifier) -> UInt64 {
        switch bits(spec) {
        case 8: UInt64(UInt8(truncatingIfNeeded: value))
        case 16: UInt64(UInt16(truncatingIfNeeded: value))
        case 32: UInt64(UInt32(truncatingIfNeeded: value))
        default: UInt64(bitPattern: value)
        }
    }

    private func integer(_ value: Int64, _ spec: FormatSpecifier, width: Int?) -> String {
        switch spec.conversion {
        case "x": return String(unsignedBits(value, spec), radix: 16)
        case "X": return String(unsignedBits(value, spec), radix: 16, uppercase: true)
        case "o", "O": return String(unsignedBits(value, spec), radix: 8)
        case "c", "C":
            return Unicode.Scalar(UInt32(truncatingIfNeeded: value)).map { String(Character($0)) } ?? "\u{FFFD}"
        default:
            // CoreFoundation formats %u like %d (a negative value stays negative).
            var skeleton = spec.hasFlag(UInt8(ascii: "+")) ? "sign-always" : ""
            if let width, spec.hasFlag(UInt8(ascii: "0")), !spec.hasFlag(UInt8(ascii: "-")), width > 1 {
                skeleton += (skeleton.isEmpty ? "" : " ") + "integer-width/*" + String(repeating: "0", count: width)
            }
            let formatter = skeleton.isEmpty ? engine.integers : (try? services.numberFormatter(locale, skeleton: skeleton))
            let number = truncated(value, spec)
            return formatter?.format(number) ?? String(number)
        }
    }

    private func floating(_ value: Double, _ spec: FormatSpecifier, precision: Int?) -> String {
        let sign = spec.hasFlag(UInt8(ascii: "+")) ? " sign-always" : ""
        func fraction(_ digits: Int) -> String { digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits) }
        let skeleton: String
        switch spec.conversion {
        case "f", "F":
            skeleton = fraction(precision ?? 6) + sign
        case "e", "E":
            skeleton = "scientific/*ee/sign-always " + fraction(precision ?? 6) + sign
        case "a", "A":
            return hexFloat(value, uppercase: spec.conversion == "A")
        default:  // g, G: CoreFoundation's rule: fixed from 1e-4 up to and including 10^precision.
            let digits = max(precision ?? 6, 1)
            let significant = "@" + String(repeating: "#", count: digits - 1)
            let magnitude = abs(value)
            let fixed = value == 0 || !value.isFinite || (magnitude >= 1e-4 && magnitude <= Self.powerOfTen(digits))
            skeleton = (fixed ? significant : "scientific/*ee/sign-always " + significant) + sign
        }
        let formatter = try? services.numberFormatter(locale, skeleton: skeleton)
        return formatter?.format(value) ?? String(value)
    }

    private static func powerOfTen(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<min(exponent, 308) { result *= 10 }
        return result
    }

    /// `%a`: C's hexadecimal floating point, with the locale's decimal separator as
    /// CoreFoundation writes it (`0x1.8p+0`; German `0x1,8p+0`).
    private func hexFloat(_ value: Double, uppercase: Bool) -> String {
        if value.isNaN { return uppercase ? "NAN" : "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let negative = value.sign == .minus
        var significand = value.significandBitPattern
        var exponent = Int(value.exponent)
        var lead = "1"
        if value == 0 {
            lead = "0"; exponent = 0; significand = 0
        } else if value.isSubnormal {
            lead = "0"; exponent = -1022
        }
        var digits = String(significand, radix: 16)
        digits = String(repeating: "0", count: 13 - digits.count) + digits
        while digits.last == "0" { digits.removeLast() }
        let separator = decimalSeparator()
        var text = (negative ? "-" : "") + "0x" + lead + (digits.isEmpty ? "" : separator + digits) + "p" + (exponent >= 0 ? "+" : "") + String(exponent)
        if uppercase { text = text.uppercased() }
        return text
    }

    private func decimalSeparator() -> String {
        guard let sample = try? services.numberFormatter(locale, skeleton: ".0").format(0.5) else { return "." }
        let separator = sample.unicodeScalars.filter { $0.properties.numericType == nil && $0.properties.generalCategory != .format }
        return separator.isEmpty ? "." : String(String.UnicodeScalarView(separator))
    }
}
