import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToastCatalog
import ToastICU
import ToastKit
import ToastMatrix

struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Render every toast in every locale, plural sample and device class, and check each rendering.",
        discussion: """
        Without PATH, the built-in demo catalog and demo toasts. With PATH and no --toasts, one info toast \
        per catalog key (as --toasts auto). Findings: fallback, format, width-budget, \
        wrap, text-cut, bidi-isolation, unreached-variant. --golden FILE compares the golden text (a block \
        per toast and locale) with FILE; --update rewrites it. Exit codes: 0 no error-level finding and the \
        golden file matches, 1 otherwise, 2 usage or unreadable input.
        """
    )

    @Argument(help: "Catalog files, .lproj folders or trees (none: the demo catalog).") var paths: [String] = []
    @Option(help: "The toast spec file (ARCHITECTURE.md), or auto for one info toast per catalog key (the default with PATH; without PATH, the demo toasts).") var toasts: String?
    @Option(help: "Locales: all (the catalogs' locales) or a comma-separated list.") var locales: String = "all"
    @Option(help: "Pseudo-locales of the source language: all, none, or a list of accented, double, rtl, bounded.") var pseudo: String = "all"
    @Option(help: "Width in terminal columns, or none to not wrap.") var width: String = "80"
    @Option(help: "A width budget in cells, ROLE=N (ROLE: success, error, warning, info, all); repeatable.") var budget: [String] = []
    @Option(name: .customLong("line-budget"), help: "A budget of lines, ROLE=N; repeatable.") var lineBudget: [String] = []
    @Flag(help: "Cut toasts at their line budget, as a status area of fixed height does (cuts are reported as text-cut).") var truncate = false
    @Option(help: "Device classes to render (comma-separated), default: those the values vary by.") var devices: String?
    @Option(help: "Output: text (a table), json, or golden (the golden text).") var format: MatrixFormat = .text
    @OptionGroup var limitOptions: LimitOptions
    @Option(help: "A golden file to compare the golden text with.") var golden: String?
    @Flag(help: "Write the golden file instead of comparing.") var update = false
    @Flag(help: "With --update: rewrite a read-only or hard-linked golden file.") var force = false

    func validate() throws {
        if width != "none", Int(width).map({ $0 < 2 || $0 > 10_000 }) ?? true { throw ValidationError("--width must be from 2 to 10000, or none") }
        if update && golden == nil { throw ValidationError("--update needs --golden FILE") }
        if PseudoLocale.list(pseudo) == nil { throw ValidationError("--pseudo must be all, none, or a list of accented, double, rtl, bounded") }
    }

    func run() throws {
        let limits = try limitOptions.limits()
        var catalogs = [BuiltinCatalogs.demo]
        if !paths.isEmpty {
            do { catalogs = try CatalogSet.load(paths: paths, limits: limits).tables } catch { throw CLIFailure(code: 2, message: error.description) }
        }
        let toastList: [Toast]
        switch toasts {
        case nil where paths.isEmpty: toastList = BuiltinCatalogs.demoToasts
        case nil, "auto"?: toastList = ToastSpec.generated(from: catalogs)
        case let path?:
            do { toastList = try ToastSpec.toasts(from: try CatalogLoader.bytes(ofFile: path, limits: limits), file: path) } catch {
                throw CLIFailure(code: 2, message: error.description)
            }
        }
        var localeList: [LocaleTag]?
        if locales != "all" {
            localeList = []
            for name in locales.split(separator: ",") {
                guard let tag = LocalePreferences.parse(String(name)) else {
                    throw CLIFailure(code: 2, message: "error: “\(name.prefix(80))” is not a locale tag (expected BCP 47 such as fr or pt-BR)")
                }
                localeList?.append(tag)
            }
        }
        var options = LocaleMatrix.Options(width: width == "none" ? nil : Int(width), truncates: truncate)
        for text in budget { if let problem = options.applyBudget(text, lines: false) { throw CLIFailure(code: 2, message: "error: --budget: \(problem)") } }
        for text in lineBudget { if let problem = options.applyBudget(text, lines: true) { throw CLIFailure(code: 2, message: "error: --line-budget: \(problem)") } }
        options.devices = devices.map { $0.split(separator: ",").map(String.init) }
        let matrix = LocaleMatrix(catalogs: catalogs, toasts: toastList, locales: localeList,
                                  pseudoLocales: PseudoLocale.list(pseudo) ?? [], options: options)
        let result = matrix.run()
        switch format {
        case .json: print(JSONWriter.string(result.json, style: .pretty))
        case .golden: write(result.goldenText, to: STDOUT_FILENO)
        case .text: write(result.textTable, to: STDOUT_FILENO)
        }
        var failed = result.hasErrors
        if let golden {
            if update {
                TemporaryFiles.installSignalCleanup()
                do {
                    try SafeFileWriter.write(Array(result.goldenText.utf8), to: golden,
                                             options: .init(force: force, activity: "updating the golden file"))
                } catch {
                    throw CLIFailure(code: 2, message: error.description)
                }
                printError("toastkit: wrote \(golden)")
            } else {
                let data: [UInt8]
                do { data = try CatalogLoader.bytes(ofFile: golden) } catch {
                    throw CLIFailure(code: 2, message: "error: cannot read the golden file \(golden) (create it with --update): \(error.message)")
                }
                let expected = String(decoding: data, as: UTF8.self)
                if expected != result.goldenText {
                    printError("toastkit: " + GoldenDifference.describe(expected: expected, actual: result.goldenText, file: golden))
                    failed = true
                }
            }
        }
        if failed { throw CLIFailure(code: 1, message: "") }
    }
}
