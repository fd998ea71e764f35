import ToastCatalog
import ToastICU
import ToastKit

/// Something the locale matrix found in a cell or in a toast × locale block.
public struct MatrixFinding: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is; the raw value is the stable id in every output.
    public enum Kind: String, Sendable, CaseIterable, Hashable {
        /// A text fell back to another locale, a default value or its key (a missing translation).
        case fallback
        /// The localizer reported a format problem (specifiers against arguments, a missing
        /// plural or device form, nesting).
        case format
        /// A line is wider than the role's width budget.
        case widthBudget = "width-budget"
        /// The toast wraps onto more lines than the role's line budget.
        case wrap
        /// Text of the toast is missing from the rendered lines (cut at the line budget).
        case textCut = "text-cut"
        /// An interpolated value whose direction conflicts with the paragraph is not isolated.
        case bidiIsolation = "bidi-isolation"
        /// A plural form of a value that no sample of the locale reaches.
        case unreachedVariant = "unreached-variant"
        /// An argument the source-language text shows is missing from the rendered text
        /// (a translation that dropped `%@`, or a plural form that spells out a number
        /// other numbers of its category also select).
        case droppedArgument = "dropped-argument"

        /// The default severity, the same as lint gives the same defect: `format` is an error
        /// as lint's `placeholder-mismatch` and `plural-missing-category` are (a missing form is
        /// only reported in the cell whose sample reaches it); `fallback` a warning as lint's
        /// `missing-translation` is outside CI; `unreached-variant` a warning as
        /// `plural-unreachable-category` is.
        public var severity: Severity {
            switch self {
            case .fallback, .wrap, .unreachedVariant: .warning
            case .format, .widthBudget, .textCut, .bidiIsolation, .droppedArgument: .error
            }
        }
    }

    /// The kind.
    public var kind: Kind
    /// `error`, `warning` or `note`.
    public var severity: Severity
    /// The text concerned (`message`, `action 2`), when one is.
    public var field: String?
    /// What happened, for people.
    public var message: String

    /// Creates a finding.
    public init(_ kind: Kind, severity: Severity? = nil, field: String? = nil, message: String) {
        self.kind = kind
        self.severity = severity ?? kind.severity
        self.field = field
        self.message = message
    }

    /// `warning: [fallback] message: …`, with input text's controls, bidi controls and
    /// separators shown as `<U+XXXX>`.
    public var description: String {
        "\(severity.rawValue): [\(kind.rawValue)] " + CodePoint.visible((field.map { "\($0): " } ?? "") + message)
    }
}

/// One toast rendered in one locale for one plural sample and device class.
public struct MatrixCell: Sendable, Hashable {
    /// The toast's id.
    public var toast: String
    /// The locale the toast was resolved for.
    public var locale: LocaleTag
    /// The plural category sampled (`zero` for Apple's zero cell); `nil` when the toast has
    /// no number.
    public var category: PluralCategory?
    /// The sample number as text (`1`, `0`, `2.5`); `nil` when the toast has no number.
    public var number: String?
    /// The device class (`iphone`, `mac`, `other`); `nil` when no text has device variations.
    public var device: String?
    /// The rendered lines.
    public var lines: [String]
    /// The widest line in terminal cells.
    public var widest: Int
    /// The paragraph direction.
    public var direction: TextDirection
    /// What the checks found.
    public var findings: [MatrixFinding]

    /// Line breaks the presenter added (lines minus one).
    public var wraps: Int { max(lines.count - 1, 0) }

    /// `one · 1 · iphone`; empty when the cell has neither sample nor device.
    public var sampleLabel: String {
        var parts: [String] = []
        if let category { parts.append(category.rawValue) }
        if let number { parts.append(number) }
        if let device { parts.append(device) }
        return parts.joined(separator: " · ")
    }
}

/// One toast in one locale: its cells (one per plural sample and device class) and the
/// findings that concern them together.
public struct MatrixBlock: Sendable, Hashable {
    /// The toast's id.
    public var toast: String
    /// The locale.
    public var locale: LocaleTag
    /// The pseudo-locale the locale stands for, if any.
    public var pseudo: PseudoLocale?
    /// The cells, samples in CLDR order then devices.
    public var cells: [MatrixCell]
    /// Findings about the block as a whole (variants no sample reaches).
    public var findings: [MatrixFinding]

    /// Every finding of the block and its cells.
    public var allFindings: [MatrixFinding] { cells.flatMap(\.findings) + findings }
}

/// The outcome of a locale-matrix run: blocks in toast order, then locale order.
public struct MatrixResult: Sendable, Hashable {
    /// The blocks.
    public var blocks: [MatrixBlock]

    /// Creates a result.
    public init(blocks: [MatrixBlock]) {
        self.blocks = blocks
    }

    /// Every cell, in order.
    public var cells: [MatrixCell] { blocks.flatMap(\.cells) }

    /// Every finding, in order.
    public var findings: [MatrixFinding] { blocks.flatMap(\.allFindings) }

    /// Findings per kind (kinds with none are listed with 0).
    public var counts: [(kind: MatrixFinding.Kind, count: Int)] {
        var counts: [MatrixFinding.Kind: Int] = [:]
        for finding in findings { counts[finding.kind, default: 0] += 1 }
        return MatrixFinding.Kind.allCases.map { ($0, counts[$0] ?? 0) }
    }

    /// Findings of `severity`.
    public func count(_ severity: Severity) -> Int {
        findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }

    /// Whether any finding is an error.
    public var hasErrors: Bool { blocks.contains { $0.allFindings.contains { $0.severity == .error } } }
}
