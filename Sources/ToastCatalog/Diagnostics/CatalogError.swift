/// A problem that stopped reading or writing a catalog, with where it is and what was expected.
///
/// Rendered the way compilers print diagnostics:
/// `Localizable.xcstrings:12:7: error: [json-syntax] expected ',' or '}' after an object member`
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// The rule: ``RuleID/jsonSyntax``, ``RuleID/xcstringsSchema``, ``RuleID/io``…
    public var rule: RuleID
    /// What is wrong and what was expected.
    public var message: String
    /// The catalog key the problem is about, when there is one.
    public var key: String?

    /// Creates an error.
    public init(location: SourceLocation, rule: RuleID, message: String, key: String? = nil) {
        self.location = location
        self.rule = rule
        self.message = message
        self.key = key
    }

    /// `file:line:col: error: [rule] message`.
    public var description: String { "\(location): error: [\(rule)] \(message)" }
}

/// A problem that did not stop reading a catalog (a duplicate key, a nonstandard value, a key
/// spelled two ways), or something a conversion could not carry over.
///
/// Rendered as `file:line:col: warning: [rule] message`.
public struct CatalogWarning: Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// The rule: ``RuleID/duplicateKey``, ``RuleID/keyNormalization``, ``RuleID/notConverted``…
    public var rule: RuleID
    /// What is wrong, and what ToastKit did about it.
    public var message: String
    /// The catalog key the problem is about, when there is one.
    public var key: String?

    /// Creates a warning.
    public init(location: SourceLocation, rule: RuleID, message: String, key: String? = nil) {
        self.location = location
        self.rule = rule
        self.message = message
        self.key = key
    }

    /// `file:line:col: warning: [rule] message`.
    public var description: String { "\(location): warning: [\(rule)] \(message)" }
}
