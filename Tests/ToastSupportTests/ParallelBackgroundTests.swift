import Testing
import ToastSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Parallel.Background`: work handed to threads of its own while the caller goes on.
@Suite struct ParallelBackgroundTests {
    /// Every piece runs once, whatever the threads and the window; `finish()` waits for all.
    @Test(arguments: [(1, 1), (1, 4), (4, 1), (4, 4), (3, 100)])
    func everyPieceRunsOnce(threads: Int, window: Int) {
        let count = 500
        let runs = Locked([Int](repeating: 0, count: count))
        let background = Parallel.Background(threads: threads, window: window)
        for index in 0..<count { background.run { runs.withLock { $0[index] += 1 } } }
        background.finish()
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count))
        // A second finish does nothing.
        background.finish()
    }

    /// With one thread, the pieces run in the order handed over.
    @Test func oneThreadRunsInOrder() {
        let order = Locked([Int]())
        let background = Parallel.Background(threads: 1, window: 2)
        for index in 0..<200 { background.run { order.withLock { $0.append(index) } } }
        background.finish()
        #expect(order.withLock { $0 } == Array(0..<200))
    }

    /// The caller waits while `window` pieces wait: a piece that blocks until released keeps
    /// later ones waiting, and `run` returns only once there is room.
    @Test func runWaitsForRoom() {
        let gate = Locked(false)
        let started = Locked(0)
        let background = Parallel.Background(threads: 1, window: 1)
        // The first piece holds the one thread until the gate opens.
        background.run {
            started.withLock { $0 += 1 }
            while !gate.withLock({ $0 }) { sched_yield() }
        }
        // Waits for a thread to take the first piece, then is queued (the window is one).
        background.run { started.withLock { $0 += 1 } }
        #expect(started.withLock { $0 } <= 1)
        gate.withLock { $0 = true }
        background.finish()
        #expect(started.withLock { $0 } == 2)
    }

    /// Let go without `finish()`, the pieces handed over still run before it is freed.
    @Test func freedWithoutFinishRunsEverything() {
        let runs = Locked(0)
        do {
            let background = Parallel.Background(threads: 2, window: 2)
            for _ in 0..<50 { background.run { runs.withLock { $0 += 1 } } }
        }
        #expect(runs.withLock { $0 } == 50)
    }
}
