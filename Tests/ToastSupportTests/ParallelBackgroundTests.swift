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
    /// the one thread busy, the next piece waits in the window, and the caller's third hand-over
    /// returns only once the first piece has ended.
    @Test func runWaitsForRoom() {
        let gate = Condition()
        let open = Locked(false)
        let events = Locked([String]())
        let background = Parallel.Background(threads: 1, window: 1)
        background.run {
            events.withLock { $0.append("first started") }
            gate.lock()
            while !open.withLock({ $0 }) { gate.wait() }
            gate.unlock()
            events.withLock { $0.append("first ended") }
        }
        // Queued once the thread has taken the first piece (the window is one).
        background.run { events.withLock { $0.append("second") } }
        // Opens the gate from another thread a little later; until then this hand-over waits.
        let opener = Parallel.Background(threads: 1, window: 1)
        opener.run {
            usleep(50_000)
            events.withLock { $0.append("gate opened") }
            gate.lock()
            open.withLock { $0 = true }
            gate.broadcast()
            gate.unlock()
        }
        background.run { events.withLock { $0.append("third") } }
        events.withLock { $0.append("third handed over") }
        background.finish()
        opener.finish()
        let seen = events.withLock { $0 }
        #expect(seen.firstIndex(of: "gate opened")! < seen.firstIndex(of: "third handed over")!, "\(seen)")
        #expect(seen.filter { ["first ended", "second", "third"].contains($0) } == ["first ended", "second", "third"], "\(seen)")
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
