import Foundation

/// Catalogs gathered by table: every `.xcstrings` file is a table of its own; `.strings` and
/// `.stringsdict` files of the same table name across `.lproj` folders are merged into one
/// table, the `.stringsdict` entry winning over the `.strings` one for the same key and
/// locale, as Apple's bundle lookup does.
public struct CatalogSet: Sendable {
    /// The tables, in path order of their first file.
    public var tables: [StringCatalog]
    /// Problems found while gathering (case-only table clashes, duplicate locales…), plus
    /// every table's own warnings.
    public var warnings: [CatalogError]

    /// Reads every catalog file at the given paths (files or folders), on all cores, and
    /// merges them in path order; the error thrown is that of the first failing file in that
    /// order.
    public static func load(paths: [String], sourceLanguage: String = "en",
                            limits: CatalogLimits = .standard) throws(CatalogError) -> CatalogSet {
        var tables: [StringCatalog] = []
        var warnings: [CatalogError] = []
        var merged: [String: Int] = [:]        // "folder-of-lproj-parent/table" → index in tables
        var tableNames: [String: String] = [:]  // lowercased table name → first spelling
        // A path that cannot be listed fails after the files of the paths before it, as reading
        // them one by one would.
        var files: [String] = []
        var listing: CatalogError?
        for path in paths {
            do throws(CatalogError) { files += try CatalogLoader.files(at: path) } catch { listing = error; break }
        }
        try CatalogLoader.readFiles(files, sourceLanguage: sourceLanguage, limits: limits) { (file, result) throws(CatalogError) in
            let catalog = try result.get()
            warnings += catalog.warnings
            guard !file.hasSuffix(".xcstrings"), CatalogLocale.folderLocale(ofPath: file) != nil else {
                tables.append(catalog)
                return
            }
            let lower = catalog.table.lowercased()
            if let first = tableNames[lower], first != catalog.table {
                warnings.append(CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: "table-case-clash",
                    message: "table “\(catalog.table)” differs from “\(first)” only by case: distinct on Linux, the same file on default macOS volumes"))
            } else {
                tableNames[lower] = catalog.table
            }
            let id = Self.tableID(file: file, table: catalog.table)
            if let index = merged[id] {
                tables[index].merge(catalog, preferring: file.hasSuffix(".stringsdict"))
            } else {
                merged[id] = tables.count
                tables.append(catalog)
            }
        }
        if let listing { throw listing }
        return CatalogSet(tables: tables, warnings: warnings)
    }
}

extension CatalogSet {
    /// The identity of a table of one bundle: the folder holding the `.lproj` folders, plus
    /// the table name (`App/de.lproj/Main.strings` → `App/Main`).
    static func tableID(file: String, table: String) -> String {
        file.split(separator: "/").dropLast(2).joined(separator: "/") + "/" + table
    }
}

extension StringCatalog {
    /// Adds another file's localizations of the same table; for a key and locale both have,
    /// `other` wins when `preferring` is true. New keys follow in `other`'s order.
    public mutating func merge(_ other: StringCatalog, preferring: Bool) {
        // The keys both have are updated in place, walking `other`'s table without looking its
        // keys up; only when it has new keys is its key order walked for them.
        var newKeys = 0
        for (key, incoming) in other.entries {
            guard let index = entries.index(forKey: key) else { newKeys += 1; continue }
            for (locale, value) in incoming.localizations {
                // One lookup in the common case (a locale the key does not have yet); the value
                // replaced is put back when the table's own one is preferred.
                if let kept = entries.values[index].localizations.updateValue(value, forKey: locale), !preferring {
                    entries.values[index].localizations[locale] = kept
                }
            }
            if entries.values[index].comment == nil { entries.values[index].comment = incoming.comment }
        }
        if newKeys > 0 {
            for key in other.keys where entries.index(forKey: key) == nil {
                guard let incoming = other.entries[key] else { continue }
                keys.append(key)
                entries[key] = incoming
                newKeys -= 1
                if newKeys == 0 { break }
            }
        }
        warnings += other.warnings
    }
}
