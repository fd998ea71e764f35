import ToastCatalog
import ToastSupport

/// One `.strings` or `.stringsdict` file of an `.lproj` table as lint reads it ahead of
/// adding it (``Parallel/Pipeline``: a producer thread per core reads the next files while the
/// group's thread adds those read before, handed on in the group's order):
/// the error that kept its bytes from being read, or its bytes with the table parsed from them
/// or the error that stopped the parse.
///
/// Memory: a window holds one parsed file per core (and the one being added); lint's groups
/// run side by side on all cores too, so at most cores × (cores + 1) parsed files wait at once
/// (besides the bytes lint keeps to locate findings).
enum LprojRead: Sendable {
    case unreadable(CatalogError)
    case read([UInt8], Swift.Result<StringCatalog, CatalogError>)

    /// Reads and parses `file` (`preloaded` bytes when given).
    init(_ file: String, preloaded: [UInt8]?, sourceLanguage: String, limits: CatalogLimits) {
        let bytes: [UInt8]
        if let preloaded {
            bytes = preloaded
        } else {
            do throws(CatalogError) { bytes = try CatalogLoader.bytes(ofFile: file, limits: limits) } catch {
                self = .unreadable(error)
                return
            }
        }
        self = .read(bytes, Swift.Result { () throws(CatalogError) in
            try CatalogLoader.stringsTable(bytes, file: file, sourceLanguage: sourceLanguage, limits: limits)
        })
    }
}
