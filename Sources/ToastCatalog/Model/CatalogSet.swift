#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Catalogs gathered by table: every `.xcstrings` file is a table of its own; `.strings` and
/// `.stringsdict` files of the same table name across `.lproj` folders are merged into one
/// table, the `.stringsdict` entry winning over the `.strings` one for the same key and
/// locale, as Apple's bundle lookup does.
public struct CatalogSet: Sendable {
    /// The tables, in path order of their first file.
    public var tables: [StringCatalog]
    /// Problems found while gathering (case-only table clashes, duplicate locales…), plus
    /// every table's own warnings.
    public var warnings: [CatalogWarning]

    /// Reads every catalog file at the given paths (files or folders), on all cores, and
    /// merges them in path order; the error thrown is that of the first failing file in that
    /// order.
    ///
    /// With `reportsKeySpellings`, a key of a merged `.lproj` table spelled differently from
    /// the same (canonically equal) key in an earlier file of the table is a `key-normalization`
    /// warning, as a reader reports it within one file. The merged table keeps the spellings
    /// apart (``StringCatalog/entriesBySpelling()``), as Apple's runtime does, and its lookups
    /// join them. Off by default: it costs a dictionary entry per key (`convert` asks for it).
    /// `detail` says how much of each String Catalog or `.stringsdict` entry is kept
    /// (``CatalogDetail``).
    public static func load(paths: [String], sourceLanguage: String = "en", limits: CatalogLimits = .standard,
                            detail: CatalogDetail = .full, reportsKeySpellings: Bool = false) throws(CatalogError) -> CatalogSet {
        var tables: [StringCatalog] = []
        var warnings: [CatalogWarning] = []
        var merged: [String: Int] = [:]        // "folder-of-lproj-parent/table" → index in tables
        var tableNames: [String: String] = [:]  // lowercased table name → first spelling
        var spellings = KeySpellings()
        // A path that cannot be listed fails after the files of the paths before it, as reading
        // them one by one would.
        var files: [String] = []
        var listing: CatalogError?
        for path in paths {
            do throws(CatalogError) { files += try CatalogLoader.files(at: path) } catch { listing = error; break }
        }
        try CatalogLoader.readFiles(files, sourceLanguage: sourceLanguage, limits: limits, detail: detail) { (file, result) throws(CatalogError) in
            let catalog = try result.get()
            warnings += catalog.warnings
            guard !file.hasSuffix(".xcstrings") else {
                tables.append(catalog)
                return
            }
            let lower = catalog.table.lowercased()
            if let first = tableNames[lower], first != catalog.table {
                warnings.append(CatalogWarning(location: SourceLocation(file: file, line: 1, column: 1), rule: .tableCaseClash,
                    message: "table “\(catalog.table)” differs from “\(first)” only by case: distinct on Linux, the same file on default macOS volumes"))
            } else {
                tableNames[lower] = catalog.table
            }
            let id = Self.tableID(file: file, table: catalog.table)
            if reportsKeySpellings { warnings += spellings.note(catalog, file: file, table: id) }
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
    /// Each merged table's keys as first spelled, and the file of each, to report a key a
    /// later file spells otherwise (``load(paths:sourceLanguage:limits:detail:reportsKeySpellings:)``).
    ///
    /// Flat files whose keys are all ASCII spell every key they share alike (equal ASCII keys
    /// have the same bytes): while a table's files are only such, none is gone through key by
    /// key (a dictionary probe and a string of each key, on the thread that takes the files in
    /// order: a tenth of converting the bench tree). They are, in order, once a file of the
    /// table has another key.
    struct KeySpellings {
        /// By table id: each key's first spelling and its file.
        private var seen: [String: [String: String]] = [:]
        /// By table id: the all-ASCII files not gone through yet, in order.
        private var deferred: [String: [(file: String, records: FlatRecords)]] = [:]

        /// Notes the keys of `catalog`, read from `file`, for the table `id`; the warnings of
        /// its keys spelled otherwise in an earlier file of the table.
        mutating func note(_ catalog: StringCatalog, file: String, table id: String) -> [CatalogWarning] {
            if seen[id] == nil, let records = catalog.fileRecords, records.table.keysAreASCII {
                deferred[id, default: []].append((file, records))
                return []
            }
            var keys = seen.removeValue(forKey: id) ?? [:]  // mutated in place, not copied
            for (earlierFile, earlier) in deferred.removeValue(forKey: id) ?? [] {
                for record in 0..<earlier.count {
                    let key = earlier.key(at: record)
                    if keys[key] == nil { keys[key] = earlierFile }
                }
            }
            var warnings: [CatalogWarning] = []
            for key in catalog.keys {
                guard let index = keys.index(forKey: key) else {
                    keys[key] = file
                    continue
                }
                let (kept, keptFile) = keys[index]
                if keptFile != file && !kept.hasSameScalars(as: key) {
                    var warning = StringCatalog.keyNormalizationWarning(key, earlier: kept, at: SourceLocation(file: file, line: 1, column: 1))
                    warning.message += " (the earlier key is in \(keptFile))"
                    warnings.append(warning)
                }
            }
            seen[id] = keys
            return warnings
        }
    }

    /// The identity of a table of one bundle: the folder holding the `.lproj` folders, plus
    /// the table name (`App/de.lproj/Main.strings` → `App/Main`). Loose files (outside any
    /// `.lproj` folder, read as the source language) make a table of their own per folder and
    /// name (`Src/Main.strings` and `Src/Main.stringsdict` → `Src/Main` marked loose), never
    /// merged with an `.lproj` table.
    package static func tableID(file: String, table: String) -> String {
        let parts = file.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else {
            return parts.dropLast(1).joined(separator: "/") + "/\u{0}loose/" + table
        }
        return parts.dropLast(2).joined(separator: "/") + "/" + table
    }
}
