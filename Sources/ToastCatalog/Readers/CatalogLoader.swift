#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToastSupport

/// Finds and reads catalogs from paths given by users.
public enum CatalogLoader {
    /// The largest file read by default, in bytes (256 MB; ``CatalogLimits/maximumFileSize``).
    public static let maximumFileSize = CatalogLimits.standard.maximumFileSize

    /// The catalog file kinds read.
    public static let extensions = [".xcstrings", ".strings", ".stringsdict"]

    /// Reads the catalogs at `path`: a catalog file, or every catalog file below a folder
    /// (`.xcstrings`, and `.strings`/`.stringsdict` inside `.lproj` folders), in path order,
    /// each on its own (``CatalogSet`` merges `.lproj` tables). Files are read on all cores;
    /// the error thrown is that of the first failing file in path order.
    public static func load(path: String, sourceLanguage: String = "en",
                            limits: CatalogLimits = .standard) throws(CatalogError) -> [StringCatalog] {
        var catalogs: [StringCatalog] = []
        try readFiles(files(at: path), sourceLanguage: sourceLanguage, limits: limits) { (_, result) throws(CatalogError) in
            catalogs.append(try result.get())
        }
        return catalogs
    }

    /// Reads files on all cores (see ``readFile(_:sourceLanguage:limits:detail:)``) and hands each
    /// result to `body` in the order of `files`, on the calling thread; at most two files per
    /// core are read ahead, so that memory holds what `body` keeps plus a few files. An error
    /// from `body` stops the reading. `detail` says how much of each String Catalog or
    /// `.stringsdict` entry is kept (``CatalogDetail``).
    ///
    /// The files are read on a pipeline (``Parallel/Pipeline``): a core that finishes a file
    /// starts the next one at once, while `body` works on the files before it. (Reading in
    /// windows of files, each waited for as a whole, left a core idle at the end of every
    /// window while the other read the window's largest file.)
    public static func readFiles<Failure: Error>(
        _ files: [String], sourceLanguage: String = "en", limits: CatalogLimits = .standard, detail: CatalogDetail = .full,
        _ body: (_ file: String, _ result: Result<StringCatalog, CatalogError>) throws(Failure) -> Void
    ) throws(Failure) {
        @Sendable func read(_ file: String) -> Result<StringCatalog, CatalogError> {
            Result { () throws(CatalogError) in try readFile(file, sourceLanguage: sourceLanguage, limits: limits, detail: detail) }
        }
        guard files.count > 1 else {
            for file in files { try body(file, read(file)) }
            return
        }
        // Each result handed on is released later by the thread that read it (see
        // ``MakerRelease``), when that thread starts its next file; the last few, here.
        let retired = MakerRelease<Result<StringCatalog, CatalogError>>()
        // The system is asked to read the files a pipeline's length ahead of the ones being
        // parsed, so that a tree not in memory is read from disk while the files before it are
        // parsed, not a file at a time as each parse starts.
        let window = 2 * Parallel.processorCount
        let ahead = 2 * window
        for file in files.prefix(ahead) { adviseReading(file, limits: limits) }
        let pipeline = Parallel.Pipeline(count: files.count, window: window) { index in
            if index + ahead < files.count { adviseReading(files[index + ahead], limits: limits) }
            retired.releaseOwn()
            return (result: read(files[index]), maker: MakerRelease<Result<StringCatalog, CatalogError>>.currentThread)
        }
        defer { pipeline.finish() }
        for index in files.indices {
            let (result, maker) = pipeline.take(index)
            try body(files[index], result)
            retired.retire(result, madeBy: maker)
        }
    }

    /// Asks the system to start reading a catalog file into memory in the background
    /// (`POSIX_FADV_WILLNEED`, Linux). Anything the read would refuse without reading it (not a
    /// regular file, not named as a catalog, over `limits.maximumFileSize`), or a file that
    /// cannot be opened, is left alone: its read reports it.
    static func adviseReading(_ path: String, limits: CatalogLimits) {
        #if os(Linux)
        var status = stat()
        guard extensions.contains(where: { path.hasSuffix($0) }), stat(path, &status) == 0, PathKind(status.st_mode) == .regular,
              Int(status.st_size) <= limits.maximumFileSize else { return }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_WILLNEED)
        close(descriptor)
        #endif
    }

    /// The catalog files at `path`, sorted by path (code-point order).
    ///
    /// A file is returned as it is; a folder is searched for `.xcstrings`, `.strings` and
    /// `.stringsdict` files, following symbolic links to folders (each folder is searched once,
    /// so a link loop ends; a link to a folder that holds `path` is not followed, so the search
    /// never leaves it upwards). Nothing is skipped silently: a folder that cannot be read, a
    /// FIFO, socket or device (at `path`, or named like a catalog file in the tree), a folder
    /// named like a catalog file, a broken link named like one and a path over `PATH_MAX` are
    /// `[io]` errors.
    public static func files(at path: String) throws(CatalogError) -> [String] {
        try checkPathLength(path)
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            var link = stat()
            if lstat(path, &link) == 0 && PathKind(link.st_mode) != .directory && (link.st_mode & S_IFMT) == S_IFLNK {
                throw ioError(path, "is a symbolic link to a missing file or folder")
            }
            throw ioError(path, code == ENOENT ? "no such file or folder" : "cannot read it: \(systemError(code))")
        }
        switch PathKind(status.st_mode) {
        case .regular:
            return [path]
        case .directory:
            if isCatalogName(path) { throw ioError(path, "is a directory, not a catalog file") }
            let base = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            var found: [String] = []
            var searched: Set<FolderID> = [FolderID(status)]
            // The folders that hold the root (its parent, …, /) are never entered through a
            // link: `up -> ..` or `-> /` would lead the search, and fmt's rewrites, out of it.
            var ancestor = realpath(base, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) } ?? base
            while ancestor != "/" && !ancestor.isEmpty {
                ancestor = ancestor.lastIndex(of: "/").map { $0 == ancestor.startIndex ? "/" : String(ancestor[..<$0]) } ?? "/"
                var folder = stat()
                if stat(ancestor, &folder) == 0 { searched.insert(FolderID(folder)) }
            }
            try collect(in: base, into: &found, searched: &searched)
            return found.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        case let kind:
            throw ioError(path, "\(kind.phrase), not a catalog file or folder")
        }
    }

    /// Whether a name ends in a catalog extension.
    static func isCatalogName(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return extensions.contains { trimmed.hasSuffix($0) }
    }

    /// A folder's identity, for searching each folder once.
    struct FolderID: Hashable {
        let device: UInt64
        let inode: UInt64
        init(_ status: stat) { device = UInt64(status.st_dev); inode = UInt64(status.st_ino) }
    }

    /// The names in a folder, `.` and `..` aside, in the order the system lists them.
    package static func names(inFolder folder: String) throws(CatalogError) -> [String] {
        try checkPathLength(folder)
        guard let stream = opendir(folder) else { throw ioError(folder, "cannot read the folder: \(systemError())") }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                let code = errno
                closedir(stream)
                if code != 0 { throw ioError(folder, "cannot read the folder: \(systemError(code))") }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private static func collect(in folder: String, into found: inout [String], searched: inout Set<FolderID>) throws(CatalogError) {
        let names = try names(inFolder: folder)
        for name in names {
            let child = folder == "/" ? "/" + name : folder + "/" + name
            try checkPathLength(child)
            var status = stat()
            guard stat(child, &status) == 0 else {
                // A broken link (or one that cannot be followed) matters only when it is named
                // like a catalog file.
                if isCatalogName(name) { throw ioError(child, "cannot read it: \(systemError())") }
                continue
            }
            switch PathKind(status.st_mode) {
            case .directory:
                if isCatalogName(name) { throw ioError(child, "is a directory, not a catalog file") }
                if searched.insert(FolderID(status)).inserted { try collect(in: child, into: &found, searched: &searched) }
            case .regular:
                if isCatalogName(name) { found.append(child) }
            case let kind:
                if isCatalogName(name) { throw ioError(child, "\(kind.phrase), not a catalog file") }
            }
        }
    }

    /// The bytes of a file, read once into an array, refused above `limits.maximumFileSize`.
    public static func bytes(ofFile path: String, limits: CatalogLimits = .standard) throws(CatalogError) -> [UInt8] {
        try contents(ofFile: path, limits: limits).bytes
    }

    /// The bytes of a file and a snapshot of it taken from the same open file (for a writer
    /// that must not overwrite a change made after the read). The file is opened without
    /// blocking and checked before anything is read: a FIFO, socket, device or folder is an
    /// `[io]` error, never a hang; so is a file that cannot be opened (with the system's reason)
    /// and one over `limits.maximumFileSize` (`[limit]`).
    public static func contents(ofFile path: String, limits: CatalogLimits = .standard) throws(CatalogError) -> FileContents {
        let (descriptor, status) = try openChecked(path, limits: limits)
        defer { close(descriptor) }
        return FileContents(bytes: try readChecked(descriptor, path: path, size: Int(status.st_size)), snapshot: FileSnapshot(status))
    }

    /// A file opened for reading, and its status: opened without blocking and checked before
    /// anything is read (see ``contents(ofFile:limits:)``). The caller closes it.
    static func openChecked(_ path: String, limits: CatalogLimits) throws(CatalogError) -> (descriptor: Int32, status: stat) {
        try checkPathLength(path)
        // Looked at before it is opened (opening some devices does something), and again after.
        var before = stat()
        if stat(path, &before) == 0, PathKind(before.st_mode) != .regular {
            throw ioError(path, "\(PathKind(before.st_mode).phrase), not a catalog file")
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw ioError(path, code == ENOENT ? "no such file" : "cannot open the file for reading: \(systemError(code))")
        }
        do throws(CatalogError) {
            return (descriptor, try checkedStatus(descriptor, path: path, limits: limits))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// The status of an open file that is a regular file within `limits.maximumFileSize`.
    static func checkedStatus(_ descriptor: Int32, path: String, limits: CatalogLimits) throws(CatalogError) -> stat {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ioError(path, "cannot read the file: \(systemError())") }
        let kind = PathKind(status.st_mode)
        guard kind == .regular else { throw ioError(path, "\(kind.phrase), not a catalog file") }
        let size = Int64(status.st_size)
        guard size <= Int64(limits.maximumFileSize) else {
            throw CatalogError(location: SourceLocation(file: path, line: 1, column: 1), rule: .limit,
                               message: "the file is \(size) bytes; the limit is \(limits.maximumFileSize) (--max-file-size)")
        }
        return status
    }

    /// The `size` bytes of an open file, all of them or an `[io]` error.
    static func readChecked(_ descriptor: Int32, path: String, size: Int) throws(CatalogError) -> [UInt8] {
        let (bytes, read, failure) = readAll(descriptor, count: size)
        guard read == size else {
            let reason = failure.map { systemError($0) } ?? "it ended early"
            throw ioError(path, "read \(read) of \(size) bytes: the file changed or could not be read (\(reason))")
        }
        return bytes
    }

    /// Files from this size up are read in as many parts as there are cores, at once: page
    /// faults and copying are most of a large read, and each core takes its share.
    static let partedReadBytes = 8 << 20

    /// The first `count` bytes of an open file, how many were read (fewer when the file shrank),
    /// and the system's error when a read failed (`errno` is per thread, so each part keeps its
    /// own). The array is not zeroed first: `read(2)` writes every byte that counts, and a large
    /// file is read in parts (`pread(2)`), one per core.
    static func readAll(_ descriptor: Int32, count: Int) -> (bytes: [UInt8], read: Int, failure: Int32?) {
        var read = 0
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress, count > 0 else { initialized = 0; return }
            let address = UInt(bitPattern: base)
            @Sendable func readPart(_ range: Range<Int>) -> (count: Int, failure: Int32?) {
                var done = range.lowerBound
                while done < range.upperBound {
                    let n = systemPositionedRead(descriptor, UnsafeMutableRawPointer(bitPattern: address)! + done,
                                                 range.upperBound - done, Int64(done))
                    if n < 0 && errno == EINTR { continue }
                    if n < 0 { return (done - range.lowerBound, errno) }
                    if n == 0 { break }
                    done += n
                }
                return (done - range.lowerBound, nil)
            }
            let parts = count >= partedReadBytes ? Parallel.slices(of: count, into: Parallel.processorCount) : [0..<count]
            let results = parts.count == 1 ? [readPart(parts[0])] : Parallel.map(parts.count) { readPart(parts[$0]) }
            // Only a run of whole parts from the start counts: a part read short ends the file.
            for (part, result) in zip(parts, results) {
                read += result.count
                if result.count < part.count {
                    failure = result.failure
                    break
                }
            }
            initialized = read
        }
        return (bytes, read, failure)
    }

    /// Reads one catalog file; `.strings` and `.stringsdict` take their locale from the
    /// `.lproj` folder they are in. A `.strings` or `.stringsdict` file outside any `.lproj`
    /// folder is read as `sourceLanguage`, with an `assumed-locale` warning that says so.
    /// `detail` says how much of each String Catalog or `.stringsdict` entry is kept
    /// (``CatalogDetail``). A String Catalog of 8 MiB or more is mapped while it is read, under
    /// a read lease on Linux, which holds back anyone who would write to it meanwhile (see
    /// `docs/ROBUSTNESS.md`).
    public static func readFile(_ path: String, sourceLanguage: String = "en",
                                limits: CatalogLimits = .standard, detail: CatalogDetail = .full) throws(CatalogError) -> StringCatalog {
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard extensions.contains(where: { path.hasSuffix($0) }) else {
            throw CatalogError(location: start, rule: .unsupportedFormat,
                               message: "expected a .xcstrings, .strings or .stringsdict file")
        }
        if path.hasSuffix(".xcstrings") {
            return try withBytes(ofFile: path, limits: limits) { (bytes) throws(CatalogError) in
                try StringCatalog(xcstrings: bytes, file: path, limits: limits, detail: detail, onEntry: nil)
            }
        }
        let bytes = try self.bytes(ofFile: path, limits: limits)
        return try stringsTable(bytes, file: path, sourceLanguage: sourceLanguage, limits: limits, detail: detail)
    }

    /// Reads the bytes of a `.strings` file, or of a `.stringsdict` file (by the name's
    /// extension), in the locale of its `.lproj` folder; outside any `.lproj` folder, as
    /// `sourceLanguage`, with an `assumed-locale` warning first. With `notesPositions`, a text
    /// `.strings` file's table notes where its keys are (``FlatRecords/keyPositions``).
    package static func stringsTable(_ bytes: [UInt8], file: String, sourceLanguage: String,
                                     limits: CatalogLimits, detail: CatalogDetail = .full,
                                     notesPositions: Bool = false) throws(CatalogError) -> StringCatalog {
        let (locale, isAssumed) = CatalogLocale.locale(ofPath: file, sourceLanguage: sourceLanguage)
        var catalog = file.hasSuffix(".stringsdict")
            ? try StringCatalog(stringsdict: bytes, file: file, locale: locale, sourceLanguage: sourceLanguage, limits: limits, detail: detail)
            : try StringCatalog(strings: bytes, file: file, locale: locale, sourceLanguage: sourceLanguage, limits: limits,
                                notesPositions: notesPositions)
        if isAssumed { catalog.warnings.insert(CatalogLocale.assumedLocaleWarning(file: file, sourceLanguage: sourceLanguage), at: 0) }
        return catalog
    }
}
