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

    /// Reads every catalog file at the given paths (files or folders).
    public static func load(paths: [String], sourceLanguage: String = "en",
                            limits: CatalogLimits = .standard) throws(CatalogError) -> CatalogSet {
        var tables: [StringCatalog] = []
        var warnings: [CatalogError] = []
        var merged: [String: Int] = [:]        // "folder-of-lproj-parent/table" → index in tables
        var tableNames: [String: String] = [:]  // lowercased table name → first spelling
        for path in paths {
            for file in try CatalogLoader.files(at: path) {
                let catalog = try CatalogLoader.readFile(file, sourceLanguage: sourceLanguage, limits: limits)
                warnings += catalog.warnings
                guard !file.hasSuffix(".xcstrings"), CatalogLocale.folderLocale(ofPath: file) != nil else {
                    tables.append(catalog)
                    continue
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
        }
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
    /// `other` wins when `preferring` is true.
    public mutating func merge(_ other: StringCatalog, preferring: Bool) {
        for key in other.keys {
            guard let incoming = other.entries[key] else { continue }
            if var existing = entries[key] {
                for (locale, value) in incoming.localizations where preferring || existing.localizations[locale] == nil {
                    existing.localizations[locale] = value
                }
                if existing.comment == nil { existing.comment = incoming.comment }
                entries[key] = existing
            } else {
                keys.append(key)
                entries[key] = incoming
            }
        }
        warnings += other.warnings
    }
}
