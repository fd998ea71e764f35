import ArgumentParser
import ToastCatalog

struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print every string of catalogs as JSON Lines, one object per leaf.",
        discussion: """
            Each line: {"file", "table", "key", "locale", "path", "value", "state"}; lines sorted by \
            (file, table, key, locale, path) in code-point order. Folders are searched for .xcstrings, \
            .strings and .stringsdict files; each file dumps on its own.
            """
    )

    @Argument(help: "Catalog files or folders.") var paths: [String]
    @Option(help: "Output format: jsonl (a JSON object per line).") var format: DumpFormat = .jsonl
    @Option(help: "The development language: the locale of .strings and .stringsdict files outside any LOCALE.lproj folder.")
    var sourceLanguage: String = "en"
    @OptionGroup var limitOptions: LimitOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one catalog file or folder") }
    }

    func run() throws {
        let limits = try limitOptions.limits()
        var failed = false
        var output = StandardOutputBuffer()
        for path in paths {
            let files: [String]
            do { files = try CatalogLoader.files(at: path) } catch {
                printError(error.description)
                failed = true
                continue
            }
            // A String Catalog is dumped as it is read, without its model; the other files
            // are read on all cores, a few ahead; all are dumped in order.
            var start = 0
            while start < files.count {
                if files[start].hasSuffix(".xcstrings") {
                    let file = files[start]
                    start += 1
                    do {
                        let dump = try CatalogLoader.withBytes(ofFile: file, limits: limits) { (bytes) throws(CatalogError) in
                            try XCStringsDump(bytes: bytes, file: file, limits: limits)
                        }
                        for warning in dump.warnings { printError(warning.description) }
                        dump.write { lines in output.append { $0 += lines } }
                    } catch {
                        printError(error.description)
                        failed = true
                    }
                    continue
                }
                let end = files[start...].firstIndex { $0.hasSuffix(".xcstrings") } ?? files.count
                CatalogLoader.readFiles(Array(files[start..<end]), sourceLanguage: sourceLanguage, limits: limits) { file, result in
                    switch result {
                    case .success(let catalog):
                        for warning in catalog.warnings { printError(warning.description) }
                        catalog.writeJSONLines(file: file) { lines in output.append { $0 += lines } }
                    case .failure(let error):
                        printError(error.description)
                        failed = true
                    }
                }
                start = end
            }
        }
        output.flush()
        if failed { throw CLIFailure(code: 2, message: "toastkit: some catalogs could not be read") }
    }
}
