import ToastCatalog
/// One check of `toastkit lint`. Rule ids are stable: they appear in diagnostics,
/// suppressions, baselines and SARIF, so a rule is never renamed.
public struct LintRule: Sendable, Hashable {
    /// The stable id, such as ``RuleID/placeholderMismatch``.
    public let id: RuleID
    /// The severity used when the configuration does not say otherwise.
    public let defaultSeverity: Severity
    /// The group in validation-checks.md: integrity, lifecycle, format, plural or text.
    public let group: String
    /// One sentence: what the rule catches.
    public let summary: String
    /// How to fix a finding.
    public let help: String

    /// Every rule, in the order of validation-checks.md §2 (plus `assumed-locale` and `width-budget`).
    public static let all: [LintRule] = [
        LintRule(id: .parseError, defaultSeverity: .error, group: "integrity",
                 summary: "The file cannot be parsed: a syntax error, invalid JSON or plist, or undecodable bytes.",
                 help: "Fix the syntax at the location given; the rest of the file is not checked until it parses."),
        LintRule(id: .schemaViolation, defaultSeverity: .error, group: "integrity",
                 summary: "The file parses but does not have the shape Xcode and Foundation read.",
                 help: "Use only the members, plural categories and device names of the String Catalog / stringsdict format."),
        LintRule(id: .nonstandardValue, defaultSeverity: .warning, group: "integrity",
                 summary: "Accepted, but not what Xcode writes: an unknown version, state, extraction state or member, or an odd stringsdict spelling.",
                 help: "Write the value Xcode writes; unknown members are kept when ToastKit rewrites the file."),
        LintRule(id: .assumedLocale, defaultSeverity: .note, group: "integrity",
                 summary: "A .strings or .stringsdict file outside any LOCALE.lproj folder is read as the source language.",
                 help: "Nothing to fix if the file holds source-language text; otherwise move it into its LOCALE.lproj folder, or give --source-language."),
        LintRule(id: .noSourceTable, defaultSeverity: .warning, group: "integrity",
                 summary: "An .lproj table has no source-language (or Base.lproj) file among the files linted, so nothing was compared.",
                 help: "Lint the folder that holds the source language's .lproj folder as well, or give --source-language."),
        LintRule(id: .duplicateKey, defaultSeverity: .error, group: "integrity",
                 summary: "A key or JSON member appears twice; readers keep only the last one.",
                 help: "Delete one of the two, keeping the value you want."),
        LintRule(id: .missingSourceValue, defaultSeverity: .error, group: "lifecycle",
                 summary: "An identifier-like key has no value in the source language, so users would see the key.",
                 help: "Add the source-language text for this key."),
        LintRule(id: .missingTranslation, defaultSeverity: .error, group: "lifecycle",
                 summary: "A source string has no translation (or one in state new) in a target locale that does not fall back to one (en-GB to en, pt-PT to pt).",
                 help: "Translate it, or mark the entry shouldTranslate: false if it must stay as is."),
        LintRule(id: .emptyTranslation, defaultSeverity: .error, group: "lifecycle",
                 summary: "The translation is empty or only whitespace while the source is not.",
                 help: "Translate the text, or remove the empty value so the source is used."),
        LintRule(id: .reviewState, defaultSeverity: .warning, group: "lifecycle",
                 summary: "A translation needs review, or an entry is stale (no longer found in the code).",
                 help: "Review the translation and mark it translated; delete a stale entry or mark it manual."),
        LintRule(id: .obsoleteTranslation, defaultSeverity: .warning, group: "lifecycle",
                 summary: "A translation nothing uses: a key absent from the source table, a locale outside the project, or text for an entry that must not be translated.",
                 help: "Delete the translation."),
        LintRule(id: .unchangedTranslation, defaultSeverity: .note, group: "lifecycle",
                 summary: "The translation equals the source text (product names, acronyms, do-not-translate terms and words one script shares aside).",
                 help: "Translate it, or add the term to doNotTranslate in .toastkit-lint.json."),
        LintRule(id: .formatSyntax, defaultSeverity: .error, group: "format",
                 summary: "A format specifier is invalid: a bad token, a malformed substitution token, % @ for %@, %n, %0$, positional and plain specifiers mixed, or a gap in the positions.",
                 help: "Write a valid specifier (%@, %lld, %1$@ …) and %% for a literal percent sign."),
        LintRule(id: .accidentalSpecifier, defaultSeverity: .error, group: "format",
                 summary: "Prose forms a format specifier the source does not have, such as \"% d\" or \"100%i\".",
                 help: "Write %% for a literal percent sign."),
        LintRule(id: .placeholderMismatch, defaultSeverity: .error, group: "format",
                 summary: "The translation reads an argument the source does not pass (a specifier added to a plain text included), drops one it does, or hard-codes the count in a plural form that covers several numbers.",
                 help: "Use exactly the source's placeholders; only a single-number plural form (en one = 1) may omit the count."),
        LintRule(id: .formatTypeMismatch, defaultSeverity: .error, group: "format",
                 summary: "One argument is read with another type class than the source's (a number as an object, say): a crash.",
                 help: "Use the source's specifier for this argument."),
        LintRule(id: .formatLengthMismatch, defaultSeverity: .warning, group: "format",
                 summary: "One argument is read with another size or signedness than the source's (%d for %lld).",
                 help: "Use the source's specifier, size modifier included."),
        LintRule(id: .reorderedWithoutPositions, defaultSeverity: .error, group: "format",
                 summary: "Plain specifiers appear in another order than the source's, so arguments of other types are read in their place.",
                 help: "Number the specifiers (%1$@, %2$lld) to reorder them."),
        LintRule(id: .sourceNotPositional, defaultSeverity: .warning, group: "format",
                 summary: "A source string has two or more plain specifiers, so translators cannot reorder them.",
                 help: "Number the specifiers in the source (%1$@, %2$@)."),
        LintRule(id: .substitutionMismatch, defaultSeverity: .error, group: "format",
                 summary: "A %#@name@ substitution is undefined, points at a bad argument, has a bad or mismatched specifier, or is never used.",
                 help: "Define each %#@name@ in substitutions (or the stringsdict variable) with the source's argNum and specifier."),
        LintRule(id: .pluralMissingCategory, defaultSeverity: .error, group: "plural",
                 summary: "A plural category the locale's numbers reach has no form.",
                 help: "Add the form; the message lists sample numbers for it."),
        LintRule(id: .pluralUnreachableCategory, defaultSeverity: .warning, group: "plural",
                 summary: "A plural form no number of this locale and argument kind selects.",
                 help: "Delete the form (zero is always allowed)."),
        LintRule(id: .variationMissingOther, defaultSeverity: .error, group: "plural",
                 summary: "A plural or device variation has no other form, which every other number or device falls back to.",
                 help: "Add an other form."),
        LintRule(id: .pluralShapeMismatch, defaultSeverity: .warning, group: "plural",
                 summary: "The source varies by plural but the translation is one flat text that shows the count, in a language with several forms.",
                 help: "Vary the translation by plural too."),
        LintRule(id: .whitespaceMismatch, defaultSeverity: .warning, group: "text",
                 summary: "Leading or trailing whitespace (except a space a CJK or Hangul edge drops), or the count of newlines, literal backslash-n or tabs, differs from the source.",
                 help: "Keep the source's surrounding whitespace and line structure."),
        LintRule(id: .controlCharacter, defaultSeverity: .error, group: "text",
                 summary: "The translation has control characters the source lacks (ESC, C0, C1, DEL, U+FFFD; invisible ones as warnings).",
                 help: "Delete the character; a terminal may execute it."),
        LintRule(id: .bidiControl, defaultSeverity: .error, group: "text",
                 summary: "A bidi embedding or override (U+202A–U+202E), or an unbalanced isolate (U+2066–U+2069).",
                 help: "Use paired isolates (U+2068 … U+2069) or LRM/RLM instead."),
        LintRule(id: .markupMismatch, defaultSeverity: .error, group: "text",
                 summary: "Markup tags (known HTML tags, closing or self-closing tags, tags with attributes) differ from the source's or are unbalanced; Markdown link targets or emphasis differ (warning).",
                 help: "Keep the source's tags and link targets; translate only the text between them."),
        LintRule(id: .preservedToken, defaultSeverity: .warning, group: "text",
                 summary: "A URL or a do-not-translate term (.toastkit-lint.json) of the source is not kept verbatim.",
                 help: "Copy the URL or term from the source unchanged; add a term that must not change to doNotTranslate."),
        LintRule(id: .punctuationMismatch, defaultSeverity: .warning, group: "text",
                 summary: "The translation ends with other punctuation than the source (full stop, ellipsis, question mark, colon), in the locale's own marks (ja 。, ar ؟, el ;, hi ।), or misses Spanish ¿ or French spacing.",
                 help: "End the text as the source does, with the locale's own mark."),
        LintRule(id: .missingComment, defaultSeverity: .warning, group: "text",
                 summary: "A string with placeholders or of one or two words has no comment for translators.",
                 help: "Add a comment that says where the text appears and what each placeholder holds."),
        LintRule(id: .widthBudget, defaultSeverity: .warning, group: "text",
                 summary: "A line of the text is wider, in terminal cells, than the budget configured for its key.",
                 help: "Shorten the text, or raise widthBudgets in .toastkit-lint.json."),
    ]

    /// The rule with an id, or `nil`.
    public static func named(_ id: RuleID) -> LintRule? { place(of: id).map { all[Int($0)] } }

    /// The rule whose id is spelled `name` (as a user writes it in a configuration or a
    /// suppression), or `nil`.
    public static func named(_ name: String) -> LintRule? { named(RuleID(rawValue: name)) }

    /// The place in ``all`` of the rule with an id, or `nil`: a finding's rule noted in a byte
    /// (there are fewer than 256 rules) rather than as the rule (four strings to hold).
    static func place(of id: RuleID) -> UInt8? { placeByID[id] }

    private static let placeByID: [RuleID: UInt8] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($0.element.id, UInt8($0.offset)) })
}
