import ArgumentParser
import ToastICU
import ToastKit

// Options with fixed values are enums, so that `--help` lists the values and a wrong one gets
// argument-parser's own error, which names them.

extension ColorChoice: ExpressibleByArgument {}
extension SymbolSet: ExpressibleByArgument {}
extension BidiMode: ExpressibleByArgument {}
extension AmbiguousWidth: ExpressibleByArgument {}
extension ToastRole: ExpressibleByArgument {}

/// `show --style`.
enum StyleChoice: String, CaseIterable, ExpressibleByArgument {
    case standard, indeterminate, progress
}

/// `show --format` and `plurals --format`.
enum TextOrJSON: String, CaseIterable, ExpressibleByArgument {
    case text, json
}

/// `matrix --format`.
enum MatrixFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, golden
}

/// `dump --format`.
enum DumpFormat: String, CaseIterable, ExpressibleByArgument {
    case jsonl
}
