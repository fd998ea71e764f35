import Foundation

/// Finds and reads catalogs from paths given by users.
public enum CatalogLoader {
    /// The largest file read, in bytes (256 MB).
    public static let maximumFileSize = 256 * 1024 * 1024

    /// Reads the String Catalogs at `path`: an `.xcstrings` file, or every `.xcstrings` file
    /// below a folder (in path order).
    ///
    /// `.strings` and `.stringsdict` files are reported as not readable yet rather than
    /// skipped silently.
    public static func load(path: String) throws(CatalogError) -> [StringCatalog] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CatalogError(location: SourceLocation(file: path, line: 1, column: 1), rule: "io", message: "no such file or folder")
        }
        if isDirectory.boolValue {
            let files = (FileManager.default.subpaths(atPath: path) ?? []).filter { $0.hasSuffix(".xcstrings") }.sorted()
            var catalogs: [StringCatalog] = []
            for file in files { catalogs.append(try readFile((path as NSString).appendingPathComponent(file))) }
            return catalogs
        }
        return [try readFile(path)]
    }

    /// Reads one `.xcstrings` file.
    public static func readFile(_ path: String) throws(CatalogError) -> StringCatalog {
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard path.hasSuffix(".xcstrings") else {
            throw CatalogError(location: start, rule: "unsupported-format",
                               message: "expected a .xcstrings String Catalog; .strings and .stringsdict are not read yet")
        }
        let bytes: [UInt8]
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > maximumFileSize {
                throw CatalogError(location: start, rule: "limit", message: "file is \(size) bytes; the limit is \(maximumFileSize)")
            }
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError(location: start, rule: "io", message: "cannot read the file: \(error.localizedDescription)")
        }
        return try StringCatalog(xcstrings: bytes, file: path)
    }
}
