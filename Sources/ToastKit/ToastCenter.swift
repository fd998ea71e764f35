/// A stream toasts are written to, with what is known about it, passed in (never read from
/// the process) so that every rule is testable.
public struct ToastStream: Sendable {
    /// The terminal facts of the stream (`isatty`, `TERM`…).
    public var facts: TerminalFacts
    /// The presenter for this stream (its width, colour and symbols decided for it).
    public var presenter: LinePresenter
    /// Writes text as given (no line terminator added).
    public var write: @Sendable (String) -> Void

    /// Creates a stream.
    public init(facts: TerminalFacts, presenter: LinePresenter, write: @escaping @Sendable (String) -> Void) {
        self.facts = facts
        self.presenter = presenter
        self.write = write
    }

    /// Whether live redrawing is allowed: a terminal whose `TERM` is not `dumb`.
    public var allowsRedraw: Bool { facts.isInteractive }
}

/// Live toast presentation on a terminal.
///
/// Standard toasts print as lines on the output stream when the queue presents them.
/// Indeterminate and progress toasts are live: on a terminal they are drawn on the status
/// stream (standard error), after a 200 ms grace period so short tasks never flash, redrawn in
/// place at most ten times a second (`\r`, `CSI 2K`, `CSI 1A` for wrapped lines; the cursor is
/// never hidden), cleared before any other line is printed and drawn again after it; when a
/// live toast completes (dismissed, or its duration ran out) its final state prints once as
/// plain lines on the output stream, and when a standard toast with the same id arrives, that
/// toast takes its place. When the status stream is not a terminal (or `TERM=dumb`) nothing is
/// redrawn: every toast prints once, with no escape codes.
///
/// Standard and live toasts keep separate queues (a long download never holds back an
/// error); both follow the policy; an id is unique across them.
///
/// ```swift
/// var center = ToastCenter(localizer: localizer, output: stdout, status: stderr)
/// center.enqueue(Toast(.info, id: "dl", message: "Downloading", style: .progress(0)), now: clock.now)
/// center.enqueue(Toast(.info, id: "dl", message: "Downloading", style: .progress(0.5)), now: clock.now)
/// center.enqueue(Toast(.success, id: "dl", message: "Downloaded"), now: clock.now)
/// ```
public struct ToastCenter: Sendable {
    /// Resolves toasts for the user's locale.
    public let localizer: Localizer
    /// Where standard toasts and the final state of live toasts are printed.
    public let output: ToastStream
    /// Where live toasts are drawn.
    public let status: ToastStream
    /// Standard toasts.
    public private(set) var standard: ToastQueue
    /// Indeterminate and progress toasts.
    public private(set) var live: ToastQueue

    /// Lines of the live toast now on screen (0: none drawn).
    public private(set) var drawnLines = 0
    private var frame = 0
    private var lastDraw: Duration?
    private var dirty = false

    /// How long a live toast waits before its first frame.
    public static let gracePeriod: Duration = .milliseconds(200)
    /// The shortest time between two frames.
    public static let frameInterval: Duration = .milliseconds(100)

    /// Creates a center.
    ///
    /// - Parameters:
    ///   - localizer: resolves each toast into final text.
    ///   - output: where standard toasts print, once each (standard output).
    ///   - status: where live toasts are drawn and redrawn (standard error on a terminal).
    ///   - policy: the queue policy of both queues.
    ///   - standardDuration: how long a standard toast holds the queue; zero (the default on a
    ///     line terminal) prints each toast as soon as it arrives.
    public init(localizer: Localizer, output: ToastStream, status: ToastStream, policy: QueuePolicy = .fifo,
                standardDuration: Duration = .zero) {
        self.localizer = localizer
        self.output = output
        self.status = status
        standard = ToastQueue(policy: policy, defaultDuration: standardDuration)
        live = ToastQueue(policy: policy, defaultDuration: standardDuration)
    }

    /// Whether live toasts are redrawn in place.
    public var isLive: Bool { status.allowsRedraw }

    /// Adds or replaces a toast.
    public mutating func enqueue(_ toast: Toast, now: Duration) {
        if toast.style == .standard {
            if live.contains(id: toast.id) { handleLive(live.remove(id: toast.id, now: now), now: now) }
            handleStandard(standard.enqueue(toast, now: now), now: now)
        } else {
            if standard.contains(id: toast.id) { handleStandard(standard.remove(id: toast.id, now: now), now: now) }
            handleLive(live.enqueue(toast, now: now), now: now)
        }
        tick(now: now)
    }

    /// Dismisses the toast with `id`, presented or waiting. A presented live toast prints its
    /// final state.
    public mutating func dismiss(id: String, now: Duration) {
        handleStandard(standard.dismiss(id: id, now: now), now: now)
        handleLive(live.dismiss(id: id, now: now), now: now)
        tick(now: now)
    }

    /// Lets time pass: expires toasts whose duration ran out, draws the first frame after the
    /// grace period, and animates the spinner.
    public mutating func tick(now: Duration) {
        handleStandard(standard.advance(to: now), now: now)
        handleLive(live.advance(to: now), now: now)
        guard isLive, let current = live.presented else { return }
        if now - live.presentedAt < Self.gracePeriod { return }
        if let lastDraw, now - lastDraw < Self.frameInterval { return }
        if current.style == .indeterminate || dirty || drawnLines == 0 {
            if drawnLines > 0, current.style == .indeterminate { frame += 1 }
            draw(current, now: now)
        }
    }

    /// Completes everything: waiting standard toasts print in queue order, live toasts print
    /// their final state.
    public mutating func finish(now: Duration) {
        while let current = standard.presented { handleStandard(standard.dismiss(id: current.id, now: now), now: now) }
        while let current = live.presented { handleLive(live.dismiss(id: current.id, now: now), now: now) }
    }

    /// Clears the live line without printing it (on interrupt).
    public mutating func interrupt() {
        clear()
    }

    private mutating func handleStandard(_ events: [ToastEvent], now: Duration) {
        for event in events {
            switch event {
            case .presented(let toast), .updated(let toast):
                printLines(output.presenter.lines(for: localizer.resolve(toast)))
            case .dismissed:
                break
            }
        }
        // Zero-duration toasts leave at once and let the next one print.
        if let current = standard.presented, standard.duration(of: current) == .zero {
            handleStandard(standard.advance(to: now), now: now)
        }
    }

    private mutating func handleLive(_ events: [ToastEvent], now: Duration) {
        for event in events {
            switch event {
            case .presented:
                frame = 0
                lastDraw = nil
                dirty = true
            case .updated:
                dirty = true
            case .dismissed(let toast, let reason):
                clear()
                if reason != .replaced { printLines(output.presenter.lines(for: localizer.resolve(toast))) }
            }
        }
    }

    /// Prints lines on the output stream, clearing the live toast first and drawing it again
    /// after.
    private mutating func printLines(_ lines: [String]) {
        let redraw = drawnLines > 0
        clear()
        output.write(lines.map { $0 + "\n" }.joined())
        if redraw, let current = live.presented { draw(current, now: lastDraw ?? .zero) }
    }

    private mutating func draw(_ toast: Toast, now: Duration) {
        let lines = status.presenter.lines(for: localizer.resolve(toast), frame: frame)
        status.write(clearSequence() + lines.joined(separator: "\n"))
        drawnLines = lines.count
        lastDraw = now
        dirty = false
    }

    private mutating func clear() {
        guard drawnLines > 0 else { return }
        status.write(clearSequence())
        drawnLines = 0
    }

    /// `\r CSI 2K`, then `CSI 1A CSI 2K` for each further line drawn.
    private func clearSequence() -> String {
        guard drawnLines > 0 else { return "" }
        return "\r\u{1B}[2K" + String(repeating: "\u{1B}[1A\u{1B}[2K", count: drawnLines - 1)
    }
}
