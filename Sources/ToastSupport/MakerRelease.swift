#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Values handed on by the threads that made them, to be released later on those same
/// threads.
///
/// A catalog read on a worker thread is allocated in that thread's malloc arena. Released on
/// the calling thread, each of its hundreds of thousands of blocks would be freed one after
/// another while the workers wait, and freed into an arena another thread is allocating in
/// (its lock taken for every block). The file reader instead retires each result it has
/// handed on; the next round's tasks first release what their own thread made, in parallel
/// and in their own arenas. A value the caller kept is only released (its count lowered),
/// not freed.
package final class MakerRelease<Value>: @unchecked Sendable {
    private let held = Locked<[(maker: pthread_t, value: Value)]>([])

    /// Holds nothing yet.
    package init() {}

    /// The thread running the caller, to record as a value's maker.
    package static var currentThread: pthread_t { pthread_self() }

    /// Keeps `value` until `maker` calls ``releaseOwn()``, or until this object is released.
    package func retire(_ value: consuming Value, madeBy maker: pthread_t) {
        held.withLock { [value = Optional(value)] in $0.append((maker, value!)) }
    }

    /// Releases the values the calling thread made, outside the lock.
    package func releaseOwn() {
        let me = pthread_self()
        var own: [Value] = held.withLock { held in
            var own: [Value] = []
            guard !held.isEmpty else { return own }
            var others: [(maker: pthread_t, value: Value)] = []
            for item in held {
                if pthread_equal(item.maker, me) != 0 { own.append(item.value) } else { others.append(item) }
            }
            held = others
            return own
        }
        own.removeAll()
    }

    /// How many values are still held (tests).
    package var count: Int {
        held.withLock { $0.count }
    }
}
