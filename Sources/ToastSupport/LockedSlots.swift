/// One result per index, written by concurrent workers and read after they finish.
///
/// ```swift
/// let slots = LockedSlots<Int>(count: 4)
/// Parallel.forEach(4) { index in slots.store(index * index, at: index) }
/// slots.values()  // [0, 1, 4, 9]
/// ```
package final class LockedSlots<Value>: @unchecked Sendable {
    private let slots: Locked<[Value?]>

    /// `count` empty slots.
    package init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }

    /// Stores `value` in slot `index` (from any thread).
    package func store(_ value: Value, at index: Int) {
        slots.withLock { $0[index] = value }
    }

    /// The stored values in index order (empty slots left out).
    package func values() -> [Value] {
        slots.withLock { $0.compactMap { $0 } }
    }

    /// The slots, taken out (this object holds them no longer): nil where none was stored.
    package func take() -> [Value?] {
        slots.withLock { slots in
            let taken = slots
            slots = Array(repeating: nil, count: slots.count)
            return taken
        }
    }
}
