import ToastICU
import ToastKit

/// Helpers for tests that render toasts. The locale-matrix runner and golden files grow here.

/// Removes SGR styling (`ESC [ … m`) from a rendered line, so coloured output can be compared
/// with plain output.
///
/// ```swift
/// strippingSGR("\u{1B}[1;31mError:\u{1B}[0m Disk full")  // "Error: Disk full"
/// ```
public func strippingSGR(_ line: String) -> String {
    guard line.unicodeScalars.contains("\u{1B}") else { return line }
    var out = String.UnicodeScalarView()
    var scalars = line.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
        if scalar == "\u{1B}", scalars.first == "[" {
            var parameters = scalars.dropFirst()
            while let next = parameters.first, (0x30...0x3F).contains(next.value) { parameters.removeFirst() }
            if parameters.first == "m" {
                scalars = parameters.dropFirst()
                continue
            }
        }
        out.append(scalar)
    }
    return String(out)
}

/// Renders toasts in one locale: every toast's lines, in order.
///
/// - Parameters:
///   - toasts: the toasts.
///   - localizer: resolves their texts.
///   - presenter: lays out the lines.
/// - Returns: one entry per toast: its id and its lines.
public func render(_ toasts: [Toast], localizer: Localizer, presenter: LinePresenter) -> [(id: String, lines: [String])] {
    toasts.map { toast in (toast.id, presenter.lines(for: localizer.resolve(toast))) }
}
