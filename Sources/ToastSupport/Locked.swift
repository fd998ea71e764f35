#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`: the lock of every cache, handle and shared result in
/// ToastKit (``LockedSlots``, ``MakerRelease`` and the ICU services build on it).
///
/// Used instead of `Synchronization.Mutex`, whose Linux implementation locks with raw futex
/// calls that ThreadSanitizer cannot see, so every access under it is reported as a race;
/// `pthread_mutex_lock` is intercepted, so a TSan run reports only real races.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex = PthreadMutex()
    private var value: Value

    /// Creates the lock around `value`.
    package init(_ value: Value) { self.value = value }

    deinit { mutex.destroy() }

    /// Runs `body` with the value, under the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex.pointer)
        defer { pthread_mutex_unlock(mutex.pointer) }
        return try body(&value)
    }
}

/// A `pthread_mutex_t` at a fixed address (a mutex must not move once used), owned by one
/// ``Locked`` or ``Condition``, which calls ``destroy()`` in its `deinit`.
struct PthreadMutex {
    let pointer: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: pthread_mutex_t())
        pthread_mutex_init(pointer, nil)
    }

    func destroy() {
        pthread_mutex_destroy(pointer)
        pointer.deallocate()
    }
}
