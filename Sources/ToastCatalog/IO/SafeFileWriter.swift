import ToastSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files without losing what the user had: the one way every ToastKit writer (`fmt`,
/// `convert`, `matrix --golden --update`, the lint baseline) puts bytes on disk.
///
/// A write goes to a temporary file beside the target (`.NAME.toastkit-XXXXXX`, removed on
/// error and, with ``TemporaryFiles/installSignalCleanup()``, on SIGINT/SIGTERM/SIGHUP), is
/// flushed to disk, given the target's permissions and, where permitted, its owner, and is
/// renamed over the target in one step. So a reader sees the old file or the new one, never
/// a part, and a crash or `kill -9` leaves the target as it was. Besides:
///
/// - a symbolic link stays a link: the file it points to is replaced (or, with
///   ``Options/followsSymlinks`` false, the link is refused);
/// - a file with other hard links is refused, since a rename would leave the other names
///   with the old contents; with ``Options/force`` it is rewritten in place, which keeps
///   the links but is not atomic;
/// - a read-only file (no write permission bit, or not writable by this user) is refused,
///   and rewritten with ``Options/force``, keeping its mode;
/// - with ``Options/original`` (what the caller read), a file that changed since the read —
///   other identity, size, modification time or bytes — is refused: nothing is overwritten;
/// - a folder, FIFO, socket or device is refused before it is opened.
///
/// Errors are `[io]` ``CatalogError``s at `path:1:1` that say the file could not be written
/// and why.
public enum SafeFileWriter {
    /// How a write treats what is already there.
    public struct Options: Sendable {
        /// Rewrite a read-only or hard-linked file (the CLI's `--force`).
        public var force: Bool
        /// Replace an existing file (false: an existing file is an error, as `convert`
        /// without `--force` wants).
        public var replacesExisting: Bool
        /// Write through a symbolic link to its target (false: a link is an error).
        public var followsSymlinks: Bool
        /// What the caller read from the file: the write is refused if the file changed since.
        public var original: FileContents?
        /// What the caller is doing, for the message of a refused write
        /// ("changed while formatting").
        public var activity: String

        /// Options for replacing a file read earlier, or creating a new one.
        public init(force: Bool = false, replacesExisting: Bool = true, followsSymlinks: Bool = true,
                    original: FileContents? = nil, activity: String = "writing") {
            self.force = force
            self.replacesExisting = replacesExisting
            self.followsSymlinks = followsSymlinks
            self.original = original
            self.activity = activity
        }
    }

    /// The bytes of a write, given in parts as they are made (``write(to:options:contents:)``):
    /// into the temporary file, or, for a file rewritten in place, into memory first.
    public struct Sink: ~Copyable {
        fileprivate enum Target { case file(Int32), memory }
        fileprivate let target: Target
        fileprivate var collected: [UInt8] = []
        /// The `errno` of the first write that failed; later parts are dropped.
        fileprivate var failure: Int32?
        /// Bytes written to the file so far, and how many of them the system was asked to
        /// start putting on disk.
        fileprivate var written = 0, flushing = 0

        /// How many bytes are written before the system is asked to start writing them to
        /// disk (``append(_:)``).
        static let flushRun = 8 << 20

        fileprivate init(_ target: Target) { self.target = target }

        /// Appends `bytes` to what is written. On Linux, once ``flushRun`` bytes more than
        /// last time have been written, the system is asked to start writing them to disk
        /// (`POSIX_FADV_DONTNEED`, which starts the write-back of the range and returns): a file
        /// written in many parts (`convert` streams a String Catalog) is then flushed before the
        /// rename up to its last run only. Flushing the 84 MB catalog `convert` writes took
        /// 50 ms after its last byte. Bytes handed over in one part get the request after it.
        public mutating func append(_ bytes: [UInt8]) {
            guard failure == nil else { return }
            switch target {
            case .file(let descriptor):
                if !bytes.withUnsafeBytes({ systemWriteAll(descriptor, $0) }) { failure = errno; return }
                written += bytes.count
                #if canImport(Glibc)
                if written - flushing >= Self.flushRun {
                    _ = posix_fadvise(descriptor, off_t(flushing), off_t(written - flushing), POSIX_FADV_DONTNEED)
                    flushing = written
                }
                #endif
            // The first part is kept as it is (its storage shared, not copied).
            case .memory: if collected.isEmpty { collected = bytes } else { collected += bytes }
            }
        }
    }

    /// Writes `bytes` to `path` as ``SafeFileWriter`` describes.
    public static func write(_ bytes: [UInt8], to path: String, options: Options = Options()) throws(CatalogError) {
        try write(to: path, options: options) { $0.append(bytes) }
    }

    /// Writes what `contents` appends to its sink to `path`, as ``SafeFileWriter`` describes,
    /// without holding it all: the parts go to the temporary file as they come. `contents` is
    /// called once, after the target has been examined (its kind, whether it may be replaced,
    /// its permissions and links, and, with ``Options/original``, its identity, size and
    /// time); a write refused there never calls it. The checks that need the finished file
    /// come after it (the bytes compared with ``Options/original``, a name taken meanwhile),
    /// and a write refused then leaves the target as it was. A hard-linked file rewritten in
    /// place with ``Options/force`` gets the whole output made in memory first. After a part
    /// fails to be written, later parts are dropped and the write reports the error.
    public static func write(to path: String, options: Options = Options(),
                             contents: (inout Sink) -> Void) throws(CatalogError) {
        try checkPathLength(path)
        let target = try resolveTarget(path, options: options)
        var status = stat()
        if stat(target, &status) == 0 {
            let kind = PathKind(status.st_mode)
            guard kind == .regular else { throw failure(path, "it \(kind.phrase)") }
            guard options.replacesExisting else { throw failure(path, "it exists (--force replaces it)") }
            let current = FileSnapshot(status)
            // Early and cheap (identity, size, time); the bytes are compared once, just before
            // the file is replaced.
            if let original = options.original { try checkUnchanged(path, target, since: original, comparingBytes: false, options: options) }
            if current.permissions & 0o222 == 0 || access(target, W_OK) != 0 {
                guard options.force else { throw failure(path, "it is read-only (--force rewrites it, keeping its mode)") }
            }
            if current.links > 1 {
                guard options.force else {
                    throw failure(path, "it has \(current.links) hard links, which a replacement would separate (--force rewrites it in place, keeping them)")
                }
                // Its size is reserved before it is overwritten: made in memory first, then the
                // file compared with what the caller read, just before it is rewritten.
                var sink = Sink(.memory)
                contents(&sink)
                if let original = options.original { try checkUnchanged(path, target, since: original, comparingBytes: true, options: options) }
                try rewriteInPlace(sink.collected, path: path, target: target, expected: current)
                return
            }
            try replace(contents, path: path, target: target, keeping: current, options: options)
        } else {
            let code = errno
            guard code == ENOENT else { throw failure(path, systemError(code)) }
            if options.original != nil { throw failure(path, "it was removed while \(options.activity)") }
            try replace(contents, path: path, target: target, keeping: nil, options: options)
        }
    }

    /// The file to replace: `path`, or the file its links lead to.
    private static func resolveTarget(_ path: String, options: Options) throws(CatalogError) -> String {
        var link = stat()
        guard lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK else { return path }
        guard options.followsSymlinks else { throw failure(path, "it is a symbolic link; give the file itself") }
        guard let resolved = realpath(path, nil) else {
            throw failure(path, "it is a symbolic link that cannot be followed (\(systemError()))")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Refuses the write when the file is no longer what the caller read: another identity,
    /// size or modification time, and with `comparingBytes` other bytes.
    private static func checkUnchanged(_ path: String, _ target: String, since original: FileContents,
                                       comparingBytes: Bool, options: Options) throws(CatalogError) {
        let changed = failure(path, "it changed while \(options.activity); not replaced (run again)")
        var status = stat()
        guard stat(target, &status) == 0 else { throw failure(path, "it was removed while \(options.activity)") }
        guard FileSnapshot(status).isUnchanged(comparedTo: original.snapshot) else { throw changed }
        guard comparingBytes else { return }
        // The same size and time can hide an edit within the clock's resolution: compare bytes.
        let now: FileContents
        do { now = try CatalogLoader.contents(ofFile: target, limits: CatalogLimits(maximumFileSize: Int.max)) } catch { throw changed }
        guard now.bytes == original.bytes else { throw changed }
    }

    /// Temporary file, flush, mode and owner, then one rename.
    private static func replace(_ contents: (inout Sink) -> Void, path: String, target: String, keeping existing: FileSnapshot?,
                                options: Options) throws(CatalogError) {
        let folder = parentFolder(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        // The name goes on the cleanup list before the file exists, so that no signal can come
        // between its creation and its listing; O_EXCL makes the creation ours alone.
        var temporary = ""
        var slot: Int32 = -1
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            temporary = folder + "/." + name + TemporaryFiles.marker + randomSuffix()
            slot = TemporaryFiles.remember(temporary)
            // A new file gets 0666 less the umask from open itself; a replacement starts private
            // and gets the target's mode below.
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existing == nil ? 0o666 : 0o600)
            if descriptor >= 0 { break }
            let code = errno
            TemporaryFiles.forget(slot)
            guard code == EEXIST else {
                throw failure(path, "cannot create a temporary file in \(folder): \(systemError(code))")
            }
        }
        guard descriptor >= 0 else { throw failure(path, "cannot create a temporary file in \(folder)") }
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
            TemporaryFiles.forget(slot)
        }
        do {
            defer { close(descriptor) }
            var sink = Sink(.file(descriptor))
            contents(&sink)
            if let code = sink.failure { throw failure(path, "cannot write \(temporary): \(systemError(code))") }
            guard fsync(descriptor) == 0 else { throw failure(path, "cannot flush \(temporary) to disk: \(systemError())") }
            if let existing { try keepOwnerAndMode(of: existing, descriptor: descriptor, path: path) }
        }
        if let original = options.original { try checkUnchanged(path, target, since: original, comparingBytes: true, options: options) }
        if existing == nil && !options.replacesExisting {
            // Never over a file made meanwhile: link() fails if the name exists. Where the file
            // system has no hard links (FAT, some network shares), the name is checked just
            // before a rename instead.
            if link(temporary, target) != 0 {
                let code = errno
                guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == ENOSYS || code == EMLINK else {
                    throw failure(path, code == EEXIST ? "it exists (--force replaces it)" : systemError(code))
                }
                var status = stat()
                guard lstat(target, &status) != 0 else { throw failure(path, "it exists (--force replaces it)") }
                guard rename(temporary, target) == 0 else { throw failure(path, systemError()) }
            }
        } else {
            guard rename(temporary, target) == 0 else { throw failure(path, systemError()) }
        }
        renamed = true
        if !options.replacesExisting { unlink(temporary) }
        syncFolder(folder)
    }

    /// Rewrites a hard-linked file's contents in place (`--force`): the links keep seeing it.
    /// Not atomic; to make a failure part-way unlikely, the room for the new contents is
    /// reserved first (a full disk fails before anything is overwritten), and the file opened
    /// is checked to be the one examined (never a FIFO put in its place).
    private static func rewriteInPlace(_ bytes: [UInt8], path: String, target: String, expected: FileSnapshot) throws(CatalogError) {
        let descriptor = open(target, O_WRONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, systemError()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, PathKind(status.st_mode) == .regular,
              UInt64(status.st_dev) == expected.device, UInt64(status.st_ino) == expected.inode else {
            throw failure(path, "it was replaced while being written")
        }
        #if canImport(Glibc)
        let reserved = bytes.isEmpty ? 0 : posix_fallocate(descriptor, 0, off_t(bytes.count))
        guard reserved == 0 || reserved == EOPNOTSUPP || reserved == EINVAL else {
            throw failure(path, "no room to rewrite it in place (\(systemError(reserved))); it was not changed")
        }
        #endif
        let written = bytes.withUnsafeBytes { systemWriteAll(descriptor, $0) }
        guard written, ftruncate(descriptor, off_t(bytes.count)) == 0, fsync(descriptor) == 0 else {
            throw failure(path, "rewriting it in place failed: \(systemError())")
        }
    }

    /// Gives the temporary file the target's owner and group (where permitted: the group alone
    /// when the owner cannot be kept), then its permission bits — last, since a change of owner
    /// clears the set-user-ID and set-group-ID bits.
    private static func keepOwnerAndMode(of existing: FileSnapshot, descriptor: Int32, path: String) throws(CatalogError) {
        var status = stat()
        if fstat(descriptor, &status) == 0, (UInt32(status.st_uid), UInt32(status.st_gid)) != existing.owner {
            if fchown(descriptor, existing.owner.user, existing.owner.group) != 0 {
                // Not permitted (another user's file): keep at least its group if this user is in it.
                _ = fchown(descriptor, uid_t.max, existing.owner.group)
            }
        }
        guard fchmod(descriptor, mode_t(existing.permissions)) == 0 else {
            throw failure(path, "cannot set the file's mode: \(systemError())")
        }
    }

    /// Six random letters and digits for a temporary file's name.
    private static func randomSuffix() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    private static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Flushes a rename to disk (best effort: some file systems refuse fsync on a folder).
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ path: String, _ reason: String) -> CatalogError {
        ioError(path, "could not be written: \(reason)")
    }
}

extension SafeFileWriter {
    /// Writes made on threads of their own, a few at once, while the caller makes the next
    /// files: each write (``SafeFileWriter/write(_:to:options:)``, every guarantee kept) waits
    /// for its file to reach the disk before renaming it, and those waits overlap here instead
    /// of following one another. Converting the bench catalog to forty `.lproj` folders spent
    /// a third of its time waiting so, one file after another.
    ///
    /// ```swift
    /// let batch = SafeFileWriter.Batch()
    /// for (path, bytes) in files where !batch.hasFailed {
    ///     batch.write(bytes, to: path)
    /// }
    /// try batch.finish()  // every write done; the first failure, in the order handed over
    /// ```
    ///
    /// At most `window` writes wait for a thread (``write(_:to:options:)`` waits for room), so
    /// that the bytes handed over do not pile up. After a failure, the later writes that have
    /// not started are not made; those under way (one a thread) finish, so files after the
    /// failed one may be written, each whole, and every one before it is. The caller asks ``hasFailed`` to hand over no more, and
    /// ``made(_:)`` which were made. ``write(_:to:options:)``, ``hasFailed`` and ``finish()``
    /// belong to one caller thread.
    public final class Batch: @unchecked Sendable {
        private let background: Parallel.Background
        /// The writes that failed, by the order they were handed over in, and those not made
        /// because one had failed before they started.
        private let failures = Locked<(failed: [(order: Int, error: CatalogError)], skipped: Set<Int>)>(([], []))
        private var handedOver = 0

        /// A batch that writes on `threads` threads, `window` writes waiting at most.
        public init(threads: Int = 4, window: Int = 4) {
            background = Parallel.Background(threads: threads, window: window)
        }

        /// Hands the write of `bytes` to `path` over, waiting while `window` writes wait already;
        /// returns its place in the order of hand-over (0 for the first). A write that has not
        /// started when an earlier one has failed is not made (``made(_:)``); those under way
        /// finish.
        @discardableResult
        public func write(_ bytes: [UInt8], to path: String, options: Options = Options()) -> Int {
            let order = handedOver
            handedOver += 1
            let failures = failures
            background.run {
                // Not made after an earlier write's failure: the writes before the first failure
                // are all made, whatever the threads' timing.
                let skipped = failures.withLock { state in
                    guard state.failed.contains(where: { $0.order < order }) else { return false }
                    state.skipped.insert(order)
                    return true
                }
                guard !skipped else { return }
                do throws(CatalogError) {
                    try SafeFileWriter.write(bytes, to: path, options: options)
                } catch {
                    failures.withLock { $0.failed.append((order, error)) }
                }
            }
            return order
        }

        /// Whether the write handed over at `order` was made, once ``finish()`` has returned
        /// or thrown: neither failed nor left unmade after another failure.
        public func made(_ order: Int) -> Bool {
            failures.withLock { state in !state.skipped.contains(order) && !state.failed.contains { $0.order == order } }
        }

        /// Whether a write has failed so far.
        public var hasFailed: Bool { failures.withLock { !$0.failed.isEmpty } }

        /// Waits for every write handed over; throws the failure of the first of them (in the
        /// order handed over) that failed.
        public func finish() throws(CatalogError) {
            background.finish()
            if let first = failures.withLock({ $0.failed.min { $0.order < $1.order } }) { throw first.error }
        }
    }
}
