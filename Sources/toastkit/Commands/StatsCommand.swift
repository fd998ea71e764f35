import ArgumentParser
import ToastCatalog

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Per-locale coverage of catalogs: translated, needs review, new, missing, by table."
    )

    @Argument(help: "Catalog files or folders.") var paths: [String]
    @Option(help: "The development language of .lproj trees, and the locale of .strings and .stringsdict files outside any LOCALE.lproj folder.") var sourceLanguage: String = "en"
    @OptionGroup var limitOptions: LimitOptions

    func run() throws {
        let limits = try limitOptions.limits()
        let set: CatalogSet
        do { set = try CatalogSet.load(paths: paths, sourceLanguage: sourceLanguage, limits: limits, detail: .states) } catch {
            throw CLIFailure(code: 2, message: error.description)
        }
        for warning in set.warnings { printError(warning.description) }
        print(CatalogStats(set.tables).text, terminator: "")
        finish(keeping: set)
    }
}
