/// The bounds every catalog reader enforces, so that a hostile or broken file gives a clear
/// error instead of exhausting memory or the stack.
///
/// Each bound that is crossed throws a ``CatalogError`` with the rule `limit`, located at the
/// offending file (size), opening bracket (nesting) or opening quote (string length):
///
/// ```
/// Big.xcstrings:1:1: error: [limit] the file is 300000000 bytes; the limit is 268435456 (--max-file-size)
/// Deep.xcstrings:1:513: error: [limit] nesting deeper than 512 levels
/// Long.xcstrings:4:18: error: [limit] a string longer than 1048576 bytes
/// Laughs.xcstrings:3:5: error: [limit] the substitutions of “bomb” (en) can expand to 3187671040 bytes; the limit is 1048576 (substitutions that name each other several times per form)
/// ```
///
/// The defaults are far above anything a real catalog holds (the largest string in the
/// corpus of public apps is under 4 KB, the deepest nesting 9 levels).
public struct CatalogLimits: Sendable, Hashable {
    /// The largest file read, in bytes (default 256 MB; `toastkit --max-file-size`).
    public var maximumFileSize: Int
    /// The deepest nesting of JSON arrays and objects or property-list containers (default 512).
    public var maximumDepth: Int
    /// The longest single string (a key, value or comment), in UTF-8 bytes after escapes are
    /// decoded (default 1 MB).
    public var maximumStringLength: Int
    /// The most bytes one localization's substitutions can print in the worst case, every
    /// `%#@name@` replaced by its largest form, 8 levels deep (default 1 MB).
    public var maximumExpandedLength: Int
    /// The most substitutions one resolution of a localization can expand inside other
    /// substitutions' forms in the worst case (default 10,000): bounds the fan-out of forms that
    /// name other substitutions many times. The tokens of the localization's own text are not
    /// counted (an entry may name thousands of substitutions once each).
    public var maximumSubstitutionExpansions: Int

    /// Creates limits; the defaults are ``standard``'s.
    public init(maximumFileSize: Int = 256 * 1024 * 1024, maximumDepth: Int = 512,
                maximumStringLength: Int = 1024 * 1024, maximumExpandedLength: Int = 1024 * 1024,
                maximumSubstitutionExpansions: Int = 10_000) {
        self.maximumFileSize = max(0, maximumFileSize)
        self.maximumDepth = max(1, maximumDepth)
        self.maximumStringLength = max(0, maximumStringLength)
        self.maximumExpandedLength = max(0, maximumExpandedLength)
        self.maximumSubstitutionExpansions = max(0, maximumSubstitutionExpansions)
    }

    /// 256 MB files, 512 levels, 1 MB strings, substitutions that expand to at most 1 MB and
    /// 10,000 times inside their forms.
    public static let standard = CatalogLimits()

    /// The error for a string that crosses ``maximumStringLength``.
    func stringTooLong(at location: SourceLocation) -> CatalogError {
        CatalogError(location: location, rule: .limit, message: "a string longer than \(maximumStringLength) bytes")
    }

    /// The error for nesting that crosses ``maximumDepth``.
    func tooDeep(at location: SourceLocation) -> CatalogError {
        CatalogError(location: location, rule: .limit, message: "nesting deeper than \(maximumDepth) levels")
    }
}
