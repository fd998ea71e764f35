/// A typed value for a format specifier in a localized string.
public enum ToastArgument: Sendable, Hashable {
    /// A signed integer: `%lld`.
    case int(Int64)
    /// An unsigned integer: `%llu`.
    case uint(UInt64)
    /// A double: `%lf`.
    case double(Double)
    /// A float: `%f`.
    case float(Float)
    /// Text or any other value: `%@`.
    case string(String)

    /// The conversion Apple's tooling writes into the extracted key for this value.
    public var keySpecifier: String {
        switch self {
        case .int: "%lld"
        case .uint: "%llu"
        case .double: "%lf"
        case .float: "%f"
        case .string: "%@"
        }
    }

    /// The number this argument holds, for plural selection; `nil` for text.
    public var numericValue: Double? {
        switch self {
        case .int(let v): Double(v)
        case .uint(let v): Double(v)
        case .double(let v): v
        case .float(let v): Double(v)
        case .string: nil
        }
    }

    /// Whether the argument is a `double` or `float`.
    public var isFloatingPoint: Bool {
        switch self {
        case .double, .float: true
        default: false
        }
    }

    /// The value as plain text, without any locale formatting.
    public var plainText: String {
        switch self {
        case .int(let v): String(v)
        case .uint(let v): String(v)
        case .double(let v): String(v)
        case .float(let v): String(v)
        case .string(let v): v
        }
    }

    /// The text a `%@` shows for this argument in a resolved toast (``Localizer`` isolates
    /// arguments by default): for text, the value with escape sequences and unsafe controls
    /// removed (line feeds kept); `nil` for numbers, which are formatted for the locale.
    ///
    /// ```swift
    /// ToastArgument.string("a\u{1B}[31mb").shownText  // "ab"
    /// ```
    public var shownText: String? {
        guard case .string(let text) = self else { return nil }
        return Sanitizer.clean(text, newlines: .keep)
    }
}
