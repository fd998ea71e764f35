import ToastCatalog
import ToastSupport

/// The `.strings` and `.stringsdict` files of one `.lproj` table, read and parsed on all
/// cores a window at a time (one file per core) and handed out in the group's order, so that
/// lint adds them to its table one by one as before.
///
/// Memory: a window holds one parsed file per core; lint's groups run side by side on all
/// cores too, so at most cores × cores parsed files wait at once (besides the bytes lint keeps
/// to locate findings).
struct LprojReadAhead {
    /// One file: the error that kept its bytes from being read, or its bytes with the table
    /// parsed from them or the error that stopped the parse.
    enum Read: Sendable {
        case unreadable(CatalogError)
        case read([UInt8], Swift.Result<StringCatalog, CatalogError>)
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
            let count = min(Parallel.processorCount, files.count - index)
            let first = index
            let (files, preloaded, sourceLanguage, limits) = (self.files, self.preloaded, self.sourceLanguage, self.limits)
            window = Parallel.map(count) { part in
                Self.read(files[first + part], preloaded: preloaded[files[first + part]], sourceLanguage: sourceLanguage, limits: limits)
            }
            windowStart = index
        }
        // Taken out, so that the window does not keep the file once lint has it.
        return window[index - windowStart].take()!
    }

    private static func read(_ file: String, preloaded: [UInt8]?, sourceLanguage: String, limits: CatalogLimits) -> Read {
        let bytes: [UInt8]
        if let preloaded {
            bytes = preloaded
        } else {
            do throws(CatalogError) { bytes = try CatalogLoader.bytes(ofFile: file, limits: limits) } catch {
                return .unreadable(error)
            }
        }
        return .read(bytes, Swift.Result { () throws(CatalogError) in
            try CatalogLoader.stringsTable(bytes, file: file, sourceLanguage: sourceLanguage, limits: limits)
        })
    }
}
