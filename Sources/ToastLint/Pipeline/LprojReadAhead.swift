import ToastCatalog
import ToastSupport

/// The `.strings` and `.stringsdict` files of one `.lproj` table, read and parsed on all
/// cores a window at a time (two files per core) and handed out in the group's order, so that
/// lint adds them to its table one by one as before while the next files are being read.
///
/// A table of 40 locales is 80 files; read one after another they were most of `lint` of an
/// `.lproj` tree, on one core.
struct LprojReadAhead {
    /// One file: its bytes, or the error that kept them from being read; and, when they were
    /// read, the table parsed from them or the error that stopped the parse.
    struct Read: Sendable {
        var bytes: Swift.Result<[UInt8], CatalogError>
        var catalog: Swift.Result<StringCatalog, CatalogError>?
    }

    private let files: [String]
    private let preloaded: [String: [UInt8]]
    private let sourceLanguage: String
    private let limits: CatalogLimits
    private var window: [Read?] = []
    private var windowStart = 0

    init(files: [String], preloaded: [String: [UInt8]], sourceLanguage: String, limits: CatalogLimits) {
        self.files = files
        self.preloaded = preloaded
        self.sourceLanguage = sourceLanguage
        self.limits = limits
    }

    /// The read of `files[index]`; asked for in increasing order, each index once.
    mutating func take(_ index: Int) -> Read {
        if index < windowStart || index >= windowStart + window.count {
            let count = min(2 * Parallel.processorCount, files.count - index)
            let first = index
            let (files, preloaded, sourceLanguage, limits) = (self.files, self.preloaded, self.sourceLanguage, self.limits)
            window = Parallel.map(count) { part in
                Self.read(files[first + part], preloaded: preloaded[files[first + part]], sourceLanguage: sourceLanguage, limits: limits)
            }
            windowStart = index
        }
        // Taken out, so that the window does not keep the file once lint has it.
        let read = window[index - windowStart].take()!
        return read
    }

    private static func read(_ file: String, preloaded: [UInt8]?, sourceLanguage: String, limits: CatalogLimits) -> Read {
        let bytes: [UInt8]
        if let preloaded {
            bytes = preloaded
        } else {
            do throws(CatalogError) { bytes = try CatalogLoader.bytes(ofFile: file, limits: limits) } catch {
                return Read(bytes: .failure(error), catalog: nil)
            }
        }
        let catalog = Swift.Result { () throws(CatalogError) in
            try CatalogLoader.stringsTable(bytes, file: file, sourceLanguage: sourceLanguage, limits: limits)
        }
        return Read(bytes: .success(bytes), catalog: catalog)
    }
}
