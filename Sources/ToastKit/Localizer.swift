import ToastCatalog
import ToastICU

/// Resolves toasts against catalogs for a locale: lookup with fallback, plural and device
/// variations, safe formatting.
///
/// Lookup follows Apple: for each locale of the fallback chain (`pt-BR`, `pt`, the source
/// language) the catalogs are searched in precedence order (user catalogs before the
/// built-in ones, key by key); then the default value, then the key itself, each with a
/// diagnostic. A plural variation takes `zero` for 0 when the catalog has it (in any
/// language, as Apple does), otherwise ICU's CLDR category for the locale.
///
/// A `Localizer` is immutable and `Sendable`; share one between threads.
public struct Localizer: Sendable {
    /// The catalogs in precedence order.
    public let catalogs: [StringCatalog]
    /// The locale texts are resolved for.
    public let locale: LocaleTag
    /// The lookup chain: the locale's CLDR fallback chain, then the source language.
    public let fallbackChain: [LocaleTag]
    /// The device class for device variations (`iphone`, `mac`…); default `other`.
    public let device: String
    /// Shared ICU handles.
    public let services: ICUServices
    /// Whether interpolated values whose direction conflicts with their text are wrapped in
    /// FSI … PDI (U+2068 … U+2069), so that a Latin file name inside Hebrew text (or Arabic
    /// inside English) keeps its place. Text arguments are then sanitized too.
    public let isolatesArguments: Bool

    /// Per catalog: canonical locale → the code as written in the file.
    private let localeCodes: [[LocaleTag: String]]
    /// Compiled lookups by (table, key), shared by copies of this localizer.
    private let lookups = LookupCache()

    /// Creates a localizer.
    ///
    /// - Parameters:
    ///   - catalogs: user catalogs, highest precedence first.
    ///   - includeBuiltin: whether the built-in role titles, action labels and frame texts
    ///     follow the user catalogs.
    ///   - preferences: preferred locales, most preferred first (from the caller or
    ///     ``LocalePreferences``). The best match among the catalogs' locales wins; with no
    ///     match, or no preference, the source language.
    ///   - device: the device class whose device variations are used (`iphone`, `mac`…);
    ///     `other` for the rest.
    ///   - services: the ICU handles to use (share one between localizers and presenters).
    ///   - isolatesArguments: whether interpolated values are wrapped in FSI … PDI when their
    ///     direction conflicts with the text (see ``isolatesArguments``).
    public init(catalogs: [StringCatalog] = [], includeBuiltin: Bool = true, preferences: [LocaleTag],
                device: String = "other", services: ICUServices = ICUServices(), isolatesArguments: Bool = true) {
        self.isolatesArguments = isolatesArguments
        let all = catalogs + (includeBuiltin ? BuiltinCatalogs.roles : [])
        self.catalogs = all
        self.device = device
        self.services = services
        var codes: [[LocaleTag: String]] = []
        var available: [LocaleTag] = []
        for catalog in all {
            var map: [LocaleTag: String] = [:]
            for code in catalog.localeCodes {
                guard let tag = LocaleTag(code), map[tag] == nil else { continue }
                map[tag] = code
                if !available.contains(tag) { available.append(tag) }
            }
            codes.append(map)
        }
        localeCodes = codes
        let source = all.first.flatMap { LocaleTag($0.sourceLanguage) } ?? LocaleTag("en")!
        let chosen = LocaleTag.bestMatch(for: preferences, in: available) ?? source
        locale = chosen
        var chain = chosen.fallbackChain
        if !chain.contains(source) { chain.append(source) }
        fallbackChain = chain
    }

    /// Whether some catalog (the built-in ones included) has a locale of `tag`'s language.
    public func offersLanguage(of tag: LocaleTag) -> Bool {
        localeCodes.contains { codes in codes.keys.contains { $0.language == tag.language } }
    }

    /// Resolves every text of `toast`.
    public func resolve(_ toast: Toast) -> ResolvedToast {
        resolve(toast, tracing: false)
    }

    /// Resolves every text of `toast`; with `tracing`, the result's
    /// ``ResolvedToast/traces`` say, per text, which locale's value was used and which
    /// variation paths were taken (the locale matrix uses them to find variants no sample
    /// reaches).
    public func resolve(_ toast: Toast, tracing: Bool) -> ResolvedToast {
        var diagnostics: [ToastDiagnostic] = []
        var traces: [TextTrace] = []
        func text(_ field: TextTrace.Field, _ text: ToastText) -> String {
            guard tracing else { return string(text, &diagnostics) }
            let result = resolution(of: text, recordingPaths: true)
            if !result.diagnostics.isEmpty { diagnostics += result.diagnostics }
            if case .key(let key, let table, _, _) = text {
                traces.append(TextTrace(field: field, key: key, table: table, locale: result.locale, paths: result.paths))
            }
            return result.text
        }
        let roleLabel = text(.role, .key(key: toast.role.titleKey, table: BuiltinCatalogs.table))
        var title: String?
        if case .custom(let custom) = toast.title { title = text(.title, custom) }
        let subtitle = toast.subtitle.map { text(.subtitle, $0) }
        let message = text(.message, toast.message)
        var actions: [String] = []
        actions.reserveCapacity(toast.actions.count)
        for (index, action) in toast.actions.enumerated() { actions.append(text(.action(index), action.label)) }
        let chrome = ResolvedToast.Chrome(
            labelFormat: template("toastkit.label-format", default: ResolvedToast.Chrome.english.labelFormat, &diagnostics),
            actionsWord: toast.actions.isEmpty ? ResolvedToast.Chrome.english.actionsWord
                : string(.key(key: "Actions", table: BuiltinCatalogs.table), &diagnostics),
            titleSeparator: template("toastkit.title-separator", default: ResolvedToast.Chrome.english.titleSeparator, &diagnostics))
        let direction = TextDirection.firstStrong(in: roleLabel + message) ?? (locale.isRightToLeft ? .rightToLeft : .leftToRight)
        // Every text final: sanitized here, so that presenters, JSON output and checks read the
        // same safe text and never clean it themselves.
        let shownActions = actions.map { Sanitizer.clean($0) }
        let listed = shownActions.filter { !$0.isEmpty }
        var progressText: String?
        if case .progress(let fraction) = toast.style {
            let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
            progressText = (try? services.numberFormatter(locale, skeleton: "percent scale/100 precision-integer").format(clamped))
                ?? "\(Int(clamped * 100))%"
        }
        return ResolvedToast(id: toast.id, role: toast.role, style: toast.style, locale: locale,
                             fallbackChain: fallbackChain, roleLabel: Sanitizer.clean(roleLabel), title: title.map { Sanitizer.clean($0) },
                             subtitle: subtitle.map { Sanitizer.clean($0) }, message: Sanitizer.clean(message, newlines: .keep),
                             actions: shownActions,
                             actionList: listed.isEmpty ? nil : (try? services.listFormatter(locale).format(listed)) ?? listed.joined(separator: ", "),
                             progressText: progressText, direction: direction,
                             chrome: ResolvedToast.Chrome(labelFormat: Sanitizer.clean(chrome.labelFormat),
                                                          actionsWord: Sanitizer.clean(chrome.actionsWord),
                                                          titleSeparator: Sanitizer.clean(chrome.titleSeparator)),
                             diagnostics: diagnostics, traces: traces)
    }

    /// The catalog value that lookup uses for `key` in `locale`: the first catalog in
    /// precedence order (of `table`, or any table when `nil`) with a localization for it;
    /// `nil` when none has one.
    public func catalogValue(forKey key: String, table: String?, locale: LocaleTag) -> LocalizedValue? {
        for (index, catalog) in catalogs.enumerated() where table == nil || catalog.table == table {
            if let code = localeCodes[index][locale], let value = catalog.localization(forKey: key, locale: code) { return value }
        }
        return nil
    }

    /// A frame text of the built-in table taken as written (it is itself a pattern, such as
    /// `%@: `), with locale fallback; `fallback` when no catalog has it.
    func template(_ key: String, default fallback: String, _ diagnostics: inout [ToastDiagnostic]) -> String {
        for tag in fallbackChain {
            for (index, catalog) in catalogs.enumerated() where catalog.table == BuiltinCatalogs.table {
                if let code = localeCodes[index][tag], let value = catalog.localization(forKey: key, locale: code)?.stringUnit?.value {
                    return value
                }
            }
        }
        diagnostics.append(ToastDiagnostic(.warning, .missingKey, "no catalog has the frame text “\(key)”; used “\(fallback)”"))
        return fallback
    }

    /// Resolves one text, appending what went wrong to `diagnostics`.
    public func string(_ text: ToastText, _ diagnostics: inout [ToastDiagnostic]) -> String {
        let result = resolution(of: text, recordingPaths: false)
        if !result.diagnostics.isEmpty { diagnostics += result.diagnostics }
        return result.text
    }

    /// Resolves one text and reports how: the locale whose value was used, the variation
    /// paths chosen and the diagnostics.
    ///
    /// ```swift
    /// localizer.resolution(of: "\(3) files").paths  // ["plural.few"] in Russian
    /// ```
    public func resolution(of text: ToastText) -> TextResolution {
        resolution(of: text, recordingPaths: true)
    }

    func resolution(of text: ToastText, recordingPaths: Bool) -> TextResolution {
        switch text {
        case .verbatim(let value):
            return TextResolution(text: value, locale: nil, paths: [], diagnostics: [])
        case .key(let key, let table, let arguments, let defaultValue):
            var diagnostics: [ToastDiagnostic] = []
            let cacheKey = LookupCache.Key(table: table, key: key)
            let entry: LookupCache.Entry
            if let hit = lookups.cached(cacheKey) {
                entry = hit
            } else {
                entry = lookUp(key, table: table)
                lookups.store(entry, for: cacheKey)
            }
            for candidate in entry.candidates {
                if candidate.step > 0 {
                    diagnostics.append(ToastDiagnostic(.warning, .missingTranslation,
                        "“\(key)” has no \(locale.identifier) translation; used \(candidate.tag.identifier)"))
                }
                var formatter = ArgumentFormatter(engine: candidate.engine, arguments: arguments)
                formatter.key = key
                formatter.recordsPaths = recordingPaths
                let result = resolve(candidate.value, key: key, depth: 0, formatter: &formatter)
                if formatter.missingPluralForm && candidate.step + 1 < fallbackChain.count {
                    diagnostics += formatter.diagnostics
                    continue
                }
                if !formatter.diagnostics.isEmpty { diagnostics += formatter.diagnostics }
                return TextResolution(text: result, locale: candidate.tag, paths: formatter.paths, diagnostics: diagnostics)
            }
            // An entry with no localizations: its key is the source text.
            let isolation = isolatesArguments
                ? TextDirection.firstStrong(in: defaultValue ?? key) ?? (locale.isRightToLeft ? .rightToLeft : .leftToRight) : nil
            var formatter = ArgumentFormatter(engine: FormatEngine(locale: locale, services: services, isolation: isolation), arguments: arguments)
            formatter.key = key
            if !entry.keyExists {
                diagnostics.append(ToastDiagnostic(.warning, .missingKey, defaultValue == nil
                    ? "no catalog has the key “\(key)”; showing the key" : "no catalog has the key “\(key)”; used its default value"))
            }
            let result = formatter.format(defaultValue ?? key)
            return TextResolution(text: result, locale: nil, paths: [], diagnostics: diagnostics + formatter.diagnostics)
        }
    }

    /// Finds a key's values along the fallback chain (the first catalog in precedence order
    /// that has a localization, per locale) and compiles them.
    private func lookUp(_ key: String, table: String?) -> LookupCache.Entry {
        var candidates: [LookupCache.Candidate] = []
        for (step, tag) in fallbackChain.enumerated() {
            for (index, catalog) in catalogs.enumerated() where table == nil || catalog.table == table {
                guard let code = localeCodes[index][tag], let value = catalog.localization(forKey: key, locale: code) else { continue }
                let direction: TextDirection = tag.isRightToLeft ? .rightToLeft : .leftToRight
                candidates.append(LookupCache.Candidate(tag: tag, step: step, value: CompiledValue(value),
                    engine: FormatEngine(locale: tag, services: services, isolation: isolatesArguments ? direction : nil)))
                break
            }
        }
        let exists = catalogs.contains { (table == nil || $0.table == table) && $0.contains(key: key) }
        return LookupCache.Entry(candidates: candidates, keyExists: exists)
    }

    private func resolve(_ value: CompiledValue, key: String, depth: Int, path: String = "", formatter: inout ArgumentFormatter) -> String {
        guard depth < 8 else {
            formatter.diagnostics.append(ToastDiagnostic(.error, .variationDepth, "“\(key)” nests variations deeper than 8 levels"))
            return key
        }
        if !value.device.isEmpty {
            let name = value.device[device] != nil ? device : "other"
            if let branch = value.device[name] {
                let next = formatter.recordsPaths ? path + "device.\(name)." : path
                return resolve(branch, key: key, depth: depth + 1, path: next, formatter: &formatter)
            }
            formatter.diagnostics.append(ToastDiagnostic(.warning, .variationMissingOther,
                "“\(key)” has no device form for \(device) and no “other”"))
        }
        if !value.plural.isEmpty {
            let argument = formatter.arguments.first { $0.numericValue != nil } ?? .int(0)
            if let (branch, category) = formatter.pluralForm(value.plural, for: argument, fractionDigits: value.pluralFractionDigits) {
                let next = formatter.recordsPaths ? path + "plural.\(category.rawValue)." : path
                return resolve(branch, key: key, depth: depth + 1, path: next, formatter: &formatter)
            }
            formatter.missingPluralForm = true
        }
        if !path.isEmpty { formatter.paths.append(String(path.dropLast())) }  // empty unless recording
        guard let unit = value.unit else {
            formatter.diagnostics.append(ToastDiagnostic(.warning, .missingValue, "“\(key)” has no value in \(formatter.locale.identifier); showing the key"))
            return formatter.format(key)
        }
        return formatter.format(unit, substitutions: value.substitutions)
    }
}

/// How one text of a toast was resolved (see ``Localizer/resolve(_:tracing:)``).
public struct TextTrace: Sendable, Hashable {
    /// Which text of the toast.
    public enum Field: Sendable, Hashable, CustomStringConvertible {
        /// The role word (`Error`).
        case role
        /// The custom title.
        case title
        /// The subtitle.
        case subtitle
        /// The message.
        case message
        /// The action label at this index.
        case action(Int)

        /// `role`, `title`, `subtitle`, `message`, `action 1` (1-based).
        public var description: String {
            switch self {
            case .role: "role"
            case .title: "title"
            case .subtitle: "subtitle"
            case .message: "message"
            case .action(let index): "action \(index + 1)"
            }
        }
    }

    /// Which text.
    public var field: Field
    /// Its key.
    public var key: String
    /// Its table; `nil` for any.
    public var table: String?
    /// The locale whose catalog value was used; `nil` for a default value or the key shown.
    public var locale: LocaleTag?
    /// The variation paths taken (`plural.few`, `substitutions.n.plural.one`).
    public var paths: [String]

    /// Creates a trace.
    public init(field: Field, key: String, table: String?, locale: LocaleTag?, paths: [String]) {
        self.field = field
        self.key = key
        self.table = table
        self.locale = locale
        self.paths = paths
    }
}

/// How one text was resolved.
public struct TextResolution: Sendable, Hashable {
    /// The text.
    public var text: String
    /// The locale whose catalog value was used; `nil` for verbatim text, default values and
    /// keys shown as themselves.
    public var locale: LocaleTag?
    /// The variation paths chosen, in the order they were taken: `plural.few`,
    /// `device.mac.plural.one`, `substitutions.count.plural.many`.
    public var paths: [String]
    /// What went wrong or fell back.
    public var diagnostics: [ToastDiagnostic]
}
