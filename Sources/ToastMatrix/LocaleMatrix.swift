import ToastCatalog
import ToastICU
import ToastKit
import ToastSupport

/// Renders every toast in every locale, with every plural form the locale uses and every
/// device class its texts vary by, at a terminal width, and checks each rendering.
///
/// ```swift
/// let matrix = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: nil)  // nil: the catalogs' locales
/// let result = matrix.run()
/// result.findings  // [warning: [fallback] message: “%lld files uploaded” has no pl translation; used en, …]
/// ```
///
/// Cells: for each toast × locale (the catalogs' locales or a given list, then the
/// pseudo-locales of the source language, see ``PseudoLocale``) × plural sample × device
/// class. A toast with numeric arguments gets one cell per CLDR category of the locale that
/// its arguments can reach, each with an ICU sample number (the smallest non-zero integer
/// sample; a decimal sample for categories only decimals reach when the toast has a
/// floating-point argument), plus a cell for 0 where one of its texts has a `zero` form
/// (Apple's rule). Every numeric argument of the toast takes the sample. Device classes are
/// those the toast's values vary by (`--devices` to choose), else a single cell.
///
/// Checks (``MatrixFinding/Kind``): fallback, format diagnostics, arguments the source shows
/// that a translation drops, lines over the width budget of the role and locale, more lines
/// than the line budget, text missing from the lines, conflicting values not isolated, and
/// plural forms no sample reaches.
///
/// A matrix is prepared once (pseudo-locale catalogs, one ``Localizer`` per locale and
/// device, plural samples) and is `Sendable`: ``run()`` renders blocks on all cores, and
/// ``cases`` / ``run(_:)`` serve parameterized tests.
public struct LocaleMatrix: Sendable {
    /// Per-role limits.
    public struct Budget: Sendable, Hashable {
        /// The widest line allowed, in terminal cells; `nil` for no limit.
        public var cells: Int?
        /// The most lines allowed; `nil` for no limit.
        public var lines: Int?

        /// Creates a budget.
        public init(cells: Int? = nil, lines: Int? = nil) {
            self.cells = cells
            self.lines = lines
        }
    }

    /// How cells are rendered and judged.
    public struct Options: Sendable {
        /// The terminal width in cells; `nil` to not wrap.
        public var width: Int?
        /// Budgets by role; a role without one uses ``defaultBudget``.
        public var budgets: [ToastRole: Budget]
        /// The budget of roles not in ``budgets``.
        public var defaultBudget: Budget
        /// Whether a toast is cut at its line budget, as in a status area of fixed height (the
        /// cut is then reported as ``MatrixFinding/Kind/textCut``); otherwise extra lines are
        /// reported as ``MatrixFinding/Kind/wrap``.
        public var truncates: Bool
        /// The device classes to render; `nil` for those the toast's values vary by.
        public var devices: [String]?
        /// The symbol set of the presenter.
        public var symbols: SymbolSet
        /// How wide ambiguous-width characters are.
        public var ambiguousWidth: AmbiguousWidth
        /// Whether the built-in role words and action labels follow the catalogs.
        public var includesBuiltin: Bool
        /// Budgets of one locale or pseudo-locale, over the role budgets: keyed by a locale
        /// identifier (`de`, `en-x-double`) or a pseudo-locale's name (`double`).
        public var localeBudgets: [String: LocaleBudgets] = [:]
        /// Severities that replace a kind's default (``MatrixFinding/Kind/severity``):
        /// `[.widthBudget: .warning]`, `[.fallback: .error]`.
        public var severities: [MatrixFinding.Kind: Severity] = [:]

        /// Creates options: 80 columns, no budgets, no symbols.
        public init(width: Int? = 80, budgets: [ToastRole: Budget] = [:], defaultBudget: Budget = Budget(),
                    truncates: Bool = false, devices: [String]? = nil, symbols: SymbolSet = .none,
                    ambiguousWidth: AmbiguousWidth = .narrow, includesBuiltin: Bool = true) {
            self.width = width
            self.budgets = budgets
            self.defaultBudget = defaultBudget
            self.truncates = truncates
            self.devices = devices
            self.symbols = symbols
            self.ambiguousWidth = ambiguousWidth
            self.includesBuiltin = includesBuiltin
        }

        /// The budget of `role`.
        public func budget(for role: ToastRole) -> Budget {
            guard let own = budgets[role] else { return defaultBudget }
            return Budget(cells: own.cells ?? defaultBudget.cells, lines: own.lines ?? defaultBudget.lines)
        }

        /// The budget of `role` in `target`: the most specific of the locale's (or
        /// pseudo-locale's) budget for the role, its budget for all roles, the role's budget,
        /// and the default, each of cells and lines on its own.
        public func budget(for role: ToastRole, target: Target) -> Budget {
            let general = budget(for: role)
            // The pseudo-locale's name before its tag; for each, the role's budget before all.
            let scopes = [target.pseudo.flatMap { localeBudgets[$0.rawValue] }, localeBudgets[target.locale.identifier]]
                .compactMap { $0 }
            let candidates = scopes.compactMap { $0.roles[role] } + scopes.map(\.all) + [general]
            return Budget(cells: candidates.lazy.compactMap(\.cells).first, lines: candidates.lazy.compactMap(\.lines).first)
        }

        /// The scopes of ``localeBudgets`` that name none of `targets` (a mistyped locale).
        public func unusedBudgetScopes(for targets: [Target]) -> [String] {
            let names = Set(targets.flatMap { [$0.locale.identifier] + ($0.pseudo.map { [$0.rawValue] } ?? []) })
            return localeBudgets.keys.filter { !names.contains($0) }.sorted()
        }

        /// `finding` with the severity ``severities`` gives its kind.
        func withSeverity(_ finding: MatrixFinding) -> MatrixFinding {
            guard let severity = severities[finding.kind] else { return finding }
            var finding = finding
            finding.severity = severity
            return finding
        }
    }

    /// The budgets of one locale or pseudo-locale.
    public struct LocaleBudgets: Sendable, Hashable {
        /// By role.
        public var roles: [ToastRole: Budget]
        /// For roles without their own.
        public var all: Budget

        /// Creates budgets.
        public init(roles: [ToastRole: Budget] = [:], all: Budget = Budget()) {
            self.roles = roles
            self.all = all
        }
    }

    /// A locale of the matrix.
    public struct Target: Sendable, Hashable, CustomStringConvertible {
        /// The locale.
        public var locale: LocaleTag
        /// The pseudo-locale it stands for, if any.
        public var pseudo: PseudoLocale?

        /// A locale, or the tag a pseudo-locale stands for (``PseudoLocale/tag(sourceLanguage:)``).
        public init(locale: LocaleTag, pseudo: PseudoLocale? = nil) {
            self.locale = locale
            self.pseudo = pseudo
        }

        /// `fr`, `en-x-accented (accented)`.
        public var description: String {
            pseudo.map { "\(locale.identifier) (\($0.rawValue))" } ?? locale.identifier
        }
    }

    /// One toast in one locale: a parameterized-test argument.
    public struct Case: Sendable, Hashable, CustomStringConvertible {
        /// The index of the toast in ``LocaleMatrix/toasts``.
        public var toastIndex: Int
        /// The toast's id.
        public var toast: String
        /// The locale.
        public var target: Target
        /// The index of the locale in ``LocaleMatrix/targets``.
        public var targetIndex: Int

        /// `upload.done · fr`.
        public var description: String { "\(toast) · \(target)" }
    }

    /// The toasts.
    public let toasts: [Toast]
    /// The locales, catalogs' or given, then the pseudo-locales.
    public let targets: [Target]
    /// The options.
    public let options: Options
    /// The source language the pseudo-locales derive from.
    public let sourceLanguage: LocaleTag
    /// The catalogs in precedence order, pseudo-locale localizations added (the built-in
    /// ones last when included).
    public let catalogs: [StringCatalog]
    /// Shared ICU handles.
    public let services: ICUServices

    let prepared: [Prepared]
    let presenters: [ToastRole: LinePresenter]
    /// The source language's, to see which arguments its texts show.
    let source: Prepared

    /// Per target: a localizer per device class and the plural samples.
    struct Prepared: Sendable {
        let target: Target
        let localizers: [String: Localizer]
        let samples: [Sample]
    }

    /// A plural sample of a locale.
    struct Sample: Sendable {
        let category: PluralCategory
        let integer: Int64?
        let decimal: String?
        /// Other numbers of the category (ICU's samples), to see whether a text shows the
        /// number: none when the category stands for one number alone (English `one`).
        var otherIntegers: [Int64] = []
        var otherDecimals: [String] = []
    }

    /// Prepares a matrix.
    ///
    /// - Parameters:
    ///   - catalogs: the catalogs, highest precedence first; the first one's source language
    ///     is the matrix's.
    ///   - toasts: the toasts (from a spec file: ``ToastSpec``).
    ///   - locales: the locales; `nil` for every locale of the catalogs (`Base` and `mul`
    ///     left out), the source language first.
    ///   - pseudoLocales: pseudo-locales to add (all four by default).
    ///   - options: width, budgets, devices.
    public init(catalogs: [StringCatalog], toasts: [Toast], locales: [LocaleTag]? = nil,
                pseudoLocales: [PseudoLocale] = PseudoLocale.allCases, options: Options = Options(),
                services: ICUServices = ICUServices()) {
        self.toasts = toasts
        self.options = options
        self.services = services
        let sourceTag = catalogs.first.flatMap { LocaleTag($0.sourceLanguage) } ?? LocaleTag("en")!
        sourceLanguage = sourceTag
        var all = catalogs + (options.includesBuiltin ? BuiltinCatalogs.roles : [])
        var targets = (locales ?? Self.locales(of: catalogs, source: sourceTag)).map { Target(locale: $0, pseudo: nil) }
        for pseudo in pseudoLocales {
            let tag = pseudo.tag(sourceLanguage: sourceTag)
            all = all.map { pseudo.adding(to: $0, tag: tag) }
            targets.append(Target(locale: tag, pseudo: pseudo))
        }
        self.catalogs = all
        self.targets = targets
        let devices = options.devices ?? Self.deviceClasses(in: catalogs)
        var presenters: [ToastRole: LinePresenter] = [:]
        for role in ToastRole.allCases {
            let lines = options.truncates ? options.budget(for: role).lines : nil
            presenters[role] = LinePresenter(options: .init(width: options.width, color: false, symbols: options.symbols,
                                                            ambiguousWidth: options.ambiguousWidth, maxLines: lines),
                                             services: services)
        }
        self.presenters = presenters
        let prepared = targets.map { target in
            var localizers: [String: Localizer] = [:]
            for device in Set(devices + ["other"]) {
                localizers[device] = Localizer(catalogs: all, includeBuiltin: false, preferences: [target.locale],
                                               device: device, services: services)
            }
            return Prepared(target: target, localizers: localizers, samples: Self.samples(for: target.locale, services: services))
        }
        self.prepared = prepared
        source = prepared.first { $0.target.locale == sourceTag && $0.target.pseudo == nil }
            ?? Prepared(target: Target(locale: sourceTag, pseudo: nil),
                        localizers: ["other": Localizer(catalogs: all, includeBuiltin: false, preferences: [sourceTag], device: "other",
                                                        services: services)],
                        samples: Self.samples(for: sourceTag, services: services))
    }

    /// Every toast × locale, in output order.
    public var cases: [Case] {
        toasts.indices.flatMap { index in
            targets.indices.map { Case(toastIndex: index, toast: toasts[index].id, target: targets[$0], targetIndex: $0) }
        }
    }

    /// Renders and checks every cell, on all cores (or on the calling thread alone when
    /// `concurrently` is false, as the benchmark measures it against plain resolving and
    /// rendering).
    public func run(concurrently: Bool = true) -> MatrixResult {
        let cases = cases
        if !concurrently { return MatrixResult(blocks: cases.map(run)) }
        let slots = Locked<[MatrixBlock?]>(Array(repeating: nil, count: cases.count))
        let workers = min(max(cases.count, 1), 4 * Parallel.processorCount)
        Parallel.forEach(workers) { worker in
            var local: [(Int, MatrixBlock)] = []
            var index = worker
            while index < cases.count {
                local.append((index, run(cases[index])))
                index += workers
            }
            slots.withLock { slots in for (index, block) in local { slots[index] = block } }
        }
        return MatrixResult(blocks: slots.withLock { $0.compactMap { $0 } })
    }

    /// Renders and checks one toast in one locale.
    public func run(_ matrixCase: Case) -> MatrixBlock {
        let toast = toasts[matrixCase.toastIndex]
        let prepared = prepared.indices.contains(matrixCase.targetIndex) && prepared[matrixCase.targetIndex].target == matrixCase.target
            ? prepared[matrixCase.targetIndex] : prepared.first { $0.target == matrixCase.target } ?? self.prepared[0]
        return block(toast, prepared)
    }
}

extension LocaleMatrix {
    /// The locales of `catalogs` as tags, the source language first, then in code-point
    /// order; `Base` and `mul` (no language) left out.
    static func locales(of catalogs: [StringCatalog], source: LocaleTag) -> [LocaleTag] {
        var seen: Set<LocaleTag> = [source]
        var result: [LocaleTag] = []
        for catalog in catalogs {
            for code in catalog.localeCodes where code != "Base" && code != "mul" {
                guard let tag = LocaleTag(code), seen.insert(tag).inserted else { continue }
                result.append(tag)
            }
        }
        result.sort { $0.identifier.unicodeScalars.lexicographicallyPrecedes($1.identifier.unicodeScalars) }
        return [source] + result
    }

    /// The device classes any value of `catalogs` varies by, sorted.
    static func deviceClasses(in catalogs: [StringCatalog]) -> [String] {
        var devices: Set<String> = []
        func visit(_ value: LocalizedValue) {
            for (device, branch) in value.device {
                devices.insert(device)
                visit(branch)
            }
            for branch in value.plural.values { visit(branch) }
        }
        for catalog in catalogs {
            for entry in catalog.entries.values {
                for value in entry.localizations.values where !value.device.isEmpty || !value.plural.isEmpty { visit(value) }
            }
        }
        return devices.sorted()
    }

    /// One sample per CLDR category of `locale`: the smallest non-zero integer (0 only for a
    /// category 0 alone reaches), and a decimal of at least 1 that is not whole where there is one
    /// (`1.1` in Russian `other`).
    static func samples(for locale: LocaleTag, services: ICUServices) -> [Sample] {
        guard let rules = try? services.pluralRules(locale) else {
            return [Sample(category: .other, integer: 2, decimal: "1.5")]
        }
        return rules.samples(limit: 40, services: services)
            .sorted { $0.category < $1.category }
            .map { entry in
                let integer = entry.integers.first { $0 != "0" } ?? entry.integers.first
                // A decimal that reads as one: at least 1 and not whole (1.5 rather than 0.0).
                let decimal = entry.decimals.first { text in Double(text).map { $0 >= 1 && $0 != $0.rounded() } ?? false }
                    ?? entry.decimals.first { (Double($0) ?? 0) >= 1 } ?? entry.decimals.first
                return Sample(category: entry.category, integer: integer.flatMap { Int64($0) }, decimal: decimal,
                              // 0 last: where a value has Apple's zero form, 0 selects that instead.
                              otherIntegers: entry.integers.compactMap { Int64($0) }.filter { String($0) != integer }
                                  .sorted { ($0 == 0 ? 1 : 0, $0) < ($1 == 0 ? 1 : 0, $1) },
                              otherDecimals: entry.decimals.filter { $0 != decimal && (Double($0) ?? 0) != 0 })
            }
    }
}

extension LocaleMatrix.Options {
    /// Applies a budget written `[LOCALE:]ROLE=N` (`error=60`, `all=72`, `de:all=90`,
    /// `double:error=120`): a width in cells, or with `lines` a number of lines, for a role
    /// (`all`: every role without its own), in every locale or in one locale or pseudo-locale
    /// (`LOCALE` a tag as the matrix shows it, or `accented`, `double`, `rtl`, `bounded`).
    /// A budget covers the whole presented line: role word, title, message and action labels.
    ///
    /// - Returns: what is wrong with `text`, or `nil` when it was applied.
    public mutating func applyBudget(_ text: String, lines: Bool) -> String? {
        let parts = text.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, let value = Int(parts[1]), value >= 1, value <= 10_000 else {
            return "expected [LOCALE:]ROLE=N with N from 1 to 10000 (ROLE: success, error, warning, info or all), got “\(text.prefix(80))”"
        }
        var role = Substring(parts[0])
        var scope: String?
        if let colon = role.lastIndex(of: ":") {
            scope = String(role[..<colon])
            role = role[role.index(after: colon)...]
            if scope!.isEmpty || scope!.contains(where: { $0 == " " || $0 == "=" }) {
                return "expected a locale or pseudo-locale before “:”, got “\(text.prefix(80))”"
            }
        }
        let parsed: ToastRole?
        if role == "all" {
            parsed = nil
        } else if let known = ToastRole(rawValue: String(role)) {
            parsed = known
        } else {
            return "unknown role “\(role.prefix(40))” (expected success, error, warning, info or all)"
        }
        func set(_ budget: inout LocaleMatrix.Budget) {
            if lines { budget.lines = value } else { budget.cells = value }
        }
        if let scope {
            guard let key = PseudoLocale(rawValue: scope)?.rawValue ?? LocaleTag(scope)?.identifier else {
                return "“\(scope.prefix(40))” is neither a locale tag nor a pseudo-locale (accented, double, rtl, bounded)"
            }
            var local = localeBudgets[key] ?? LocaleMatrix.LocaleBudgets()
            if let parsed { set(&local.roles[parsed, default: LocaleMatrix.Budget()]) } else { set(&local.all) }
            localeBudgets[key] = local
        } else if let parsed {
            set(&budgets[parsed, default: LocaleMatrix.Budget()])
        } else {
            set(&defaultBudget)
        }
        return nil
    }

    /// Applies a severity written `KIND=LEVEL` (`width-budget=warning`, `fallback=error`).
    ///
    /// - Returns: what is wrong with `text`, or `nil` when it was applied.
    public mutating func applySeverity(_ text: String) -> String? {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        let kinds = MatrixFinding.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        guard parts.count == 2, let kind = MatrixFinding.Kind(rawValue: parts[0]) else {
            return "expected KIND=LEVEL with KIND one of \(kinds), got “\(text.prefix(80))”"
        }
        guard let severity = Severity(rawValue: parts[1]) else {
            return "expected error, warning or note after “\(parts[0])=”, got “\(parts[1].prefix(40))”"
        }
        severities[kind] = severity
        return nil
    }
}

extension PseudoLocale {
    /// Parses `all`, `none` or a comma-separated list (`accented,rtl`).
    ///
    /// - Returns: the pseudo-locales, or `nil` when a name is unknown.
    public static func list(_ text: String) -> [PseudoLocale]? {
        switch text {
        case "all": return allCases
        case "none", "": return []
        default:
            var result: [PseudoLocale] = []
            for name in text.split(separator: ",") {
                guard let pseudo = PseudoLocale(rawValue: name.trimmingSpaces) else { return nil }
                if !result.contains(pseudo) { result.append(pseudo) }
            }
            return result
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

extension LocaleMatrix {
    /// A matrix of the catalogs at `catalogPaths` (files, `.lproj` folders or trees, read as
    /// `toastkit matrix` reads them), with the toasts of the spec file `toastSpec` (see
    /// ``ToastSpec``), or one info toast per key when it is `nil` (roles set by `roles`).
    ///
    /// ```swift
    /// let matrix = try LocaleMatrix(catalogPaths: ["Sources/App/Localizable.xcstrings"],
    ///                               toastSpec: "Tests/AppTests/toasts.json")
    /// ```
    ///
    /// - Throws: ``CatalogError`` naming the file, line and column of what cannot be read.
    public init(catalogPaths: [String], toastSpec: String? = nil, roles: [ToastSpec.RoleRule] = [],
                locales: [LocaleTag]? = nil, pseudoLocales: [PseudoLocale] = PseudoLocale.allCases,
                options: Options = Options(), limits: CatalogLimits = .standard,
                services: ICUServices = ICUServices()) throws(CatalogError) {
        guard !catalogPaths.isEmpty else {
            throw CatalogError(location: SourceLocation(file: "catalogPaths", line: 1, column: 1), rule: .matrixInput,
                               message: "expected at least one catalog path")
        }
        let catalogs = try CatalogSet.load(paths: catalogPaths, limits: limits).tables
        let toasts = try toastSpec.map { (path) throws(CatalogError) in
            try ToastSpec.toasts(from: try CatalogLoader.bytes(ofFile: path, limits: limits), file: path)
        } ?? ToastSpec.generated(from: catalogs, roles: roles)
        self.init(catalogs: catalogs, toasts: toasts, locales: locales, pseudoLocales: pseudoLocales, options: options,
                  services: services)
    }
}
