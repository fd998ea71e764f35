/// What the presenter may know about the stream it writes to, passed in rather than read
/// from the process so every rule is testable.
public struct TerminalFacts: Sendable, Hashable {
    /// The process environment (`NO_COLOR`, `TERM`, `COLUMNS`…).
    public var environment: [String: String]
    /// Whether the stream is a terminal (`isatty`).
    public var isTerminal: Bool
    /// The terminal's width in columns, if the stream is a terminal that reported one.
    public var windowColumns: Int?

    /// Whether the stream is a terminal that takes cursor movement and decoration: a
    /// terminal whose `TERM` is not `dumb`.
    public var isInteractive: Bool { isTerminal && environment["TERM"] != "dumb" }

    /// Creates a description.
    public init(environment: [String: String] = [:], isTerminal: Bool = false, windowColumns: Int? = nil) {
        self.environment = environment
        self.isTerminal = isTerminal
        self.windowColumns = windowColumns
    }
}

/// `--color auto|always|never`.
public enum ColorChoice: String, Sendable, CaseIterable {
    /// Colour when the stream is a terminal and the environment allows it.
    case auto
    /// Always colour (`--color always`).
    case always
    /// Never colour.
    case never

    /// Decides colour for one stream, first match wins: the explicit choice; `NO_COLOR`
    /// non-empty → off; `CLICOLOR_FORCE` set and not `0`, or `FORCE_COLOR` non-empty → on;
    /// `TERM=dumb` → off; `CLICOLOR=0` → off; else whether the stream is a terminal.
    public func isEnabled(for facts: TerminalFacts) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: break
        }
        let env = facts.environment
        if let value = env["NO_COLOR"], !value.isEmpty { return false }
        if let value = env["CLICOLOR_FORCE"], value != "0" { return true }
        if let value = env["FORCE_COLOR"], !value.isEmpty { return true }
        if env["TERM"] == "dumb" { return false }
        if env["CLICOLOR"] == "0" { return false }
        return facts.isTerminal
    }
}

/// Decoration shown before the role word (never instead of it).
public enum SymbolSet: String, Sendable, CaseIterable {
    /// `✔ ✖ ⚠ ℹ`
    case unicode
    /// `+ x ! i`
    case ascii
    /// No symbol.
    case none

    /// The default: `unicode` on a terminal, `none` otherwise or with `TERM=dumb`.
    public static func automatic(for facts: TerminalFacts) -> SymbolSet {
        facts.isInteractive ? .unicode : .none
    }

    /// The symbol for `role`, or `nil` for ``none``.
    public func symbol(for role: ToastRole) -> String? {
        switch (self, role) {
        case (.none, _): nil
        case (.unicode, .success): "✔"
        case (.unicode, .error): "✖"
        case (.unicode, .warning): "⚠"
        case (.unicode, .info): "ℹ"
        case (.ascii, .success): "+"
        case (.ascii, .error): "x"
        case (.ascii, .warning): "!"
        case (.ascii, .info): "i"
        }
    }
}

extension SymbolSet {
    /// Spinner frames: braille dots for ``unicode``, `| / - \\` for ``ascii``, none for
    /// ``none`` (no animation: the message itself says the work goes on).
    public var spinnerFrames: [String] {
        switch self {
        case .unicode: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        case .ascii: ["|", "/", "-", "\\"]
        case .none: []
        }
    }

    /// The spinner frame for animation step `frame` (cycling), or `nil` for ``none``.
    public func spinnerFrame(_ frame: Int) -> String? {
        let frames = spinnerFrames
        guard !frames.isEmpty else { return nil }
        return frames[((frame % frames.count) + frames.count) % frames.count]
    }

    /// A progress bar of `cells` cells for `fraction` (0…1): `▰▰▰▱▱▱` for ``unicode``,
    /// `[##----]` for ``ascii`` (the brackets included in `cells`), `nil` for ``none`` (the
    /// percentage alone is shown; screen readers read no bar).
    public func progressBar(_ fraction: Double, cells: Int) -> String? {
        let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        switch self {
        case .unicode:
            let filled = Int((clamped * Double(cells)).rounded(.down))
            return String(repeating: "▰", count: filled) + String(repeating: "▱", count: cells - filled)
        case .ascii:
            let inner = max(cells - 2, 1)
            let filled = Int((clamped * Double(inner)).rounded(.down))
            return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: inner - filled) + "]"
        case .none:
            return nil
        }
    }
}

/// `--bidi logical|visual`: who applies the Unicode Bidi Algorithm.
public enum BidiMode: String, Sendable, CaseIterable {
    /// Logical order: the terminal reorders (VTE, Konsole, mlterm, PuTTY, mintty). The default.
    case logical
    /// Visual order for terminals that do no bidi (kitty, Alacritty, iTerm2, Windows
    /// Terminal…): each wrapped line reordered and shaped by ICU, right-to-left paragraphs
    /// right-aligned.
    case visual
}

extension TerminalFacts {
    /// The wrapping width: `explicit`, else `COLUMNS`, else the window's width on a
    /// terminal, else 80 on a terminal; `nil` (no wrapping) when the stream is not a terminal
    /// and no width was given.
    public func width(explicit: Int?) -> Int? {
        if let explicit { return explicit }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        guard isTerminal else { return nil }
        return windowColumns ?? 80
    }
}
