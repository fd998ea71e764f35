import ToastICU

/// Turns a resolved toast into terminal lines:
/// `[symbol] Role: [Title — ]message Actions: A, B`.
///
/// The localized role word always leads (screen readers, no colour); only the label is
/// coloured; every text is sanitized first; lines wrap at ICU line-break opportunities by
/// terminal cells, never inside a grapheme cluster, and no line exceeds the width.
/// Continuation lines are indented under the message in left-to-right text and not indented
/// in right-to-left text.
///
/// ```text
/// ✖ Error: Couldn’t save “Report.pdf” — The disk is full. Actions: Retry, Dismiss
/// ```
public struct LinePresenter: Sendable {
    /// Presentation settings.
    public struct Options: Sendable, Hashable {
        /// The width in terminal cells; `nil` to not wrap.
        public var width: Int?
        /// Whether to colour the label with SGR sequences.
        public var color: Bool
        /// The symbol set.
        public var symbols: SymbolSet
        /// How wide ambiguous-width characters are.
        public var ambiguousWidth: AmbiguousWidth

        /// Creates options.
        public init(width: Int? = nil, color: Bool = false, symbols: SymbolSet = .none, ambiguousWidth: AmbiguousWidth = .narrow) {
            self.width = width.map { max($0, 2) }
            self.color = color
            self.symbols = symbols
            self.ambiguousWidth = ambiguousWidth
        }
    }

    /// The settings.
    public var options: Options
    /// Shared ICU handles (line breakers, list and number formatters).
    public let services: ICUServices

    /// Creates a presenter.
    public init(options: Options, services: ICUServices = ICUServices()) {
        self.options = options
        self.services = services
    }

    /// The lines of one toast, without line terminators.
    public func lines(for toast: ResolvedToast) -> [String] {
        let chrome = ResolvedToast.Chrome(
            labelFormat: Sanitizer.clean(toast.chrome.labelFormat),
            actionsWord: Sanitizer.clean(toast.chrome.actionsWord),
            titleSeparator: Sanitizer.clean(toast.chrome.titleSeparator))
        var label = chrome.label(Sanitizer.clean(toast.roleLabel))
        if let symbol = options.symbols.symbol(for: toast.role) { label = symbol + " " + label }
        // The label carries its own trailing spacing (`Error: `, `エラー：`).
        let labelSpacing = label.reversed().prefix { $0 == " " }.count
        label.removeLast(labelSpacing)
        var body = ""
        var glue: Int?
        if let title = toast.title.map({ Sanitizer.clean($0) }), !title.isEmpty { body += title + chrome.titleSeparator }
        if let subtitle = toast.subtitle.map({ Sanitizer.clean($0) }), !subtitle.isEmpty { body += subtitle + chrome.titleSeparator }
        body += Sanitizer.clean(toast.message, newlines: .keep)
        if case .progress(let fraction) = toast.style {
            let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
            let percent = (try? services.numberFormatter(toast.locale, skeleton: "percent scale/100 precision-integer").format(clamped))
                ?? "\(Int(clamped * 100))%"
            body += " " + percent
        }
        let actions = toast.actions.map { Sanitizer.clean($0) }.filter { !$0.isEmpty }
        if !actions.isEmpty {
            let list = (try? services.listFormatter(toast.locale).format(actions)) ?? actions.joined(separator: ", ")
            body += " " + chrome.label(chrome.actionsWord)
            // "Actions:" stays on the line of the first action.
            glue = body.utf16.count
            body += list
        }
        let labelCells = TextWidth.cells(of: label, ambiguous: options.ambiguousWidth) + labelSpacing
        guard let width = options.width else {
            return body.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, part in
                index == 0 ? styled(label, toast.role) + String(repeating: " ", count: labelSpacing) + part : String(part)
            }
        }
        if labelCells + 1 > width {
            // Too narrow to share a line with the label: the label (wrapped if it must be) on
            // its own lines, then the body at full width.
            let labelLines = wrap(label, locale: toast.locale, firstWidth: width, width: width)
            return labelLines.map { styled($0, toast.role) }
                + wrap(body, locale: toast.locale, firstWidth: width, width: width, keepingTogether: glue.map { [$0] } ?? [])
        }
        let rtl = toast.direction == .rightToLeft
        let indent = rtl || labelCells > width / 2 ? 0 : labelCells
        let wrapped = wrap(body, locale: toast.locale, firstWidth: width - labelCells, width: width - indent,
                           keepingTogether: glue.map { [$0] } ?? [])
        return wrapped.enumerated().map { index, line in
            if index == 0 {
                return line.isEmpty ? styled(label, toast.role) : styled(label, toast.role) + String(repeating: " ", count: labelSpacing) + line
            }
            return String(repeating: " ", count: indent) + line
        }
    }

    /// Bold and the role's colour around our own label only: success green, error red,
    /// warning yellow, info cyan.
    private func styled(_ label: String, _ role: ToastRole) -> String {
        guard options.color else { return label }
        let code = switch role {
        case .success: 32
        case .error: 31
        case .warning: 33
        case .info: 36
        }
        return "\u{1B}[1;\(code)m" + label + "\u{1B}[0m"
    }

    /// Wraps `text` greedily at line-break opportunities; a piece wider than the line is
    /// split between grapheme clusters. `firstWidth` applies to the first line; no line breaks
    /// at the UTF-16 offsets in `keepingTogether`.
    public func wrap(_ text: String, locale: LocaleTag, firstWidth: Int, width: Int, keepingTogether: Set<Int> = []) -> [String] {
        let breaker = try? services.lineBreaker(locale)
        var offsets = breaker?.opportunities(in: text) ?? [text.utf16.count]
        if !keepingTogether.isEmpty { offsets.removeAll { keepingTogether.contains($0) && $0 != text.utf16.count } }
        var lines: [String] = []
        var current = ""
        var currentCells = 0
        var limit = max(firstWidth, 0)
        let ambiguous = options.ambiguousWidth
        var start = text.startIndex
        func flush() {
            lines.append(trimTrailingSpaces(current))
            current = ""
            currentCells = 0
            limit = max(width, 1)
        }
        for offset in offsets {
            let end = String.Index(utf16Offset: offset, in: text)
            guard end > start else { continue }
            var piece = text[start..<end]
            start = end
            let hardBreak = piece.last == "\n"
            if hardBreak { piece = piece.dropLast() }
            let pieceCells = TextWidth.cells(of: piece, ambiguous: ambiguous)
            let visibleCells = TextWidth.cells(of: trimTrailingSpaces(String(piece)), ambiguous: ambiguous)
            if currentCells + visibleCells <= limit {
                current += piece
                currentCells += pieceCells
            } else {
                if !current.isEmpty || limit < width { flush() }
                if visibleCells <= limit {
                    current = String(piece)
                    currentCells = pieceCells
                } else {
                    for character in piece {
                        let cells = TextWidth.cells(of: character, ambiguous: ambiguous)
                        if character == " " {
                            if currentCells + 1 <= limit { current.append(character); currentCells += 1 }
                            continue
                        }
                        if currentCells + cells > limit && (!current.isEmpty || limit < width) { flush() }
                        current.append(character)
                        currentCells += cells
                    }
                }
            }
            if hardBreak { flush() }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(trimTrailingSpaces(current)) }
        return lines
    }

    private func trimTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
