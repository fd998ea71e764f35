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
public struct FormatEngine: Sendable {
    /// The locale numbers are formatted for.
    public let locale: LocaleTag
    /// Shared ICU handles.
    public let services: ICUServices

    /// Creates an engine.
    public init(locale: LocaleTag, services: ICUServices = ICUServices()) {
        self.locale = locale
        self.services = services
    }

    /// Formats `format` with `arguments`.
    public func format(_ format: String, _ arguments: [ToastArgument]) -> (text: String, diagnostics: [ToastDiagnostic]) {
        var formatter = ArgumentFormatter(locale: locale, services: services, arguments: arguments)
        let text = formatter.format(format)
        return (text, formatter.diagnostics)
    }
}
