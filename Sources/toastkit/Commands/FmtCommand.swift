import ArgumentParser
import ToastCatalog

struct FmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Rewrite String Catalogs in Xcode's exact layout.",
        discussion: """
            Reads each .xcstrings (folders are searched) and writes it back in Xcode's layout; \
            every member is kept, unknown ones included, and a final newline is kept if the file \
            had one. --check writes nothing and exits 1 when a file would change. \
            A file is replaced atomically, keeping its mode and owner; a link is written through. \
            A read-only or hard-linked file, or one that changed while it was formatted, is not \
            rewritten (exit 2); --force rewrites read-only and hard-linked files.
            """
    )

    @Argument(help: "String Catalog files or folders.") var paths: [String]
    @Flag(help: "Report files not in Xcode's layout instead of rewriting them.") var check = false
    @Flag(help: "Rewrite read-only files (keeping their mode) and hard-linked files (in place, keeping the links).")
    var force = false
    @OptionGroup var limitOptions: LimitOptions

    func run() throws {
        let limits = try limitOptions.limits()
        let writer = try XCStringsWriter()
        if !check { TemporaryFiles.installSignalCleanup() }
        var unreadable = false
        var changed: [String] = []
        var last: XCStringsFormatting?  // kept to the end (see finish(keeping:code:))
        for path in paths {
            var files: [String]
            do throws(CatalogError) {
                files = try CatalogLoader.files(at: path)
                if files == [path] && !path.hasSuffix(".xcstrings") {
                    throw CatalogError(location: SourceLocation(file: path, line: 1, column: 1), rule: .unsupportedFormat,
                                       message: "fmt rewrites String Catalogs (.xcstrings); this is not one")
                }
                files = files.filter { $0.hasSuffix(".xcstrings") }
            } catch {
                printError(error.description)
                unreadable = true
                continue
            }
            for file in files {
                do throws(CatalogError) {
                    if check {
                        // Decided on the bytes (a large file mapped): no tree is built for a file that differs.
                        guard try !CatalogLoader.withBytes(ofFile: file, limits: limits, { (bytes) throws(CatalogError) in
                            try XCStringsFormatting.isLaidOut(bytes, file: file, writer: writer, limits: limits)
                        }) else { continue }
                        changed.append(file)
                        printError("\(file):1:1: warning: [fmt] not in Xcode's layout; run toastkit fmt")
                        continue
                    }
                    let contents = try CatalogLoader.contents(ofFile: file, limits: limits)
                    let bytes = contents.bytes
                    // The tree is written back; the catalog checks the schema.
                    let read = try XCStringsFormatting(bytes, file: file, writer: writer, limits: limits)
                    last = read
                    guard let tree = read.tree, !read.isLaidOut else { continue }
                    changed.append(file)
                    try SafeFileWriter.write(writer.bytes(tree, finalNewline: bytes.last == 0x0A), to: file,
                                             options: .init(force: force, original: contents, activity: "formatting"))
                } catch {
                    printError(error.description)
                    unreadable = true
                }
            }
        }
        if unreadable { throw CLIFailure(code: 2, message: "toastkit: some catalogs could not be read or written (listed above)") }
        if check && !changed.isEmpty { printError("toastkit: \(changed.count) file(s) not in Xcode's layout") }
        finish(keeping: last, code: check && !changed.isEmpty ? 1 : 0)
    }
}
