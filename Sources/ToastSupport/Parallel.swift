import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ToastKit's one way to run work on several cores and to count them.
///
/// Every parallel loop of the package goes through here: the catalog reader's parts, the
/// file loader's window, lint's groups, checks and locating, the locale matrix's cells.
package enum Parallel {
    /// The processors online (`sysconf(_SC_NPROCESSORS_ONLN)`, on Linux and Darwin alike);
    /// at least 1.
    package static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Runs `body` for every index in `0..<iterations`, on all cores, and returns when all
    /// have finished. The order in which indices run is not defined.
    package static func forEach(_ iterations: Int, _ body: @Sendable (Int) -> Void) {
        switch iterations {
        case ..<1: return
        case 1: body(0)
        default: DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
        }
    }

    /// The results of `transform` for every index in `0..<count`, in index order, computed on
    /// all cores.
    ///
    /// ```swift
    /// Parallel.map(4) { $0 * $0 }  // [0, 1, 4, 9]
    /// ```
    package static func map<Value>(_ count: Int, _ transform: @Sendable (Int) -> Value) -> [Value] {
        let slots = LockedSlots<Value>(count: count)
        forEach(count) { index in slots.store(transform(index), at: index) }
        return slots.values()
    }

    /// The values `make` gives for every index in `0..<count`, in index order, made in `parts`
    /// contiguous slices (at least one, at most one per index) taken by whichever core is
    /// free, each written in place: one array of the results, without a list per slice to join
    /// afterwards (which held the output twice). Each slice starts from a fresh `state` (a
    /// cache, say) that `make` carries from one index to the next.
    ///
    /// ```swift
    /// Parallel.array(count: 5, parts: 2, state: { 0 }) { index, made in made += 1; return index * 10 }  // [0, 10, 20, 30, 40]
    /// ```
    package static func array<Value, State>(count: Int, parts: Int, state: @Sendable () -> State,
                                            _ make: @Sendable (Int, inout State) -> Value) -> [Value] {
        guard count > 0 else { return [] }
        let slices = slices(of: count, into: parts)
        return [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each slice is written by one worker only; the address crosses threads as a number.
            let base = UInt(bitPattern: buffer.baseAddress!)
            forEach(slices.count) { part in
                let start = UnsafeMutablePointer<Value>(bitPattern: base)!
                var current = state()
                for index in slices[part] { (start + index).initialize(to: make(index, &current)) }
            }
            initialized = count
        }
    }

    /// Makes a value for each run of `runLength` indices of `0..<count` on all cores, up to two
    /// runs per core ahead of the one being consumed, and hands the values to `consume` in
    /// index order on the calling thread: output made in parallel and written in order, with
    /// memory for a window of runs rather than the whole output.
    ///
    /// The runs are made on a ``Pipeline``: a core that finishes a run starts the next at once,
    /// while `consume` writes the runs before it, so no core waits for a window of runs to be
    /// finished or written. A single run is made and consumed on the calling thread.
    ///
    /// ```swift
    /// Parallel.forEachRun(of: 10, length: 4, { Array($0) }) { print($0) }  // [0, 1, 2, 3], [4, 5, 6, 7], [8, 9]
    /// ```
    package static func forEachRun<Value>(of count: Int, length runLength: Int, _ make: @Sendable (Range<Int>) -> Value,
                                          then consume: (Value) -> Void) {
        let (length, runs) = runCount(of: count, length: runLength)
        guard runs > 1 else {
            if runs == 1 { consume(make(0..<count)) }
            return
        }
        withoutActuallyEscaping(make) { make in
            let pipeline = Pipeline(count: runs, window: 2 * processorCount) { run in
                let start = run * length
                return make(start..<(start + min(length, count - start)))
            }
            // `make` must not outlive this call: the producers are stopped and waited for
            // before it returns.
            defer { pipeline.finish() }
            for run in 0..<runs { consume(pipeline.take(run)) }
        }
    }

    /// The values `make` gives for each run of `runLength` indices of `0..<count`, in run
    /// order. Runs are handed out one at a time to whichever core is free, so that work whose
    /// cost varies along the list (cheap keys first, costly ones last) still keeps every core
    /// busy, which fixed halves do not. Each core carries one `state` (a cache, say) from run
    /// to run; which runs share a state is not defined.
    ///
    /// ```swift
    /// Parallel.mapRuns(of: 10, length: 4, state: { () }) { run, _ in run.count }  // [4, 4, 2]
    /// ```
    package static func mapRuns<Value, State>(of count: Int, length runLength: Int, state: @Sendable () -> State,
                                              _ make: @Sendable (Range<Int>, inout State) -> Value) -> [Value] {
        let (length, runs) = runCount(of: count, length: runLength)
        guard runs > 0 else { return [] }
        let slots = LockedSlots<Value>(count: runs)
        let next = Locked(0)
        forEach(min(processorCount, runs)) { _ in
            var current = state()
            while true {
                let run = next.withLock { next in
                    defer { next += 1 }
                    return next
                }
                guard run < runs else { return }
                let start = run * length
                slots.store(make(start..<(start + min(length, count - start)), &current), at: run)
            }
        }
        return slots.values()
    }

    /// The run length used (at least 1) and how many runs of it cover `0..<count`.
    private static func runCount(of count: Int, length runLength: Int) -> (length: Int, runs: Int) {
        let length = max(1, runLength)
        let (whole, rest) = max(0, count).quotientAndRemainder(dividingBy: length)
        return (length, whole + (rest > 0 ? 1 : 0))
    }

    /// Releases `value` on another thread: a large structure (a table of hundreds of
    /// thousands of strings) is freed block by block, which the caller need not wait for
    /// when it has other work. The caller must hold no other reference to it (pass it with
    /// `consume`), or nothing is freed there.
    package static func releaseInBackground<Value: Sendable>(_ value: consuming Value) {
        let held = Held(value)
        DispatchQueue.global().async { held.release() }
    }

    /// A value kept until ``release()``.
    private final class Held<Value: Sendable>: @unchecked Sendable {
        private var value: Value?
        init(_ value: consuming Value) { self.value = value }
        func release() { value = nil }
    }

    /// `0..<count` cut into at most `parts` contiguous ranges whose lengths differ by at most
    /// one (none empty, at least one), in order: the slices of a list that `map` hands to its
    /// workers.
    ///
    /// ```swift
    /// Parallel.slices(of: 10, into: 3)  // [0..<4, 4..<7, 7..<10]
    /// Parallel.slices(of: 9, into: 4)   // [0..<3, 3..<5, 5..<7, 7..<9]
    /// ```
    package static func slices(of count: Int, into parts: Int) -> [Range<Int>] {
        let parts = max(1, min(parts, count))
        // The first `count % parts` slices take one more.
        let (size, longer) = count.quotientAndRemainder(dividingBy: parts)
        return (0..<parts).map { part in
            let lower = part * size + min(part, longer)
            return lower..<lower + size + (part < longer ? 1 : 0)
        }
    }
}
