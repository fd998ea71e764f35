/// Something the localizer noticed while resolving a toast: a fallback, a missing key, a
/// format mismatch. Resolution always produces text; diagnostics say what went wrong.
public struct ToastDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious it is.
    public enum Severity: String, Sendable {
        /// The text could not be made as asked (a format argument of the wrong type).
        case error
        /// The text was made, with a fallback (a missing translation).
        case warning
        /// For information.
        case note
    }

    /// `error`, `warning` or `note`.
    public var severity: Severity
    /// A stable rule id: `missing-key`, `missing-translation`, `format-argument`…
    public var rule: String
    /// What happened, for people.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ rule: String, _ message: String) {
        self.severity = severity
        self.rule = rule
        self.message = message
    }

    /// `warning: [missing-translation] …`
    public var description: String { "\(severity.rawValue): [\(rule)] \(message)" }
}
