#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Parallel {
    /// Values made on threads of their own, up to `window` ahead of the thread that takes them,
    /// while that thread works on the values it has taken: the producers never wait for the
    /// consumer to finish a window of values, and the consumer waits only for a value not made
    /// yet.
    ///
    /// ```swift
    /// let squares = Parallel.Pipeline(count: 5, window: 2) { $0 * $0 }
    /// (0..<5).map { squares.take($0) }  // [0, 1, 4, 9, 16]
    /// squares.finish()
    /// ```
    ///
    /// Made and not yet taken, at most `window` values are held at once (besides the one the
    /// consumer holds). The producers are threads of their own, one per core at most, not the
    /// Dispatch pool's: the consumer may itself be a pool thread (one of ``forEach(_:_:)``'s
    /// iterations), and a pool thread waiting for work queued behind it on a full pool would
    /// wait forever.
    ///
    /// ``finish()`` stops the producers (a value being made is finished and dropped) and waits
    /// for them; a pipeline that is let go without it finishes when it is freed. A caller whose
    /// `make` must not outlive a scope calls ``finish()`` before leaving it. ``take(_:)`` and
    /// ``finish()`` belong to one consumer thread: neither is called while the other runs.
    ///
    /// The producers' stacks are 8 MiB (as a Linux main thread's; Darwin gives a new thread
    /// 512 KiB), so a parser run on them recurses as deep as on the caller's thread.
    package final class Pipeline<Value>: @unchecked Sendable {
        private let state: State

        /// Starts making the values of `0..<count` with `make`, at most `window` (at least 1)
        /// ahead of the next one taken, on `producers` threads (at most `count`; by default
        /// one per core).
        package init(count: Int, window: Int = Parallel.processorCount, producers: Int = Parallel.processorCount,
                     _ make: @escaping @Sendable (Int) -> Value) {
            state = State(count: count, window: window, make: make)
            state.start(producers: producers)
        }

        deinit { state.finish() }

        /// The value of `index`, taken out once made: each index is asked for once, in
        /// increasing order. When no producer has started on it, the caller makes it itself.
        package func take(_ index: Int) -> Value { state.take(index) }

        /// Stops making values and waits for the producers; values made and not taken are let
        /// go. Calling it again does nothing.
        package func finish() { state.finish() }

        /// What the producers and the consumer share (the producers hold this, not the
        /// pipeline, so that a pipeline let go finishes).
        private final class State: @unchecked Sendable {
            let count: Int
            let window: Int
            let condition = Condition()
            // Under `condition`'s lock:
            var made: [Value?]
            var nextToMake = 0
            var taken = 0
            var stopped = false
            var make: (@Sendable (Int) -> Value)?
            var threads: [Thread] = []

            init(count: Int, window: Int, make: @escaping @Sendable (Int) -> Value) {
                self.count = max(0, count)
                self.window = max(1, window)
                self.make = make
                made = Array(repeating: nil, count: self.count)
            }

            func start(producers: Int) {
                let started = (0..<min(max(1, producers), count)).compactMap { _ in Thread { [self] in self.produce() } }
                condition.lock()
                threads = started
                condition.unlock()
            }

            func take(_ index: Int) -> Value {
                condition.lock()
                precondition(index == taken && index < count && !stopped, "Parallel.Pipeline: indices are taken once each, in order")
                if nextToMake == index, let make {
                    // No producer has it (all busy, or none could be started): made here.
                    nextToMake += 1
                    condition.unlock()
                    let value = make(index)
                    condition.lock()
                    made[index] = value
                }
                while made[index] == nil { condition.wait() }
                taken += 1
                condition.broadcast()
                let value = made[index].take()!
                condition.unlock()
                return value
            }

            func finish() {
                Thread.stop(&threads, under: condition) { stopped = true }
                condition.lock()
                make = nil
                made = []
                condition.unlock()
            }

            /// One producer's loop: takes the next index while it is within the window of the
            /// consumer, makes it outside the lock, stores it.
            func produce() {
                condition.lock()
                while true {
                    if stopped || nextToMake >= count {
                        condition.unlock()
                        return
                    }
                    guard nextToMake < taken + window, let make else {
                        condition.wait()
                        continue
                    }
                    let index = nextToMake
                    nextToMake += 1
                    condition.unlock()
                    let value = make(index)
                    condition.lock()
                    if !stopped { made[index] = value }
                    condition.broadcast()
                }
            }
        }
    }

    /// A thread of its own (pthread) that runs one closure; ``join()`` waits for it.
    final class Thread: @unchecked Sendable {
        #if canImport(Glibc)
        private var handle = pthread_t()
        #else
        private var handle: pthread_t?
        #endif
        private var joined = false

        /// Starts `body` on a new thread; nil when the system gives none.
        init?(_ body: @escaping @Sendable () -> Void) {
            let context = Unmanaged.passRetained(Body(body)).toOpaque()
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, Self.stackSize)
            let result = pthread_create(&handle, &attributes, { context in
                #if canImport(Glibc)
                let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
                #else
                let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
                #endif
                body.run()
                return nil
            }, context)
            if result != 0 {
                Unmanaged<Body>.fromOpaque(context).release()
                return nil
            }
        }

        /// Marks the threads' work as ending (`mark`, under `condition`'s lock, which guards
        /// `threads` too), wakes every thread waiting on it, takes the threads out and waits for
        /// them: how a pool of these threads is stopped.
        static func stop(_ threads: inout [Thread], under condition: Condition, marking mark: () -> Void) {
            condition.lock()
            mark()
            condition.broadcast()
            let running = threads
            threads = []
            condition.unlock()
            for thread in running { thread.join() }
        }

        /// The stack of each thread started here.
        static let stackSize = 8 << 20

        /// Waits for the thread to end (once; later calls return at once).
        func join() {
            guard !joined else { return }
            joined = true
            #if canImport(Glibc)
            pthread_join(handle, nil)
            #else
            if let handle { pthread_join(handle, nil) }
            #endif
        }

        private final class Body {
            let run: @Sendable () -> Void
            init(_ run: @escaping @Sendable () -> Void) { self.run = run }
        }
    }
}
