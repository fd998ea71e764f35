/// A problem found in a catalog, with where it is and what was expected; `Kind` says whether
/// it stopped the work (``CatalogError``) or not (``CatalogWarning``). The two are distinct
/// types with one shape: only an error can be thrown.
///
/// Rendered the way compilers print diagnostics:
/// `Localizable.xcstrings:12:7: error: [json-syntax] expected ',' or '}' after an object member`
public struct CatalogDiagnostic<Kind: CatalogDiagnosticKind>: Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// The rule: ``RuleID/jsonSyntax``, ``RuleID/duplicateKey``, ``RuleID/io``…
    public var rule: RuleID
    /// What is wrong and what was expected (or, for a warning, what ToastKit did about it).
    public var message: String
    /// The catalog key the problem is about, when there is one.
    public var key: String?

    /// Creates a diagnostic.
    public init(location: SourceLocation, rule: RuleID, message: String, key: String? = nil) {
        self.location = location
        self.rule = rule
        self.message = message
        self.key = key
    }

    /// `file:line:col: error: [rule] message` (`warning:` for a warning), one line: input
    /// text in the path or the message shows its controls, bidi controls and separators as
    /// `<U+XXXX>`, and the line cannot begin a GitHub workflow command.
    public var description: String {
        "\(CodePoint.visibleLineStart(location.description)): \(Kind.severity.rawValue): [\(rule)] \(CodePoint.visible(message))"
    }
}

/// What a ``CatalogDiagnostic`` is: ``CatalogErrorKind`` or ``CatalogWarningKind``.
public protocol CatalogDiagnosticKind: Sendable {
    /// The word printed before the rule.
    static var severity: Severity { get }
}

/// A problem that stopped reading or writing a catalog.
public enum CatalogErrorKind: CatalogDiagnosticKind {
    /// `error`.
    public static var severity: Severity { .error }
}

/// A problem that did not stop reading (a duplicate key, a nonstandard value, a key spelled
/// two ways), or something a conversion could not carry over.
public enum CatalogWarningKind: CatalogDiagnosticKind {
    /// `warning`.
    public static var severity: Severity { .warning }
}

/// A problem that stopped reading or writing a catalog; thrown.
public typealias CatalogError = CatalogDiagnostic<CatalogErrorKind>

/// A problem that did not stop reading a catalog, or that a conversion reports.
public typealias CatalogWarning = CatalogDiagnostic<CatalogWarningKind>

extension CatalogDiagnostic: Error where Kind == CatalogErrorKind {}
