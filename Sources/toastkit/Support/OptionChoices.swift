import ArgumentParser
import ToastICU
import ToastKit
import ToastLint

// Options with fixed values are enums, so that `--help` lists the values and a wrong one gets
// argument-parser's own error, which names them.

/// An option value spelled as its raw value (`--color auto`): its name in help and in the
/// shell completions is the raw value itself, given here rather than by argument-parser's
/// defaults, which spell each value through string interpolation and a key path. Those ask the
/// Swift runtime which protocols `String` and the enum conform to, and each first question
/// scans every conformance in the executable (about 4,000): a start-up cost `show` and
/// `demo` paid before they did anything (issue 29).
protocol ChoiceArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

// `public` only because argument-parser's protocol requires its witnesses to be; the
// executable has no API of its own.
extension ChoiceArgument {
    /// Every value as typed: the raw values, in declaration order.
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    /// The value as typed (its raw value), for help's `default:`.
    public var defaultValueDescription: String { rawValue }
}

extension ColorChoice: ChoiceArgument {}
extension SymbolSet: ChoiceArgument {}
extension BidiMode: ChoiceArgument {}
extension AmbiguousWidth: ChoiceArgument {}
extension ToastRole: ChoiceArgument {}
extension LintOutputFormat: ChoiceArgument {}

/// `show --style`.
enum StyleChoice: String, ChoiceArgument {
    case standard, indeterminate, progress
}

/// `show --format` and `plurals --format`.
enum TextOrJSON: String, ChoiceArgument {
    case text, json
}

/// `matrix --format`.
enum MatrixFormat: String, ChoiceArgument {
    case text, json, golden
}

/// `dump --format`.
enum DumpFormat: String, ChoiceArgument {
    case jsonl
}
