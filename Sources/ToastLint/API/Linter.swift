import ToastCatalog
import ToastSupport

/// The catalog validator behind `toastkit lint`, and the one entry point of ToastLint: built
/// from a configuration, it reads catalogs, runs every rule of ``LintRule/all`` and hands
/// located findings to a consumer.
///
/// ```swift
/// import ToastLint
///
/// let linter = Linter(configuration: LintConfiguration(), strictTranslations: true)
/// try linter.lint(paths: ["Resources/Localizable.xcstrings"]) { finding in
///     print(LintOutput.text(finding))
/// }
/// ```
///
/// prints, for a French value that lost its `%@`:
///
/// ```
/// Resources/Localizable.xcstrings:12:24: error: [placeholder-mismatch] …
/// ```
///
/// Groups of files (a String Catalog, or the `.strings`/`.stringsdict` files of one table
/// across `.lproj` folders) are linted in parallel on all cores. A file that does not parse
/// is a `parse-error` finding, so one bad file does not hide the others; only a file that
/// cannot be opened stops the run (thrown). The rules themselves (`Rules/`), the reading
/// pipeline (`Pipeline/`) and the output formats (``LintOutput``) stand behind this type.
public struct Linter: Sendable {
    /// Project settings: severities, overrides, locales, terms and width budgets.
    public var configuration: LintConfiguration
    /// When `false` (local runs), `missing-translation` is at most a warning.
    public var strictTranslations: Bool

    /// The bounds on the files read (a file over them is a `parse-error` finding).
    public var limits: CatalogLimits

    /// A linter with a configuration; `strictTranslations: false` for local runs.
    public init(configuration: LintConfiguration = LintConfiguration(), strictTranslations: Bool = true,
                limits: CatalogLimits = .standard) {
        self.configuration = configuration
        self.strictTranslations = strictTranslations
        self.limits = limits
    }

    /// The outcome of one run.
    public struct Report: Sendable {
        /// Every finding, sorted by file, line, column and rule.
        public var findings: [LintFinding]
        /// The files read.
        public var files: [String]
    }

    /// Lints every catalog file at `paths` (files, `.lproj` folders or trees) and hands each
    /// finding to `findingConsumer`, in order of file, line, column and rule, on the calling
    /// thread; returns the files read.
    ///
    /// Nothing is handed on when a file cannot be opened: the error is thrown first.
    @discardableResult
    public func lint(paths: [String], findingConsumer: (LintFinding) -> Void) throws(CatalogError) -> [String] {
        let (findings, files) = try sortedFindings(paths: paths)
        for finding in findings { findingConsumer(finding) }
        return files
    }

    /// Lints every catalog file at `paths` (files, `.lproj` folders or trees) and returns the
    /// findings and the files read: ``lint(paths:findingConsumer:)``, collected.
    public func lint(paths: [String]) throws(CatalogError) -> Report {
        let (findings, files) = try sortedFindings(paths: paths)
        return Report(findings: findings, files: files)
    }

    /// The findings of the files at `paths`, in ``LintFinding/precedes(_:_:)`` order (the groups'
    /// order among equal ones), and the files read.
    private func sortedFindings(paths: [String]) throws(CatalogError) -> (findings: [LintFinding], files: [String]) {
        var files: [String] = []
        for path in paths { files += try CatalogLoader.files(at: path) }
        var seen = Set<String>()
        files = files.filter { seen.insert($0).inserted }
        let groups = Self.groups(files)
        let configuration = configuration, strict = strictTranslations, limits = limits
        var outcomes = Parallel.map(groups.count) { index in
            Self.lintGroup(groups[index], configuration: configuration, strict: strict, limits: limits,
                           releasesInBackground: groups.count == 1)
        }
        var findings: [LintFinding] = []
        for outcome in outcomes {
            switch outcome {
            // The first group's findings are taken as they are, not copied one by one.
            case .success(let found): if findings.isEmpty { findings = found } else { findings += found }
            case .failure(let error): throw error
            }
        }
        // Let go, so that the findings are held once and are moved below, not copied.
        outcomes = []
        // The order is found on indices, not by moving the findings themselves (each a dozen
        // strings) at every step of the sort; the same sort as before, so equal findings keep
        // the groups' order. The findings are then put in that order in place, each moved
        // once along its cycle of the permutation.
        let order = Self.order(of: findings)
        findings.permute(by: order)
        return (findings, files)
    }

    /// The indices of `findings` in ``LintFinding/precedes(_:_:)`` order, equal findings in
    /// the order given (a stable sort). Each finding gets integer keys once — its file's rank
    /// among the files in code-point order, its line and column — which decide most
    /// comparisons; the full comparison is made only where they tie. The findings are read
    /// where they are held: one read out of the array for the comparator was copied (a retain
    /// and release of each of its strings) at every comparison, and the sort ran alone on one
    /// core for a tenth of linting the bench tree.
    static func order(of findings: [LintFinding]) -> [Int] {
        findings.withUnsafeBufferPointer { held in
            // Each file is numbered as first met: a finding's file is looked up once per change
            // of file (findings mostly come file by file), where the ranks took three look-ups.
            // The numbers are then ranked in the files' code-point order; canonically equal
            // spellings share one number, ranked by the first one met's spelling, as before.
            var numbers: [String: Int] = [:]
            var files: [String] = []
            var last: (file: String, number: Int)?
            let numberOf = held.indices.map { index -> Int in
                let file = held[index].location.file
                if let last, last.file == file { return last.number }
                let number: Int
                if let known = numbers[file] {
                    number = known
                } else {
                    number = files.count
                    numbers[file] = number
                    files.append(file)
                }
                last = (file, number)
                return number
            }
            var rankOf = [Int](repeating: 0, count: files.count)
            for (rank, number) in files.indices.sorted(by: { CodePointOrder.precedes(files[$0], files[$1]) }).enumerated() {
                rankOf[number] = rank
            }
            let keys = held.indices.map { index in
                (rank: rankOf[numberOf[index]], line: held[index].location.line, column: held[index].location.column)
            }
            return held.indices.sorted { a, b in
                if keys[a] != keys[b] { return keys[a] < keys[b] }
                return LintFinding.precedes(held[a], held[b])
            }
        }
    }

    /// Lints one catalog already in memory (its bytes locate the findings).
    public func lint(file: String, bytes: [UInt8]) -> [LintFinding] {
        lint(file: file, bytes: bytes, pipelined: true)
    }

    /// ``lint(file:bytes:)``, with or without checking a String Catalog's entries while it is
    /// read: the same findings either way (the tests and the `lint` fuzz target compare both).
    /// `waitingBatches` is how many batches of entries may wait for a checker before the reader
    /// checks one itself (nil: twice the cores; 0: the reader checks every batch, the last one
    /// included, when none of the other threads has taken it first).
    @_spi(Verification) public func lint(file: String, bytes: [UInt8], pipelined: Bool, waitingBatches: Int? = nil) -> [LintFinding] {
        let group = Group(files: [file], preloaded: [file: bytes])
        switch Self.lintGroup(group, configuration: configuration, strict: strictTranslations, limits: limits, pipelined: pipelined,
                              waitingBatches: waitingBatches) {
        case .success(let findings): return findings.sorted(by: LintFinding.precedes)
        case .failure(let error): return [LintFinding(rule: .parseError, severity: .error, location: error.location, table: "",
                                                      key: "", locale: "", path: "", message: error.message)]
        }
    }
}

extension Linter {
    /// The findings a translator of `locales` acts on (`toastkit lint --locales de,fr`):
    /// those of these locales, and, once, those about the source text or a whole file, which
    /// affect every locale. Codes compare in canonical form (`pt_BR` is `pt-BR`).
    public static func findings(_ findings: [LintFinding], forLocales locales: [String]) -> [LintFinding] {
        let wanted = Set(locales.map(CatalogLocale.normalize))
        // Each distinct code is made canonical once (ICU), not once per finding.
        var selected: [String: Bool] = [:]
        return findings.filter { finding in
            if finding.isSourceSide { return true }
            if let known = selected[finding.locale] { return known }
            let chosen = wanted.contains(CatalogLocale.normalize(finding.locale))
            selected[finding.locale] = chosen
            return chosen
        }
    }
}
