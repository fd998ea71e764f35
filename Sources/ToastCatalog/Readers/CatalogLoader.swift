import Foundation
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

    /// Reads files on all cores (see ``readFile(_:sourceLanguage:limits:)``) and hands each
    /// result to `body` in the order of `files`, on the calling thread; at most two files per
    /// core are read ahead, so that memory holds what `body` keeps plus a few files. An error
    /// from `body` stops the reading.
    public static func readFiles<Failure: Error>(
        _ files: [String], sourceLanguage: String = "en", limits: CatalogLimits = .standard,
        _ body: (_ file: String, _ result: Result<StringCatalog, CatalogError>) throws(Failure) -> Void
    ) throws(Failure) {
        let window = files.count > 1 ? 2 * Parallel.processorCount : 1
        // Each result handed on is released later by the thread that read it (see
        // ``MakerRelease``): by the next round's tasks, and by one more round at the end.
        let retired = MakerRelease<Result<StringCatalog, CatalogError>>()
        var start = 0
        while start < files.count {
            let end = min(files.count, start + window)
            let first = start
            let slots = LockedSlots<(result: Result<StringCatalog, CatalogError>, maker: pthread_t)>(count: end - start)
            Parallel.forEach(end - start) { index in
                retired.releaseOwn()
                let result = Result { () throws(CatalogError) in
                    try readFile(files[first + index], sourceLanguage: sourceLanguage, limits: limits)
                }
                slots.store((result, MakerRelease<Result<StringCatalog, CatalogError>>.currentThread), at: index)
            }
            var made = slots.take()
            for index in made.indices {
                guard let (result, maker) = made[index] else { continue }
                made[index] = nil
                try body(files[start + index], result)
                retired.retire(result, madeBy: maker)
            }
            start = end
        }
        if files.count > 1 {
            Parallel.forEach(window) { _ in retired.releaseOwn() }
        }
    }

    /// The catalog files at `path`, sorted by path (code-point order).
    public static func files(at path: String) throws(CatalogError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CatalogError(location: SourceLocation(file: path, line: 1, column: 1), rule: "io", message: "no such file or folder")
        }
        guard isDirectory.boolValue else { return [path] }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        return (FileManager.default.subpaths(atPath: path) ?? [])
            .filter { sub in extensions.contains { sub.hasSuffix($0) } }
            .map { base + "/" + $0 }
            .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }

    /// The bytes of a file, read once into an array, refused above `limits.maximumFileSize`.
    public static func bytes(ofFile path: String, limits: CatalogLimits = .standard) throws(CatalogError) -> [UInt8] {
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CatalogError(location: start, rule: "io", message: "cannot open the file for reading")
        }
        defer { try? handle.close() }
        do {
            let size = try handle.seekToEnd()
            guard size <= UInt64(limits.maximumFileSize) else {
                throw CatalogError(location: start, rule: "limit",
                                   message: "the file is \(size) bytes; the limit is \(limits.maximumFileSize) (--max-file-size)")
            }
            try handle.seek(toOffset: 0)
            var bytes = [UInt8](repeating: 0, count: Int(size))
            let read = bytes.withUnsafeMutableBytes { buffer -> Int in
                var done = 0
                while done < buffer.count {
                    let n = Foundation.read(handle.fileDescriptor, buffer.baseAddress! + done, buffer.count - done)
                    if n <= 0 { break }
                    done += n
                }
                return done
            }
            guard read == Int(size) else {
                throw CatalogError(location: start, rule: "io", message: "read \(read) of \(size) bytes")
            }
            return bytes
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError(location: start, rule: "io", message: "cannot read the file: \(error.localizedDescription)")
        }
    }

    /// Reads one catalog file; `.strings` and `.stringsdict` take their locale from the
    /// `.lproj` folder they are in.
    public static func readFile(_ path: String, sourceLanguage: String = "en",
                                limits: CatalogLimits = .standard) throws(CatalogError) -> StringCatalog {
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard extensions.contains(where: { path.hasSuffix($0) }) else {
            throw CatalogError(location: start, rule: "unsupported-format",
                               message: "expected a .xcstrings, .strings or .stringsdict file")
        }
        let bytes = try self.bytes(ofFile: path, limits: limits)
        if path.hasSuffix(".xcstrings") { return try StringCatalog(xcstrings: bytes, file: path, limits: limits) }
        guard let (_, locale) = CatalogLocale.folderLocale(ofPath: path) else {
            throw CatalogError(location: start, rule: "unsupported-format",
                               message: "expected the file inside a LOCALE.lproj folder, which names its locale")
        }
        if path.hasSuffix(".stringsdict") {
            return try StringCatalog(stringsdict: bytes, file: path, locale: locale, sourceLanguage: sourceLanguage, limits: limits)
        }
        return try StringCatalog(strings: bytes, file: path, locale: locale, sourceLanguage: sourceLanguage, limits: limits)
    }
}
