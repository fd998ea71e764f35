import ToastCatalog
import ToastICU
import ToastKit

extension LocaleMatrix {
    /// The findings of one cell.
    func check(_ toast: Toast, _ resolved: ResolvedToast, lines: [String], widest: Int, budget: Budget,
               sample: Sample?) -> [MatrixFinding] {
        var findings: [MatrixFinding] = []
        // Fallback and format diagnostics, each once.
        var seen: Set<String> = []
        for diagnostic in resolved.diagnostics where resolved.diagnostics.count == 1 || seen.insert(diagnostic.message).inserted {
            switch diagnostic.rule {
            case .missingTranslation, .missingKey:
                findings.append(MatrixFinding(.fallback, message: diagnostic.message))
            case .variationMissingForm where (sample?.integer ?? 0) >= 1_000_000:
                // A form only numbers from a million up select (French `many`): a note, as
                // lint's plural-missing-category says for the same form.
                findings.append(MatrixFinding(.format, severity: .note, message: "[\(diagnostic.rule)] " + diagnostic.message
                    + "; only numbers from a million up reach it"))
            default:
                // An error whatever the localizer's own level: the cell's sample reaches the
                // problem (a plural form it selects is missing, an argument does not fit).
                findings.append(MatrixFinding(.format, message: "[\(diagnostic.rule)] " + diagnostic.message))
            }
        }
        if let cells = budget.cells, widest > cells {
            let index = lines.firstIndex { TextWidth.cells(of: $0, ambiguous: options.ambiguousWidth) > cells } ?? 0
            findings.append(MatrixFinding(.widthBudget, message:
                "line \(index + 1) is \(widest) cells wide; the budget for \(toast.role.rawValue) toasts is \(cells)"))
        }
        if let maxLines = budget.lines, lines.count > maxLines {
            findings.append(MatrixFinding(.wrap, message:
                "wraps onto \(lines.count) lines; the budget for \(toast.role.rawValue) toasts is \(maxLines)"))
        }
        // Only a line limit cuts text (the presenter otherwise wraps everything, which its
        // own tests hold); with one, every text must still be in the lines.
        if options.truncates, budget.lines != nil, let cut = Self.missingText(resolved, in: lines) {
            findings.append(MatrixFinding(.textCut, field: cut.field, message: "the lines end before “\(cut.lost)”"))
        }
        if hasTextArguments(toast) { findings += isolationFindings(toast, resolved) }
        return findings
    }

    /// The first text of the toast not wholly in the rendered lines, and what was lost.
    ///
    /// Each text of the resolved toast (role word, title, subtitle, message, action labels),
    /// final as the presenter lays it out, must appear in the lines in order, ignoring the spaces and
    /// line feeds that wrapping moves; anything else may sit between (the label format,
    /// separators, the list joiner, a progress bar, the `…` of a cut).
    static func missingText(_ resolved: ResolvedToast, in lines: [String]) -> (field: String, lost: String)? {
        var line = 0
        var cursor = lines.first?.unicodeScalars.startIndex
        /// The next rendered scalar that is not a space or line feed; `nil` at the end.
        func nextRendered() -> Unicode.Scalar? {
            while line < lines.count {
                let scalars = lines[line].unicodeScalars
                while let index = cursor, index < scalars.endIndex {
                    let scalar = scalars[index]
                    cursor = scalars.index(after: index)
                    if scalar != " " && scalar != "\n" { return scalar }
                }
                line += 1
                cursor = line < lines.count ? lines[line].unicodeScalars.startIndex : nil
            }
            return nil
        }
        func consume(_ text: String) -> String? {
            let scalars = text.unicodeScalars
            var index = scalars.startIndex
            while index < scalars.endIndex {
                let scalar = scalars[index]
                if scalar != " " && scalar != "\n" {
                    var found = false
                    while let next = nextRendered() {
                        if next == scalar { found = true; break }
                    }
                    if !found { return String(scalars[index...]) }
                }
                index = scalars.index(after: index)
            }
            return nil
        }
        if let lost = consume(resolved.roleLabel) { return ("role", lost) }
        if let title = resolved.title, let lost = consume(title) { return ("title", lost) }
        if let subtitle = resolved.subtitle, let lost = consume(subtitle) { return ("subtitle", lost) }
        if let lost = consume(resolved.message) { return ("message", lost) }
        for (index, action) in resolved.actions.enumerated() {
            if let lost = consume(action) { return ("action \(index + 1)", lost) }
        }
        return nil
    }

    /// Text arguments whose direction conflicts with the paragraph and that appear in their
    /// text without an isolate (FSI, LRI or RLI before, PDI after).
    func isolationFindings(_ toast: Toast, _ resolved: ResolvedToast) -> [MatrixFinding] {
        var findings: [MatrixFinding] = []
        func inspect(_ text: ToastText, _ rendered: String?, field: String) {
            guard let rendered, case .key(_, _, let arguments, _) = text else { return }
            for argument in arguments {
                guard let value = argument.shownText, !value.isEmpty, resolved.direction.conflicts(with: value), !Self.isIsolated(value, in: rendered) else { continue }
                let paragraph = resolved.direction == .rightToLeft ? "right-to-left" : "left-to-right"
                findings.append(MatrixFinding(.bidiIsolation, field: field, message:
                    "“\(value)” runs against the \(paragraph) paragraph without an isolate (FSI … PDI): its neighbouring punctuation can move"))
            }
        }
        for field in Self.fields(of: toast, resolved) { inspect(field.text, field.rendered, field: field.name) }
        return findings
    }

    private func hasTextArguments(_ toast: Toast) -> Bool {
        Self.keyTexts(of: toast).contains { $0.arguments.contains { $0.numericValue == nil } }
    }

    /// Whether every occurrence of `value` in `text` sits between an isolate initiator and
    /// PDI; `true` when it does not occur (a format problem, reported elsewhere).
    static func isIsolated(_ value: String, in text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let needle = Array(value.unicodeScalars)
        guard needle.count <= scalars.count else { return true }
        var start = 0
        while start + needle.count <= scalars.count {
            if scalars[start] == needle[0] && scalars[start..<(start + needle.count)].elementsEqual(needle) {
                let before = start > 0 ? scalars[start - 1].value : 0
                let afterIndex = start + needle.count
                let after = afterIndex < scalars.count ? scalars[afterIndex].value : 0
                if !(0x2066...0x2068).contains(before) || after != 0x2069 { return false }
                start = afterIndex
            } else {
                start += 1
            }
        }
        return true
    }
}
