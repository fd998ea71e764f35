extension Parallel {
    /// Values made on all cores a window ahead of the thread that takes them, in index order:
    /// when an index not yet made is asked for, the next `window` values from it are made at
    /// once (``Parallel/map(_:_:)``), and each is handed on once, so that memory holds a window
    /// of values rather than all of them.
    ///
    /// ```swift
    /// var ahead = Parallel.Ahead(count: 5, window: 2) { $0 * $0 }
    /// (0..<5).map { ahead.take($0) }  // [0, 1, 4, 9, 16]; made as [0, 1], [4, 9], [16]
    /// ```
    package struct Ahead<Value> {
        private let count: Int
        private let window: Int
        private let make: @Sendable (Int) -> Value
        private var made: [Value?] = []
        private var madeFrom = 0

        /// Values for `0..<count`, made `window` (at least 1) at a time by `make`.
        package init(count: Int, window: Int = Parallel.processorCount, _ make: @escaping @Sendable (Int) -> Value) {
            self.count = count
            self.window = max(1, window)
            self.make = make
        }

        /// The value of `index` (in `0..<count`), taken out: each index is asked for once, in
        /// increasing order.
        package mutating func take(_ index: Int) -> Value {
            if index < madeFrom || index >= madeFrom + made.count {
                let first = index
                let make = self.make
                made = Parallel.map(min(window, count - index)) { make(first + $0) }
                madeFrom = index
            }
            // Taken out, so that the window does not keep a value once it is handed on.
            return made[index - madeFrom].take()!
        }
    }
}
