import Testing
import ToastSupport
import ToastTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's one set of concurrency helpers: parallel loops, slots, locks.
@Suite struct ParallelTests {
    @Test(arguments: [0, 1, 2, 3, 7, 64, 1_000])
    func mapKeepsIndexOrder(count: Int) {
        #expect(Parallel.map(count) { $0 * 3 + 1 } == (0..<count).map { $0 * 3 + 1 })
    }

    @Test(arguments: [0, 1, 2, 5, 50])
    func forEachVisitsEveryIndexOnce(count: Int) {
        let visits = Locked([Int](repeating: 0, count: count))
        Parallel.forEach(count) { index in visits.withLock { $0[index] += 1 } }
        #expect(visits.withLock { $0 } == [Int](repeating: 1, count: count))
    }

    @Test(arguments: [(0, 1), (0, 4), (1, 4), (10, 3), (10, 1), (4_000, 2), (511, 8), (7, 7), (3, 10), (9, 4), (10, 8), (1_025, 8)])
    func slicesCoverTheListInOrder(count: Int, parts: Int) {
        let slices = Parallel.slices(of: count, into: parts)
        #expect(!slices.isEmpty && slices.count <= max(1, parts))
        #expect(slices.first?.lowerBound == 0 && slices.last?.upperBound == count)
        for (left, right) in zip(slices, slices.dropFirst()) { #expect(left.upperBound == right.lowerBound) }
        if count >= parts { #expect(slices.allSatisfy { !$0.isEmpty }) }
        let sizes = slices.map(\.count)
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
    }

    /// Runs are made on all cores and handed on in order, each once, the last one short.
    @Test(arguments: [(0, 4), (1, 4), (10, 4), (12, 4), (1_000, 7), (5, 0)])
    func runsAreHandedOnInOrder(count: Int, length: Int) {
        var runs: [Range<Int>] = []
        Parallel.forEachRun(of: count, length: length, { $0 }, then: { runs.append($0) })
        #expect(runs.flatMap { Array($0) } == Array(0..<count))
        #expect(runs.dropLast().allSatisfy { $0.count == max(1, length) })
        #expect(runs.allSatisfy { !$0.isEmpty })
    }

    /// Runs are made ahead while the caller consumes the ones before (two a core at most), each
    /// once, and none after the call returns; consumed on the calling thread.
    @Test(arguments: [(1, 1), (2, 1), (40, 1), (300, 7)])
    func runsAreMadeAheadWithinTheirWindow(count: Int, length: Int) {
        final class Ledger: @unchecked Sendable {
            let lock = Locked((made: 0, consumed: 0, mostAhead: 0))
        }
        let ledger = Ledger()
        let caller = pthread_self()
        var consumedHere = true, madeWhileConsuming = true
        Parallel.forEachRun(of: count, length: length, { run -> Range<Int> in
            ledger.lock.withLock { state in
                state.made += 1
                state.mostAhead = max(state.mostAhead, state.made - state.consumed)
            }
            return run
        }, then: { _ in
            consumedHere = consumedHere && pthread_equal(pthread_self(), caller) != 0
            // The caller at work: the runs after it are made meanwhile, up to two past this one
            // (made a window at a time and only then consumed, none would be made while the
            // window's last run is consumed, and this waited in vain).
            let consumed = ledger.lock.withLock { $0.consumed }
            let wanted = min((count + length - 1) / length, consumed + 2)
            var waits = 0
            while ledger.lock.withLock({ $0.made }) < wanted && waits < 10_000 {
                usleep(200)
                waits += 1
            }
            if waits == 10_000 { madeWhileConsuming = false }
            ledger.lock.withLock { $0.consumed += 1 }
        })
        let runs = (count + length - 1) / length
        let after = ledger.lock.withLock { $0 }
        #expect(after.made == runs && after.consumed == runs)
        #expect(consumedHere)
        #expect(madeWhileConsuming)
        // Made but not consumed: the window, plus the one being handed on as it was counted.
        #expect(after.mostAhead <= 2 * Parallel.processorCount + 1)
        usleep(10_000)
        #expect(ledger.lock.withLock { $0.made } == runs)
    }

    /// Values are handed on in order, each made once, while the taker works; never more than
    /// the window is made ahead of the next index taken.
    @Test(arguments: [(0, 3), (1, 3), (7, 3), (9, 1), (50, 2), (200, 4), (5, 0)])
    func pipelineHandsOnInOrderWithinItsWindow(count: Int, window: Int) {
        final class Ledger: @unchecked Sendable {
            let lock = Locked((made: [Int](), taken: 0, mostAhead: 0))
        }
        let ledger = Ledger()
        let pipeline = Parallel.Pipeline(count: count, window: window) { index -> String in
            ledger.lock.withLock { state in
                state.made.append(index)
                state.mostAhead = max(state.mostAhead, state.made.count - state.taken)
            }
            return "v\(index)"
        }
        var taken: [String] = []
        for index in 0..<count {
            taken.append(pipeline.take(index))
            ledger.lock.withLock { $0.taken += 1 }
            if index % 7 == 0 { usleep(200) }  // the taker at work: the producers go on meanwhile
        }
        pipeline.finish()
        #expect(taken == (0..<count).map { "v\($0)" })
        let state = ledger.lock.withLock { $0 }
        #expect(state.made.sorted() == Array(0..<count))
        // Made but not taken: the window, plus the one the taker was handed as it was counted.
        #expect(state.mostAhead <= max(1, window) + 1)
    }

    /// A pipeline stopped early makes nothing after ``Parallel/Pipeline/finish()`` returns,
    /// and one let go without it stops too (its producers hold no reference to it).
    @Test func pipelineStopsWhenFinishedOrLetGo() {
        let made = Locked(0)
        let pipeline = Parallel.Pipeline(count: 1_000, window: 2) { index -> Int in
            made.withLock { $0 += 1 }
            return index
        }
        #expect(pipeline.take(0) == 0)
        pipeline.finish()
        let afterFinish = made.withLock { $0 }
        usleep(20_000)
        #expect(made.withLock { $0 } == afterFinish)
        #expect(afterFinish <= 1 + 2 + Parallel.processorCount)
        pipeline.finish()  // again: nothing happens

        weak var weakPipeline: Parallel.Pipeline<Int>?
        let letGo = Locked(0)
        do {
            let unused = Parallel.Pipeline(count: 1_000, window: 3) { index -> Int in
                letGo.withLock { $0 += 1 }
                return index
            }
            weakPipeline = unused
            #expect(unused.take(0) == 0)
        }
        #expect(weakPipeline == nil)
        let afterLetGo = letGo.withLock { $0 }
        usleep(20_000)
        #expect(letGo.withLock { $0 } == afterLetGo)
    }

    /// Takers that are themselves the Dispatch pool's threads (each iteration of
    /// ``Parallel/forEach(_:_:)`` with a pipeline of its own, more of them than cores) all
    /// finish: the producers are threads of their own, not queued behind the takers.
    @Test func pipelinesInsidePoolThreadsFinish() {
        let sums = LockedSlots<Int>(count: 8)
        Parallel.forEach(8) { worker in
            let pipeline = Parallel.Pipeline(count: 40, window: 2) { index -> Int in
                usleep(100)
                return index * worker
            }
            var sum = 0
            for index in 0..<40 { sum += pipeline.take(index) }
            sums.store(sum, at: worker)
        }
        #expect(sums.values() == (0..<8).map { 780 * $0 })
    }

    /// One array in index order, whatever the parts; each slice's state starts fresh and is
    /// carried along the slice (here: the indices made before, within the slice).
    @Test(arguments: [(0, 3), (1, 3), (7, 3), (10, 4), (1_000, 2), (5, 1), (3, 8)])
    func arrayFillsEverySliceInPlace(count: Int, parts: Int) {
        let values = Parallel.array(count: count, parts: parts, state: { [Int]() }) { index, before -> String in
            defer { before.append(index) }
            return "\(index):\(before.last.map(String.init) ?? "-")"
        }
        let starts = Set(Parallel.slices(of: count, into: parts).map(\.lowerBound))
        #expect(values == (0..<count).map { "\($0):\(starts.contains($0) ? "-" : String($0 - 1))" })
    }

    /// Every run once, in run order, whatever the lengths; a core's state goes with it from run
    /// to run (each core counts the runs it made, and the counts add up to all of them).
    @Test(arguments: [(0, 4), (1, 4), (10, 4), (12, 4), (1_000, 7), (5, 0), (3, 100)])
    func mapRunsGivesEveryRunInOrder(count: Int, length: Int) {
        let made = Locked<[Int]>([])
        let runs = Parallel.mapRuns(of: count, length: length, state: { Counter(made) }) { run, counter in
            counter.count += 1
            return Array(run)
        }
        #expect(runs.flatMap { $0 } == Array(0..<count))
        #expect(runs.dropLast().allSatisfy { $0.count == max(1, length) })
        #expect(made.withLock { $0.reduce(0, +) } == runs.count)
        // One state per core at most, not one per run.
        #expect(made.withLock { $0.count } <= min(Parallel.processorCount, runs.count))
    }

    /// Adds its count to a shared list when the core that carried it lets it go.
    final class Counter: @unchecked Sendable {
        let made: Locked<[Int]>
        var count = 0
        init(_ made: Locked<[Int]>) { self.made = made }
        deinit { made.withLock { $0.append(count) } }
    }

    @Test func processorCountMatchesTheSystem() {
        #expect(Parallel.processorCount == max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    }

    @Test func slotsStoreAndTake() {
        let slots = LockedSlots<String>(count: 4)
        Parallel.forEach(4) { index in if index != 2 { slots.store("v\(index)", at: index) } }
        #expect(slots.values() == ["v0", "v1", "v3"])
        #expect(slots.take() == ["v0", "v1", nil, "v3"])
        #expect(slots.values().isEmpty)
    }

    /// A producer hands 10,000 items to two consumers through ``Condition``; each is taken once.
    @Test func conditionHandsWorkToWaitingConsumers() {
        final class Queue: @unchecked Sendable {
            let condition = Condition()
            var items: [Int] = []
            var finished = false
            var taken: [Int] = []
        }
        let queue = Queue()
        let total = 10_000
        Parallel.forEach(3) { worker in
            if worker == 0 {
                for item in 0..<total {
                    queue.condition.lock(); queue.items.append(item); queue.condition.signal(); queue.condition.unlock()
                }
                queue.condition.lock(); queue.finished = true; queue.condition.broadcast(); queue.condition.unlock()
            } else {
                while true {
                    queue.condition.lock()
                    while queue.items.isEmpty && !queue.finished { queue.condition.wait() }
                    guard let item = queue.items.popLast() else { queue.condition.unlock(); return }
                    queue.taken.append(item)
                    queue.condition.unlock()
                }
            }
        }
        #expect(queue.taken.sorted() == Array(0..<total))
    }
}

/// Elements put in the order of their sorted indices, in place.
@Suite struct ArrayPermutationTests {
    @Test(arguments: [0, 1, 2, 7, 64])
    func permutingBySortedIndicesSorts(count: Int) {
        var generator = SystemRandomNumberGenerator()
        var words = (0..<count).map { _ in String(Int.random(in: 0..<40, using: &generator)) + "-word" }
        let expected = words.indices.sorted { words[$0] < words[$1] }.map { words[$0] }
        let order = words.indices.sorted { words[$0] < words[$1] }
        words.permute(by: order)
        #expect(words == expected)
    }

    /// Counts the elements alive, so that an element copied without its copy freed, or freed
    /// twice, shows.
    final class Census: @unchecked Sendable {
        var alive = 0
    }

    final class Counted {
        let census: Census
        let number: Int
        init(_ number: Int, _ census: Census) {
            self.number = number
            self.census = census
            census.alive += 1
        }
        deinit { census.alive -= 1 }
    }

    /// Each element lands where the order says, whatever the cycles (fixed points, one long
    /// cycle, many short ones), and every element is freed exactly once afterwards.
    @Test(arguments: [0, 1, 2, 3, 10, 257])
    func elementsMoveAlongTheirCycles(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count) + 29)
        let orders: [[Int]] = [
            Array(0..<count),
            Array(0..<count).shuffled(using: &generator),
            count > 0 ? Array(1..<count) + [0] : [],
            Array((0..<count).reversed()),
        ]
        for order in orders {
            let census = Census()
            do {
                var elements = (0..<count).map { Counted($0, census) }
                elements.permute(by: order)
                #expect(elements.map(\.number) == order)
                #expect(census.alive == count)
            }
            #expect(census.alive == 0)
        }
    }

    @Test func theDocumentedExample() {
        var letters = ["b", "c", "a"]
        letters.permute(by: [2, 0, 1])
        #expect(letters == ["a", "b", "c"])
    }
}
