/// A 1-based position in an input file; columns count Unicode scalars.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path as the caller gave it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// A problem found while reading a catalog, with where it is and what was expected.
///
/// Rendered the way compilers print diagnostics:
/// `Localizable.xcstrings:12:7: error: [json-syntax] expected ',' or '}' after an object member`
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// A stable rule id such as `json-syntax` or `xcstrings-schema`.
    public var rule: String
    /// What is wrong and what was expected.
    public var message: String
    /// The catalog key the problem is about, when there is one (duplicate keys, say).
    public var key: String?

    /// Creates an error.
    public init(location: SourceLocation, rule: String, message: String, key: String? = nil) {
        self.location = location
        self.rule = rule
        self.message = message
        self.key = key
    }

    /// `file:line:col: error: [rule] message`.
    public var description: String { "\(location): error: [\(rule)] \(message)" }

    /// The same problem reported as a warning: `file:line:col: warning: [rule] message`.
    public var warningDescription: String { "\(location): warning: [\(rule)] \(message)" }
}
