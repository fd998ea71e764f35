/// How a ``ToastQueue`` orders toasts waiting to be presented.
public enum QueuePolicy: String, Sendable, CaseIterable {
    /// First in, first out.
    case fifo
    /// A new toast dismisses the presented one and every waiting one.
    case replaceAll
    /// By role (error, then warning, success, info), then by ``Toast/priority`` (higher
    /// first), then first in, first out: stable within a role and priority.
    case priority
}

/// What changed in a queue.
public enum ToastEvent: Sendable, Hashable {
    /// The toast is now presented.
    case presented(Toast)
    /// The presented toast was replaced by one with the same id (new text or progress).
    case updated(Toast)
    /// The toast left the screen.
    case dismissed(Toast, DismissReason)

    /// Why a toast left.
    public enum DismissReason: Sendable, Hashable {
        /// Its duration ran out.
        case expired
        /// Dismissed by id.
        case dismissed
        /// A replace-all enqueue, or a toast with its id but another kind, took its place.
        case replaced
    }
}

/// The toast vocabulary of iOS toast libraries as a pure state machine: one toast presented
/// at a time, the rest waiting in policy order; enqueuing an id already presented or waiting
/// replaces that toast in place; dismissal by id, presented or waiting; durations.
///
/// Time is passed in (an offset from any fixed start), so the queue is deterministic; the
/// caller turns the returned events into output.
///
/// ```swift
/// var queue = ToastQueue(policy: .priority)
/// queue.enqueue(info, now: .zero)     // [.presented(info)]
/// queue.enqueue(warning, now: .zero)  // [] (waits)
/// queue.enqueue(error, now: .zero)    // [] (waits, ahead of the warning)
/// queue.advance(to: .seconds(4))      // [.dismissed(info, .expired), .presented(error)]
/// ```
public struct ToastQueue: Sendable {
    /// The ordering policy.
    public var policy: QueuePolicy
    /// How long a toast without its own ``Toast/duration`` stays: standard toasts only;
    /// indeterminate and progress toasts stay until dismissed or replaced.
    public var defaultDuration: Duration
    /// The toast on screen.
    public private(set) var presented: Toast?
    /// When the presented toast was presented (its duration counts from there).
    public private(set) var presentedAt: Duration = .zero
    /// Waiting toasts, in the order they will be presented.
    public var waiting: [Toast] { entries.map(\.toast) }

    private var entries: [(toast: Toast, sequence: Int)] = []
    private var sequence = 0

    /// Creates an empty queue.
    public init(policy: QueuePolicy = .fifo, defaultDuration: Duration = .seconds(3)) {
        self.policy = policy
        self.defaultDuration = defaultDuration
    }

    /// Whether a toast with `id` is presented or waiting.
    public func contains(id: String) -> Bool {
        presented?.id == id || entries.contains { $0.toast.id == id }
    }

    /// Adds a toast: replaces the presented or waiting toast with its id, else queues it by
    /// the policy (``QueuePolicy/replaceAll`` first dismisses everything); presents it when
    /// nothing is presented.
    @discardableResult
    public mutating func enqueue(_ toast: Toast, now: Duration) -> [ToastEvent] {
        var events: [ToastEvent] = []
        if presented?.id == toast.id {
            presented = toast
            return [.updated(toast)]
        }
        if let index = entries.firstIndex(where: { $0.toast.id == toast.id }) {
            entries[index].toast = toast
            if policy == .priority { sortEntries() }
            return []
        }
        if policy == .replaceAll {
            if let old = presented { events.append(.dismissed(old, .replaced)); presented = nil }
            for entry in entries { events.append(.dismissed(entry.toast, .replaced)) }
            entries.removeAll()
        }
        sequence += 1
        entries.append((toast, sequence))
        if policy == .priority { sortEntries() }
        if presented == nil { events += presentNext(now: now) }
        return events
    }

    /// Dismisses the toast with `id`, presented or waiting; presents the next one when the
    /// presented toast left. No event when no toast has the id.
    @discardableResult
    public mutating func dismiss(id: String, now: Duration) -> [ToastEvent] {
        takeOut(id: id, reason: .dismissed, now: now)
    }

    /// Removes the toast with `id` wherever it is, reporting it as replaced (used when a toast
    /// with the same id arrives in another queue).
    @discardableResult
    public mutating func remove(id: String, now: Duration) -> [ToastEvent] {
        takeOut(id: id, reason: .replaced, now: now)
    }

    private mutating func takeOut(id: String, reason: ToastEvent.DismissReason, now: Duration) -> [ToastEvent] {
        if let current = presented, current.id == id {
            presented = nil
            return [.dismissed(current, reason)] + presentNext(now: now)
        }
        if let index = entries.firstIndex(where: { $0.toast.id == id }) {
            return [.dismissed(entries.remove(at: index).toast, reason)]
        }
        return []
    }

    /// Expires the presented toast when its duration has run out at `now`, and presents the
    /// next; repeats while toasts expire.
    @discardableResult
    public mutating func advance(to now: Duration) -> [ToastEvent] {
        var events: [ToastEvent] = []
        while let current = presented, let duration = duration(of: current), now - presentedAt >= duration {
            presented = nil
            events.append(.dismissed(current, .expired))
            // The next toast starts when this one ran out, not at `now`.
            events += presentNext(now: presentedAt + duration)
        }
        return events
    }

    /// How long `toast` stays: its own duration, else the default for standard toasts, else
    /// `nil` (until dismissed).
    public func duration(of toast: Toast) -> Duration? {
        if let seconds = toast.duration, seconds.isFinite, seconds >= 0 { return .milliseconds(Int64((seconds * 1000).rounded())) }
        return toast.style == .standard ? defaultDuration : nil
    }

    private mutating func presentNext(now: Duration) -> [ToastEvent] {
        guard presented == nil, !entries.isEmpty else { return [] }
        let next = entries.removeFirst().toast
        presented = next
        presentedAt = now
        return [.presented(next)]
    }

    private mutating func sortEntries() {
        entries.sort { a, b in
            let ra = Self.rank(a.toast.role), rb = Self.rank(b.toast.role)
            if ra != rb { return ra < rb }
            if a.toast.priority != b.toast.priority { return a.toast.priority > b.toast.priority }
            return a.sequence < b.sequence
        }
    }

    /// Error 0, warning 1, success 2, info 3.
    static func rank(_ role: ToastRole) -> Int {
        switch role {
        case .error: 0
        case .warning: 1
        case .success: 2
        case .info: 3
        }
    }
}
