import Foundation
import ToastICU

/// The catalog validator behind `toastkit lint`: reads catalogs, runs every rule of
/// ``LintRule/all`` and returns located findings.
///
/// ```swift
/// let linter = Linter(configuration: LintConfiguration(), strictTranslations: true)
/// let result = try linter.lint(paths: ["Resources/Localizable.xcstrings"])
/// for finding in result.findings { print(LintOutput.text(finding)) }
/// ```
///
/// Groups of files (a String Catalog, or the `.strings`/`.stringsdict` files of one table
/// across `.lproj` folders) are linted in parallel on all cores. A file that does not parse
/// is a `parse-error` finding, so one bad file does not hide the others; only a file that
/// cannot be opened stops the run (thrown).
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
    public struct Result: Sendable {
        /// Every finding, sorted by file, line, column and rule.
        public var findings: [LintFinding]
        /// The files read.
        public var files: [String]
    }

    /// Lints every catalog file at `paths` (files, `.lproj` folders or trees).
    public func lint(paths: [String]) throws(CatalogError) -> Result {
        var files: [String] = []
        for path in paths { files += try CatalogLoader.files(at: path) }
        var seen = Set<String>()
        files = files.filter { seen.insert($0).inserted }
        let groups = Self.groups(files)
        let collector = LockedSlots<Swift.Result<[LintFinding], CatalogError>>(count: groups.count)
        let configuration = configuration, strict = strictTranslations, limits = limits
        DispatchQueue.concurrentPerform(iterations: groups.count) { index in
            let outcome = Self.lintGroup(groups[index], configuration: configuration, strict: strict, limits: limits)
            collector.store(outcome, at: index)
        }
        var findings: [LintFinding] = []
        for outcome in collector.values() {
            switch outcome {
            case .success(let found): findings += found
            case .failure(let error): throw error
            }
        }
        findings.sort(by: LintFinding.precedes)
        return Result(findings: findings, files: files)
    }

    /// Lints one catalog already in memory (its bytes locate the findings).
    public func lint(file: String, bytes: [UInt8]) -> [LintFinding] {
        lint(file: file, bytes: bytes, pipelined: true)
    }

    /// ``lint(file:bytes:)``, with or without checking a String Catalog's entries while it is
    /// read: the same findings either way (the tests and the `lint` fuzz target compare both).
    @_spi(Verification) public func lint(file: String, bytes: [UInt8], pipelined: Bool) -> [LintFinding] {
        let group = Group(files: [file], preloaded: [file: bytes])
        switch Self.lintGroup(group, configuration: configuration, strict: strictTranslations, limits: limits, pipelined: pipelined) {
        case .success(let findings): return findings.sorted(by: LintFinding.precedes)
        case .failure(let error): return [LintFinding(rule: "parse-error", severity: .error, location: error.location, table: "",
                                                      key: "", locale: "", path: "", message: error.message)]
        }
    }

    struct Group: Sendable {
        var files: [String]
        var preloaded: [String: [UInt8]] = [:]
    }

    /// A String Catalog alone; `.strings`/`.stringsdict` by bundle folder and table name.
    static func groups(_ files: [String]) -> [Group] {
        var groups: [Group] = []
        var index: [String: Int] = [:]
        for file in files {
            guard !file.hasSuffix(".xcstrings"), CatalogLocale.folderLocale(ofPath: file) != nil else {
                groups.append(Group(files: [file])); continue
            }
            let id = CatalogSet.tableID(file: file, table: StringCatalog.tableName(forPath: file))
            if let at = index[id] { groups[at].files.append(file) } else { index[id] = groups.count; groups.append(Group(files: [file])) }
        }
        return groups
    }

    /// Hands results between the two halves of a concurrent load (each written by one thread,
    /// read after both have finished).
    final class LoadBox: @unchecked Sendable { var result: Swift.Result<StringCatalog, CatalogError>? }
    final class OutlineBox: @unchecked Sendable { var outline: XCStringsOutline? }

    static func lintGroup(_ group: Group, configuration: LintConfiguration, strict: Bool,
                          limits: CatalogLimits = .standard, pipelined: Bool = true) -> Swift.Result<[LintFinding], CatalogError> {
        var table = LintTable()
        var raw: [RawFinding] = []
        /// The per-entry findings of a String Catalog checked while it was read.
        var checkedWhileReading: [LintEntryFeed.Result]?
        var bytesByFile: [String: [UInt8]] = [:]
        let sourceLanguage = configuration.sourceLanguage ?? "en"
        for file in group.files {
            let bytes: [UInt8]
            if let preloaded = group.preloaded[file] {
                bytes = preloaded
            } else {
                do throws(CatalogError) { bytes = try CatalogLoader.bytes(ofFile: file, limits: limits) } catch {
                    if error.rule == "io" { return .failure(error) }
                    raw.append(RawFinding(rule: "parse-error", file: file, message: error.message, location: error.location)); continue
                }
            }
            bytesByFile[file] = bytes
            let catalog: StringCatalog
            // A String Catalog's outline (repeated members, where entries start) comes from a
            // scan of its own, unless the reader saw no repeated or unknown member and the
            // entries were checked while it read (then the reader's positions locate findings).
            let outlineBox = OutlineBox()
            do throws(CatalogError) {
                if file.hasSuffix(".xcstrings") {
                    // One core reads the catalog while both check the entries read so far; the
                    // other scans the outline first when the entries are not checked while read.
                    let loaded = LoadBox()
                    let feed = LintEntryFeed()
                    let notes = XCStringsReadNotes()
                    let drained = LockedSlots<LintEntryFeed.Result>(count: 2)
                    let tableName = StringCatalog.tableName(forPath: file)
                    DispatchQueue.concurrentPerform(iterations: 2) { part in
                        if part == 0 {
                            loaded.result = Swift.Result { () throws(CatalogError) in
                                // The entries go to the checks and are freed there, not kept.
                                try StringCatalog(xcstrings: bytes, file: file, limits: limits, notes: notes, keepsEntries: false,
                                                  onEntry: pipelined ? { feed.add($0, $1, $2, $3) } : nil)
                            }
                            feed.finish()
                        } else if !pipelined {
                            outlineBox.outline = XCStringsOutline(bytes: bytes, file: file)
                        }
                        if pipelined { drained.store(feed.drain(table: tableName, file: file, configuration: configuration), at: part) }
                    }
                    var read = try loaded.result!.get()
                    // The entries checked are the catalog's only if every key was read once
                    // and the source language did not change after the first entry; else the
                    // catalog is read again, entries kept, and checked as a whole.
                    if pipelined {
                        if !feed.abandoned, feed.sourceLanguage == read.sourceLanguage,
                           !read.warnings.contains(where: { $0.rule == "duplicate-key" }) {
                            checkedWhileReading = drained.values()
                        } else {
                            read = try StringCatalog(xcstrings: bytes, file: file, limits: limits)
                        }
                    }
                    catalog = read
                    if outlineBox.outline == nil && (checkedWhileReading == nil || notes.hasRepeatedOrUnknownMembers || catalog.keys.isEmpty) {
                        outlineBox.outline = XCStringsOutline(bytes: bytes, file: file)
                    }
                } else if let (_, locale) = CatalogLocale.folderLocale(ofPath: file) {
                    catalog = file.hasSuffix(".stringsdict")
                        ? try StringCatalog(stringsdict: bytes, file: file, locale: locale, sourceLanguage: sourceLanguage, limits: limits)
                        : try StringCatalog(strings: bytes, file: file, locale: locale, sourceLanguage: sourceLanguage, limits: limits)
                } else {
                    throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: "unsupported-format",
                                       message: "expected the file inside a LOCALE.lproj folder, which names its locale")
                }
            } catch {
                let schema = error.rule.hasSuffix("-schema")
                raw.append(RawFinding(rule: schema ? "schema-violation" : "parse-error", file: file, message: error.message,
                                      location: error.location))
                continue
            }
            for warning in catalog.warnings {
                let rule: String
                switch warning.rule {
                case "duplicate-key": rule = file.hasSuffix(".xcstrings") ? "" : "duplicate-key"
                case "nonstandard-value", "unknown-member", "unsupported-rule-type": rule = "nonstandard-value"
                default: rule = ""
                }
                guard !rule.isEmpty else { continue }
                raw.append(RawFinding(rule: rule, file: file, key: warning.key ?? "", message: warning.message, location: warning.location))
            }
            if file.hasSuffix(".xcstrings") {
                if let outline = outlineBox.outline {
                    table.outlines[file] = outline
                    for duplicate in outline.duplicates {
                        raw.append(RawFinding(rule: "duplicate-key", file: file, key: duplicate.entry,
                                              message: "“\(duplicate.member)” appears more than once in \(duplicate.within); JSON readers keep only the last one",
                                              location: duplicate.location))
                    }
                    if !outline.topLevelMembers.contains("strings") {
                        raw.append(RawFinding(rule: "schema-violation", file: file, message: "the top-level \"strings\" member is missing",
                                              location: SourceLocation(file: file, line: 1, column: 1)))
                    }
                }
                table.add(catalog: catalog, file: file)
            } else {
                table.add(lproj: catalog, file: file, locale: CatalogLocale.folderLocale(ofPath: file)!.locale, sourceLanguage: sourceLanguage)
            }
        }
        if let checkedWhileReading {
            // The rest of the rules, which need the whole table.
            var checker = LintChecker(table: table, configuration: configuration)
            if let catalog = table.catalog { checker.catalogChecks(catalog) }
            let locales = checkedWhileReading.reduce(into: Set<String>()) { $0.formUnion($1.locales) }
            let (targets, project) = LintChecker.targets(table, configuration, locales: locales)
            var positions: [String: JSONScanner.Position] = [:]
            for part in checkedWhileReading {
                raw += part.findings
                for (key, position) in part.positions { positions[key] = position }
                for (key, position, entryLocales) in part.pending {
                    let found = checker.findings.count
                    checker.missingTranslations(key: key, locales: entryLocales, targets: targets, targetsAreAllLocales: project == nil)
                    if checker.findings.count > found { positions[key] = position }
                }
                for (key, comment) in part.suppressions { table.suppressions[key] = comment }
            }
            raw += checker.findings
            if table.outlines[table.catalogFile] == nil {
                table.outlines[table.catalogFile] = XCStringsOutline(entryPositions: positions)
            }
        } else {
            raw += LintChecker.findings(table: table, configuration: configuration)
        }
        return .success(resolve(raw, table: table, bytes: bytesByFile, configuration: configuration, strict: strict))
    }

    /// Applies severities and suppressions and locates each finding.
    static func resolve(_ raw: [RawFinding], table: LintTable, bytes: [String: [UInt8]], configuration: LintConfiguration,
                        strict: Bool) -> [LintFinding] {
        // Severities and suppressions first (cheap), with the .strings/.stringsdict locators
        // the kept findings need, each read once.
        var selected: [(finding: RawFinding, rule: LintRule, severity: LintSeverity)] = []
        var readers: [String: PropertyListLocator] = [:]
        for finding in raw {
            guard let rule = LintRule.named(finding.rule),
                  var severity = configuration.severity(of: rule, table: table.name, key: finding.key, locale: finding.locale)
            else { continue }
            if let cap = finding.cap { severity = min(severity, cap) }
            if rule.id == "missing-translation" && !strict { severity = min(severity, .warning) }
            if !finding.key.isEmpty, let comment = table.entries[finding.key]?.comment ?? table.suppressions[finding.key],
               LintSuppression.suppresses(comment, rule: rule.id) {
                continue
            }
            if finding.location == nil, !finding.file.hasSuffix(".xcstrings") || table.outlines[finding.file] == nil,
               readers[finding.file] == nil, let data = bytes[finding.file] {
                readers[finding.file] = PropertyListLocator(file: finding.file, bytes: data)
            }
            selected.append((finding, rule, severity))
        }
        // Then each is located (reading its entry again), on all cores when there are many.
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let parts = selected.count >= 512 ? cores : 1
        let size = (selected.count + parts - 1) / max(parts, 1)
        let slots = LockedSlots<[LintFinding]>(count: parts)
        let kept = selected, locators = readers
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var result: [LintFinding] = []
            let lower = min(part * size, kept.count), upper = min(lower + size, kept.count)
            for (finding, rule, severity) in kept[lower..<upper] {
                let location: SourceLocation
                if let known = finding.location {
                    location = known
                } else if finding.file.hasSuffix(".xcstrings"), let outline = table.outlines[finding.file], let data = bytes[finding.file] {
                    location = outline.location(entry: finding.key, locale: finding.locale, path: finding.path, bytes: data, file: finding.file)
                } else if let locator = locators[finding.file] {
                    location = locator.location(key: finding.key, path: finding.path)
                } else {
                    location = SourceLocation(file: finding.file, line: 1, column: 1)
                }
                result.append(LintFinding(rule: rule.id, severity: severity, location: location, table: table.name, key: finding.key,
                                          locale: finding.locale, path: finding.path, message: finding.message,
                                          source: finding.source, target: finding.target, hint: finding.hint ?? rule.help))
            }
            slots.store(result, at: part)
        }
        return slots.values().flatMap { $0 }
    }
}

/// One result per index, written from concurrent workers and read after they finish.
final class LockedSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ value: Value, at index: Int) {
        lock.lock(); slots[index] = value; lock.unlock()
    }

    /// The stored values in index order.
    func values() -> [Value] {
        lock.lock(); defer { lock.unlock() }
        return slots.compactMap { $0 }
    }

    /// The slots, taken out (this object holds them no longer): nil where none was stored.
    func take() -> [Value?] {
        lock.lock(); defer { lock.unlock() }
        let taken = slots
        slots = Array(repeating: nil, count: slots.count)
        return taken
    }
}

/// `[no-lint]` or `[no-lint: rule-a, rule-b]` in an entry's comment.
public enum LintSuppression {
    /// Whether `comment` can suppress any rule (it holds `[no-lint`).
    package static func maySuppress(_ comment: String) -> Bool {
        let marker = Array("[no-lint".utf8)
        var matched = 0
        for byte in comment.utf8 {
            matched = byte == marker[matched] ? matched + 1 : (byte == marker[0] ? 1 : 0)
            if matched == marker.count { return true }
        }
        return false
    }

    /// Whether `comment` suppresses `rule`.
    public static func suppresses(_ comment: String, rule: String) -> Bool {
        var rest = Substring(comment)
        while let open = rest.range(of: "[no-lint") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "]") else { return false }
            let inside = after[..<close].trimmingCharacters(in: .whitespaces)
            if inside.isEmpty { return true }
            if inside.hasPrefix(":") {
                let names = inside.dropFirst().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                if names.contains(rule) { return true }
            }
            rest = after[close...]
        }
        return false
    }
}

/// A finding before the configuration and locations are applied.
struct RawFinding: Sendable {
    var rule: String
    var file: String
    var key: String = ""
    var locale: String = ""
    var path: String = ""
    var message: String
    var source: String?
    var target: String?
    var hint: String?
    /// The most severe this finding may be (a rule's milder cases).
    var cap: LintSeverity?
    /// Known already (parse errors and reader warnings).
    var location: SourceLocation?
}

/// The entries of one table across its files, with the file each localization came from.
struct LintTable {
    var name = ""
    var sourceLanguage = "en"
    var isCatalog = false
    var catalog: StringCatalog?
    /// The entries (empty when a String Catalog's entries were checked as it was read and
    /// not kept; then `suppressions` holds the comments that suppress findings).
    var entries: [String: CatalogEntry] = [:]
    var keys: [String] = []
    /// The comments with `[no-lint` of entries not kept, by key.
    var suppressions: [String: String] = [:]
    /// `locale + "\u{1}" + key` → file, for `.lproj` tables.
    var origins: [String: String] = [:]
    var catalogFile = ""
    var outlines: [String: XCStringsOutline] = [:]
    var sourceFiles = 0
    var stringsdictKeys: Set<String> = []

    mutating func add(catalog: StringCatalog, file: String) {
        name = catalog.table
        sourceLanguage = catalog.sourceLanguage
        isCatalog = true
        self.catalog = catalog
        entries = catalog.entries
        keys = catalog.keys
        catalogFile = file
    }

    mutating func add(lproj catalog: StringCatalog, file: String, locale: String, sourceLanguage: String) {
        name = catalog.table
        self.sourceLanguage = sourceLanguage
        let isSource = locale == sourceLanguage || CatalogLocale.normalize(locale) == CatalogLocale.normalize(sourceLanguage)
        if isSource { sourceFiles += 1 }
        let code = isSource ? sourceLanguage : locale
        let isDict = file.hasSuffix(".stringsdict")
        for key in catalog.keys {
            guard let incoming = catalog.entries[key], let value = incoming.localizations.values.first else { continue }
            if isDict { stringsdictKeys.insert(key) }
            var entry = entries[key] ?? CatalogEntry()
            if entries[key] == nil { keys.append(key) }
            let origin = code + "\u{1}" + key
            if entry.localizations[code] == nil || isDict {
                entry.localizations[code] = value
                origins[origin] = file
            }
            if isSource, let comment = incoming.comment { entry.comment = comment }
            entries[key] = entry
        }
    }

    func file(key: String, locale: String) -> String {
        isCatalog ? catalogFile : origins[locale + "\u{1}" + key] ?? origins[sourceLanguage + "\u{1}" + key] ?? ""
    }
}

