import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ToastCatalog
import ToastLint

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Validate catalogs: format specifiers, plurals, missing and stale translations, hazardous characters.",
        discussion: """
        Rules and their ids: validation-checks.md, or `toastkit lint --list-rules`. Settings come from \
        .toastkit-lint.json in the current folder (or --config). Exit codes: 0 no error-level finding \
        (after the baseline), 1 error-level findings, 2 usage error or a file that cannot be opened. \
        missing-translation is an error when CI is set in the environment (or with --ci), else a warning.
        """
    )

    @Argument(help: "Catalog files, .lproj folders or trees.") var paths: [String] = []
    @Option(help: "Output: text (findings on stdout, the summary on stderr), json, sarif or github (stdout).") var format: LintOutputFormat = .text
    @Option(help: ArgumentHelp("Only these locales' findings (and, once, those of the source text and of whole files).", valueName: "L[,L…]"))
    var locales: String?
    @Flag(help: "List note-level findings in text output (they are counted either way; JSON and SARIF hold them all).") var notes = false
    @Flag(help: "List every finding in text output: notes, and each problem past the first \(LintTextReport.defaultPerFileAndRule) of a rule in a file.") var all = false
    @Option(help: "Configuration file (default: .toastkit-lint.json if present).") var config: String?
    @Option(help: "Baseline file: written when absent; then only findings outside it count, and it shrinks as they are fixed.") var baseline: String?
    @Option(help: "The development language of .lproj trees (overrides the configuration).") var sourceLanguage: String?
    @OptionGroup var limitOptions: LimitOptions
    @Flag(help: "Treat missing translations as errors, as in CI.") var ci = false
    @Flag(help: "List the rules and exit.") var listRules = false
    @Flag(help: "With --baseline: rewrite a read-only or hard-linked baseline file.") var force = false

    func run() throws {
        if listRules {
            for rule in LintRule.all { print("\(rule.id)\t\(rule.defaultSeverity.rawValue)\t\(rule.summary)") }
            return
        }
        guard !paths.isEmpty else { throw CLIFailure(code: 2, message: "error: give at least one catalog file or folder to lint") }
        var configuration = LintConfiguration()
        let configPath = config ?? (FileManager.default.fileExists(atPath: ".toastkit-lint.json") ? ".toastkit-lint.json" : nil)
        if let configPath {
            do {
                configuration = try LintConfiguration(json: try CatalogLoader.bytes(ofFile: configPath), file: configPath)
            } catch {
                throw CLIFailure(code: 2, message: error.description)
            }
        }
        if let sourceLanguage { configuration.sourceLanguage = sourceLanguage }
        let environment = ProcessInfo.processInfo.environment
        let strict = runsInCI(flag: ci, environment: environment)
        let linter = Linter(configuration: configuration, strictTranslations: strict, limits: try limitOptions.limits())
        let result: Linter.Report
        do { result = try linter.lint(paths: paths) } catch { throw CLIFailure(code: 2, message: error.description) }
        var findings = result.findings
        if let locales {
            let selected = locales.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
            guard !selected.isEmpty else { throw CLIFailure(code: 2, message: "error: --locales needs at least one locale, such as --locales de,fr") }
            findings = Linter.findings(findings, forLocales: selected)
        }
        var baselined = 0
        if let baseline {
            if FileManager.default.fileExists(atPath: baseline) {
                let accepted: LintBaseline
                let read: FileContents
                do {
                    read = try CatalogLoader.contents(ofFile: baseline)
                    accepted = try LintBaseline(json: read.bytes, file: baseline)
                } catch {
                    throw CLIFailure(code: 2, message: error.description)
                }
                let applied = accepted.apply(to: findings)
                findings = applied.new
                baselined = applied.baselined
                if applied.shrunk.fingerprints.count < accepted.fingerprints.count {
                    try writeBaselineFile(applied.shrunk.json, to: baseline, original: read, force: force, activity: "linting")
                    printError("toastkit lint: \(accepted.fingerprints.count - applied.shrunk.fingerprints.count) baselined finding(s) fixed; \(baseline) shrunk to \(applied.shrunk.fingerprints.count)")
                }
            } else {
                try writeBaselineFile(LintBaseline(findings: findings).json, to: baseline, original: nil, force: force, activity: "linting")
                printError("toastkit lint: wrote \(baseline) with \(findings.count) finding(s); from now on only new findings count")
                baselined = findings.count
                findings = []
            }
        }
        let report = LintTextReport(findings: findings, listsNotes: all || notes || configuration.listsNotes || format != .text,
                                    perFileAndRule: all ? nil : LintTextReport.defaultPerFileAndRule)
        switch format {
        case .text: print(report.body(), terminator: "")
        case .json:
            var out = StandardOutputBuffer()
            LintOutput.writeJSONLines(findings) { lines in out.append { $0 += lines } }
            out.flush()
        case .github:
            var out = StandardOutputBuffer()
            for finding in findings { out.append { $0.append(contentsOf: LintOutput.github(finding).utf8); $0.append(0x0A) } }
            out.flush()
        case .sarif: print(LintOutput.sarif(findings, toolVersion: ToastkitCommand.version))
        }
        if format == .text || format == .github {
            printError(report.summary(files: result.files.count, baselined: baselined))
        }
        // Ended without tearing the findings and the report down one string at a time.
        finish(keeping: result, findings, report, code: findings.contains(where: { $0.severity == .error }) ? 1 : 0)
    }
}
