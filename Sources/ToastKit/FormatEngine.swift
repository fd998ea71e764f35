import ToastCatalog
import ToastICU

/// Formats Apple format strings (`%@ %d %lld %.2f %e %g %x %c %%`, positional `%2$@`) with
/// typed arguments, as `String(format:locale:)` does on Apple platforms, with numbers from
/// ICU for the locale.
///
/// It never crashes and never allocates without bound: a specifier that disagrees with its
/// argument shows the argument as plain text, a missing argument leaves the specifier as
/// written, `%n` prints nothing, `*` widths are refused, widths over 1024 and precisions over
/// 64 are clamped; each case adds a diagnostic.
///
/// ```swift
/// let engine = FormatEngine(locale: LocaleTag("de")!)
/// engine.format("%lld Dateien, %.1f MB", [.int(1234), .double(2.25)]).text  // "1.234 Dateien, 2,2 MB"
/// ```
///
/// Like CoreFoundation: `%d`, `%i` and `%u` read 32 bits and `%hd`/`%hhd` 16 and 8 (`%ld`,
/// `%lld` 64); `%u` of a negative value prints it signed; `%@` and `%s` ignore width and
/// precision; `%05d` pads through the grouping (`00,042`); floats pad with spaces even with
/// the `0` flag; `%g` is fixed from 10⁻⁴ up to and including 10^precision, else scientific.
///
/// The ``Localizer`` formats every catalog value through an engine of the value's locale, so
/// what this type documents is what toasts show; it adds the catalog's plural and device
/// variations, and isolates interpolated values whose direction conflicts with the text.
public struct FormatEngine: Sendable {
    /// The locale numbers are formatted for.
    public let locale: LocaleTag
    /// Shared ICU handles.
    public let services: ICUServices
    /// The plural rules of ``locale`` (from ``services``' cache, opened on first use); `nil`
    /// when ICU has none. Asked for only when a plural form is chosen: a text without one
    /// opens no rules (opening them and a number formatter for every engine was a tenth of
    /// `toastkit show` in French).
    var pluralRules: PluralRules? { try? services.pluralRules(locale) }
    /// The default integer formatter of ``locale``, from ``services``' cache, opened on first use.
    var integers: ICUNumberFormatter? { try? services.numberFormatter(locale) }
    /// The paragraph direction of the text formatted: when set, text arguments are sanitized
    /// and every interpolated value whose direction conflicts with it (R, AL or AN in
    /// left-to-right text, L in right-to-left text) is wrapped in FSI … PDI.
    let isolation: TextDirection?

    /// Creates an engine.
    public init(locale: LocaleTag, services: ICUServices = ICUServices()) {
        self.init(locale: locale, services: services, isolation: nil)
    }

    /// An engine that isolates values against a paragraph of `isolation`.
    init(locale: LocaleTag, services: ICUServices, isolation: TextDirection?) {
        self.locale = locale
        self.services = services
        self.isolation = isolation
    }

    /// Formats `format` with `arguments`.
    public func format(_ format: String, _ arguments: [ToastArgument]) -> (text: String, diagnostics: [ToastDiagnostic]) {
        var formatter = ArgumentFormatter(engine: self, arguments: arguments)
        let text = formatter.format(format)
        return (text, formatter.diagnostics)
    }

    /// Chooses a plural form: `zero` for 0 when present (Apple's rule, any language), else
    /// the CLDR category of the number as displayed (integers as integers; floating-point
    /// values with the visible fraction digits of their specifier: 1.0 is `other` in
    /// English), else `other`; `nil`, with a diagnostic naming `key`, when there is no
    /// `other` either.
    func pluralForm(_ forms: PluralForms, for argument: ToastArgument, fractionDigits: Int?, key: String,
                    diagnostics: inout [ToastDiagnostic]) -> (CompiledValue, PluralCategory)? {
        let number = argument.numericValue ?? 0
        if number == 0, let zero = forms[.zero] { return (zero, .zero) }
        var category = PluralCategory.other
        if let rules = pluralRules {
            switch argument {
            case .int(let v): category = rules.category(for: v)
            case .uint(let v): category = v <= UInt64(Int64.max) ? rules.category(for: Int64(v)) : rules.category(forDouble: Double(v))
            case .double, .float:
                category = rules.category(for: number, fractionDigits: fractionDigits ?? Self.visibleFractionDigits(of: number),
                                          services: services)
            case .string: category = rules.category(for: 0)
            }
        }
        if let form = forms[category] { return (form, category) }
        if let other = forms[.other] {
            if category != .other {
                diagnostics.append(ToastDiagnostic(.warning, .variationMissingForm,
                    "“\(key)” has no “\(category.rawValue)” form in \(locale.identifier); used “other”"))
            }
            return (other, .other)
        }
        diagnostics.append(ToastDiagnostic(.warning, .variationMissingOther,
            "“\(key)” has no “\(category.rawValue)” and no “other” plural form in \(locale.identifier); falling back"))
        return nil
    }

    /// The fraction digits of the shortest decimal text of `number` (`1.5` → 1, `2.0` → 0), for
    /// a floating-point argument whose forms format no float.
    static func visibleFractionDigits(of number: Double) -> Int {
        guard number.isFinite, number != number.rounded() else { return 0 }
        let text = String(number)
        guard !text.contains("e"), let dot = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: dot, to: text.endIndex) - 1
    }
}
