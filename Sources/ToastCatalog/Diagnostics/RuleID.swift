/// The stable id of a kind of diagnostic, printed in brackets (`[key-normalization]`) and used
/// in suppressions, baselines, SARIF and JSON output; an id is never renamed.
///
/// Every id is a static member, declared by the module that reports it: the catalog readers
/// and writers here, the localizer in ToastKit, `lint` in ToastLint. Code compares ids by
/// their members (`error.rule == .io`), never by spelling; ``init(rawValue:)`` reads an id a
/// user wrote (a configuration file, a suppression comment). A string literal is an id too,
/// for tests and tables.
public struct RuleID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The kebab-case id, such as `json-syntax`.
    public let rawValue: String

    /// The id spelled `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The id spelled `value`.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The kebab-case id.
    public var description: String { rawValue }

    /// Ids in the order of their spelling.
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

// MARK: - Reading and writing files

extension RuleID {
    /// A file or folder could not be read, listed or written.
    public static let io: RuleID = "io"
    /// A command was used in a way that cannot work (two outputs on one path, IN equal to OUT).
    public static let usage: RuleID = "usage"
    /// An input is over a limit (file size, nesting, string length, entry count).
    public static let limit: RuleID = "limit"
    /// ICU could not open what was asked (a collator, a formatter).
    public static let icu: RuleID = "icu"
    /// The file is not a catalog format ToastKit reads, or not the one a command expects.
    public static let unsupportedFormat: RuleID = "unsupported-format"
    /// A locale code that cannot be a path component or a BCP 47 tag.
    public static let invalidLocale: RuleID = "invalid-locale"
    /// A table name that cannot be a file name.
    public static let invalidTable: RuleID = "invalid-table"
    /// Two table names that differ only by case (one file on case-insensitive disks).
    public static let tableCaseClash: RuleID = "table-case-clash"
}

// MARK: - Catalog syntax and shape

extension RuleID {
    /// A String Catalog is not valid JSON.
    public static let jsonSyntax: RuleID = "json-syntax"
    /// A String Catalog is JSON but not in the shape Xcode writes.
    public static let xcstringsSchema: RuleID = "xcstrings-schema"
    /// A `.strings` file cannot be lexed.
    public static let stringsSyntax: RuleID = "strings-syntax"
    /// A `.strings` file's bytes are not valid in its encoding.
    public static let stringsEncoding: RuleID = "strings-encoding"
    /// An XML property list cannot be parsed.
    public static let plistSyntax: RuleID = "plist-syntax"
    /// A binary property list cannot be parsed.
    public static let bplistSyntax: RuleID = "bplist-syntax"
    /// A `.stringsdict` is a property list but not in the shape Foundation reads.
    public static let stringsdictSchema: RuleID = "stringsdict-schema"

    /// Whether the id says a file parsed but has the wrong shape (``xcstringsSchema``,
    /// ``stringsdictSchema``), rather than that it did not parse.
    public var isSchemaProblem: Bool { self == .xcstringsSchema || self == .stringsdictSchema }
}

// MARK: - Catalog content

extension RuleID {
    /// A key or member appears twice; the last one wins.
    public static let duplicateKey: RuleID = "duplicate-key"
    /// A key canonically equal to another but spelled with other scalars: two keys to
    /// Apple's runtime.
    public static let keyNormalization: RuleID = "key-normalization"
    /// A value Xcode or Foundation accepts but does not write.
    public static let nonstandardValue: RuleID = "nonstandard-value"
    /// A member ToastKit does not model; kept on rewrite.
    public static let unknownMember: RuleID = "unknown-member"
    /// A `.stringsdict` variable of a rule type other than plural; kept, not resolved.
    public static let unsupportedRuleType: RuleID = "unsupported-rule-type"
    /// A plural or device variation without `other`.
    public static let variationMissingOther: RuleID = "variation-missing-other"
    /// A translation missing for a locale.
    public static let missingTranslation: RuleID = "missing-translation"
    /// Something a conversion's target format cannot hold.
    public static let notConverted: RuleID = "not-converted"
    /// A `.strings` or `.stringsdict` file outside any `LOCALE.lproj` folder, read as the
    /// source language.
    public static let assumedLocale: RuleID = "assumed-locale"
    /// A conversion writes a table into a String Catalog of another name, which renames the
    /// table (a String Catalog's table is its file name).
    public static let tableRenamed: RuleID = "table-renamed"
}
