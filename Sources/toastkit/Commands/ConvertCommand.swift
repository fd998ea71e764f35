import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToastCatalog

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert .lproj tables (.strings + .stringsdict) to String Catalogs, or a String Catalog to .lproj folders.",
        discussion: """
            IN a folder of .lproj folders → OUT a folder that receives TABLE.xcstrings for each table \
            (or OUT a .xcstrings file when IN has one table). IN a .xcstrings → OUT a folder that \
            receives LOCALE.lproj/TABLE.strings and .stringsdict. What the target format cannot hold \
            (device variations in .strings, review states, unsupported rule types, a comment holding \
            "*/") is reported as warnings and the exit code is 1; everything else is converted.

            Nothing of yours is overwritten without --force: if a file convert would write exists, \
            or a table file beside one would be left stale (an old TABLE.stringsdict beside a new \
            TABLE.strings), convert writes nothing and exits 2. With --force those files are \
            replaced (a stale one with an empty table); nothing is deleted. Locale codes and table \
            names are checked before they become paths, and OUT and the folders in it must be real \
            folders, not links. Keys that differ only in Unicode spelling (café as U+00E9 or as \
            e + U+0301) stay separate keys, as Apple's runtime sees them, with a key-normalization \
            warning for each.
            """
    )

    @Argument(help: "The input: a folder with .lproj folders, or a .xcstrings file.") var input: String
    @Argument(help: "The output folder (or .xcstrings file).") var output: String
    @Option(help: "The development language.") var sourceLanguage: String = "en"
    @Flag(help: "Replace existing output files (and empty stale table files beside them).") var force = false
    @OptionGroup var limitOptions: LimitOptions

    /// A file to write, with whether it empties a stale one.
    private struct Planned {
        var path: String
        var contents: Contents
        var emptiesStale = false
    }

    private enum Contents {
        case bytes([UInt8])
        /// A file of the String Catalog's locale at this index, made when it is written.
        case lproj(locale: Int, stringsdict: Bool)
        /// An `.lproj` table, converted to a String Catalog as `writer` writes it.
        case converted(StringCatalog, XCStringsWriter)
    }

    func run() throws {
        let limits = try limitOptions.limits()
        var report = CatalogConverter.Report()
        var plan: [Planned] = []
        var spellings: [CatalogWarning] = []
        var renamed: [CatalogWarning] = []
        var loaded: [StringCatalog] = []  // kept to the end (see finish(keeping:code:))
        // A String Catalog's locales, whose files are made as they are written.
        var lprojFiles: CatalogConverter.LprojFilesAhead?
        do throws(CatalogError) {
            _ = try CatalogLocale.pathComponent(forLocale: sourceLanguage, file: "--source-language")
            try checkNotSame()
            if input.hasSuffix(".xcstrings") {
                // The file's bytes are let go once it is read. A large file is mapped meanwhile,
                // and its pages are let go as the catalog is read past them, so that the file
                // and its model are not both held whole (the entries' places are noted as they
                // are read, for the messages made later).
                let (catalog, entryLocations) = try CatalogLoader.withBytes(ofFile: input, limits: limits) { (bytes, isMapped) throws(CatalogError) in
                    var parallelism = XCStringsParallelism.standard
                    if isMapped { parallelism.readBehind = CatalogLoader.pageRelease(of: bytes) }
                    let notes = XCStringsReadNotes()
                    notes.recordsEntryLocations = true
                    let catalog = try StringCatalog(xcstrings: bytes, file: input, limits: limits, parallelism: parallelism, notes: notes)
                    return (catalog, notes.entryLocations)
                }
                spellings = catalog.warnings.filter { $0.rule == .keyNormalization }
                let table = try CatalogLocale.pathComponent(forTable: catalog.table, file: input)
                try checkFolder(output)
                let entries = catalog.entriesBySpelling()
                loaded.append(catalog)
                // Every locale's folder is checked before the files are made (on all cores).
                let locales = catalog.localeCodes
                var folders: [String] = []
                for locale in locales {
                    let component = try CatalogLocale.pathComponent(forLocale: locale, file: input)
                    let folder = PathText.joined(output, component + ".lproj")
                    try checkFolder(folder)
                    folders.append(folder)
                }
                // Which files each locale gets is known before they are made; they are made on
                // threads of their own, a window of locales ahead of the ones being written, so
                // that the conversion never holds every locale's files.
                let shapes = CatalogConverter.lprojShapes(of: catalog, entries: entries, locales: locales)
                lprojFiles = CatalogConverter.LprojFilesAhead(catalog: catalog, entries: entries, locales: locales, file: input,
                                                              entryLocations: entryLocations)
                for (index, (folder, shape)) in zip(folders, shapes).enumerated() {
                    for (made, isDict, ext, empty) in [(shape.strings, false, ".strings", CatalogConverter.emptyStrings),
                                                       (shape.stringsdict, true, ".stringsdict", CatalogConverter.emptyStringsdict)] {
                        let path = PathText.joined(folder, table + ext)
                        if made {
                            plan.append(Planned(path: path, contents: .lproj(locale: index, stringsdict: isDict)))
                        } else if exists(path) {
                            plan.append(Planned(path: path, contents: .bytes(Array(empty.utf8)), emptiesStale: true))
                        }
                    }
                }
            } else {
                let set = try CatalogSet.load(paths: [input], sourceLanguage: sourceLanguage, limits: limits, reportsKeySpellings: true)
                spellings = set.warnings.filter { $0.rule == .keyNormalization || $0.rule == .assumedLocale }
                let tables = set.tables.filter { $0.format != .xcstrings }
                let writer: XCStringsWriter
                do { writer = try XCStringsWriter() } catch {
                    throw CatalogError(location: SourceLocation(file: output, line: 1, column: 1), rule: .icu, message: "\(error)")
                }
                let single = output.hasSuffix(".xcstrings")
                if single && tables.count != 1 {
                    throw CatalogError(location: SourceLocation(file: input, line: 1, column: 1), rule: .usage,
                                       message: "holds \(tables.count) tables; give a folder as OUT")
                }
                if !single { try checkFolder(output) }
                loaded += set.tables
                for table in tables {
                    let name = try CatalogLocale.pathComponent(forTable: table.table, file: input)
                    let path = single ? output : PathText.joined(output, name + ".xcstrings")
                    let written = StringCatalog.tableName(forPath: path)
                    if written != table.table {
                        renamed.append(CatalogWarning(location: SourceLocation(file: path, line: 1, column: 1), rule: .tableRenamed,
                            message: "table “\(CodePoint.visible(table.table))” becomes table “\(CodePoint.visible(written))”: a String Catalog's table is its file name (give a folder as OUT, or \(CodePoint.visible(table.table)).xcstrings, to keep it)"))
                    }
                    plan.append(Planned(path: path, contents: .converted(table, writer)))
                }
            }
        } catch {
            throw CLIFailure(code: 2, message: error.description)
        }
        // Everything is checked before anything is written. Two outputs on one path (tables of
        // one name in two folders; names differing only in case, one file on a case-insensitive
        // disk) would overwrite each other.
        var planned: [String: String] = [:]
        for item in plan {
            let folded = item.path.lowercased()
            if let other = planned[folded] {
                throw CLIFailure(code: 2, message: "\(item.path):1:1: error: [usage] written twice: \(other) and \(item.path) are one path (or differ only in case); nothing was written. Convert the folders one at a time")
            }
            planned[folded] = item.path
        }
        let existing = plan.filter { exists($0.path) }
        if !force && !existing.isEmpty {
            for item in existing {
                printError("\(item.path):1:1: error: [io] " + (item.emptiesStale
                    ? "exists, and would be left stale beside the new files of its table (--force empties it)"
                    : "exists (--force replaces it)"))
            }
            throw CLIFailure(code: 2, message: "toastkit: \(existing.count) file(s) exist; nothing was written")
        }
        TemporaryFiles.installSignalCleanup()
        // The locales' files, made in order as the plan reaches them; each locale's report is
        // added when its files are made (every locale's, in order, by the end).
        var madeLocales = 0
        var current: (strings: [UInt8]?, stringsdict: [UInt8]?) = (nil, nil)
        func makeLocales(through last: Int) {
            while madeLocales <= last, let made = lprojFiles?.take(madeLocales) {
                report.notConverted += made.report.notConverted
                current = (made.strings, made.stringsdict)
                madeLocales += 1
            }
        }
        // Files whose bytes are made are written a few at once (SafeFileWriter.Batch) while the
        // next ones are made: each write waits for its file to reach the disk, and those waits,
        // one after another, were a third of converting the bench catalog to .lproj folders. A
        // failed write stops the handing over (and the later writes not started); the first failure
        // in the plan's order is reported once the writes under way are done, after the
        // warnings of the stale files emptied.
        let writes = SafeFileWriter.Batch()
        var handedOver: [(item: Planned, order: Int)] = []
        var failure: CatalogError?
        do throws(CatalogError) {
            for item in plan {
                if writes.hasFailed { break }
                let folder = PathText.folder(of: item.path)
                if !folder.isEmpty && !exists(folder), let reason = PathText.createFolders(folder) {
                    throw CatalogError(location: SourceLocation(file: folder, line: 1, column: 1), rule: .io, message: "could not be created: \(reason)")
                }
                let options = SafeFileWriter.Options(force: force, replacesExisting: force, followsSymlinks: false, activity: "converting")
                switch item.contents {
                case .bytes(let bytes): handedOver.append((item, writes.write(bytes, to: item.path, options: options)))
                case .lproj(let locale, let isDict):
                    makeLocales(through: locale)
                    // Let go of each file once it is handed over.
                    guard let bytes = isDict ? current.stringsdict : current.strings else {
                        preconditionFailure("the shape found for the locale's files differs from the files made")
                    }
                    if isDict { current.stringsdict = nil } else { current.strings = nil }
                    handedOver.append((item, writes.write(bytes, to: item.path, options: options)))
                case .converted(let table, let writer):
                    // Each entry is converted as its run is written: neither the catalog nor
                    // its bytes are held whole.
                    try SafeFileWriter.write(to: item.path, options: options) { sink in
                        report.notConverted += CatalogConverter.writeStringCatalog(from: table, sourceLanguage: sourceLanguage,
                                                                                   writer: writer) { sink.append($0) }.notConverted
                    }
                }
            }
        } catch {
            failure = error
        }
        // A failed write handed over earlier comes first in the plan's order.
        do throws(CatalogError) { try writes.finish() } catch { failure = error }
        for (item, order) in handedOver where item.emptiesStale && writes.made(order) {
            printError("\(item.path):1:1: warning: [stale-file] emptied: the conversion has nothing for it")
        }
        if let failure { throw CLIFailure(code: 2, message: failure.description) }
        makeLocales(through: (lprojFiles?.count ?? 0) - 1)
        // Keys spelled two ways are converted as two keys, as Apple's runtime sees them; each
        // is still worth a look.
        printErrors((renamed + spellings).map(\.description) + report.notConverted.map(\.description))
        if !report.notConverted.isEmpty {
            printError("toastkit: \(report.notConverted.count) item(s) could not be converted (listed above)")
        }
        finish(keeping: loaded, plan, code: report.notConverted.isEmpty ? 0 : 1)
    }

    /// Whether something (a file, folder or link, even a broken one) is at `path`.
    private func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// OUT and the folders in it must be folders or new paths, never links (which could lead
    /// the writes anywhere) nor files.
    private func checkFolder(_ path: String) throws(CatalogError) {
        var status = stat()
        // "out/" would make lstat follow a link named out.
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard lstat(path, &status) == 0 else { return }
        let location = SourceLocation(file: path, line: 1, column: 1)
        if (status.st_mode & S_IFMT) == S_IFLNK {
            throw CatalogError(location: location, rule: .io, message: "is a symbolic link; convert writes only into real folders (give the folder it points to)")
        }
        if (status.st_mode & S_IFMT) != S_IFDIR {
            throw CatalogError(location: location, rule: .io, message: "exists and is not a folder")
        }
    }

    /// `convert X X`, or OUT naming IN by another path.
    private func checkNotSame() throws(CatalogError) {
        var a = stat(), b = stat()
        guard stat(input, &a) == 0, stat(output, &b) == 0 else { return }
        if a.st_dev == b.st_dev && a.st_ino == b.st_ino {
            throw CatalogError(location: SourceLocation(file: output, line: 1, column: 1), rule: .usage,
                               message: "IN and OUT are the same \((a.st_mode & S_IFMT) == S_IFDIR ? "folder" : "file"); give another OUT")
        }
    }
}
