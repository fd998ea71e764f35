import ToastCatalog

// The ids of what the localizer reports while resolving a toast (``ToastDiagnostic``).
extension RuleID {
    /// No catalog has the key; the default value or the key itself is shown.
    public static let missingKey: RuleID = "missing-key"
    /// The catalog entry has no value for the locale.
    public static let missingValue: RuleID = "missing-value"
    /// A plural variation lacks the number's category; `other` is used.
    public static let variationMissingForm: RuleID = "variation-missing-form"
    /// Variations nest deeper than 8 levels.
    public static let variationDepth: RuleID = "variation-depth"
    /// A specifier that is never formatted (`%n`, `*` widths) or arguments over the limit.
    public static let formatUnsafe: RuleID = "format-unsafe"
    /// A specifier and its argument disagree, or the argument is missing.
    public static let formatArgument: RuleID = "format-argument"
    /// A `%#@name@` token names no substitution.
    public static let substitutionMissing: RuleID = "substitution-missing"
    /// Substitutions nest deeper than 8 levels.
    public static let substitutionDepth: RuleID = "substitution-depth"
}
