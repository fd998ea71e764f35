import ArgumentParser
import Foundation
import ToastCatalog

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert .lproj tables (.strings + .stringsdict) to String Catalogs, or a String Catalog to .lproj folders.",
        discussion: """
            IN a folder of .lproj folders → OUT a folder that receives TABLE.xcstrings for each table \
            (or OUT a .xcstrings file when IN has one table). IN a .xcstrings → OUT a folder that \
            receives LOCALE.lproj/TABLE.strings and .stringsdict. What the target format cannot hold \
            (device variations in .strings, review states, unsupported rule types) is reported as \
            warnings and the exit code is 1; everything else is converted.
            """
    )

    @Argument(help: "The input: a folder with .lproj folders, or a .xcstrings file.") var input: String
    @Argument(help: "The output folder (or .xcstrings file).") var output: String
    @Option(help: "The development language.") var sourceLanguage: String = "en"
    @OptionGroup var limitOptions: LimitOptions

    func run() throws {
        let limits = try limitOptions.limits()
        var report = CatalogConverter.Report()
        do throws(any Error) {
            if input.hasSuffix(".xcstrings") {
                let catalog = try CatalogLoader.readFile(input, limits: limits)
                for locale in catalog.localeCodes {
                    let (strings, dict, localeReport) = CatalogConverter.lproj(from: catalog, locale: locale)
                    report.notConverted += localeReport.notConverted
                    let folder = (output as NSString).appendingPathComponent(locale + ".lproj")
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    if let strings { try write(strings, to: (folder as NSString).appendingPathComponent(catalog.table + ".strings")) }
                    if let dict { try write(dict, to: (folder as NSString).appendingPathComponent(catalog.table + ".stringsdict")) }
                }
            } else {
                let set = try CatalogSet.load(paths: [input], sourceLanguage: sourceLanguage, limits: limits)
                let tables = set.tables.filter { $0.format != .xcstrings }
                let writer = try XCStringsWriter()
                let single = output.hasSuffix(".xcstrings")
                if single && tables.count != 1 {
                    throw CLIFailure(code: 2, message: "error: \(input) holds \(tables.count) tables; give a folder as OUT")
                }
                if !single { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
                for table in tables {
                    let (catalog, tableReport) = CatalogConverter.stringCatalog(from: table, sourceLanguage: sourceLanguage)
                    report.notConverted += tableReport.notConverted
                    let path = single ? output : (output as NSString).appendingPathComponent(table.table + ".xcstrings")
                    try write(writer.string(catalog.jsonValue()), to: path)
                }
            }
        } catch let error as CatalogError {
            throw CLIFailure(code: 2, message: error.description)
        }
        for item in report.notConverted { printError(item.warningDescription) }
        if !report.notConverted.isEmpty {
            throw CLIFailure(code: 1, message: "toastkit: \(report.notConverted.count) item(s) could not be converted (listed above)")
        }
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
