import ToastCatalog

/// The text output of `toastkit lint`, for people: the findings (stdout, so that `| less`
/// and `| grep` work), a problem repeated in several locales shown once with its locales
/// listed, notes counted rather than listed unless asked for; then a summary (stderr) with
/// the counts per locale and a table by rule and severity.
///
/// ```
/// de.lproj/Main.strings:3:1: error: [placeholder-mismatch] “files” (de, fr): the de text drops argument 1 (“%lld” in the source)
///   also in: fr (fr.lproj/Main.strings:3:1)
///   source: ⟪%lld⟫ files
///   target (de): Dateien
///   hint: Use exactly the source's placeholders; …
/// ```
public struct LintTextReport: Sendable {
    /// The findings, in the order they are shown (``LintFinding/precedes(_:_:)``).
    public var findings: [LintFinding]
    /// Whether note-level findings are listed (they are always counted).
    public var listsNotes: Bool
    /// How many problems of one rule are listed per file before the rest are counted on
    /// one line (`nil`: all).
    public var perFileAndRule: Int?

    /// The problems of one rule listed per file by default (`--all` lists every one).
    public static let defaultPerFileAndRule = 10

    /// A report of `findings`; `listsNotes` as `--notes` or the configuration says.
    public init(findings: [LintFinding], listsNotes: Bool, perFileAndRule: Int? = LintTextReport.defaultPerFileAndRule) {
        self.findings = findings
        self.listsNotes = listsNotes
        self.perFileAndRule = perFileAndRule
    }

    /// One problem and every finding of it (the same ``LintFinding/groupKey``), first
    /// finding first.
    public struct Group: Sendable {
        /// The findings, in the report's order.
        public var findings: [LintFinding]
        /// The locales, in order, each once (empty for a file-level problem).
        public var locales: [String] {
            var seen = Set<String>()
            return findings.map(\.locale).filter { !$0.isEmpty && seen.insert($0).inserted }
        }
    }

    /// The findings grouped, in the order of each group's first finding.
    public var groups: [Group] {
        var result: [Group] = []
        var index: [String: Int] = [:]
        for finding in findings {
            let key = finding.groupKey
            if let at = index[key] { result[at].findings.append(finding) } else { index[key] = result.count; result.append(Group(findings: [finding])) }
        }
        return result
    }

    /// The findings as text, one block per group (notes only when listed), each line ended.
    /// Past ``perFileAndRule`` problems of one rule in one file, the rest are counted on one
    /// line; a rule's hint is printed where it differs from the one printed before it.
    public func body() -> String {
        var out = ""
        var shown: [String: Int] = [:]
        var lastHint: [RuleID: String] = [:]
        var hidden: [(file: String, rule: RuleID, count: Int)] = []
        var hiddenIndex: [String: Int] = [:]
        for group in groups where listsNotes || group.findings[0].severity != .note {
            let first = group.findings[0]
            let slot = first.location.file + "\u{1}" + first.rule.rawValue
            let count = shown[slot, default: 0]
            if let limit = perFileAndRule, count >= limit {
                if let at = hiddenIndex[slot] { hidden[at].count += 1 } else { hiddenIndex[slot] = hidden.count; hidden.append((first.location.file, first.rule, 1)) }
                continue
            }
            shown[slot] = count + 1
            let repeatsHint = first.hint != nil && lastHint[first.rule] == first.hint
            if let hint = first.hint { lastHint[first.rule] = hint }
            out += Self.text(group, showsHint: !repeatsHint) + "\n"
        }
        for (file, rule, count) in hidden {
            out += "\(CodePoint.visibleLineStart(file)): \(count) more [\(rule)] problem(s) not listed (--all lists them; --format json holds every finding)\n"
        }
        return out
    }

    /// One group's block: the first finding's header with every locale, where the others
    /// are, the excerpts and the hint.
    public static func text(_ group: Group, showsHint: Bool = true) -> String {
        let first = group.findings[0]
        let locales = group.locales
        var out = "\(CodePoint.visibleLineStart("\(first.location)")): \(first.severity.rawValue): [\(first.rule)] "
        if !first.key.isEmpty {
            out += "“\(CodePoint.visible(first.key))”"
            if !locales.isEmpty {
                out += " (" + CodePoint.visible(Self.listed(locales) + (first.path.isEmpty ? "" : " " + first.path)) + ")"
            }
            out += ": "
        }
        out += CodePoint.visible(first.message)
        if group.findings.count > 1 {
            let others = group.findings.dropFirst().map { finding -> String in
                if finding.location == first.location { return finding.locale }
                // The folder and file name suffice beside the first finding's full path.
                let short = finding.location.file.split(separator: "/").suffix(2).joined(separator: "/")
                return "\(finding.locale) (\(short):\(finding.location.line):\(finding.location.column))"
            }
            out += "\n  also in: " + CodePoint.visible(others.joined(separator: ", "))
        }
        if let source = first.source { out += "\n  source: " + source }
        if let target = first.target { out += "\n  target" + (group.findings.count > 1 ? " (\(CodePoint.visible(first.locale)))" : "") + ": " + target }
        if showsHint, let hint = first.hint { out += "\n  hint: " + CodePoint.visible(hint) }
        return out
    }

    /// `de, fr, ja`, or the first eight and how many more.
    static func listed(_ locales: [String]) -> String {
        locales.count <= 8 ? locales.joined(separator: ", ") : locales.prefix(8).joined(separator: ", ") + " and \(locales.count - 8) more"
    }

    /// The summary: the totals, the notes not shown, the counts per locale (with `--locales`,
    /// or when there are several locales), then a table of rule × severity.
    ///
    /// ```
    /// toastkit lint: 2 error(s), 1 warning(s), 4 note(s) in 3 file(s) (4 notes not listed: --notes lists them)
    ///   de: 1 error(s), 1 warning(s), 2 note(s)
    ///   fr: 1 error(s), 0 warning(s), 2 note(s)
    ///   rule                    error warning  note
    ///   placeholder-mismatch        2       0     0
    ///   …
    /// ```
    public func summary(files: Int, baselined: Int = 0) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let notes = findings.count - errors - warnings
        var out = "toastkit lint: \(errors) error(s), \(warnings) warning(s), \(notes) note(s) in \(files) file(s)"
        if baselined > 0 { out += "; \(baselined) baselined" }
        if notes > 0 && !listsNotes { out += " (\(notes) note(s) not listed: --notes lists them)" }
        guard !findings.isEmpty else { return out }
        var perLocale: [String: [Severity: Int]] = [:]
        for finding in findings where !finding.locale.isEmpty { perLocale[finding.locale, default: [:]][finding.severity, default: 0] += 1 }
        if perLocale.count > 1 {
            for locale in perLocale.keys.sorted() {
                let counts = perLocale[locale]!
                out += "\n  \(CodePoint.visibleLineStart(locale)): \(counts[.error] ?? 0) error(s), \(counts[.warning] ?? 0) warning(s), \(counts[.note] ?? 0) note(s)"
            }
        }
        var perRule: [RuleID: [Severity: Int]] = [:]
        for finding in findings { perRule[finding.rule, default: [:]][finding.severity, default: 0] += 1 }
        let width = max(perRule.keys.map(\.rawValue.count).max() ?? 0, 4)
        func pad(_ text: String, _ count: Int, left: Bool) -> String {
            let fill = String(repeating: " ", count: max(count - text.count, 0))
            return left ? fill + text : text + fill
        }
        out += "\n  " + pad("rule", width, left: false) + "  " + pad("error", 7, left: true) + " " + pad("warning", 7, left: true) + " " + pad("note", 7, left: true)
        for rule in perRule.keys.sorted() {
            let counts = perRule[rule]!
            out += "\n  " + pad(rule.rawValue, width, left: false) + "  " + pad("\(counts[.error] ?? 0)", 7, left: true) + " "
                + pad("\(counts[.warning] ?? 0)", 7, left: true) + " " + pad("\(counts[.note] ?? 0)", 7, left: true)
        }
        return out
    }
}
