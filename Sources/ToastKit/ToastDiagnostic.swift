import ToastCatalog

/// Something the localizer noticed while resolving a toast: a fallback, a missing key, a
/// format mismatch. Resolution always produces text; diagnostics say what went wrong.
public struct ToastDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// `error`, `warning` or `note`.
    public var severity: Severity
    /// A stable rule id: `missing-key`, `missing-translation`, `format-argument`…
    public var rule: RuleID
    /// What happened, for people.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ rule: RuleID, _ message: String) {
        self.severity = severity
        self.rule = rule
        self.message = message
    }

    /// `warning: [missing-translation] …`, with input text's controls, bidi controls and
    /// separators shown as `<U+XXXX>`.
    public var description: String { "\(severity.rawValue): [\(rule)] \(CodePoint.visible(message))" }
}
