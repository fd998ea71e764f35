#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock with a condition variable (`pthread_mutex_t` + `pthread_cond_t`), for a producer
/// that hands work to waiting consumers.
///
/// Built on pthreads for the reason ``Locked`` is: ThreadSanitizer intercepts these calls,
/// so a TSan run sees the ordering they establish.
///
/// ```swift
/// condition.lock()
/// while queue.isEmpty && !finished { condition.wait() }
/// let next = queue.popLast()
/// condition.unlock()
/// ```
package final class Condition: @unchecked Sendable {
    private let mutex = PthreadMutex()
    private let variable: UnsafeMutablePointer<pthread_cond_t>

    /// An unlocked lock with no waiter.
    package init() {
        variable = .allocate(capacity: 1)
        variable.initialize(to: pthread_cond_t())
        pthread_cond_init(variable, nil)
    }

    deinit {
        pthread_cond_destroy(variable)
        variable.deallocate()
        mutex.destroy()
    }

    /// Takes the lock, waiting for it.
    package func lock() { pthread_mutex_lock(mutex.pointer) }

    /// Gives the lock back.
    package func unlock() { pthread_mutex_unlock(mutex.pointer) }

    /// Gives the lock back until another thread signals, then takes it again; the caller
    /// holds the lock and checks its condition again afterwards (wake-ups may be spurious).
    package func wait() { pthread_cond_wait(variable, mutex.pointer) }

    /// Wakes one waiting thread.
    package func signal() { pthread_cond_signal(variable) }

    /// Wakes every waiting thread.
    package func broadcast() { pthread_cond_broadcast(variable) }
}
