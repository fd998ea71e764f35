extension Parallel {
    /// Work handed to threads of its own while the caller goes on: for work that mostly waits
    /// (a file flushed to disk), so that the caller's next piece is made meanwhile and several
    /// waits overlap.
    ///
    /// ```swift
    /// let background = Parallel.Background(threads: 4, window: 4)
    /// for file in files { background.run { write(file) } }
    /// background.finish()  // every piece has run
    /// ```
    ///
    /// At most `window` pieces wait for a thread at once: ``run(_:)`` waits for room, so the
    /// pieces (and what they hold) do not pile up. The pieces start in the order they were
    /// handed over, each on whichever thread is free. Where no thread can be started, each
    /// piece runs on the caller's thread when handed over. ``run(_:)`` and ``finish()`` belong
    /// to one caller thread; ``finish()`` runs the pieces still waiting and waits for all of
    /// them; a value let go without it finishes when freed.
    package final class Background: @unchecked Sendable {
        private let state: State

        /// Starts `threads` threads (at least one) that take the pieces handed over.
        package init(threads: Int, window: Int) {
            state = State(window: window)
            state.start(threads: threads)
        }

        deinit { state.finish() }

        /// Hands `work` to the threads, waiting while `window` pieces wait already.
        package func run(_ work: @escaping @Sendable () -> Void) { state.run(work) }

        /// Waits until every piece handed over has run, then stops the threads. Calling it
        /// again does nothing.
        package func finish() { state.finish() }

        private final class State: @unchecked Sendable {
            let window: Int
            let condition = Condition()
            // Under `condition`'s lock:
            var waiting: [@Sendable () -> Void] = []
            var next = 0
            var finished = false
            var threads: [Thread] = []

            init(window: Int) { self.window = max(1, window) }

            func start(threads count: Int) {
                let started = (0..<max(1, count)).compactMap { _ in Thread { [self] in self.work() } }
                condition.lock()
                threads = started
                condition.unlock()
            }

            func run(_ work: @escaping @Sendable () -> Void) {
                condition.lock()
                if threads.isEmpty {
                    condition.unlock()
                    work()
                    return
                }
                while waiting.count - next >= window { condition.wait() }
                waiting.append(work)
                condition.broadcast()
                condition.unlock()
            }

            func finish() {
                Thread.stop(&threads, under: condition) { finished = true }
            }

            /// One thread's loop: the oldest waiting piece, run outside the lock, until
            /// ``finish()`` has been called and none waits.
            func work() {
                condition.lock()
                while true {
                    if next < waiting.count {
                        let piece = waiting[next]
                        // The piece (and what it holds) is let go once run, not when the queue is.
                        waiting[next] = {}
                        next += 1
                        if next == waiting.count {
                            waiting.removeAll(keepingCapacity: true)
                            next = 0
                        }
                        condition.broadcast()
                        condition.unlock()
                        piece()
                        condition.lock()
                    } else if finished {
                        condition.unlock()
                        return
                    } else {
                        condition.wait()
                    }
                }
            }
        }
    }
}
