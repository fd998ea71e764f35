import ToastCatalog
/// The project settings of `toastkit lint`, read from `.toastkit-lint.json`:
///
/// ```json
/// {
///   "sourceLanguage": "en",
///   "locales": ["de", "fr", "ja"],
///   "rules": { "missing-comment": "off", "unchanged-translation": "warning" },
///   "disabled": ["preserved-token"],
///   "overrides": [
///     { "tables": ["Debug"], "keys": ["debug.*"], "locales": ["ar"], "rules": { "missing-translation": "off" } }
///   ],
///   "doNotTranslate": ["ToastKit", "GitHub"],
///   "widthBudgets": { "toast.*": 60 }
/// }
/// ```
///
/// `locales` is the project's set (others are `obsolete-translation`; missing ones are
/// `missing-translation`); without it, every locale a catalog has. Override globs use `*`
/// and `?`; later overrides win. `widthBudgets` maps key globs to the widest line, in
/// terminal cells, that a value of those keys may have (rule `width-budget`).
public struct LintConfiguration: Sendable, Equatable {
    /// Severity changes for some tables, keys or locales.
    public struct Override: Sendable, Equatable {
        /// Table names (globs); empty means every table.
        public var tables: [String] = []
        /// Key globs; empty means every key.
        public var keys: [String] = []
        /// Locales (globs); empty means every locale.
        public var locales: [String] = []
        /// Rule id → severity, `nil` for off.
        public var rules: [RuleID: Severity?] = [:]

        /// An override; empty lists match everything.
        public init(tables: [String] = [], keys: [String] = [], locales: [String] = [], rules: [RuleID: Severity?] = [:]) {
            self.tables = tables
            self.keys = keys
            self.locales = locales
            self.rules = rules
        }
    }

    /// The language the keys are written in, for `.lproj` trees (a String Catalog names its own).
    public var sourceLanguage: String?
    /// The project's locales; `nil` for all that appear.
    public var locales: [String]?
    /// Rule id → severity, `nil` for off.
    public var rules: [RuleID: Severity?] = [:]
    /// Per table, key and locale changes, applied in order after `rules`.
    public var overrides: [Override] = []
    /// Terms kept as they are in every language (`preserved-token`, `unchanged-translation`).
    public var doNotTranslate: [String] = []
    /// Whether the checker clears plain target texts with a byte scan before the full rules.
    /// The findings are the same either way; off is slower and exists to verify that (the
    /// tests and the `lint` fuzz target compare both).
    @_spi(Verification) public var usesQuickScan = true
    /// Key glob → widest line in terminal cells.
    public var widthBudgets: [(glob: String, cells: Int)] = []
    /// Whether the text output lists note-level findings (`"notes": true`); they are counted
    /// either way, and JSON and SARIF always hold them.
    public var listsNotes = false

    /// The defaults: every rule at its default severity, every locale, no terms or budgets.
    public init() {}

    /// Equal when every setting is (width budgets compared in order).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sourceLanguage == rhs.sourceLanguage && lhs.locales == rhs.locales && lhs.rules == rhs.rules
            && lhs.overrides == rhs.overrides && lhs.doNotTranslate == rhs.doNotTranslate
            && lhs.widthBudgets.map(\.glob) == rhs.widthBudgets.map(\.glob)
            && lhs.widthBudgets.map(\.cells) == rhs.widthBudgets.map(\.cells)
    }

    /// The severity of `rule` for one leaf, or `nil` when the rule is off there.
    public func severity(of rule: LintRule, table: String, key: String, locale: String) -> Severity? {
        var result: Severity? = rule.defaultSeverity
        if let configured = rules[rule.id] { result = configured }
        for override in overrides {
            guard let configured = override.rules[rule.id] else { continue }
            guard override.tables.isEmpty || override.tables.contains(where: { Glob.matches($0, table) }),
                  override.keys.isEmpty || override.keys.contains(where: { Glob.matches($0, key) }),
                  override.locales.isEmpty || override.locales.contains(where: { Glob.matches($0, locale) })
            else { continue }
            result = configured
        }
        return result
    }

    /// The width budget of a key, if one is configured (the last matching glob wins).
    public func widthBudget(forKey key: String) -> Int? {
        widthBudgets.last { Glob.matches($0.glob, key) }?.cells
    }

    /// Reads a configuration file's bytes; errors name file:line:column.
    public init(json bytes: [UInt8], file: String) throws(CatalogError) {
        let root = try JSONParser.parse(bytes, file: file)
        func fail(_ member: JSONMember?, _ message: String) -> CatalogError {
            CatalogError(location: SourceLocation(file: file, line: member?.line ?? 1, column: member?.column ?? 1),
                         rule: .lintConfig, message: message)
        }
        func strings(_ member: JSONMember) throws(CatalogError) -> [String] {
            guard case .array(let items) = member.value else { throw fail(member, "expected \"\(member.key)\" to be an array of strings") }
            var result: [String] = []
            for item in items {
                guard case .string(let text) = item else { throw fail(member, "expected \"\(member.key)\" to hold strings only") }
                result.append(text)
            }
            return result
        }
        func severities(_ member: JSONMember) throws(CatalogError) -> [RuleID: Severity?] {
            guard case .object(let fields) = member.value else { throw fail(member, "expected \"\(member.key)\" to be an object of rule ids") }
            var result: [RuleID: Severity?] = [:]
            for field in fields {
                guard let rule = LintRule.named(field.key) else {
                    throw fail(field, "unknown rule “\(field.key)”; the rules are: \(LintRule.all.map(\.id.rawValue).joined(separator: ", "))")
                }
                guard case .string(let text) = field.value else { throw fail(field, "expected \"error\", \"warning\", \"note\" or \"off\"") }
                if text == "off" {
                    result[rule.id] = .some(nil)
                } else if let severity = Severity(rawValue: text) {
                    result[rule.id] = .some(severity)
                } else {
                    throw fail(field, "expected \"error\", \"warning\", \"note\" or \"off\", found “\(text)”")
                }
            }
            return result
        }
        guard case .object(let members) = root else { throw fail(nil, "expected an object at the top level") }
        self.init()
        for member in members {
            switch member.key {
            case "sourceLanguage":
                guard case .string(let text) = member.value else { throw fail(member, "expected \"sourceLanguage\" to be a string") }
                sourceLanguage = text
            case "locales": locales = try strings(member)
            case "rules": rules.merge(try severities(member)) { $1 }
            case "disabled":
                for id in try strings(member) {
                    guard let rule = LintRule.named(id) else { throw fail(member, "unknown rule “\(id)” in \"disabled\"") }
                    rules[rule.id] = .some(nil)
                }
            case "doNotTranslate": doNotTranslate = try strings(member)
            case "notes":
                guard case .bool(let value) = member.value else { throw fail(member, "expected \"notes\" to be true or false") }
                listsNotes = value
            case "widthBudgets":
                guard case .object(let fields) = member.value else { throw fail(member, "expected \"widthBudgets\" to map key globs to numbers") }
                for field in fields {
                    guard case .number(let digits) = field.value, let cells = Int(digits), cells > 0, cells <= 10_000 else {
                        throw fail(field, "expected a whole number of terminal cells from 1 to 10000")
                    }
                    widthBudgets.append((field.key, cells))
                }
            case "overrides":
                guard case .array(let items) = member.value else { throw fail(member, "expected \"overrides\" to be an array of objects") }
                for item in items {
                    guard case .object(let fields) = item else { throw fail(member, "expected each override to be an object") }
                    var override = Override()
                    for field in fields {
                        switch field.key {
                        case "tables": override.tables = try strings(field)
                        case "keys": override.keys = try strings(field)
                        case "locales": override.locales = try strings(field)
                        case "rules": override.rules = try severities(field)
                        default: throw fail(field, "unknown override member “\(field.key)”; expected tables, keys, locales or rules")
                        }
                    }
                    overrides.append(override)
                }
            default:
                throw fail(member, "unknown member “\(member.key)”; expected sourceLanguage, locales, rules, disabled, overrides, doNotTranslate or widthBudgets")
            }
        }
    }
}

/// Shell-style globs with `*` (any run) and `?` (one character).
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        if !pattern.contains("*") && !pattern.contains("?") { return pattern == text }
        let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                pi += 1; ti += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi; mark = ti; pi += 1
            } else if star >= 0 {
                pi = star + 1; mark += 1; ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
