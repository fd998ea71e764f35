import Testing
import ToastKit

@Suite struct ToastQueueTests {
    static func toast(_ role: ToastRole, _ id: String, priority: Int = 0, style: ToastStyle = .standard, duration: Double? = nil) -> Toast {
        Toast(role, id: id, message: .verbatim(id), style: style, priority: priority, duration: duration)
    }

    static func presentedIDs(_ events: [ToastEvent]) -> [String] {
        events.compactMap { if case .presented(let t) = $0 { t.id } else { nil } }
    }

    /// Presents everything by expiring toast after toast; the order they were presented in.
    static func drain(_ queue: inout ToastQueue, from start: [ToastEvent]) -> [String] {
        var order = presentedIDs(start)
        var now = Duration.zero
        while queue.presented != nil {
            now += .seconds(10)
            order += presentedIDs(queue.advance(to: now))
        }
        return order
    }

    @Test func fifoPresentsInArrivalOrder() {
        var queue = ToastQueue(policy: .fifo)
        var events: [ToastEvent] = []
        for (role, id) in [(ToastRole.info, "a"), (.error, "b"), (.warning, "c"), (.success, "d")] {
            events += queue.enqueue(Self.toast(role, id), now: .zero)
        }
        #expect(queue.presented?.id == "a")
        #expect(queue.waiting.map(\.id) == ["b", "c", "d"])
        #expect(Self.drain(&queue, from: events) == ["a", "b", "c", "d"])
    }

    @Test func priorityOrdersByRoleThenPriorityAndIsStable() {
        var queue = ToastQueue(policy: .priority)
        var events = queue.enqueue(Self.toast(.info, "first"), now: .zero)
        let waiting: [(ToastRole, String, Int)] = [(.info, "i1", 0), (.success, "s1", 0), (.warning, "w1", 0), (.error, "e1", 0),
                                                   (.info, "i2", 0), (.error, "e2", 0), (.warning, "w2", 5), (.success, "s2", 0)]
        for (role, id, priority) in waiting { events += queue.enqueue(Self.toast(role, id, priority: priority), now: .zero) }
        #expect(queue.waiting.map(\.id) == ["e1", "e2", "w2", "w1", "s1", "s2", "i1", "i2"])
        #expect(Self.drain(&queue, from: events) == ["first", "e1", "e2", "w2", "w1", "s1", "s2", "i1", "i2"])
    }

    @Test func replaceAllDismissesEverything() {
        var queue = ToastQueue(policy: .replaceAll)
        queue.enqueue(Self.toast(.info, "a"), now: .zero)
        let events = queue.enqueue(Self.toast(.error, "b"), now: .seconds(1))
        #expect(events == [.dismissed(Self.toast(.info, "a"), .replaced), .presented(Self.toast(.error, "b"))])
        #expect(queue.waiting.isEmpty)
    }

    @Test(arguments: QueuePolicy.allCases)
    func enqueuingAPresentIDReplacesInPlace(policy: QueuePolicy) {
        var queue = ToastQueue(policy: policy)
        queue.enqueue(Self.toast(.info, "shown", style: .progress(0.1)), now: .zero)
        let updated = Self.toast(.info, "shown", style: .progress(0.6))
        #expect(queue.enqueue(updated, now: .seconds(1)) == [.updated(updated)])
        #expect(queue.presented == updated)
        #expect(queue.presentedAt == .zero)
        if policy != .replaceAll {
            queue.enqueue(Self.toast(.warning, "waiting"), now: .zero)
            queue.enqueue(Self.toast(.info, "last"), now: .zero)
            let changed = Toast(.warning, id: "waiting", message: .verbatim("changed"))
            #expect(queue.enqueue(changed, now: .zero).isEmpty)
            #expect(queue.waiting.first == changed)
            #expect(queue.waiting.count == 2)
        }
    }

    @Test func dismissByIDPresentedOrWaiting() {
        var queue = ToastQueue()
        for id in ["a", "b", "c"] { queue.enqueue(Self.toast(.info, id), now: .zero) }
        #expect(queue.dismiss(id: "b", now: .zero) == [.dismissed(Self.toast(.info, "b"), .dismissed)])
        #expect(queue.dismiss(id: "a", now: .seconds(1)) == [.dismissed(Self.toast(.info, "a"), .dismissed), .presented(Self.toast(.info, "c"))])
        #expect(queue.presentedAt == .seconds(1))
        #expect(queue.dismiss(id: "nope", now: .zero).isEmpty)
    }

    @Test func durationsExpireStandardToastsOnly() {
        var queue = ToastQueue(defaultDuration: .seconds(3))
        queue.enqueue(Self.toast(.info, "std"), now: .zero)
        queue.enqueue(Self.toast(.info, "own", duration: 0.5), now: .zero)
        queue.enqueue(Self.toast(.info, "spin", style: .indeterminate), now: .zero)
        #expect(queue.advance(to: .milliseconds(2999)).isEmpty)
        // At 3.6 s: "std" expired at 3 s, "own" (0.5 s) at 3.5 s, then the spinner stays.
        let events = queue.advance(to: .milliseconds(3600))
        #expect(Self.presentedIDs(events) == ["own", "spin"])
        #expect(queue.presentedAt == .milliseconds(3500))
        #expect(queue.advance(to: .seconds(3600)).isEmpty)
        #expect(queue.presented?.id == "spin")
    }
}
