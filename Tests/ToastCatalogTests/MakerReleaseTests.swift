import Foundation
import Testing
import ToastCatalog
import ToastSupport

/// Results read on worker threads are released by the threads that made them; what a caller
/// keeps stays whole.
@Suite struct MakerReleaseTests {
    /// Counts its own releases.
    final class Tracked: @unchecked Sendable {
        let released: NSLock.Counter
        init(_ released: NSLock.Counter) { self.released = released }
        deinit { released.add() }
    }

    /// A thread releases what it made and leaves what others made.
    @Test func releasesOnlyWhatTheCallingThreadMade() throws {
        let released = NSLock.Counter()
        let retired = MakerRelease<Tracked>()
        let me = MakerRelease<Tracked>.currentThread
        // Made on another thread: retired with that thread as its maker.
        let other = ThreadBox()
        let thread = Thread { other.set(MakerRelease<Tracked>.currentThread) }
        thread.start()
        let otherMaker = try #require(other.wait())
        retired.retire(Tracked(released), madeBy: me)
        retired.retire(Tracked(released), madeBy: otherMaker)
        retired.retire(Tracked(released), madeBy: me)
        #expect(retired.count == 3)
        retired.releaseOwn()
        #expect(released.value == 2)
        #expect(retired.count == 1)
        retired.releaseOwn()
        #expect(released.value == 2)
    }

    /// Kept values are only released, not freed: reading more files than one window holds and
    /// keeping every result gives the catalogs each file gives alone, in path order.
    @Test(arguments: [1, 3, 9, 17])
    func readFilesKeepsWhatTheCallerKeeps(count: Int) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-release-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var paths: [String] = []
        for index in 0..<count {
            let url = root.appendingPathComponent(String(format: "l%02d.lproj/Main.strings", index))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text = (0..<50).map { "/* c\($0) */\n\"key \($0) long enough to be allocated\" = \"value \(index) \($0) long enough too\";\n" }.joined()
            try text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        var kept: [(String, StringCatalog)] = []
        CatalogLoader.readFiles(paths) { file, result in
            if case .success(let catalog) = result { kept.append((file, catalog)) }
        }
        #expect(kept.map(\.0) == paths)
        for (file, catalog) in kept {
            #expect(catalog == (try CatalogLoader.readFile(file)))
            #expect(catalog.keys.count == 50)
        }
    }
}


/// A value set by one thread and awaited by another.
final class ThreadBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: pthread_t?
    func set(_ value: pthread_t) {
        condition.lock(); self.value = value; condition.signal(); condition.unlock()
    }
    func wait() -> pthread_t? {
        condition.lock(); defer { condition.unlock() }
        while value == nil { if !condition.wait(until: Date().addingTimeInterval(10)) { break } }
        return value
    }
}

extension NSLock {
    /// A counter behind a lock.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }
}
