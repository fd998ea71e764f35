#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToastCatalog
import ToastSupport
import ToastICU

/// One step of a leaf path: a plural form, a device, or a form of a substitution.
enum LintStep: Equatable {
    case plural(PluralCategory)
    case device(String)
    case substitution(String, PluralCategory)

    /// `[.plural(c)]` for each category, by ordinal: shared instead of made for each leaf.
    static let plural: [[LintStep]] = PluralCategory.allCases.map { [.plural($0)] }

    /// The plural category's rank (other steps sort first).
    var rank: Int {
        if case .plural(let c) = self { return c.ordinal }
        return -1
    }

    var text: String {
        switch self {
        case .plural(let c): "plural." + c.rawValue
        case .device(let d): "device." + d
        case .substitution(let name, let c): "substitutions.\(name).plural.\(c.rawValue)"
        }
    }
}

/// One string value of an entry in one locale.
struct LintLeaf {
    var steps: [LintStep]
    var unit: StringUnit
    /// The dump path (`plural.one`), built once.
    var path: String

    init(steps: [LintStep], unit: StringUnit, path: String? = nil) {
        self.steps = steps
        self.unit = unit
        self.path = path ?? steps.map(\.text).joined(separator: ".")
    }

    var substitutionName: String? {
        if case .substitution(let name, _)? = steps.last { return name }
        return nil
    }

    var pluralCategory: PluralCategory? {
        switch steps.last {
        case .plural(let c)?, .substitution(_, let c)?: c
        default: nil
        }
    }

    static func all(in value: LocalizedValue) -> [LintLeaf] {
        // The common shapes without recursion: a flat value, or plural forms of a flat value
        // (one pass over the forms, put in CLDR order after).
        if value.device.isEmpty && value.substitutions.isEmpty {
            var result: [LintLeaf] = []
            var flat = true
            if let unit = value.stringUnit { result.append(LintLeaf(steps: [], unit: unit, path: "")) }
            let first = result.count
            for (category, form) in value.plural {
                guard form.isFlatUnit else { flat = false; break }
                if let unit = form.stringUnit {
                    result.append(LintLeaf(steps: LintStep.plural[category.ordinal], unit: unit, path: category.pluralPath))
                }
            }
            if flat {
                var i = first + 1
                while i < result.count {
                    var j = i
                    while j > first, result[j - 1].steps[0].rank > result[j].steps[0].rank { result.swapAt(j - 1, j); j -= 1 }
                    i += 1
                }
                return result
            }
        }
        // A text whose substitutions vary by plural, each form a flat text (a .stringsdict
        // entry's shape): its leaves in the order `collect` gives, without recursion.
        if value.device.isEmpty && value.plural.isEmpty,
           value.substitutions.values.allSatisfy({ $0.plural.values.allSatisfy(\.isFlatUnit) }) {
            var result: [LintLeaf] = []
            if let unit = value.stringUnit { result.append(LintLeaf(steps: [], unit: unit, path: "")) }
            for name in value.substitutions.keys.sorted() {
                let forms = value.substitutions[name]!.plural
                for category in PluralCategory.allCases {
                    if let unit = forms[category]?.stringUnit {
                        result.append(LintLeaf(steps: [.substitution(name, category)], unit: unit,
                                               path: "substitutions.\(name).plural.\(category.rawValue)"))
                    }
                }
            }
            return result
        }
        var result: [LintLeaf] = []
        collect(value, prefix: [], into: &result)
        return result
    }

    /// Whether `value` has a string unit anywhere (``all(in:)`` is not empty).
    static func exists(in value: LocalizedValue) -> Bool {
        if value.stringUnit != nil { return true }
        return value.plural.values.contains(where: exists) || value.device.values.contains(where: exists)
            || value.substitutions.values.contains { $0.plural.values.contains(where: exists) }
    }

    private static func collect(_ value: LocalizedValue, prefix: [LintStep], into result: inout [LintLeaf]) {
        if let unit = value.stringUnit { result.append(LintLeaf(steps: prefix, unit: unit)) }
        for category in PluralCategory.allCases { if let form = value.plural[category] { collect(form, prefix: prefix + [.plural(category)], into: &result) } }
        for device in value.device.keys.sorted() { collect(value.device[device]!, prefix: prefix + [.device(device)], into: &result) }
        for name in value.substitutions.keys.sorted() {
            for category in PluralCategory.allCases {
                if let form = value.substitutions[name]!.plural[category] {
                    collect(form, prefix: prefix + [.substitution(name, category)], into: &result)
                }
            }
        }
    }
}

extension LocalizedValue {
    var isFlatUnit: Bool { isBare || (plural.isEmpty && device.isEmpty && substitutions.isEmpty) }
}

extension PluralCategory {
    var pluralPath: String {
        switch self {
        case .zero: "plural.zero"
        case .one: "plural.one"
        case .two: "plural.two"
        case .few: "plural.few"
        case .many: "plural.many"
        case .other: "plural.other"
        }
    }
}

/// Runs the rules of validation-checks.md §2 over one table.
struct LintChecker {
    static let deviceNames: Set<String> = ["iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision", "other"]
    static let states: Set<String> = ["translated", "needs_review", "new", "stale"]
    static let extractionStates: Set<String> = ["manual", "stale", "extracted_with_value", "migrated"]
    static let versions: Set<String> = ["1.0", "1.1", "1.2"]

    let table: LintTable
    let configuration: LintConfiguration
    var findings: [RawFinding] = []
    var plurals: PluralReachabilityCache
    /// Locale → one file of the table in that locale (`.lproj` tables).
    private var localeFiles: [String: String] = [:]
    /// Source leaf analyses of the current entry, by target path (the counterpart of a path is
    /// the same in every locale).
    private var sourceCache: [String: SourceFacts] = [:]
    /// The same for the common paths without hashing: the flat text (0) and each plural form
    /// (1 + ordinal).
    private var sourceSlots: [SourceFacts?] = Array(repeating: nil, count: 7)
    /// The count's kind of each plural set of the current entry's source.
    private var countKinds: [String: PluralArgumentKind] = [:]
    /// The same for the localization's own plural forms (the common case), without hashing.
    private var topCountKind: PluralArgumentKind?
    /// The kinds of the first eight substitution format specifier spellings met
    /// (``countKind(formatSpecifier:)``).
    private var specifierKinds: [(text: String, kind: PluralArgumentKind)] = []
    /// The current entry's source ``substitutionArguments(_:)``, and the highest argument its
    /// root text reads (``substitutionChecks(key:locale:value:source:sourceArguments:)``):
    /// the same for every target locale, so made once per entry.
    private var entrySourceArguments: [String: LintArgumentSlot]?
    private var entrySourceMaxArgument: Int?
    /// Whether the current entry's source localization was checked and its substitutions
    /// gave no finding: none unused, none from
    /// ``substitutionChecks(key:locale:value:source:sourceArguments:)`` (which then gives none
    /// for a target whose substitutions are the source's).
    private var entrySourceSubstitutionsClean: Bool?
    /// The facts of the source forms each substitution's forms are compared with, by name and
    /// category (in the order first met), and whether the rules compare them as they are
    /// (``comparedAsIs(_:steps:in:)``).
    private var substitutionFormFacts: [String: [(category: PluralCategory, facts: SourceFacts, asIs: Bool)]] = [:]
    /// Whether each form of the current entry's source substitutions is one string unit with
    /// no `#` (so no substitution token, well-formed or broken), once looked at.
    private var entrySourceFormsArePlain: Bool?
    /// Whether the current entry's target texts may be cleared by ``LintQuickScan`` (not
    /// without the option, with terms not to translate, or with a width budget for the key).
    private var quickScanEntry = false
    /// What the quick scan needs of the current entry's flat source text, once known (nil
    /// inside: the source is not flat, or not plain enough for the scan).
    private var flatSourceQuick: LintQuickScan.Source??
    /// The current entry's flat source text as ``sourceChecks(key:entry:source:)`` read it with
    /// no substitution arguments: its format and text facts, which its ``SourceFacts`` (the
    /// flat text's, read the same way) take rather than read it again.
    private var flatSourceReading: (format: LintLeafFormat, text: LintTextFacts?)?
    /// Whether the current entry's texts are shown verbatim (Interface Builder's), so that no
    /// format rule but an added specifier applies.
    private var verbatimEntry = false
    /// The current entry's localizations (for rules that compare a text across locales).
    private var currentLocalizations: [String: LocalizedValue] = [:]
    /// Per target locale: whether its fallback chain reaches the source language, and the
    /// table's locale codes on that chain (`pt-PT` → `pt`), computed once per locale.
    private var fallbacks: [String: (reachesSource: Bool, codes: [String])] = [:]
    /// The likely script of each locale code met (`Latn`, `Cyrl`), once per code.
    private var scripts: [String: String] = [:]
    private var canonicalCodes: [String: String] = [:]
    /// The language subtag of each locale code met, looked up without `Hasher` (a text rule
    /// asks for every leaf).
    private var languages = ShortStringMap<String>()
    /// A `plural-missing-category` text's parts: a locale's reachability (one object per
    /// locale and scanned kind, kept by ``plurals``' store for as long as this checker holds
    /// it), the count's kind as the message describes it, and the category.
    private struct MissingFormKey: Hashable {
        var reachability: ObjectIdentifier
        var kind: PluralArgumentKind
        var category: PluralCategory
    }
    /// The last source text ``hasTranslatableWords(_:)`` was asked about, and its answer.
    private var lastTranslatableWords: (text: String, answer: Bool)?
    /// ``missingFormText(_:locale:kind:category:)``'s texts, made once each, with the locale
    /// code each was made for.
    private var missingFormTexts: [MissingFormKey: (locale: String, message: String, hint: String, rare: Bool)] = [:]
    /// The product names and `doNotTranslate` terms `unchanged-translation` leaves alone.
    private let terms: LintNames.Terms

    /// A checker of `table`; checkers of one run on several threads share `plurals`.
    init(table: LintTable, configuration: LintConfiguration, plurals: PluralReachabilityStore = PluralReachabilityStore()) {
        self.table = table
        self.configuration = configuration
        terms = LintNames.Terms(extra: configuration.doNotTranslate)
        self.plurals = PluralReachabilityCache(store: plurals)
        localeFiles = table.localeFiles
    }

    private mutating func report(_ rule: RuleID, _ key: String, _ locale: String, _ path: String, _ message: String,
                                 source: String? = nil, target: String? = nil, hint: String? = nil, cap: Severity? = nil) {
        var file = table.file(key: key, locale: locale)
        if file.isEmpty { file = localeFiles[locale] ?? localeFiles[table.sourceLanguage] ?? localeFiles.values.sorted().first ?? "" }
        findings.append(RawFinding(rule: rule, file: file, key: key, locale: locale, path: path, message: message,
                                   source: source.map(Self.excerpt), target: target.map(Self.excerpt), hint: hint, cap: cap))
    }

    /// A text as lint shows it: controls, bidi controls, separators and invisible characters
    /// as `<U+XXXX>` (`CodePoint.isEscaped`), and the whitespace at its edges too, so that a
    /// trailing space or a leading tab can be seen; at most 160 characters.
    static func excerpt(_ text: String) -> String {
        isShownAsIs(text) ? text : escapedExcerpt(text)
    }

    /// ``excerpt(_:)`` made scalar by scalar: edge white space and escaped scalars as
    /// `<U+XXXX>`, cut at 160. ASCII text (the most common) is made from its bytes.
    static func escapedExcerpt(_ text: String) -> String {
        var text = text
        if let shown = text.withUTF8(asciiEscapedExcerpt) { return shown }
        return escapedExcerptByScalars(text)
    }

    /// ``escapedExcerpt(_:)`` of a text that is all ASCII, from its bytes, or nil: each byte is
    /// a scalar, the white space is tab to carriage return and space, and the escaped scalars
    /// are the controls and DEL. About a tenth of the scalar path's cost, which made each
    /// scalar's properties and appended it through a closure (an excerpt took 11,700
    /// instructions, for the 9,500 `whitespace-mismatch` findings of the bench catalog).
    private static func asciiEscapedExcerpt(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        for byte in bytes where byte >= 0x80 { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        let count = bytes.count
        var lead = 0
        while lead < count && isSpace(bytes[lead]) { lead += 1 }
        var trail = 0
        if lead < count { while isSpace(bytes[count - 1 - trail]) { trail += 1 } }
        var shown: [UInt8] = []
        shown.reserveCapacity(count + 16)
        var written = 0
        for i in 0..<count {
            if written >= 157 && count - i + written > 160 { shown.append(contentsOf: "…".utf8); break }
            let byte = bytes[i]
            if byte < 0x20 || byte == 0x7F || i < lead || i >= count - trail {
                func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10 }
                shown.append(contentsOf: "<U+00".utf8)
                shown.append(digit(byte >> 4))
                shown.append(digit(byte & 0xF))
                shown.append(UInt8(ascii: ">"))
                written += 8
            } else {
                shown.append(byte)
                written += 1
            }
        }
        return String(decoding: shown, as: UTF8.self)
    }

    /// ``escapedExcerpt(_:)`` of any text, scalar by scalar.
    static func escapedExcerptByScalars(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let lead = scalars.prefix { $0.properties.isWhitespace }.count
        let trail = lead == scalars.count ? 0 : scalars.reversed().prefix { $0.properties.isWhitespace }.count
        // Written as UTF-8 bytes: a string's scalars appended one at a time cost ten times more.
        var shown: [UInt8] = []
        shown.reserveCapacity(text.utf8.count + 16)
        // At most 160 scalars shown (escapes counted as written); past that, 157 and "…".
        var written = 0
        for (i, scalar) in scalars.enumerated() {
            if written >= 157 && scalars.count - i + written > 160 { shown.append(contentsOf: "…".utf8); break }
            if CodePoint.isEscaped(scalar) || i < lead || i >= scalars.count - trail {
                shown.append(contentsOf: "<U+".utf8)
                shown.append(contentsOf: CodePoint.hex(scalar.value).utf8)
                shown.append(UInt8(ascii: ">"))
                written += 8
            } else {
                UTF8.encode(scalar) { shown.append($0) }
                written += 1
            }
        }
        return String(decoding: shown, as: UTF8.self)
    }

    /// Whether ``excerpt(_:)`` shows `text` as it is: at most 160 scalars, none escaped, no
    /// white space at either edge; ASCII edges and printable ASCII text are decided from the
    /// bytes, any other text in one pass over its scalars.
    static func isShownAsIs(_ text: String) -> Bool {
        var text = text
        let decided = text.withUTF8 { bytes -> Bool? in
            guard let first = bytes.first, let last = bytes.last else { return true }
            // An ASCII edge that is white space (tab to carriage return, space) decides at once.
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            if isSpace(first) || isSpace(last) { return false }
            // Printable ASCII, 160 characters at most (most texts): shown as it is.
            guard bytes.count <= 160 else { return nil }
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
            return true
        }
        if let decided { return decided }
        var count = 0
        var first: Unicode.Scalar?, last: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            count += 1
            if count > 160 || CodePoint.isEscaped(scalar) { return false }
            if first == nil { first = scalar }
            last = scalar
        }
        guard let first, let last else { return true }
        return !first.properties.isWhitespace && !last.properties.isWhitespace
    }

    /// Runs every rule over `keys` (all of the table's by default); `catalogLevel` adds the
    /// checks of the file itself. `checksEncoded`: an `.lproj` table's translations that a
    /// `.stringsdict` encodes are checked as encoded, and made only when the quick scan cannot
    /// clear them (``checkEncoded(key:entry:translation:source:)``); without it (tests), every
    /// one is made first.
    mutating func run(keys: ArraySlice<String>? = nil, catalogLevel: Bool = true,
                      targets known: ([String], Set<String>?)? = nil, checksEncoded: Bool = true) {
        if catalogLevel, let catalog = table.catalog { catalogChecks(catalog) }
        let (targets, project) = known ?? Self.targets(table, configuration)
        var encoded: [LintTable.EncodedTranslation]? = table.isCatalog || !checksEncoded ? nil : []
        for key in keys ?? table.keys[...] {
            guard let entry = table.entry(forKey: key, encoded: &encoded) else { continue }
            check(key: key, entry: entry, targets: targets, project: project, encoded: encoded ?? [])
        }
    }

    /// The target locales every entry should have, and the project's set if configured.
    /// `locales`, when given, are those of every entry (gathered while the entries were
    /// checked); otherwise they are collected here.
    static func targets(_ table: LintTable, _ configuration: LintConfiguration, locales known: Set<String>? = nil) -> ([String], Set<String>?) {
        let source = table.sourceLanguage
        let project = Self.project(configuration, sourceLanguage: source)
        if let project { return (project.sorted(), project) }
        var locales = known ?? []
        if known == nil { locales = table.localeCodes }
        locales.remove(source)
        return (locales.sorted(), nil)
    }

    /// The project's target locales (`.toastkit-lint.json` "locales"), if configured.
    static func project(_ configuration: LintConfiguration, sourceLanguage: String) -> Set<String>? {
        configuration.locales.map { Set($0).subtracting([sourceLanguage]) }
    }

    /// Runs the checker over a table, a large one in runs of keys on all cores: the findings
    /// of each run, in the table's key order, the catalog's own first; lists to be read one
    /// after the other, not joined into one (a copy of every finding).
    static func findingRuns(table: LintTable, configuration: LintConfiguration) -> [[RawFinding]] {
        let targets = Self.targets(table, configuration)
        guard !table.keys.isEmpty else {
            var checker = LintChecker(table: table, configuration: configuration)
            checker.run(keys: [], targets: targets)
            return [checker.findings]
        }
        // Runs of keys go to whichever core is free: an .lproj table's plural keys (slower to
        // check) come after its flat ones, so halves kept one core busy and the other idle.
        let runLength = table.keys.count >= 2_000 ? 64 : max(1, table.keys.count)
        let plurals = PluralReachabilityStore()
        return Parallel.mapRuns(of: table.keys.count, length: runLength,
                                state: { LintChecker(table: table, configuration: configuration, plurals: plurals) }) { run, checker in
            checker.run(keys: table.keys[run], catalogLevel: run.lowerBound == 0, targets: targets)
            let found = checker.findings
            checker.findings = []
            return found
        }
    }


    // MARK: - Catalog-level

    mutating func catalogChecks(_ catalog: StringCatalog) {
        if !catalog.hasVersion {
            report(.schemaViolation, "", "", "", "the top-level \"version\" member is missing; Xcode writes \"1.0\"")
        } else if !Self.versions.contains(catalog.version) {
            report(.nonstandardValue, "", "", "", "version “\(catalog.version)” is not one Xcode writes (1.0, 1.1, 1.2); it is kept on rewrite")
        }
        for member in catalog.extra {
            if Self.looksLikeEntries(member.value) {
                report(.schemaViolation, "", "", "", "“\(member.key)” holds entry-shaped objects outside \"strings\"; Xcode ignores them")
            } else {
                report(.nonstandardValue, "", "", "", "unknown top-level member “\(member.key)”; it is kept on rewrite")
            }
        }
    }

    static func looksLikeEntries(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        if members.contains(where: { $0.key == "localizations" || $0.key == "stringUnit" }) { return true }
        return members.contains { member in
            if case .object(let inner) = member.value { return inner.contains { $0.key == "localizations" || $0.key == "stringUnit" } }
            return false
        }
    }

    // MARK: - Entries

    mutating func check(key: String, entry: CatalogEntry, targets: [String], project: Set<String>?,
                        encoded: [LintTable.EncodedTranslation] = []) {
        if checkEntry(key: key, entry: entry, project: project, encoded: encoded) {
            missingTranslations(key: key, entry: entry, targets: targets, targetsAreAllLocales: project == nil)
        }
    }

    /// Every entry rule but the target locales it lacks (which need the whole table's
    /// locales); returns whether those are to be checked. `encoded`: the translations the
    /// entry holds as their string units alone (``LintTable/entry(forKey:encoded:)``).
    mutating func checkEntry(key: String, entry: CatalogEntry, project: Set<String>?,
                             encoded: [LintTable.EncodedTranslation] = []) -> Bool {
        if !sourceCache.isEmpty { sourceCache.removeAll(keepingCapacity: true) }
        for slot in sourceSlots.indices where sourceSlots[slot] != nil { sourceSlots[slot] = nil }
        if !countKinds.isEmpty { countKinds.removeAll(keepingCapacity: true) }
        topCountKind = nil
        flatSourceQuick = nil
        flatSourceReading = nil
        entrySourceArguments = nil
        entrySourceMaxArgument = nil
        entrySourceSubstitutionsClean = nil
        entrySourceFormsArePlain = nil
        if !substitutionFormFacts.isEmpty { substitutionFormFacts.removeAll(keepingCapacity: true) }
        verbatimEntry = table.isVerbatim(key)
        currentLocalizations = entry.localizations
        quickScanEntry = configuration.usesQuickScan && configuration.doNotTranslate.isEmpty && configuration.widthBudget(forKey: key) == nil
        let sourceCode = table.sourceLanguage
        let identifierLike = Self.isIdentifierLike(key)
        var source = entry.localizations[sourceCode]
        if let sourceValue = source, !LintLeaf.exists(in: sourceValue) { source = nil }
        if let state = entry.extractionState {
            if state == "stale" {
                report(.reviewState, key, sourceCode, "", "the entry is stale: Xcode no longer finds “\(key)” in the code",
                       hint: "Delete the entry, or set extractionState to manual if it is used from code Xcode cannot see.")
            } else if !Self.extractionStates.contains(state) {
                report(.nonstandardValue, key, sourceCode, "", "extractionState “\(state)” is not one Xcode writes (manual, stale, extracted_with_value, migrated)")
            }
        }
        for member in entry.extra {
            report(.nonstandardValue, key, sourceCode, "", "unknown member “\(member.key)” in the entry; it is kept on rewrite")
        }
        if source == nil {
            if table.isCatalog {
                if identifierLike && entry.shouldTranslate != false {
                    report(.missingSourceValue, key, sourceCode, "",
                           "“\(key)” looks like an identifier and has no \(sourceCode) value, so users would see the key itself")
                } else {
                    source = LocalizedValue(stringUnit: StringUnit(state: nil, value: key))
                }
            } else if table.sourceFiles > 0 {
                for locale in entry.localizations.keys.sorted() {
                    report(.obsoleteTranslation, key, locale, "", "“\(key)” is not in the \(sourceCode) table \(table.name), so nothing shows this translation")
                }
            }
            // An .lproj table with no source-language file takes its source from an Interface
            // Builder file (Base.lproj/*.xib, *.storyboard), which lint does not read.
        }
        if let sourceValue = entry.localizations[sourceCode] {
            checkLocalization(key: key, entry: entry, locale: sourceCode, value: sourceValue, source: nil)
        }
        if let source { sourceChecks(key: key, entry: entry, source: source) }
        // Findings are sorted at the end; locales need no order here.
        var nextEncoded = 0
        let encodedByCode = encoded.count > 16 ? Dictionary(encoded.indices.map { (encoded[$0].code, $0) }, uniquingKeysWith: { first, _ in first }) : nil
        for (locale, value) in entry.localizations where locale != sourceCode {
            if let project, !project.contains(locale) {
                report(.obsoleteTranslation, key, locale, "", "\(locale) is not one of the project's locales (.toastkit-lint.json \"locales\")")
                continue
            }
            if entry.shouldTranslate == false {
                report(.obsoleteTranslation, key, locale, "", "“\(key)” is marked shouldTranslate: false, so this \(locale) translation is never used",
                       hint: "Delete the translation, or set shouldTranslate to true if it should be translated.")
                continue
            }
            if !encoded.isEmpty, let translation = encodedTranslation(of: locale, in: encoded, after: &nextEncoded, byCode: encodedByCode) {
                checkEncoded(key: key, entry: entry, translation: translation, source: source)
            } else {
                checkLocalization(key: key, entry: entry, locale: locale, value: value, source: source)
            }
        }
        return entry.shouldTranslate != false && source != nil && !Self.needsNoTranslation(key: key, source: source)
    }

    /// The empty key, and a text made only of placeholders, spaces, digits and punctuation
    /// (`"%@"`, `"%1$@ – %2$@"`): nothing to translate, so no locale misses it.
    static func needsNoTranslation(key: String, source: LocalizedValue?) -> Bool {
        if key.isEmpty { return true }
        guard let source else { return false }
        let root = source.stringUnit?.value ?? source.plural[.other]?.stringUnit?.value ?? source.device["other"]?.stringUnit?.value
        guard let root else { return false }
        return !hasWords(root)
    }

    /// Whether `text` has a letter outside its format tokens.
    static func hasWords(_ text: String) -> Bool {
        for token in FormatString.tokens(text) {
            if case .literal(let literal) = token, literal.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) { return true }
        }
        return false
    }

    /// `missing-translation` for each target locale the entry lacks. `targetsAreAllLocales`:
    /// `targets` are every locale of the table but the source (no project list), so that an
    /// entry with as many other locales as there are targets lacks none.
    mutating func missingTranslations(key: String, entry: CatalogEntry, targets: [String], targetsAreAllLocales: Bool) {
        missingTranslations(key: key, count: entry.localizations.count, has: { entry.localizations[$0] != nil },
                            targets: targets, targetsAreAllLocales: targetsAreAllLocales)
    }

    /// The same for an entry no longer kept, from the codes of its localizations.
    mutating func missingTranslations(key: String, locales: [String], targets: [String], targetsAreAllLocales: Bool) {
        missingTranslations(key: key, count: locales.count, has: { locales.contains($0) },
                            targets: targets, targetsAreAllLocales: targetsAreAllLocales)
    }

    private mutating func missingTranslations(key: String, count: Int, has: (String) -> Bool, targets: [String],
                                              targetsAreAllLocales: Bool) {
        let sourceCode = table.sourceLanguage
        if targetsAreAllLocales {
            let others = count - (has(sourceCode) ? 1 : 0)
            if others == targets.count { return }
        }
        for locale in targets where !has(locale) {
            // A regional locale falls back to its language by design (en-GB to en, pt-PT to pt).
            let fallback = fallbackCodes(of: locale, among: targets)
            if fallback.reachesSource || fallback.codes.contains(where: has) { continue }
            report(.missingTranslation, key, locale, "", "“\(key)” has no \(locale) translation; users see the \(sourceCode) text")
        }
    }

    /// The locales `locale` falls back to at run time (its CLDR fallback chain, `zh-TW` →
    /// `zh-Hant-TW` → `zh-Hant`), as codes of `known`, and whether the chain reaches the
    /// source language.
    private mutating func fallbackCodes(of locale: String, among known: [String]) -> (reachesSource: Bool, codes: [String]) {
        if let cached = fallbacks[locale] { return cached }
        var result = (reachesSource: false, codes: [String]())
        if let tag = LocaleTag(canonical(locale)) {
            let chain = tag.fallbackChain.dropFirst().map(\.identifier)
            result.reachesSource = chain.contains(canonical(table.sourceLanguage))
            result.codes = known.filter { $0 != locale && chain.contains(canonical($0)) }
        }
        fallbacks[locale] = result
        return result
    }

    /// The canonical form of a locale code (`zh_TW` → `zh-TW`, `English` → `en`), made
    /// through ICU once per code: the rules ask for it per entry and locale.
    private mutating func canonical(_ code: String) -> String {
        if let known = canonicalCodes[code] { return known }
        let found = CatalogLocale.normalize(code)
        canonicalCodes[code] = found
        return found
    }

    /// The language subtag of a locale code (`pt-BR` → `pt`, `zh_TW` → `zh`), once per code.
    mutating func language(of code: String) -> String {
        if let known = languages[code] { return known }
        let found = String(canonical(code).prefix { $0 != "-" })
        languages.insertIfAbsent(code) { found }
        return found
    }

    /// The likely script of a locale code (`ru` → `Cyrl`), once per code.
    mutating func script(of code: String) -> String {
        if let known = scripts[code] { return known }
        let found = LocaleTag(canonical(code))?.likelyScript ?? ""
        scripts[code] = found
        return found
    }

    /// `toast.saved.title`, `a11y_add_avatar`: no spaces, a `.` between letters or digits or
    /// a `_`, and letters. (`Adding...` is prose.)
    static func isIdentifierLike(_ key: String) -> Bool {
        // Letters, digits, `.`, `_` and `-` only, at least one letter: ASCII bytes, so each
        // a character of its own.
        var hasLetter = false
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): hasLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): continue
            default: return false
            }
        }
        guard hasLetter else { return false }
        let bytes = Array(key.utf8)
        if bytes.contains(UInt8(ascii: "_")) { return true }
        func isLetterOrDigit(_ byte: UInt8) -> Bool { byte != UInt8(ascii: ".") && byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") }
        for i in bytes.indices.dropFirst().dropLast() where bytes[i] == UInt8(ascii: ".") {
            if isLetterOrDigit(bytes[i - 1]) && isLetterOrDigit(bytes[i + 1]) { return true }
        }
        return false
    }

    /// The leaf of `source` that a target leaf is compared with (form-to-form mapping).
    static func counterpart(_ steps: [LintStep], in source: LocalizedValue) -> StringUnit? {
        // The common shapes without copying values: a flat text, or a plural form of one.
        if steps.isEmpty, let unit = source.stringUnit { return unit }
        if steps.count == 1, case .plural(let c) = steps[0], !source.plural.isEmpty,
           let unit = (source.plural[c] ?? source.plural[.other])?.stringUnit {
            return unit
        }
        var node = source
        for step in steps {
            switch step {
            case .plural(let c):
                guard !node.plural.isEmpty else { continue }
                guard let next = node.plural[c] ?? node.plural[.other] else { return nil }
                node = next
            case .device(let d):
                guard !node.device.isEmpty else { continue }
                guard let next = node.device[d] ?? node.device["other"] else { return nil }
                node = next
            case .substitution(let name, let c):
                guard let substitution = node.substitutions[name] else { return nil }
                guard let next = substitution.plural[c] ?? substitution.plural[.other] else { return nil }
                node = next
            }
        }
        var depth = 0
        while node.stringUnit == nil && depth < 8 {
            depth += 1
            if let other = node.plural[.other] { node = other } else if let other = node.device["other"] { node = other } else { return nil }
        }
        return node.stringUnit
    }

    /// Each substitution's argument index and type, from argNum or the order of the root text.
    static func substitutionArguments(_ value: LocalizedValue) -> [String: LintArgumentSlot] {
        guard !value.substitutions.isEmpty else { return [:] }
        var order: [String: Int] = [:]
        if let root = value.stringUnit?.value ?? value.plural[.other]?.stringUnit?.value ?? value.device["other"]?.stringUnit?.value {
            var next = 1
            for token in FormatString.tokens(root) {
                switch token {
                case .substitution(let name, let argument):
                    if let argument { order[String(name)] = argument } else { order[String(name)] = next; next += 1 }
                case .specifier(let spec):
                    if spec.argument == nil { next += 1 }
                default: break
                }
            }
        }
        var result: [String: LintArgumentSlot] = [:]
        for (name, substitution) in value.substitutions {
            guard let index = substitution.argNum ?? order[name],
                  let (typeClass, size) = substitution.formatSpecifier.flatMap(LintArgumentUse.classify(specifier:)) else { continue }
            result[name] = (index, typeClass, size)
        }
        return result
    }

    /// Whether two substitutions read the same argument as the same type and size (both
    /// unknown counts as the same).
    static func sameSlot(_ a: LintArgumentSlot?, _ b: LintArgumentSlot?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): a.index == b.index && a.typeClass == b.typeClass && a.size == b.size
        default: false
        }
    }

    static func format(_ leaf: LintLeaf, in value: LocalizedValue,
                       arguments: [String: LintArgumentSlot]) -> LintLeafFormat {
        LintLeafFormat(leaf.unit.value, substitutionArguments: arguments, count: leaf.substitutionName.flatMap { arguments[$0] })
    }

    // MARK: - Source

    mutating func sourceChecks(key: String, entry: CatalogEntry, source: LocalizedValue) {
        let arguments = Self.substitutionArguments(source)
        var hasPlaceholders = false
        var placeholderTexts: [String] = []
        for leaf in LintLeaf.all(in: source) {
            let format = Self.format(leaf, in: source, arguments: arguments)
            if leaf.steps.isEmpty && arguments.isEmpty { flatSourceReading = (format, nil) }
            if format.hasSpecifiers && !verbatimEntry {
                hasPlaceholders = true
                placeholderTexts += format.uses.map(\.text)
            }
            if format.plainOrder.count >= 2 && leaf.substitutionName == nil && !verbatimEntry {
                report(.sourceNotPositional, key, table.sourceLanguage, leaf.path,
                       "the source has \(format.plainOrder.count) plain specifiers, so a translation cannot put them in another order",
                       source: leaf.unit.value, hint: "Number them: \(Self.numbered(leaf.unit.value))")
            }
        }
        let isStringsdictOnly = !table.isCatalog && table.stringsdictKeys.contains(key) && entry.comment == nil
        guard !isStringsdictOnly else { return }
        let comment = entry.comment?.trimmingWhitespace ?? ""
        let root = source.stringUnit?.value ?? source.plural[.other]?.stringUnit?.value ?? source.device["other"]?.stringUnit?.value ?? key
        let rootFacts = LintTextFacts(root)
        // The flat text's facts are the root's (the same text).
        if flatSourceReading != nil, source.stringUnit != nil { flatSourceReading!.text = rootFacts }
        let words = rootFacts.comparable.split(whereSeparator: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }).count
        if comment.isEmpty {
            if hasPlaceholders || (words <= 2 && rootFacts.letters > 0) {
                report(.missingComment, key, table.sourceLanguage, "",
                       hasPlaceholders ? "“\(Self.excerpt(root))” has placeholders but no comment saying what they hold"
                                       : "“\(Self.excerpt(root))” is \(words == 1 ? "one word" : "two words") with no comment saying where it appears",
                       source: root)
            }
        } else if hasPlaceholders && entry.isCommentAutoGenerated != true {
            let names = Set(source.substitutions.keys)
            let lowercased = comment.lowercased()
            let mentions = placeholderTexts.contains { LintText.contains(comment, $0) } || names.contains { LintText.contains(comment, $0) }
                || comment.contains("%") || Self.placeholderWords.contains { LintText.contains(lowercased, $0) }
            if !mentions {
                report(.missingComment, key, table.sourceLanguage, "",
                       "the comment does not say what the placeholders hold (it names no placeholder)", source: root, cap: .note)
            }
        }
    }

    static let placeholderWords = ["placeholder", "argument", "parameter", "variable", "number of", "count", "name of", "is replaced", "will be"]

    /// `%@ sent %@` → `%1$@ sent %2$@`.
    static func numbered(_ text: String) -> String {
        var out = ""
        var next = 1
        for token in FormatString.tokens(text) {
            switch token {
            case .literal(let literal): out += literal
            case .percent: out += "%%"
            case .invalid(let raw): out += raw
            case .substitution(let name, let argument):
                if let argument { out += "%\(argument)$#@\(name)@" } else { out += "%\(next)$#@\(name)@"; next += 1 }
            case .specifier(let spec):
                if spec.argument != nil { out += spec.text } else { out += "%\(next)$" + spec.text.dropFirst(); next += 1 }
            }
        }
        return out
    }

    // MARK: - One localization

    /// The translation of `locale` among `encoded`: the one at `next` when it is (the entry lists
    /// its codes in the order they were noted, ``LintTable/entry(forKey:encoded:)``), which
    /// moves `next` past it; otherwise found by `byCode` (each code's place, made once an entry
    /// for more than a few) or a search.
    private func encodedTranslation(of locale: String, in encoded: [LintTable.EncodedTranslation], after next: inout Int,
                                    byCode: [String: Int]?) -> LintTable.EncodedTranslation? {
        if next < encoded.count, encoded[next].code == locale {
            next += 1
            return encoded[next - 1]
        }
        if let byCode { return byCode[locale].map { encoded[$0] } }
        return encoded.first { $0.code == locale }
    }

    /// ``checkLocalization(key:entry:locale:value:source:)`` of a translation a `.stringsdict`
    /// table encodes, without making its value when the quick scan clears it: what the
    /// checks of the value made would do then (they would clear it by its substitutions, and
    /// leave only the plural checks of its forms). Any other translation is made and checked.
    mutating func checkEncoded(key: String, entry: CatalogEntry, translation: LintTable.EncodedTranslation, source: LocalizedValue?) {
        let encoded = translation.value
        // The value made of it has a box (it has substitutions: so no flat text) and no plural
        // variation, as the checks' first two shortcuts ask. Repeats, and more substitutions
        // than a plain entry has (whose names would be compared pairwise), are left to the
        // value made.
        // (`case .some` and `!`, not `if let`: see checkLocalization.)
        if quickScanEntry, case .some = source, !encoded.substitutions.isEmpty,
           encoded.substitutions.count <= EncodedStringsdictValue.plainVariableLimit, !encoded.hasRepeats,
           quickScanClears(substitutionsOf: encoded, against: source!) {
            encodedStructureChecks(key: key, locale: translation.code, value: encoded)
            clearedEncoded += 1
            return
        }
        checkLocalization(key: key, entry: entry, locale: translation.code, value: table.value(of: translation.origin), source: source)
    }

    /// How many translations ``checkEncoded(key:entry:translation:source:)`` cleared without
    /// making them (tests).
    private(set) var clearedEncoded = 0

    /// ``structureChecks(key:locale:value:source:prefix:formsArePlain:)`` of the value made of
    /// `value` (no repeats), with forms that are plain: each substitution's plural checks, by
    /// name; nothing else reports (a value made of the encoding has no variation, no unknown
    /// member, and its substitutions' forms are plain units).
    private mutating func encodedStructureChecks(key: String, locale: String, value: EncodedStringsdictValue) {
        func check(_ substitution: EncodedStringsdictValue.Substitution) {
            if table.isCatalog && substitution.formatSpecifier == nil {
                report(.schemaViolation, key, locale, "substitutions.\(substitution.name)",
                       "the substitution “\(substitution.name)” lacks formatSpecifier, so no reader knows how to format its number")
            }
            guard !substitution.forms.isEmpty else { return }
            let present = substitution.forms.reduce(UInt8(0)) { $0 | $1.category.bit }
            pluralChecks(key: key, locale: locale, present: present, path: "substitutions.\(substitution.name).plural",
                         kind: countKind(formatSpecifier: substitution.formatSpecifier))
        }
        if value.substitutions.count == 1 {
            check(value.substitutions[0])
        } else {
            for substitution in value.substitutions.sorted(by: { $0.name < $1.name }) { check(substitution) }
        }
    }

    mutating func checkLocalization(key: String, entry: CatalogEntry, locale: String, value: LocalizedValue, source: LocalizedValue?) {
        // (`source` is matched with `case .some` and unwrapped with `!` on these paths, not
        // bound with `if let` nor compared with `!= nil`: both copied the optional argument
        // and freed the copy (measured), which the compiler does through the optional's
        // generic value witnesses, about 450 instructions a localization. The unwrapped
        // argument is passed on without a copy. docs/CONTRIBUTING.md, "Performance hazards".)
        // The common localization — one string unit in the translated state, nothing else —
        // of a flat source: when the quick scan clears its text, no rule below can report.
        if quickScanEntry, case .some = source, let text = value.plainTranslatedText, let quick = flatQuick(of: source!),
           LintQuickScan.isClean(text, against: quick) {
            return
        }
        // Plural forms that are each one translated string unit, all cleared by the quick scan
        // against their source forms: only the structure checks (forms the locale needs) remain.
        if quickScanEntry, case .some = source, value.stringUnit == nil, !value.plural.isEmpty, value.device.isEmpty,
           value.substitutions.isEmpty, value.extra.isEmpty, source!.substitutions.isEmpty,
           quickScanClears(pluralForms: value.plural, of: source!) {
            structureChecks(key: key, locale: locale, value: value, source: source, prefix: [], formsArePlain: true)
            return
        }
        // A text with substitutions (a .stringsdict entry's shape) whose substitutions are the
        // source's and whose text and forms the quick scan clears: only the structure checks
        // (the forms the locale needs) remain.
        if quickScanEntry, case .some = source, quickScanClears(substitutionsOf: value, against: source!) {
            structureChecks(key: key, locale: locale, value: value, source: source, prefix: [], formsArePlain: true)
            return
        }
        let isSource = source == nil
        let leaves = LintLeaf.all(in: value)
        if value.extra.contains(where: { $0.key == "variations.plural" }) {
            report(.variationMissingOther, key, locale, "plural", "the plural variation of \(locale) is empty: it has no other form, so no number gets text")
            if leaves.isEmpty { return }
        }
        if leaves.isEmpty && !isSource {
            report(.missingTranslation, key, locale, "", "the \(locale) localization of “\(key)” holds no text")
            return
        }
        let arguments = Self.substitutionArguments(value)
        let sourceArguments = source.map { entrySourceArguments(of: $0) } ?? arguments
        structureChecks(key: key, locale: locale, value: value, source: source, prefix: [])
        var referenced = Set<String>()
        let quickScan = !isSource && quickScanEntry
        for leaf in leaves {
            let path = leaf.path
            let text = leaf.unit.value
            if let state = leaf.unit.state {
                if state == "new" && !isSource {
                    report(.missingTranslation, key, locale, path, "the \(locale) text is in state new (not translated yet)", target: text)
                } else if state == "needs_review" {
                    report(.reviewState, key, locale, path, "the \(locale) text needs review", target: text,
                           hint: "Review it, then mark it translated.")
                } else if !Self.states.contains(state) {
                    report(.nonstandardValue, key, locale, path, "state “\(state)” is not one Xcode writes (translated, needs_review, new, stale)")
                }
            }
            let counterpartUnit = source.flatMap { Self.counterpart(leaf.steps, in: $0) }
            var facts: SourceFacts?
            if let source, let counterpartUnit {
                facts = sourceFacts(steps: leaf.steps, unit: counterpartUnit, path: path, in: source, arguments: sourceArguments)
            }
            // Most leaves: a byte scan shows that no rule below would report (LintQuickScan). A
            // substitution's form only when the substitution reads the argument the source's
            // does, as the same type: its plain specifiers are numbered from that argument, so
            // the same bytes then read the same arguments.
            // A text with substitution tokens only when each names a substitution this locale has
            // that reads the argument the source's does, as the same type: the tokens, the
            // source's, then read the same arguments, and they name the substitutions the
            // source's text names.
            if quickScan, let facts, let source, let quick = facts.quick,
               leaf.substitutionName.map({ Self.sameSlot(arguments[$0], sourceArguments[$0]) }) ?? true,
               quick.tokenNames.allSatisfy({ value.substitutions[$0] != nil && Self.sameSlot(arguments[$0], sourceArguments[$0]) }),
               Self.comparedAsIs(facts, steps: leaf.steps, in: source), LintQuickScan.isClean(text, against: quick) {
                if !quick.tokenNames.isEmpty { referenced.formUnion(quick.tokenNames) }
                continue
            }
            let format = Self.format(leaf, in: value, arguments: arguments)
            if !format.substitutions.isEmpty { referenced.formUnion(format.substitutions.map(\.name)) }
            // A token written wrong is reported as that (format-syntax), not as unused.
            referenced.formUnion(format.malformedSubstitutions)
            bidiCheck(key: key, locale: locale, path: path, text: text)
            widthCheck(key: key, locale: locale, path: path, text: text)
            let isFormatLeaf = !verbatimEntry && (facts?.format.hasSpecifiers ?? format.hasSpecifiers)
            if isFormatLeaf {
                for problem in format.syntaxProblems {
                    if isSource {
                        report(.formatSyntax, key, locale, path, problem, source: text)
                    } else {
                        report(.formatSyntax, key, locale, path, problem, source: counterpartUnit?.value, target: text)
                    }
                }
            }
            if format.hasArg && leaf.substitutionName == nil && table.isCatalog {
                report(.substitutionMismatch, key, locale, path, "“%arg” stands for a substituted number only inside a substitution's forms", target: text)
            }
            for reference in format.substitutions where value.substitutions[reference.name] == nil {
                report(.substitutionMismatch, key, locale, path,
                       "%#@\(reference.name)@ has no substitution “\(reference.name)” in \(locale)", target: text,
                       hint: "Define substitutions.\(reference.name) (or the stringsdict variable) with argNum and formatSpecifier.")
            }
            guard let source, let counterpart = counterpartUnit, let facts else { continue }
            let sourceText = counterpart.value
            if LintText.isBlank(text) && !LintText.isBlank(sourceText) {
                report(.emptyTranslation, key, locale, path, "the \(locale) text is empty", source: sourceText, target: text)
                continue
            }
            // A plural form of the source that shows its one number as a word or digit (en
            // one = "1 file") is compared as the source's other form where the target's form
            // covers more than one number.
            var formatFacts = facts, formatSourceText = sourceText
            if !Self.comparedAsIs(facts, steps: leaf.steps, in: source),
               let otherSteps = Self.otherFormSteps(leaf.steps), let otherUnit = Self.counterpart(otherSteps, in: source) {
                let otherLeaf = LintLeaf(steps: otherSteps, unit: otherUnit)
                let other = sourceFacts(steps: otherSteps, unit: otherUnit, path: otherLeaf.path, in: source, arguments: sourceArguments)
                formatFacts = other
                formatSourceText = otherUnit.value
            }
            if formatFacts.format.hasSpecifiers && !verbatimEntry {
                formatChecks(key: key, locale: locale, leaf: leaf, format: format, sourceText: formatSourceText,
                             sourceFormat: formatFacts.format, value: value, source: source, arguments: arguments)
            } else if !format.uses.isEmpty {
                addedSpecifiers(key: key, locale: locale, path: path, text: text, format: format, sourceText: sourceText)
            }
            textChecks(key: key, locale: locale, path: path, text: text, sourceText: sourceText, leaf: leaf, source: facts)
        }
        let beforeSubstitutionChecks = findings.count
        for name in value.substitutions.keys.sorted() where !referenced.contains(name) {
            report(.substitutionMismatch, key, locale, "substitutions.\(name)",
                   "the substitution “\(name)” is never used: no %#@\(name)@ in the \(locale) text", cap: .warning)
        }
        substitutionChecks(key: key, locale: locale, value: value, source: source, sourceArguments: sourceArguments)
        if isSource { entrySourceSubstitutionsClean = findings.count == beforeSubstitutionChecks }
        if let source, !source.plural.isEmpty, value.plural.isEmpty, let flat = value.stringUnit {
            let format = LintLeafFormat(flat.value)
            if format.uses.contains(where: { $0.typeClass == .integer || $0.typeClass == .floating || $0.typeClass == .object }),
               let reach = plurals.reachability(locale: locale, kind: .integer), reach.reachable.filter({ $0.key != .zero }).count > 1 {
                report(.pluralShapeMismatch, key, locale, "",
                       "the source varies by plural but the \(locale) text is one form for every number, while \(locale) has \(reach.localeCategories.map(\.rawValue).joined(separator: ", "))",
                       target: flat.value, hint: "Vary the translation by plural (\(reach.reachable.keys.sorted().map(\.rawValue).joined(separator: ", "))).")
            }
        }
    }

    /// Whether every form in `forms` is one translated string unit that the quick scan clears
    /// against its counterpart in `source` (which has no substitutions).
    private mutating func quickScanClears(pluralForms forms: [PluralCategory: LocalizedValue], of source: LocalizedValue) -> Bool {
        for (category, form) in forms {
            guard let text = form.plainTranslatedText else { return false }
            // The source form's facts, from the slot once the first locale has looked.
            let facts: SourceFacts
            if let known = sourceSlots[1 + category.ordinal] {
                facts = known
            } else {
                let steps = LintStep.plural[category.ordinal]
                guard let counterpart = Self.counterpart(steps, in: source) else { return false }
                facts = sourceFacts(steps: steps, unit: counterpart, path: category.pluralPath, in: source, arguments: [:])
            }
            guard let quick = facts.quick, Self.comparedAsIs(facts, steps: LintStep.plural[category.ordinal], in: source),
                  LintQuickScan.isClean(text, against: quick) else { return false }
        }
        return true
    }

    /// ``substitutionArguments(_:)`` of the current entry's source, made for the first target
    /// locale and kept for the others.
    private mutating func entrySourceArguments(of source: LocalizedValue) -> [String: LintArgumentSlot] {
        if let known = entrySourceArguments { return known }
        let made = Self.substitutionArguments(source)
        entrySourceArguments = made
        return made
    }

    /// Whether every rule of a target localization but the structure checks would stay
    /// silent because it is a text with substitutions that the quick scan clears whole:
    ///
    /// - Its substitutions are the source's: the same names, format specifiers and argument
    ///   numbers, no unknown member. The source's own substitutions gave no finding (none
    ///   unused, none from the substitution checks), and those checks give the same answers
    ///   for these same fields.
    /// - Its text is one translated string unit that the quick scan clears against the
    ///   source's text: the same tokens (`%#@files@`) and specifiers, so it names the same
    ///   substitutions and reads the same arguments, and nothing the text rules look at.
    /// - Each form is one translated string unit that the scan clears against the source form
    ///   the rules compare it with, as the leaf rules' own use of the scan asks, and none of
    ///   the source's forms holds a `#` (so no token, well-formed or broken): a form's token
    ///   names a substitution only in the locales that have that form, so a locale without it
    ///   could leave one unused.
    /// - Nothing else: no plural or device variation, no unknown member.
    private mutating func quickScanClears<Target: LintSubstitutedText>(substitutionsOf value: Target, against source: LocalizedValue) -> Bool {
        guard entrySourceSubstitutionsClean == true, value.substitutionCount > 0, value.substitutionCount == source.substitutions.count,
              // (`case .some` here and `!` below, not `let`: see checkLocalization.)
              let rootText = value.plainRootText, source.plural.isEmpty, source.device.isEmpty, case .some = source.stringUnit
        else { return false }
        if entrySourceFormsArePlain == nil {
            entrySourceFormsArePlain = source.substitutions.values.allSatisfy { substitution in
                substitution.plural.values.allSatisfy { form in
                    // No `#` at all: a token, or a broken one (`%1#@count@`, which the rules count
                    // as naming its substitution), names one only where the locale has the form.
                    guard form.isFlatUnit, let text = form.stringUnit?.value else { return false }
                    return !text.utf8.contains(UInt8(ascii: "#"))
                }
            }
        }
        guard entrySourceFormsArePlain == true else { return false }
        let sameSubstitutions = value.allSubstitutions { name, substitution in
            guard let sourceSubstitution = source.substitutions[name], substitution.formatSpecifier == sourceSubstitution.formatSpecifier,
                  substitution.argNum == sourceSubstitution.argNum, substitution.isTextual == sourceSubstitution.isTextual,
                  !substitution.hasUnknownMembers else { return false }
            return true
        }
        guard sameSubstitutions else { return false }
        let sourceArguments = entrySourceArguments(of: source)
        // (The scan takes only tokens whose substitution the source has, which this locale then
        // has too; checked again here, as the leaf rules' use of the scan does.)
        let rootFacts = sourceFacts(steps: [], unit: source.stringUnit!, path: "", in: source, arguments: sourceArguments)
        guard let rootQuick = rootFacts.quick, rootQuick.tokenNames.allSatisfy({ value.hasSubstitution(named: $0) }),
              LintQuickScan.isClean(rootText, against: rootQuick) else { return false }
        return value.allSubstitutions { name, substitution in
            // The source forms' facts as the first locale made them; stored back only when this
            // locale made one more (a store was a hash and a copy of the slots).
            var slots = substitutionFormFacts[name] ?? []
            let known = slots.count
            defer { if slots.count > known { substitutionFormFacts[name] = slots } }
            return substitution.allForms { category, formText in
                guard let formText else { return false }
                let made: (facts: SourceFacts, asIs: Bool)
                if let found = slots.first(where: { $0.category == category }) {
                    made = (found.facts, found.asIs)
                } else if category != .other, let sourceForms = source.substitutions[name]?.plural, sourceForms[category] == nil,
                          sourceForms[.other] != nil {
                    // A category the source's substitution lacks (ar's few against en's one and
                    // other) is compared with the source's other form: its facts, made once, and
                    // whether the rules compare it as is, found once for every such category.
                    guard let other = otherSubstitutionForm(name, slots: &slots, in: source, arguments: sourceArguments) else { return false }
                    made = (other.facts, other.lackingAsIs)
                    slots.append((category, made.facts, made.asIs))
                } else {
                    let steps: [LintStep] = [.substitution(name, category)]
                    guard let counterpart = Self.counterpart(steps, in: source) else { return false }
                    let facts = sourceFacts(steps: steps, unit: counterpart, path: "substitutions.\(name).plural.\(category.rawValue)",
                                            in: source, arguments: sourceArguments)
                    made = (facts, Self.comparedAsIs(facts, steps: steps, in: source))
                    slots.append((category, made.facts, made.asIs))
                }
                return made.asIs && made.facts.quick.map { LintQuickScan.isClean(formText, against: $0) } == true
            }
        }
    }

    /// The facts of the other form of the source's substitution `name` (from `slots`, or made
    /// and added), and what ``comparedAsIs(_:steps:in:)`` answers for a category the source's
    /// substitution lacks, whose counterpart is that other form: whether the form, read with
    /// the substitution's count, reads every argument it reads without it. The facts a category
    /// would get of its own are the other form's (the same text read with the same arguments),
    /// so they are shared, and the answer is kept on the slots of such categories, not on the
    /// facts, whose own answer (as the other form) is always true. Nil when the other form has
    /// no counterpart (``counterpart(_:in:)``: no string unit in it, nor in the forms it nests).
    private mutating func otherSubstitutionForm(_ name: String, slots: inout [(category: PluralCategory, facts: SourceFacts, asIs: Bool)],
                                                in source: LocalizedValue,
                                                arguments: [String: LintArgumentSlot]) -> (facts: SourceFacts, lackingAsIs: Bool)? {
        let steps: [LintStep] = [.substitution(name, .other)]
        let facts: SourceFacts
        if let found = slots.first(where: { $0.category == .other }) {
            facts = found.facts
        } else {
            guard let counterpart = Self.counterpart(steps, in: source) else { return nil }
            facts = sourceFacts(steps: steps, unit: counterpart, path: "substitutions.\(name).plural.other", in: source, arguments: arguments)
            slots.append((.other, facts, Self.comparedAsIs(facts, steps: steps, in: source)))
        }
        if let shared = slots.first(where: { $0.category != .other && $0.facts === facts }) { return (facts, shared.asIs) }
        guard let otherUnit = Self.counterpart(steps, in: source) else { return nil }
        return (facts, facts.format.indices.isSuperset(of: LintLeafFormat(otherUnit.value).indices))
    }

    /// What the quick scan needs of the entry's source when it is a flat text (computed for
    /// the first target locale, kept for the others).
    private mutating func flatQuick(of source: LocalizedValue) -> LintQuickScan.Source? {
        if let known = flatSourceQuick { return known }
        var quick: LintQuickScan.Source?
        if source.isFlatUnit, let sourceUnit = source.stringUnit {
            quick = sourceFacts(steps: [], unit: sourceUnit, path: "", in: source, arguments: [:]).quick
        }
        flatSourceQuick = .some(quick)
        return quick
    }

    /// The checks of a localization's shape: its plural sets, device variations and
    /// substitutions, and the members the format does not have. `formsArePlain`: the quick
    /// scan has seen that every plural form (its own and its substitutions') is one string unit
    /// with nothing else, so none has an unknown member, and the forms are not looked at again
    /// for them (a copy of each form out of its table).
    mutating func structureChecks(key: String, locale: String, value: LocalizedValue, source: LocalizedValue?, prefix: [LintStep],
                                  formsArePlain: Bool = false) {
        let path = prefix.isEmpty ? "" : prefix.map(\.text).joined(separator: ".")
        func join(_ more: String) -> String { path.isEmpty ? more : path + "." + more }
        if !value.plural.isEmpty {
            let kind: PluralArgumentKind
            if source != nil, let known = path.isEmpty ? topCountKind : countKinds["#count " + path] {
                kind = known
            } else {
                kind = Self.countKind(in: source.flatMap { Self.counterpart(prefix + [.plural(.other)], in: $0) }?.value
                                      ?? value.plural[.other]?.stringUnit?.value)
                if source != nil {
                    if path.isEmpty { topCountKind = kind } else { countKinds["#count " + path] = kind }
                }
            }
            pluralChecks(key: key, locale: locale, forms: value.plural, path: join("plural"), kind: kind)
        }
        if !value.device.isEmpty {
            if value.device["other"] == nil {
                report(.variationMissingOther, key, locale, join("device"),
                       "the device variations (\(value.device.keys.sorted().joined(separator: ", "))) have no other form; other devices get no text")
            }
            for (device, form) in value.device.sorted(by: { $0.key < $1.key }) {
                if !Self.deviceNames.contains(device) {
                    report(.schemaViolation, key, locale, join("device.\(device)"),
                           "“\(device)” is not a device (iphone, ipad, ipod, mac, applewatch, appletv, applevision, other)")
                }
                structureChecks(key: key, locale: locale, value: form, source: source, prefix: prefix + [.device(device)])
            }
        }
        func check(_ name: String, _ substitution: Substitution) {
            // No argNum is the shape Xcode writes when the text's own order gives the argument.
            if table.isCatalog && substitution.formatSpecifier == nil {
                report(.schemaViolation, key, locale, join("substitutions.\(name)"),
                       "the substitution “\(name)” lacks formatSpecifier, so no reader knows how to format its number")
            }
            for member in substitution.extra {
                report(.nonstandardValue, key, locale, join("substitutions.\(name)"), member.key.hasPrefix("variations.")
                       ? "unknown variation “\(member.key.dropFirst(11))” in the substitution “\(name)”; kept on rewrite"
                       : "unknown member “\(member.key)” in the substitution “\(name)”; kept on rewrite")
            }
            // The forms' paths are made only when one of them has something to report.
            if !formsArePlain, substitution.plural.values.contains(where: { Self.hasUnknownMembers($0, isCatalog: table.isCatalog) }) {
                for (category, form) in substitution.plural.sorted(by: { $0.key < $1.key }) {
                    unknownMembers(key: key, locale: locale, value: form, path: join("substitutions.\(name).plural.\(category.rawValue)"))
                }
            }
            guard !substitution.plural.isEmpty else { return }
            pluralChecks(key: key, locale: locale, forms: substitution.plural, path: join("substitutions.\(name).plural"),
                         kind: countKind(formatSpecifier: substitution.formatSpecifier))
        }
        // By name; one substitution (the common case) without making a sorted copy.
        let substitutions = value.substitutions
        if substitutions.count == 1, let (name, substitution) = substitutions.first {
            check(name, substitution)
        } else if !substitutions.isEmpty {
            for (name, substitution) in substitutions.sorted(by: { $0.key < $1.key }) { check(name, substitution) }
        }
        unknownMembers(key: key, locale: locale, value: value, path: path)
        let isCatalog = table.isCatalog
        if !formsArePlain, value.plural.values.contains(where: { Self.hasUnknownMembers($0, isCatalog: isCatalog) }) {
            for (category, form) in value.plural.sorted(by: { $0.key < $1.key }) {
                unknownMembers(key: key, locale: locale, value: form, path: join(category.pluralPath))
            }
        }
    }

    /// Whether ``unknownMembers(key:locale:value:path:)`` would report something for `value`.
    private static func hasUnknownMembers(_ value: LocalizedValue, isCatalog: Bool) -> Bool {
        if !value.isBare, isCatalog, value.extra.contains(where: { $0.key != "variations.plural" }) { return true }
        if let unit = value.stringUnit, !unit.extra.isEmpty { return true }
        return false
    }

    /// `nonstandard-value` for the members of a localization (or of one of its forms) and of
    /// its string unit that the String Catalog format does not have, unknown variation kinds
    /// included; all are kept on rewrite.
    private mutating func unknownMembers(key: String, locale: String, value: LocalizedValue, path: String) {
        for member in value.extra where table.isCatalog && member.key != "variations.plural" {
            if member.key.hasPrefix("variations.") {
                report(.nonstandardValue, key, locale, path,
                       "unknown variation “\(member.key.dropFirst(11))” in the \(locale) localization (Xcode writes plural and device); kept on rewrite")
            } else {
                report(.nonstandardValue, key, locale, path, "unknown member “\(member.key)” in the \(locale) localization; kept on rewrite")
            }
        }
        if let unit = value.stringUnit, !unit.extra.isEmpty {
            report(.nonstandardValue, key, locale, path, "unknown member “\(unit.extra[0].key)” in the string unit; kept on rewrite")
        }
    }

    /// The plural kind of a text's count: its first numeric specifier.
    static func countKind(in text: String?) -> PluralArgumentKind {
        guard let text else { return .assumedInteger }
        for case .specifier(let spec) in FormatString.tokens(text) {
            switch spec.conversion {
            case "@": continue
            default:
                if let (typeClass, _) = LintArgumentUse.classify(spec), typeClass == .integer || typeClass == .floating {
                    return PluralArgumentKind(specifier: spec)
                }
            }
        }
        return .assumedInteger
    }

    /// The plural kind of a substitution's count, from its `formatSpecifier` (`d`, `%lld`).
    /// An entry's forty localizations, and most entries, spell it the same way, so the kinds
    /// of the first eight spellings met are kept and each is parsed once (a parse was 2,500
    /// instructions, 2% of linting the bench tree). Spellings are matched by their scalars, as
    /// the parser reads bytes: `e` and a combining acute is `%e`, a precomposed `é` is no
    /// specifier, though the two strings are equal.
    mutating func countKind(formatSpecifier text: String?) -> PluralArgumentKind {
        guard let text else { return .assumedInteger }
        if let known = specifierKinds.first(where: { $0.text.hasSameScalars(as: text) }) { return known.kind }
        let spec: FormatSpecifier?
        if case .specifier(let parsed)? = FormatString.tokens(text.hasPrefix("%") ? text : "%" + text).first { spec = parsed } else { spec = nil }
        let kind = PluralArgumentKind(specifier: spec)
        // A few spellings are kept: a table that spells them all differently is parsed each time.
        if specifierKinds.count < 8 { specifierKinds.append((text, kind)) }
        return kind
    }

    /// Checks one set of plural forms: an `other` form, the forms the locale's numbers of this
    /// `kind` reach, and none that no number reaches. `path` is made only when there is
    /// something to report (most sets have nothing).
    mutating func pluralChecks(key: String, locale: String, forms: [PluralCategory: LocalizedValue], path makePath: @autoclosure () -> String,
                               kind: PluralArgumentKind) {
        pluralChecks(key: key, locale: locale, present: PluralCategory.bits(of: forms), path: makePath(), kind: kind)
    }

    /// ``pluralChecks(key:locale:forms:path:kind:)`` of a set of forms whose categories are
    /// `present` (``PluralCategory/bit``s).
    mutating func pluralChecks(key: String, locale: String, present: UInt8, path makePath: @autoclosure () -> String,
                               kind: PluralArgumentKind) {
        if present & PluralCategory.other.bit == 0 {
            let categories = PluralCategory.allCases.filter { present & $0.bit != 0 }
            report(.variationMissingOther, key, locale, makePath(),
                   "the plural forms (\(categories.map(\.rawValue).joined(separator: ", "))) have no other form; numbers of other categories get no text")
        }
        guard let reach = plurals.reachability(locale: locale, kind: kind) else { return }
        let exempt = PluralCategory.zero.bit | PluralCategory.other.bit
        if reach.reachableBits & ~present & ~exempt == 0 && present & ~reach.reachableBits & ~exempt == 0 { return }
        for category in reach.categories where present & category.bit == 0 && category != .zero && category != .other {
            // The message and hint depend on the locale, the kind and the category alone: made
            // once for each (a locale's missing form is reported for most of its plural
            // entries, and spelling one out took a dozen appends).
            let text = missingFormText(reach, locale: locale, kind: kind, category: category)
            report(.pluralMissingCategory, key, locale, makePath() + "." + category.rawValue, text.message, hint: text.hint,
                   cap: text.rare ? .note : nil)
        }
        for category in PluralCategory.allCases where present & category.bit != 0 && category != .zero && category != .other
            && reach.reachableBits & category.bit == 0 {
            if reach.localeCategories.contains(category) {
                report(.pluralUnreachableCategory, key, locale, makePath() + "." + category.rawValue,
                       "no \(locale) number reaches \(category.rawValue) when the count is \(kind.describes)", cap: .note)
            } else {
                report(.pluralUnreachableCategory, key, locale, makePath() + "." + category.rawValue,
                       "\(locale) has no \(category.rawValue) category (it has \(reach.localeCategories.map(\.rawValue).joined(separator: ", "))); this form is never shown")
            }
        }
    }

    /// The `plural-missing-category` message and hint for `category` of `locale` with a count
    /// of `kind` (`reach` is that locale's reachability for the kind), made once per checker.
    /// A text kept is taken only for the same spelling of the code it was made for, so it is
    /// the text the rule would spell, whichever object the store hands out.
    private mutating func missingFormText(_ reach: PluralReachability, locale: String, kind: PluralArgumentKind,
                                          category: PluralCategory) -> (message: String, hint: String, rare: Bool) {
        let textKey = MissingFormKey(reachability: ObjectIdentifier(reach), kind: kind, category: category)
        if let known = missingFormTexts[textKey], known.locale.hasSameScalars(as: locale) {
            return (known.message, known.hint, known.rare)
        }
        let samples = reach.reachable[category]!.samples.joined(separator: ", ")
        let rare = reach.isRare(category)
        let made = (message: "\(locale) needs the \(category.rawValue) form for \(kind.describes) (e.g. \(samples))\(rare ? "; only numbers from a million up reach it" : "")",
                    hint: "Add plural.\(category.rawValue).", rare: rare)
        missingFormTexts[textKey] = (locale, made.message, made.hint, made.rare)
        return made
    }

    mutating func substitutionChecks(key: String, locale: String, value: LocalizedValue, source: LocalizedValue?,
                                     sourceArguments: [String: LintArgumentSlot]) {
        guard !value.substitutions.isEmpty else { return }
        let maxArgument: Int
        if source != nil, let known = entrySourceMaxArgument {
            maxArgument = known
        } else {
            maxArgument = (source ?? value).stringUnit.map { LintLeafFormat($0.value, substitutionArguments: sourceArguments).indices.max() ?? 0 } ?? 0
            if source != nil { entrySourceMaxArgument = maxArgument }
        }
        var firstReader: [Int: (name: String, typeClass: LintTypeClass)] = [:]
        for (name, substitution) in value.substitutions.sorted(by: { $0.key < $1.key }) {
            let path = "substitutions.\(name)"
            if let argNum = substitution.argNum, table.isCatalog, argNum < 1 || (maxArgument > 0 && argNum > max(maxArgument, sourceArguments.count)) {
                report(.substitutionMismatch, key, locale, path, "argNum \(argNum) of “\(name)” is outside the \(max(maxArgument, sourceArguments.count)) argument(s) the text reads")
            }
            guard let specifier = substitution.formatSpecifier else { continue }
            guard let (typeClass, _) = LintArgumentUse.classify(specifier: specifier) else {
                report(.substitutionMismatch, key, locale, path, "formatSpecifier “\(specifier)” of “\(name)” is not a format specifier")
                continue
            }
            if let sourceSub = source?.substitutions[name], let sourceSpec = sourceSub.formatSpecifier,
               let (sourceClass, _) = LintArgumentUse.classify(specifier: sourceSpec), sourceClass != typeClass {
                report(.substitutionMismatch, key, locale, path,
                       "“\(name)” is formatted as \(typeClass.rawValue) (\(specifier)) but the source's is \(sourceClass.rawValue) (\(sourceSpec))")
            }
            // Substitutions that read one argument as different types: each is compared with the
            // first (by name) that read it, so thousands of them take linear time.
            if let argNum = substitution.argNum {
                if let (firstName, firstClass) = firstReader[argNum] {
                    if firstClass != typeClass {
                        report(.substitutionMismatch, key, locale, "substitutions.\(firstName)",
                               "“\(firstName)” and “\(name)” read argument \(argNum) as \(firstClass.rawValue) and \(typeClass.rawValue)")
                    }
                } else {
                    firstReader[argNum] = (name, typeClass)
                }
            }
        }
    }

    // MARK: - Formats

    /// `arguments`: `substitutionArguments(value)`, made once per localization.
    mutating func formatChecks(key: String, locale: String, leaf: LintLeaf, format: LintLeafFormat, sourceText: String,
                               sourceFormat: LintLeafFormat, value: LocalizedValue, source: LocalizedValue,
                               arguments: [String: LintArgumentSlot]) {
        // The common case: the same arguments, read the same way, in the same order.
        if format.proseLike.isEmpty, format.syntaxProblems.isEmpty, sourceFormat.syntaxProblems.isEmpty,
           format.uses.count == sourceFormat.uses.count, format.substitutions.count == sourceFormat.substitutions.count,
           format.substitutions.allSatisfy({ value.substitutions[$0.name] != nil }),
           zip(format.uses, sourceFormat.uses).allSatisfy({ $0.index == $1.index && $0.typeClass == $1.typeClass && $0.size == $1.size }),
           format.plainOrder == sourceFormat.plainOrder {
            return
        }
        let path = leaf.path
        let text = leaf.unit.value
        let sourceSpecs = Set(sourceFormat.uses.map(\.text))
        let accidental = format.proseLike.filter { !sourceSpecs.contains($0) }
        if !accidental.isEmpty {
            report(.accidentalSpecifier, key, locale, path,
                   "“\(accidental[0])” in the \(locale) text is read as a format specifier, but the source has none there",
                   source: sourceText, target: Self.mark(text, accidental[0]), hint: "Write %% for a literal percent sign.")
            return
        }
        guard format.syntaxProblems.isEmpty, sourceFormat.syntaxProblems.isEmpty else { return }
        // An undefined substitution is substitution-mismatch's finding, not a missing argument.
        guard format.substitutions.allSatisfy({ value.substitutions[$0.name] != nil }) else { return }
        if format.plainOrder.count >= 2, sourceFormat.plainOrder.count == format.plainOrder.count,
           format.plainOrder != sourceFormat.plainOrder,
           format.plainOrder.map(\.rawValue).sorted() == sourceFormat.plainOrder.map(\.rawValue).sorted() {
            report(.reorderedWithoutPositions, key, locale, path,
                   "the \(locale) text reads its plain specifiers in another order (\(format.plainOrder.map(\.rawValue).joined(separator: ", "))) than the source (\(sourceFormat.plainOrder.map(\.rawValue).joined(separator: ", ")))",
                   source: sourceText, target: text, hint: "Number the specifiers as the source's order: \(Self.numbered(sourceText))")
            return
        }
        let sourceIndices = sourceFormat.indices
        let targetIndices = format.indices
        var countIndex: Int?
        var countKind = PluralArgumentKind.assumedInteger
        var exempt: Int?
        var countCategory: PluralCategory?
        if let category = leaf.pluralCategory {
            var kind = PluralArgumentKind.assumedInteger
            if let name = leaf.substitutionName, let sub = value.substitutions[name] {
                exempt = sourceFormat.uses.first { $0.text == "%arg" || $0.viaSubstitution }?.index
                    ?? arguments[name]?.index
                kind = self.countKind(formatSpecifier: sub.formatSpecifier)
                if sub.isTextual, let count = sourceFormat.uses.first(where: { !$0.positional }) { exempt = count.index }
            } else {
                exempt = sourceFormat.uses.first { $0.typeClass == .integer || $0.typeClass == .floating }?.index
                kind = Self.countKind(in: sourceText)
            }
            if plurals.reachability(locale: locale, kind: kind)?.singleNumber(category) == nil {
                if let count = exempt { countCategory = category; countKind = kind; countIndex = count }
                exempt = nil
            }
        }
        // Per argument, the first use of each type class in the text's order (the first of them
        // is the argument's first use), and the source's first use: thousands of uses are then
        // compared in linear time.
        var firstOfClass: [Int: [LintArgumentUse]] = [:]
        for use in format.uses where !(firstOfClass[use.index]?.contains { $0.typeClass == use.typeClass } ?? false) {
            firstOfClass[use.index, default: []].append(use)
        }
        var sourceFirst: [Int: LintArgumentUse] = [:]
        for use in sourceFormat.uses where sourceFirst[use.index] == nil { sourceFirst[use.index] = use }
        for index in targetIndices.subtracting(sourceIndices).sorted() {
            let use = firstOfClass[index]![0]
            report(.placeholderMismatch, key, locale, path,
                   "the \(locale) text reads argument \(index) (“\(use.text)”), which the source does not pass: garbage or a crash",
                   source: sourceText, target: Self.mark(text, use.text))
        }
        for index in sourceIndices.subtracting(targetIndices).sorted() where index != exempt {
            let use = sourceFirst[index]!
            if index == countIndex, let category = countCategory,
               let samples = plurals.reachability(locale: locale, kind: countKind)?.reachable[category]?.samples, samples.count > 1 {
                let numbers = LintText.numbers(text)
                let shown = samples.prefix(4).joined(separator: ", ")
                report(.placeholderMismatch, key, locale, path, numbers.isEmpty
                       ? "the \(locale) \(category.rawValue) form drops the count (“\(use.text)” in the source), but \(category.rawValue) in \(locale) covers several numbers (\(shown), …)"
                       : "the \(locale) \(category.rawValue) form hard-codes “\(numbers[0])” instead of the count (“\(use.text)” in the source), but \(category.rawValue) in \(locale) covers several numbers (\(shown), …)",
                       source: Self.mark(sourceText, use.text), target: text,
                       hint: "Write the count as “\(use.text)” in this form: \(locale) shows it for \(shown) and more.")
                continue
            }
            report(.placeholderMismatch, key, locale, path,
                   "the \(locale) text drops argument \(index) (“\(use.text)” in the source)",
                   source: Self.mark(sourceText, use.text), target: text)
        }
        var reported = Set<Int>()
        for use in format.uses where !reported.contains(use.index) {
            if let clash = firstOfClass[use.index]?.first(where: { $0.typeClass != use.typeClass }) {
                reported.insert(use.index)
                report(.formatTypeMismatch, key, locale, path,
                       "the \(locale) text reads argument \(use.index) twice, as \(use.typeClass.rawValue) (“\(use.text)”) and as \(clash.typeClass.rawValue) (“\(clash.text)”)",
                       source: sourceText, target: text)
                continue
            }
            guard let expected = sourceFirst[use.index] else { continue }
            if expected.typeClass != use.typeClass {
                reported.insert(use.index)
                report(.formatTypeMismatch, key, locale, path,
                       "argument \(use.index) is \(expected.typeClass.rawValue) (“\(expected.text)”) in the source but read as \(use.typeClass.rawValue) (“\(use.text)”) in \(locale): a crash or garbage",
                       source: Self.mark(sourceText, expected.text), target: Self.mark(text, use.text),
                       hint: "Use “\(expected.text)” for this argument.")
            } else if expected.size != use.size {
                reported.insert(use.index)
                report(.formatLengthMismatch, key, locale, path,
                       "argument \(use.index) is \(expected.size) (“\(expected.text)”) in the source but \(use.size) (“\(use.text)”) in \(locale)",
                       source: Self.mark(sourceText, expected.text), target: Self.mark(text, use.text),
                       hint: "Use “\(expected.text)” for this argument.")
            }
        }
    }

    /// The steps of the other form beside the plural form at `steps` (`plural.one` →
    /// `plural.other`), or nil when `steps` ends in no plural form or in other itself.
    static func otherFormSteps(_ steps: [LintStep]) -> [LintStep]? {
        switch steps.last {
        case .plural(let category)? where category != .other:
            return steps.dropLast() + [.plural(.other)]
        case .substitution(let name, let category)? where category != .other:
            return steps.dropLast() + [.substitution(name, .other)]
        default:
            return nil
        }
    }

    /// `placeholder-mismatch` for each specifier of a target text whose source reads no
    /// argument (or is shown verbatim) and does not have that specifier: `"Save"` →
    /// `"Sichern %@"` prints `%@` or reads an argument nobody passes.
    mutating func addedSpecifiers(key: String, locale: String, path: String, text: String, format: LintLeafFormat, sourceText: String) {
        var reported = Set<String>()
        for use in format.uses where !use.proseLike && !use.viaSubstitution && !reported.contains(use.text) && !sourceText.contains(use.text) {
            reported.insert(use.text)
            report(.placeholderMismatch, key, locale, path,
                   "the \(locale) text has the format specifier “\(use.text)”, which the source does not have: it shows “\(use.text)” as is, or reads an argument nobody passes (garbage or a crash)",
                   source: sourceText, target: Self.mark(text, use.text),
                   hint: "Delete “\(use.text)” (the source passes no argument), or write %% for a literal percent sign.")
        }
    }

    /// Marks the first occurrence of `token` as `⟪token⟫`.
    static func mark(_ text: String, _ token: String) -> String {
        guard !token.isEmpty else { return text }
        switch markedASCII(text, token) {
        case .marked(let marked): return marked
        case .absent: return text
        case .notASCII:
            guard let range = text.firstRange(of: token) else { return text }
            return text[..<range.lowerBound] + "⟪" + token + "⟫" + text[range.upperBound...]
        }
    }

    private enum ASCIIMark { case marked(String), absent, notASCII }

    /// ``mark(_:_:)`` by bytes, for an ASCII text and a token without CR or LF: each of their
    /// characters is one byte (only CR LF would join two), so the first match of the token's
    /// bytes is the first of its characters. Found without the character-wise search, which
    /// took some 20,000 instructions a call.
    private static func markedASCII(_ text: String, _ token: String) -> ASCIIMark {
        var text = text, token = token
        return text.withUTF8 { bytes -> ASCIIMark in
            token.withUTF8 { needle -> ASCIIMark in
                guard !bytes.contains(where: { $0 >= 0x80 }),
                      !needle.contains(where: { $0 >= 0x80 || $0 == 0x0D || $0 == 0x0A }) else { return .notASCII }
                guard needle.count <= bytes.count else { return .absent }
                for start in 0...(bytes.count - needle.count) where memcmp(bytes.baseAddress! + start, needle.baseAddress!, needle.count) == 0 {
                    return .marked(String(decoding: UnsafeBufferPointer(rebasing: bytes[..<start]), as: UTF8.self) + "⟪"
                                   + String(decoding: needle, as: UTF8.self) + "⟫"
                                   + String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + needle.count)...]), as: UTF8.self))
                }
                return .absent
            }
        }
    }

    // MARK: - Text

    mutating func bidiCheck(key: String, locale: String, path: String, text: String) {
        // U+202A…U+2069 all start with the UTF-8 byte E2.
        guard text.containsUTF8Byte(0xE2), text.unicodeScalars.contains(where: { $0.value >= 0x202A && $0.value <= 0x2069 }) else { return }
        let (overrides, unbalanced) = LintText.bidiProblems(text)
        if !overrides.isEmpty {
            report(.bidiControl, key, locale, path,
                   "the text contains \(overrides.map(LintText.name).joined(separator: ", ")), which reorders everything after it (Trojan Source)",
                   target: text)
        } else if unbalanced {
            report(.bidiControl, key, locale, path, "the bidi isolates (U+2066–U+2069) do not pair up, so the direction leaks into what follows", target: text)
        }
    }

    mutating func widthCheck(key: String, locale: String, path: String, text: String) {
        guard let budget = configuration.widthBudget(forKey: key) else { return }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = TextWidth.cells(of: line)
            if cells > budget {
                report(.widthBudget, key, locale, path, "a line is \(cells) terminal cells wide; the budget for “\(key)” is \(budget)", target: String(line))
                return
            }
        }
    }

    /// A source leaf's analysis, shared by every target locale of the entry (a class: the
    /// cache hands out one reference, not a copy of its arrays).
    final class SourceFacts {
        let format: LintLeafFormat
        let text: LintTextFacts
        let tokens: [String]
        /// What the quick scan of a target leaf needs; nil when the source is not plain enough.
        let quick: LintQuickScan.Source?
        /// Whether a target form is compared with this source form itself, once asked, for the
        /// facts of a one-step leaf (``LintChecker/comparedAsIs(_:steps:in:)``).
        var comparedAsIs: Bool?

        /// The facts of the source text `value`, read as `format`; `text`: its text facts, when
        /// known already.
        init(value: String, format: LintLeafFormat, text known: LintTextFacts? = nil) {
            let text = known ?? LintTextFacts(value)
            self.format = format
            self.text = text
            tokens = text.mayHaveTokens ? LintText.preservedTokens(value) : []
            quick = LintQuickScan.Source(text: value, facts: text, format: format, tokens: tokens)
        }
    }

    /// Whether the format rules compare a target leaf at `steps` with the source leaf whose
    /// facts are `facts` (the quick scan then may too), the one place that decides it. Not
    /// when that is a plural form (not other) that reads fewer arguments than the source's
    /// other form (en one = "One file", other = "%lld files"): the rules then compare with the
    /// other form, so that a form that drops the count where it covers several numbers (ru
    /// one: 1, 21, 31, …) is reported.
    ///
    /// The answer is kept on `facts` only for one step (a top-level plural form, or a
    /// substitution's form), whose path no other step list spells; facts cached by path may
    /// serve several longer ones (a device named `x.plural.one` and the one form of device `x`
    /// share a path), so theirs is found each time.
    static func comparedAsIs(_ facts: SourceFacts, steps: [LintStep], in source: LocalizedValue) -> Bool {
        let keeps = steps.count == 1
        if keeps, let known = facts.comparedAsIs { return known }
        var asIs = true
        if let otherSteps = otherFormSteps(steps), let otherUnit = counterpart(otherSteps, in: source),
           !facts.format.indices.isSuperset(of: LintLeafFormat(otherUnit.value).indices) {
            asIs = false
        }
        if keeps { facts.comparedAsIs = asIs }
        return asIs
    }

    /// The facts of the source leaf `unit` that the target leaf at `path` is compared with.
    mutating func sourceFacts(steps: [LintStep], unit: StringUnit, path: String, in source: LocalizedValue,
                              arguments: [String: LintArgumentSlot]) -> SourceFacts {
        var slot: Int?
        if steps.isEmpty { slot = 0 } else if steps.count == 1, case .plural(let c) = steps[0] { slot = 1 + c.ordinal }
        // A plural category the source lacks is compared with the source's other form (its
        // counterpart, `unit`): the other form's facts, made once for the entry, not once for
        // each such category (ar's zero, two, few, many against en's one and other: four of six).
        // Their format (the text read with the entry's arguments) does not depend on the
        // category, and ``comparedAsIs(_:steps:in:)`` is true for both: the other form itself,
        // and a category whose counterpart reads what the other form reads.
        var otherSlot: Int?
        if let slot, slot > 0, sourceSlots[slot] == nil, case .plural(let c) = steps[0], c != .other,
           !source.plural.isEmpty, source.plural[c] == nil, source.plural[.other] != nil {
            let other = 1 + PluralCategory.other.ordinal
            if let known = sourceSlots[other] {
                sourceSlots[slot] = known
                return known
            }
            otherSlot = other
        }
        if let slot {
            if let known = sourceSlots[slot] { return known }
        } else if let known = sourceCache[path] {
            return known
        }
        let facts: SourceFacts
        if slot == 0, arguments.isEmpty, let reading = flatSourceReading {
            // The flat text read as sourceChecks read it (the same text, no arguments).
            facts = SourceFacts(value: unit.value, format: reading.format, text: reading.text)
        } else {
            let leaf = LintLeaf(steps: steps, unit: unit, path: path)
            facts = SourceFacts(value: unit.value, format: Self.format(leaf, in: source, arguments: arguments))
        }
        if let slot { sourceSlots[slot] = facts } else { sourceCache[path] = facts }
        if let otherSlot { sourceSlots[otherSlot] = facts }
        return facts
    }

    mutating func textChecks(key: String, locale: String, path: String, text: String, sourceText: String, leaf: LintLeaf,
                             source: SourceFacts) {
        let s = source.text
        let t = LintTextFacts(text, comparable: false)
        // Whitespace
        if s.leading != t.leading && !dropsSpaceByScript(locale: locale, source: s.leading, target: t.leading, edge: text.unicodeScalars.first) {
            report(.whitespaceMismatch, key, locale, path,
                   "leading whitespace differs: source \(LintText.describeWhitespace(s.leading)), \(locale) \(LintText.describeWhitespace(t.leading))",
                   source: sourceText, target: text)
        } else if s.trailing != t.trailing && !dropsSpaceByScript(locale: locale, source: s.trailing, target: t.trailing, edge: text.unicodeScalars.last) {
            report(.whitespaceMismatch, key, locale, path,
                   "trailing whitespace differs: source \(LintText.describeWhitespace(s.trailing)), \(locale) \(LintText.describeWhitespace(t.trailing))",
                   source: sourceText, target: text)
        } else if s.structure.newlines != t.structure.newlines {
            report(.whitespaceMismatch, key, locale, path, "the source has \(s.structure.newlines) line break(s), the \(locale) text \(t.structure.newlines)", source: sourceText, target: text)
        } else if s.structure.escapes != t.structure.escapes {
            report(.whitespaceMismatch, key, locale, path, "the source has \(s.structure.escapes) literal backslash-n (“\\n” as two characters, shown as is, not a line break), the \(locale) text \(t.structure.escapes)", source: sourceText, target: text)
        } else if s.structure.tabs != t.structure.tabs {
            report(.whitespaceMismatch, key, locale, path, "the source has \(s.structure.tabs) tab(s), the \(locale) text \(t.structure.tabs)", source: sourceText, target: text)
        }
        // Control characters
        let added = t.controls.filter { !s.controls.contains($0) }
        if let worst = added.first(where: { LintText.controlKind($0) == .dangerous }) {
            report(.controlCharacter, key, locale, path, "the \(locale) text contains \(LintText.name(worst)), which the source does not", source: sourceText, target: text)
        } else if let invisible = added.first {
            report(.controlCharacter, key, locale, path, "the \(locale) text contains \(LintText.name(invisible)), which the source does not",
                   source: sourceText, target: text, cap: .warning)
        }
        // Markup
        if s.tags != nil || t.tags != nil {
            let st = s.tags ?? ([], true), tt = t.tags ?? ([], true)
            if st.names != tt.names {
                report(.markupMismatch, key, locale, path,
                       "the tags differ: source \(st.names.isEmpty ? "none" : st.names.map { "<\($0)>" }.joined(separator: " ")), \(locale) \(tt.names.isEmpty ? "none" : tt.names.map { "<\($0)>" }.joined(separator: " "))",
                       source: sourceText, target: text)
            } else if st.wellFormed && !tt.wellFormed {
                report(.markupMismatch, key, locale, path, "the \(locale) tags do not nest properly", source: sourceText, target: text)
            }
        }
        if let sm = s.markdown {
            let tm = t.markdown ?? ([], 0, 0)
            if sm.links != tm.links {
                report(.markupMismatch, key, locale, path, "the Markdown link targets differ: source \(sm.links), \(locale) \(tm.links)",
                       source: sourceText, target: text, cap: .warning)
            } else if sm.strong != tm.strong || sm.code != tm.code {
                report(.markupMismatch, key, locale, path, "the Markdown emphasis (** or `) differs from the source's", source: sourceText, target: text, cap: .warning)
            }
        } else if let tm = t.markdown, !tm.links.isEmpty {
            report(.markupMismatch, key, locale, path, "the \(locale) text has Markdown links the source does not: \(tm.links)",
                   source: sourceText, target: text, cap: .warning)
        }
        // Preserved tokens
        // Only what must survive verbatim: URLs and the terms configured not to translate
        // (placeholders and markup have rules of their own). Numbers may be spelled out or
        // grouped another way, example addresses and paths are localized.
        var missing = source.tokens.filter { !text.contains($0) }
        if !configuration.doNotTranslate.isEmpty {
            missing += configuration.doNotTranslate.filter { sourceText.contains($0) && !text.contains($0) }
        }
        if let first = missing.first {
            report(.preservedToken, key, locale, path, "“\(first)” from the source is not in the \(locale) text\(missing.count > 1 ? " (and \(missing.count - 1) more)" : "")",
                   source: Self.mark(sourceText, first), target: text)
        }
        // Punctuation at the end
        if s.letters > 0, let problem = LintPunctuation.problem(source: sourceText, target: text, locale: locale, language: language(of: locale)) {
            report(.punctuationMismatch, key, locale, path, problem.message, source: sourceText, target: text, hint: problem.hint)
        }
        // Unchanged
        if s.letters > 3, LintTextFacts.comparable(of: text, equals: s.comparable), !sameLanguage(locale),
           hasTranslatableWords(sourceText),
           !isInternationalism(sourceText, path: path, locale: locale) {
            report(.unchangedTranslation, key, locale, path, "the \(locale) text is the same as the source", source: sourceText, target: text)
        }
    }

    /// ``LintNames/Terms/hasTranslatableWords(_:)`` of a source text, kept for the last text
    /// asked about: the locales of one entry that left it unchanged ask about the same text,
    /// and each answer reads its characters and words (about 27,000 instructions).
    private mutating func hasTranslatableWords(_ sourceText: String) -> Bool {
        if let last = lastTranslatableWords, last.text.hasSameScalars(as: sourceText) { return last.answer }
        let answer = terms.hasTranslatableWords(sourceText)
        lastTranslatableWords = (sourceText, answer)
        return answer
    }

    /// Whether a target drops the space at an edge next to text of a script written without
    /// spaces between words (CJK, Thai …) or that attaches particles (Hangul): ko `님 외 %lld명이`
    /// for ` and %lld others`.
    private func dropsSpaceByScript(locale: String, source: String, target: String, edge: Unicode.Scalar?) -> Bool {
        guard target.isEmpty, !source.isEmpty, !source.contains("\n"), let edge else { return false }
        return LintNames.attachesWithoutSpace(edge)
    }

    /// Whether a one-word text is the same in at least two thirds (and two) of the other
    /// locales of the target's script that have it, while most locales of other scripts
    /// translate it (`Wi-Fi`, `Status`, `Original` in Latin-script languages): a word these
    /// languages share. A text left as is in other scripts too is an untranslated copy.
    private mutating func isInternationalism(_ sourceText: String, path: String, locale: String) -> Bool {
        guard path.isEmpty, LintNames.isShort(sourceText) else { return false }
        let targetScript = script(of: locale)
        guard !targetScript.isEmpty else { return false }
        var same = 0, translated = 0, otherScriptSame = 0, otherScript = 0
        for (code, value) in currentLocalizations where code != locale && code != table.sourceLanguage {
            guard !sameLanguage(code), let unit = value.stringUnit else { continue }
            if script(of: code) == targetScript {
                translated += 1
                if unit.value == sourceText { same += 1 }
            } else {
                otherScript += 1
                if unit.value == sourceText { otherScriptSame += 1 }
            }
        }
        return same >= 2 && same * 3 >= translated * 2 && otherScriptSame * 2 < max(otherScript, 1)
    }

    private mutating func sameLanguage(_ locale: String) -> Bool {
        language(of: locale) == language(of: table.sourceLanguage)
    }
}
