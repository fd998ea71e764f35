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
