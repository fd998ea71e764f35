import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
        per catalog key (as --toasts auto; --role gives roles by key pattern). Findings: fallback, format, \
        width-budget, wrap, text-cut, bidi-isolation, unreached-variant, dropped-argument (docs/MATRIX.md). \
        --golden FILE compares the golden text (a block per toast and locale) with FILE and shows a unified \
        diff naming toast, locale and sample; --update rewrites it. --baseline FILE lists known findings by \
        toast, locale and kind: written when absent, then only findings outside it count, and it shrinks as \
        they are fixed. Fallbacks are warnings, errors in CI (CI set, or --ci), as lint's missing-translation. Exit codes: 0 no error-level finding (with --strict: no warning either) and the golden \
        file matches, 1 otherwise, 2 usage or unreadable input.
        """
    )

    @Argument(help: "Catalog files, .lproj folders or trees (none: the demo catalog).") var paths: [String] = []
    @Option(help: "The toast spec file (format: docs/MATRIX.md, \"Toast spec files\"), or auto for one info toast per catalog key (the default with PATH; without PATH, the demo toasts).") var toasts: String?
    @Option(name: .customLong("role"), help: "With --toasts auto: PATTERN=ROLE gives the toasts whose key matches PATTERN (* and ?; with /, the id TABLE/KEY) that role; the first match wins, else info. Repeatable.") var roles: [String] = []
    @Option(help: "Locales: all (the catalogs' locales) or a comma-separated list.") var locales: String = "all"
    @Option(help: "Pseudo-locales of the source language: all, none, or a list of accented, double, rtl, bounded.") var pseudo: String = "all"
    @Option(help: "Width in terminal columns, or none to not wrap.") var width: String = "80"
    @Option(help: "A width budget in cells for the whole line, [LOCALE:]ROLE=N (ROLE: success, error, warning, info, all; LOCALE: a tag or a pseudo-locale name, such as de:all=90 or double:all=120); repeatable.") var budget: [String] = []
    @Option(name: .customLong("line-budget"), help: "A budget of lines, [LOCALE:]ROLE=N; repeatable.") var lineBudget: [String] = []
    @Flag(help: "Cut toasts at their line budget, as a status area of fixed height does (cuts are reported as text-cut).") var truncate = false
    @Option(help: "Device classes to render (comma-separated), default: those the values vary by.") var devices: String?
    @Option(help: "A severity for a kind of finding, KIND=LEVEL (LEVEL: error, warning, note), such as width-budget=warning; repeatable.") var severity: [String] = []
    @Flag(help: "Fail (exit 1) on warnings too.") var strict = false
    @Flag(help: "Treat fallbacks (missing translations) as errors, as lint does in CI; the default when CI is set in the environment.") var ci = false
    @Option(help: "Output: text (a table), json, or golden (the golden text).") var format: MatrixFormat = .text
    @OptionGroup var limitOptions: LimitOptions
    @Option(help: "A golden file to compare the golden text with.") var golden: String?
    @Flag(help: "Write the golden file instead of comparing.") var update = false
    @Option(help: "Known findings by toast, locale and kind: written when absent; then only findings outside it count, and it shrinks as they are fixed.") var baseline: String?
    @Flag(help: "With --update or --baseline: rewrite a read-only or hard-linked file.") var force = false

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
        let generates = toasts == "auto" || (toasts == nil && !paths.isEmpty)
        if !roles.isEmpty && !generates {
            throw CLIFailure(code: 2, message: "error: --role sets the roles of generated toasts; it needs catalogs and --toasts auto, not a spec file or the demo")
        }
        switch toasts {
        case nil where paths.isEmpty: toastList = BuiltinCatalogs.demoToasts
        case nil, "auto"?:
            var rules: [ToastSpec.RoleRule] = []
            for text in roles {
                do { rules.append(try ToastSpec.RoleRule(parsing: text)) } catch { throw CLIFailure(code: 2, message: "error: --role: \(error.message)") }
            }
            toastList = ToastSpec.generated(from: catalogs, roles: rules)
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
        // Missing translations weigh as lint weighs them: errors in CI, else warnings.
        if runsInCI(flag: ci, environment: ProcessInfo.processInfo.environment) {
            options.severities[.fallback] = .error
        }
        for text in severity { if let problem = options.applySeverity(text) { throw CLIFailure(code: 2, message: "error: --severity: \(problem)") } }
        options.devices = devices.map { $0.split(separator: ",").map(String.init) }
        let matrix = LocaleMatrix(catalogs: catalogs, toasts: toastList, locales: localeList,
                                  pseudoLocales: PseudoLocale.list(pseudo) ?? [], options: options)
        for scope in options.unusedBudgetScopes(for: matrix.targets) {
            printError("toastkit matrix: warning: the budgets for “\(scope)” apply to no locale of this run (locales: \(matrix.targets.map(\.locale.identifier).joined(separator: ", ")))")
        }
        let result = matrix.run()
        // The golden text keeps every finding; the known ones only stop counting.
        var counted = result
        var baselined = 0
        if let baseline { (counted, baselined) = try apply(baseline: baseline, to: result) }
        switch format {
        case .json: print(JSONWriter.string(counted.json, style: .pretty))
        case .golden: write(result.goldenText, to: STDOUT_FILENO)
        case .text: write(counted.textTable, to: STDOUT_FILENO)
        }
        if baselined > 0 { printError("toastkit matrix: \(baselined) known finding(s) in \(baseline ?? "") not counted") }
        var failed = counted.hasErrors || (strict && counted.count(.warning) > 0)
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
                    printError("toastkit: " + GoldenDifference.describe(expected: expected, actual: result.goldenText, file: golden,
                                                                        howToRecord: "--update rewrites it"))
                    failed = true
                }
            }
        }
        if failed { throw CLIFailure(code: 1, message: "") }
    }

    /// Reads the baseline (or writes it, when absent, with every finding) and returns the
    /// findings it does not know; a baseline with fixed findings is shrunk.
    private func apply(baseline path: String, to result: MatrixResult) throws -> (MatrixResult, Int) {
        var status = stat()
        if lstat(path, &status) != 0 {
            let all = MatrixBaseline(result: result)
            try writeBaselineFile(all.json, to: path, original: nil, force: force, activity: "writing the matrix baseline")
            printError("toastkit matrix: wrote \(path) with \(all.known.count) known finding(s); from now on only new findings count")
            let applied = result.applying(all)
            return (applied.result, applied.baselined)
        }
        let read: FileContents
        do { read = try CatalogLoader.contents(ofFile: path) } catch { throw CLIFailure(code: 2, message: error.description) }
        let known: MatrixBaseline
        do { known = try MatrixBaseline(json: read.bytes, file: path) } catch { throw CLIFailure(code: 2, message: error.description) }
        let applied = result.applying(known)
        if applied.shrunk.known.count < known.known.count {
            try writeBaselineFile(applied.shrunk.json, to: path, original: read, force: force, activity: "writing the matrix baseline")
            printError("toastkit matrix: \(known.known.count - applied.shrunk.known.count) known finding(s) fixed; \(path) shrunk to \(applied.shrunk.known.count)")
        }
        return (applied.result, applied.baselined)
    }
}
