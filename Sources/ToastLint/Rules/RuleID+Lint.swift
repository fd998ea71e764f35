import ToastCatalog

// The ids of lint's rules (see ``LintRule/all`` for each one's severity, summary and help),
// and of problems with lint's own inputs.
extension RuleID {
    /// The file cannot be parsed: a syntax error, invalid JSON or plist, or undecodable bytes.
    public static let parseError: RuleID = "parse-error"
    /// The file parses but does not have the shape Xcode and Foundation read.
    public static let schemaViolation: RuleID = "schema-violation"
    /// An identifier-like key has no value in the source language, so users would see the key.
    public static let missingSourceValue: RuleID = "missing-source-value"
    /// The translation is empty or only whitespace while the source is not.
    public static let emptyTranslation: RuleID = "empty-translation"
    /// A translation needs review, or an entry is stale (no longer found in the code).
    public static let reviewState: RuleID = "review-state"
    /// A translation nothing uses: a key absent from the source table, a locale outside the project, or text for an entry that must not be translated.
    public static let obsoleteTranslation: RuleID = "obsolete-translation"
    /// The translation equals the source text (product names, acronyms, do-not-translate terms and words one script shares aside).
    public static let unchangedTranslation: RuleID = "unchanged-translation"
    /// A format specifier is invalid: a bad token, a malformed substitution token, % @ for %@, %n, %0$, positional and plain specifiers mixed, or a gap in the positions.
    public static let formatSyntax: RuleID = "format-syntax"
    /// Prose forms a format specifier the source does not have, such as "% d" or "100%i".
    public static let accidentalSpecifier: RuleID = "accidental-specifier"
    /// The translation reads an argument the source does not pass (a specifier added to a plain text included), drops one it does, or hard-codes the count in a plural form that covers several numbers.
    public static let placeholderMismatch: RuleID = "placeholder-mismatch"
    /// One argument is read with another type class than the source's (a number as an object, say): a crash.
    public static let formatTypeMismatch: RuleID = "format-type-mismatch"
    /// One argument is read with another size or signedness than the source's (%d for %lld).
    public static let formatLengthMismatch: RuleID = "format-length-mismatch"
    /// Plain specifiers appear in another order than the source's, so arguments of other types are read in their place.
    public static let reorderedWithoutPositions: RuleID = "reordered-without-positions"
    /// A source string has two or more plain specifiers, so translators cannot reorder them.
    public static let sourceNotPositional: RuleID = "source-not-positional"
    /// A %#@name@ substitution is undefined, points at a bad argument, has a bad or mismatched specifier, or is never used.
    public static let substitutionMismatch: RuleID = "substitution-mismatch"
    /// A plural category the locale's numbers reach has no form.
    public static let pluralMissingCategory: RuleID = "plural-missing-category"
    /// A plural form no number of this locale and argument kind selects.
    public static let pluralUnreachableCategory: RuleID = "plural-unreachable-category"
    /// The source varies by plural but the translation is one flat text that shows the count, in a language with several forms.
    public static let pluralShapeMismatch: RuleID = "plural-shape-mismatch"
    /// Leading or trailing whitespace (except a space a CJK or Hangul edge drops), or the count of newlines, literal backslash-n or tabs, differs from the source.
    public static let whitespaceMismatch: RuleID = "whitespace-mismatch"
    /// The translation has control characters the source lacks (ESC, C0, C1, DEL, U+FFFD; invisible ones as warnings).
    public static let controlCharacter: RuleID = "control-character"
    /// A bidi embedding or override (U+202A–U+202E), or an unbalanced isolate (U+2066–U+2069).
    public static let bidiControl: RuleID = "bidi-control"
    /// Markup tags (known HTML tags, closing or self-closing tags, tags with attributes) differ from the source's or are unbalanced; Markdown link targets or emphasis differ (warning).
    public static let markupMismatch: RuleID = "markup-mismatch"
    /// A URL or a do-not-translate term (.toastkit-lint.json) of the source is not kept verbatim.
    public static let preservedToken: RuleID = "preserved-token"
    /// An `.lproj` table has no source-language (or `Base.lproj`) file among the files linted, so nothing was compared.
    public static let noSourceTable: RuleID = "no-source-table"
    /// End punctuation, an ellipsis, a colon or a question mark of the source is missing or changed in the translation.
    public static let punctuationMismatch: RuleID = "punctuation-mismatch"
    /// A string with placeholders or of one or two words has no comment for translators.
    public static let missingComment: RuleID = "missing-comment"
    /// A line of the text is wider, in terminal cells, than the budget configured for its key.
    public static let widthBudget: RuleID = "width-budget"
    /// The lint configuration file (`.toastkit-lint.json`) cannot be used.
    public static let lintConfig: RuleID = "lint-config"
    /// The lint baseline file cannot be read or written.
    public static let lintBaseline: RuleID = "lint-baseline"
}
