import ToastICU
import ToastCatalog

/// Turns a resolved toast into terminal lines:
/// `[symbol] Role: [Title — ][Subtitle — ]message [progress] Actions: A, B`.
///
/// The localized role word always leads (screen readers, no colour); only the label is
/// coloured; every text is sanitized first; lines wrap at ICU line-break opportunities by
/// terminal cells, never inside a grapheme cluster, and no line exceeds the width.
/// Continuation lines are indented under the message in left-to-right text (when at least
/// ``minimumIndentedWidth`` cells remain beside the label) and not indented in right-to-left
/// text.
///
/// ```text
/// ✖ Error: Couldn’t save “Report.pdf” — The disk is full. Actions: Retry, Dismiss
/// ℹ Info: Downloading “Maps.zip” ▰▰▰▰▱▱▱▱▱▱ 42% Actions: Cancel
/// ```
///
/// Styles: a progress toast shows a bar (`▰▱` with unicode symbols, `[##--]` with ASCII,
/// none without symbols) and the locale's percentage (`42 %` in French, `٤٢٪` in Arabic); an
/// indeterminate toast shows the next spinner frame in place of the role symbol when a frame
/// number is given (live output), the role symbol otherwise.
///
/// With ``BidiMode/visual`` each wrapped line is reordered by ICU for terminals that do no bidi,
/// Arabic is shaped, and right-to-left paragraphs are right-aligned within the width.
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
        /// Logical order (the terminal reorders) or visual order.
        public var bidi: BidiMode
        /// The most lines a toast may take (a status area of fixed height); `nil` for no
        /// limit. Lines beyond it are cut and the last kept line ends with `…`.
        public var maxLines: Int?

        /// Creates options.
        public init(width: Int? = nil, color: Bool = false, symbols: SymbolSet = .none,
                    ambiguousWidth: AmbiguousWidth = .narrow, bidi: BidiMode = .logical, maxLines: Int? = nil) {
            self.width = width.map { max($0, 2) }
            self.color = color
            self.symbols = symbols
            self.ambiguousWidth = ambiguousWidth
            self.bidi = bidi
            self.maxLines = maxLines.map { max($0, 1) }
        }
    }

    /// The settings.
    public var options: Options
    /// Continuation lines are indented under the message only when this many cells remain
    /// beside the label; narrower, they start at the margin.
    public static let minimumIndentedWidth = 20
    /// Shared ICU handles (line breakers, list and number formatters).
    public let services: ICUServices

    /// Creates a presenter.
    public init(options: Options, services: ICUServices = ICUServices()) {
        self.options = options
        self.services = services
    }

    /// The lines of one toast, without line terminators.
    ///
    /// - Parameters:
    ///   - toast: the resolved toast.
    ///   - frame: for live output, the animation frame: an indeterminate toast then shows
    ///     that spinner frame in place of its role symbol.
    public func lines(for toast: ResolvedToast, frame: Int? = nil) -> [String] {
        let lines = allLines(for: toast, frame: frame).map(Self.notAWorkflowCommand)
        guard let maxLines = options.maxLines, lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(maxLines))
        kept[maxLines - 1] = withEllipsis(kept[maxLines - 1])
        return kept
    }

    /// A line that would begin a GitHub Actions workflow command (`::error::…`, from a
    /// catalog value that wrapped there) gets a zero width space before its colons: the line
    /// looks and measures the same, and a CI log shows it instead of running it.
    static func notAWorkflowCommand(_ line: String) -> String {
        guard let colon = CodePoint.workflowCommandStart(line) else { return line }
        return line[..<colon] + "\u{200B}" + line[colon...]
    }

    /// A line that was cut, ending with `…` within the width: trailing characters are
    /// removed until it fits (never our own styled label; when the label leaves no room for
    /// the mark, the line is kept without it).
    private func withEllipsis(_ line: String) -> String {
        // The styled label (up to its reset sequence) is never shortened.
        var head = Substring("")
        var tail = Substring(line)
        if let escape = line.unicodeScalars.lastIndex(of: "\u{1B}"),
           let end = line.unicodeScalars[escape...].firstIndex(of: "m") {
            let split = line.unicodeScalars.index(after: end)
            head = line[..<split]
            tail = line[split...]
        }
        while tail.last == " " { tail.removeLast() }
        guard let width = options.width else { return String(head) + tail + "…" }
        let headCells = services.cells(of: Self.strippingStyle(head), ambiguous: options.ambiguousWidth)
        var tailCells = services.cells(of: tail, ambiguous: options.ambiguousWidth)
        // `…` is East Asian Ambiguous: two cells where ambiguous characters are wide.
        let ellipsisCells = services.cells(of: "…", ambiguous: options.ambiguousWidth)
        // A label that leaves no room for the mark (a width of 2 or 3): the line stays as it
        // was wrapped, within the width, without the mark.
        guard headCells + ellipsisCells <= width else { return line }
        while headCells + tailCells + ellipsisCells > width, let last = tail.last {
            tail.removeLast()
            tailCells -= services.cells(of: last, ambiguous: options.ambiguousWidth)
            while tail.last == " " { tail.removeLast(); tailCells -= 1 }
        }
        return String(head) + tail + "…"
    }

    /// `text` without our SGR sequences (`ESC [ … m`).
    private static func strippingStyle(_ text: Substring) -> String {
        var out = ""
        var inSequence = false
        for scalar in text.unicodeScalars {
            if inSequence {
                if scalar == "m" { inSequence = false }
                continue
            }
            if scalar == "\u{1B}" { inSequence = true; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    private func allLines(for toast: ResolvedToast, frame: Int?) -> [String] {
        // The texts are final (Localizer sanitized and formatted them): only laid out here.
        let chrome = toast.chrome
        var label = chrome.label(toast.roleLabel)
        var symbol = options.symbols.symbol(for: toast.role)
        if let frame, toast.style == .indeterminate, let spinner = options.symbols.spinnerFrame(frame) { symbol = spinner }
        if let symbol { label = symbol + " " + label }
        // The label carries its own trailing spacing (`Error: `, `エラー：`).
        let labelSpacing = label.reversed().prefix { $0 == " " }.count
        label.removeLast(labelSpacing)
        let labelCells = services.cells(of: label, ambiguous: options.ambiguousWidth) + labelSpacing

        var body = ""
        var glue: Set<Int> = []
        if let title = toast.title, !title.isEmpty { body += title + chrome.titleSeparator }
        if let subtitle = toast.subtitle, !subtitle.isEmpty { body += subtitle + chrome.titleSeparator }
        body += toast.message
        if case .progress(let fraction) = toast.style, let percent = toast.progressText {
            let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
            let available = options.width.map { $0 - labelCells } ?? 80
            let barCells = min(10, available - services.cells(of: percent) - 3)
            if barCells >= 4, let bar = options.symbols.progressBar(clamped, cells: barCells) {
                body += body.isEmpty ? "" : " "
                body += bar
                glue.insert(body.utf16.count + 1)  // the bar and the percentage stay together
                body += " " + percent
            } else {
                body += (body.isEmpty ? "" : " ") + percent
            }
        }
        if let list = toast.actionList {
            body += " " + chrome.label(chrome.actionsWord)
            // "Actions:" stays on the line of the first action.
            glue.insert(body.utf16.count)
            body += list
        }

        let spacing = String(repeating: " ", count: labelSpacing)
        let rtl = toast.direction == .rightToLeft
        let visual = options.bidi == .visual
        guard let width = options.width else {
            var parts: [(line: String, range: Range<Int>)] = []
            var offset = 0
            for part in body.split(separator: "\n", omittingEmptySubsequences: false) {
                let count = part.utf16.count
                parts.append((String(part), offset..<(offset + count)))
                offset += count + 1
            }
            if visual {
                return compose(visualOrder(body, parts, toast.direction), label: visualLabel(label, toast.direction),
                               spacing: spacing, role: toast.role, rtl: rtl, width: nil, indent: 0)
            }
            return parts.enumerated().map { index, part in index == 0 ? styled(label, toast.role) + spacing + part.line : part.line }
        }
        if labelCells + 1 > width {
            // Too narrow to share a line with the label: the label (wrapped if it must be) on
            // its own lines, then the body at full width.
            let labelLines = wrappedLines(label, locale: toast.locale, firstWidth: width, width: width)
            let bodyLines = wrappedLines(body, locale: toast.locale, firstWidth: width, width: width, keepingTogether: glue)
            if visual {
                return visualOrder(label, labelLines, toast.direction).map { styledPadded($0, role: toast.role, rtl: rtl, width: width) }
                    + visualOrder(body, bodyLines, toast.direction).map { pad($0, rtl: rtl, width: width) }
            }
            return labelLines.map { styled($0.line, toast.role) } + bodyLines.map(\.line)
        }
        // A hanging indent only where it leaves room: 20 cells or more beside it.
        let indent = rtl || width - labelCells < Self.minimumIndentedWidth ? 0 : labelCells
        let wrapped = wrappedLines(body, locale: toast.locale, firstWidth: width - labelCells, width: width - indent, keepingTogether: glue)
        if visual {
            return compose(visualOrder(body, wrapped, toast.direction), label: visualLabel(label, toast.direction),
                           spacing: spacing, role: toast.role, rtl: rtl, width: width, indent: indent)
        }
        return wrapped.enumerated().map { index, wrappedLine in
            let line = wrappedLine.line
            if index == 0 {
                return line.isEmpty ? styled(label, toast.role) : styled(label, toast.role) + spacing + line
            }
            return String(repeating: " ", count: indent) + line
        }
    }

    /// The lines of one paragraph in visual order (ICU resolves the paragraph, then reorders
    /// line by line); the logical lines if ICU fails.
    private func visualOrder(_ text: String, _ lines: [(line: String, range: Range<Int>)], _ direction: TextDirection) -> [String] {
        guard let bidi = try? services.visualBidi(),
              let reordered = try? bidi.reorder(text, lines: lines.map(\.range), direction: direction) else { return lines.map(\.line) }
        return reordered
    }

    /// The label, a paragraph of its own, in visual order.
    private func visualLabel(_ label: String, _ direction: TextDirection) -> String {
        visualOrder(label, [(label, 0..<label.utf16.count)], direction)[0]
    }

    /// Visual lines with the label on the side the paragraph starts from, right-aligned
    /// within the width in right-to-left paragraphs.
    private func compose(_ lines: [String], label: String, spacing: String, role: ToastRole,
                         rtl: Bool, width: Int?, indent: Int) -> [String] {
        lines.enumerated().map { index, line in
            if index == 0 {
                if line.isEmpty { return styledPadded(label, role: role, rtl: rtl, width: width) }
                if rtl {
                    let cells = services.cells(of: line + spacing + label, ambiguous: options.ambiguousWidth)
                    return padding(cells: cells, rtl: true, width: width) + line + spacing + styled(label, role)
                }
                return styled(label, role) + spacing + line
            }
            return rtl ? pad(line, rtl: true, width: width) : String(repeating: " ", count: indent) + line
        }
    }

    /// A right-to-left visual line padded on the left so that it ends at the right margin.
    private func pad(_ line: String, rtl: Bool, width: Int?) -> String {
        padding(cells: services.cells(of: line, ambiguous: options.ambiguousWidth), rtl: rtl, width: width) + line
    }

    /// The label styled, padded like ``pad(_:rtl:width:)`` (the padding stays outside the style).
    private func styledPadded(_ label: String, role: ToastRole, rtl: Bool, width: Int?) -> String {
        padding(cells: services.cells(of: label, ambiguous: options.ambiguousWidth), rtl: rtl, width: width) + styled(label, role)
    }

    private func padding(cells: Int, rtl: Bool, width: Int?) -> String {
        guard rtl, let width, cells < width else { return "" }
        return String(repeating: " ", count: width - cells)
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
    /// split between grapheme clusters (and a single cluster wider than a whole line, which
    /// only a base with many spacing marks makes, between its scalars). `firstWidth` applies
    /// to the first line. The UTF-16
    /// offsets in `keepingTogether` are not used as breaks (`Actions:` stays with the first
    /// action, a progress bar with its percentage) unless the piece they would make does not
    /// fit on a whole line.
    public func wrap(_ text: String, locale: LocaleTag, firstWidth: Int, width: Int, keepingTogether: Set<Int> = []) -> [String] {
        wrappedLines(text, locale: locale, firstWidth: firstWidth, width: width, keepingTogether: keepingTogether).map(\.line)
    }

    /// ``wrap(_:locale:firstWidth:width:keepingTogether:)`` with each line's range in UTF-16
    /// code units of `text` (every line is a contiguous piece of it, trailing spaces dropped).
    func wrappedLines(_ text: String, locale: LocaleTag, firstWidth: Int, width: Int,
                      keepingTogether: Set<Int> = []) -> [(line: String, range: Range<Int>)] {
        let breaker = try? services.lineBreaker(locale)
        let offsets = breaker?.opportunities(in: text) ?? [text.utf16.count]
        // Pieces between kept break opportunities; each remembers the glued ones inside it.
        var pieces: [(start: Int, end: Int, inner: [Int])] = []
        var pieceStart = 0
        var inner: [Int] = []
        for offset in offsets where offset > pieceStart {
            if keepingTogether.contains(offset) && offset != text.utf16.count {
                inner.append(offset)
                continue
            }
            pieces.append((pieceStart, offset, inner))
            pieceStart = offset
            inner = []
        }
        var lines: [(line: String, range: Range<Int>)] = []
        var current = ""
        var currentStart = 0
        var currentCells = 0
        var limit = max(firstWidth, 0)
        let ambiguous = options.ambiguousWidth
        func flush() {
            let line = trimTrailingSpaces(current)
            lines.append((line, currentStart..<(currentStart + line.utf16.count)))
            current = ""
            currentCells = 0
            limit = max(width, 1)
        }
        // Offsets come in increasing order: walk the UTF-16 view from the last one.
        var cursor = text.startIndex
        var cursorOffset = 0
        func index(_ offset: Int) -> String.Index {
            if offset < cursorOffset { cursor = text.startIndex; cursorOffset = 0 }
            cursor = text.utf16.index(cursor, offsetBy: offset - cursorOffset)
            cursorOffset = offset
            return cursor
        }
        var next = 0
        while next < pieces.count {
            let (startOffset, endOffset, glued) = pieces[next]
            next += 1
            var piece = text[index(startOffset)..<index(endOffset)]
            let hardBreak = piece.last == "\n"
            if hardBreak { piece = piece.dropLast() }
            let pieceCells = services.cells(of: piece, ambiguous: ambiguous)
            let visibleCells = services.cells(of: Self.droppingTrailingSpaces(piece), ambiguous: ambiguous)
            if currentCells + visibleCells <= limit {
                if current.isEmpty { currentStart = startOffset }
                current += piece
                currentCells += pieceCells
            } else if !glued.isEmpty && visibleCells > width {
                // Too long even for a whole line: give its glued breaks back.
                let bounds = [startOffset] + glued + [endOffset]
                let split = zip(bounds, bounds.dropFirst()).map { ($0, $1, [Int]()) }
                pieces.replaceSubrange((next - 1)..<next, with: split)
                next -= 1
                continue
            } else {
                if !current.isEmpty || limit < width { flush() }
                if visibleCells <= limit {
                    current = String(piece)
                    currentStart = startOffset
                    currentCells = pieceCells
                } else {
                    var position = startOffset
                    for character in piece {
                        defer { position += character.utf16.count }
                        let cells = services.cells(of: character, ambiguous: ambiguous)
                        if character == " " {
                            if currentCells + 1 <= limit {
                                if current.isEmpty { currentStart = position }
                                current.append(character)
                                currentCells += 1
                            } else if !current.isEmpty {
                                // A space that does not fit ends the line, so that every line
                                // stays one piece of the text (what follows, even a zero-width
                                // closing isolate, starts the next line).
                                flush()
                            }
                            continue
                        }
                        if cells > max(width, 2) {
                            // A cluster wider than any line (a base with many spacing marks):
                            // split between its scalars, as a terminal draws them anyway.
                            var scalarPosition = position
                            for scalar in character.unicodeScalars {
                                defer { scalarPosition += scalar.utf16.count }
                                let scalarCells = services.cells(of: Character(scalar), ambiguous: ambiguous)
                                if currentCells + scalarCells > limit && !current.isEmpty { flush() }
                                if current.isEmpty { currentStart = scalarPosition }
                                current.unicodeScalars.append(scalar)
                                currentCells += scalarCells
                            }
                            continue
                        }
                        if currentCells + cells > limit && (!current.isEmpty || limit < width) { flush() }
                        if current.isEmpty { currentStart = position }
                        current.append(character)
                        currentCells += cells
                    }
                }
            }
            if hardBreak { flush() }
        }
        // A remainder of zero-width characters only (an isolate closed after a space that ended
        // the line) is no line of its own: the line end closes the isolate anyway.
        let invisibleRemainder = currentCells == 0 && !lines.isEmpty
        if (!current.isEmpty && !invisibleRemainder) || lines.isEmpty { flush() }
        return lines
    }

    private static func droppingTrailingSpaces(_ text: Substring) -> Substring {
        guard let last = text.utf8.lastIndex(where: { $0 != 0x20 }) else { return text[text.startIndex..<text.startIndex] }
        return text[..<text.utf8.index(after: last)]
    }

    /// `line` without trailing U+0020 scalars: by scalars, not characters, since a space can
    /// end a cluster (after a prepended concatenation mark such as U+0604), and the same way
    /// ``droppingTrailingSpaces(_:)`` measured the line.
    private func trimTrailingSpaces(_ line: String) -> String {
        guard line.utf8.last == 0x20 else { return line }
        return String(Self.droppingTrailingSpaces(line[...]))
    }
}
