import ToastCatalog
import ToastSupport

/// One `.strings` or `.stringsdict` file of an `.lproj` table as lint reads it ahead of
/// adding it (``Parallel/Pipeline``: a producer thread per core reads the next files while the
/// group's thread adds those read before, handed on in the group's order):
/// the error that kept its bytes from being read, or its bytes with the table parsed from them
/// or the error that stopped the parse.
///
/// Memory: a window holds one parsed file per core (and the one being added); lint's groups
/// run side by side on all cores too, so at most cores × (cores + 1) parsed files wait at once.
/// A file's bytes are not kept once it is parsed. A text `.strings` file's table notes where
/// each key is, which locates its findings; any other file (a `.stringsdict`, a property-list
/// `.strings`) is read again for that, if it is unchanged (its snapshot).
enum LprojRead: Sendable {
    case unreadable(CatalogError)
    /// The file read from disk as `snapshot` says, and its table or the error of its parse.
    case read(FileSnapshot, Swift.Result<StringCatalog, CatalogError>)
    /// Bytes handed to lint (not read from a file), and their table or the error of the parse.
    case preloaded([UInt8], Swift.Result<StringCatalog, CatalogError>)

    /// Reads and parses `file` (`preloaded` bytes when given).
    init(_ file: String, preloaded: [UInt8]?, sourceLanguage: String, limits: CatalogLimits) {
        func parsed(_ bytes: [UInt8]) -> Swift.Result<StringCatalog, CatalogError> {
            Swift.Result { () throws(CatalogError) in
                try CatalogLoader.stringsTable(bytes, file: file, sourceLanguage: sourceLanguage, limits: limits, notesPositions: true)
            }
        }
        if let preloaded {
            self = .preloaded(preloaded, parsed(preloaded))
            return
        }
        do throws(CatalogError) {
            let contents = try CatalogLoader.contents(ofFile: file, limits: limits)
            self = .read(contents.snapshot, parsed(contents.bytes))
        } catch {
            self = .unreadable(error)
        }
    }

    /// The bytes of `file` again, to locate its findings: the bytes read before when they were
    /// handed to lint, the file's when it is unchanged since `snapshot` (`nil` otherwise: its
    /// findings are then located at its start).
    static func bytesAgain(of file: String, preloaded: [UInt8]?, snapshot: FileSnapshot?, limits: CatalogLimits) -> [UInt8]? {
        if let preloaded { return preloaded }
        guard let snapshot, let contents = try? CatalogLoader.contents(ofFile: file, limits: limits),
              contents.snapshot.isUnchanged(comparedTo: snapshot) else { return nil }
        return contents.bytes
    }
}
