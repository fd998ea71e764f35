import ArgumentParser
import Foundation
import ToastCatalog

struct FmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Rewrite String Catalogs in Xcode's exact layout.",
        discussion: """
            Reads each .xcstrings (folders are searched) and writes it back in Xcode's layout; \
            every member is kept, unknown ones included, and a final newline is kept if the file \
            had one. --check writes nothing and exits 1 when a file would change.
            """
    )

    @Argument(help: "String Catalog files or folders.") var paths: [String]
    @Flag(help: "Report files not in Xcode's layout instead of rewriting them.") var check = false
    @OptionGroup var limitOptions: LimitOptions

    func run() throws {
        let limits = try limitOptions.limits()
        let writer = try XCStringsWriter()
        var unreadable = false
        var changed: [String] = []
        for path in paths {
            let files: [String]
            do { files = try CatalogLoader.files(at: path).filter { $0.hasSuffix(".xcstrings") } } catch {
                printError(error.description)
                unreadable = true
                continue
            }
            for file in files {
                do {
                    let bytes = try CatalogLoader.bytes(ofFile: file, limits: limits)
                    let tree = try JSONParser.parse(bytes, file: file, limits: limits)
                    _ = try StringCatalog(xcstrings: bytes, file: file, limits: limits)  // validate the schema too
                    let formatted = writer.string(tree, finalNewline: bytes.last == 0x0A)
                    if Array(formatted.utf8) == bytes { continue }
                    changed.append(file)
                    if check {
                        printError("\(file):1:1: warning: [fmt] not in Xcode's layout; run toastkit fmt")
                    } else {
                        try Data(formatted.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
                    }
                } catch let error as CatalogError {
                    printError(error.description)
                    unreadable = true
                } catch {
                    printError("\(file):1:1: error: [io] \(error.localizedDescription)")
                    unreadable = true
                }
            }
        }
        if unreadable { throw CLIFailure(code: 2, message: "toastkit: some catalogs could not be read") }
        if check && !changed.isEmpty { throw CLIFailure(code: 1, message: "toastkit: \(changed.count) file(s) not in Xcode's layout") }
    }
}
