import ToastICU

/// One string value of a catalog: the normal form for diffing and conformance.
public struct CatalogLeaf: Sendable, Hashable {
    /// The file, as the caller named it.
    public var file: String
    /// The table (the file name without extension).
    public var table: String
    /// The key.
    public var key: String
    /// The canonical BCP 47 locale (`Base` and `mul` stay as written).
    public var locale: String
    /// `""` for a plain value, else the variation path: `plural.one`, `device.mac.plural.few`,
    /// `substitutions.count.plural.other`, and for `.stringsdict` rule types other than plurals
    /// `device.DEV` or `width.N`.
    public var path: String
    /// The text; `nil` for an entry without localizations.
    public var value: String?
    /// The review state; `nil` where the format has none (`.strings`, `.stringsdict`).
    public var state: String?

    /// Creates a leaf.
    public init(file: String, table: String, key: String, locale: String, path: String, value: String?, state: String?) {
        self.file = file
        self.table = table
        self.key = key
        self.locale = locale
        self.path = path
        self.value = value
        self.state = state
    }

    /// The JSON Lines form of `toastkit dump`, fields in the contract's order.
    public var jsonLine: String {
        JSONWriter.string(.members([
            "file": .string(file), "table": .string(table), "key": .string(key), "locale": .string(locale),
            "path": .string(path), "value": .optional(value), "state": .optional(state),
        ]))
    }

    /// Appends ``jsonLine`` and a line feed to UTF-8 bytes, written byte by byte.
    public func appendJSONLine(to out: inout [UInt8]) {
        func field(_ name: StaticString, _ value: String?, first: Bool = false) {
            out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
            if let value { JSONWriter.appendString(value, to: &out) } else { out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }
        }
        field("file", file, first: true)
        field("table", table)
        field("key", key)
        field("locale", locale)
        field("path", path)
        field("value", value)
        field("state", state)
        out.append(contentsOf: [UInt8(ascii: "}"), 0x0A])
    }

    /// Code-point order by (file, table, key, locale, path). UTF-8 bytes sort as their code
    /// points do, so the bytes are compared, field by field, without building anything.
    public static func precedes(_ a: CatalogLeaf, _ b: CatalogLeaf) -> Bool {
        if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
        if a.table != b.table { return a.table.utf8.lexicographicallyPrecedes(b.table.utf8) }
        if a.key != b.key { return a.key.utf8.lexicographicallyPrecedes(b.key.utf8) }
        if a.locale != b.locale { return a.locale.utf8.lexicographicallyPrecedes(b.locale.utf8) }
        return a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
    }
}

extension StringCatalog {
    /// Every leaf of the catalog, sorted in code-point order. `file` is the path to report.
    ///
    /// An entry with no localizations gives one leaf in the source language with value `nil`.
    public func leaves(file: String) -> [CatalogLeaf] {
        var result: [CatalogLeaf] = []
        // Every spelling of a key is its own key to Apple's runtime, so each is listed.
        let spelled = !hasRespelledKeys
            ? keys.lazy.compactMap { key in entry(forKey: key).map { SpelledEntry(key: key, entry: $0) } }.map { $0 }
            : entriesBySpelling()
        // Each distinct locale code is made canonical once (ICU), not once per localization.
        var canonical: [String: String] = [:]
        func normalized(_ code: String) -> String {
            if let known = canonical[code] { return known }
            let found = CatalogLocale.normalize(code)
            canonical[code] = found
            return found
        }
        // For each leaf, the position of its key in `spelled` (for the sort below).
        var keyPositions: [Int32] = []
        for (position, (key, entry)) in spelled.lazy.map({ ($0.key, $0.entry) }).enumerated() {
            defer { keyPositions.append(contentsOf: repeatElement(Int32(position), count: result.count - keyPositions.count)) }
            if entry.localizations.isEmpty {
                result.append(CatalogLeaf(file: file, table: table, key: key, locale: CatalogLocale.normalize(sourceLanguage),
                                          path: "", value: nil, state: nil))
                continue
            }
            for (code, value) in entry.localizations {
                let locale = normalized(code)
                collect(value, path: "", into: &result) { path, unit in
                    CatalogLeaf(file: file, table: table, key: key, locale: locale, path: path, value: unit.value, state: unit.state)
                }
                for member in value.extra where member.key != "variations" {
                    collectRules(member, into: &result) { path, text in
                        CatalogLeaf(file: file, table: table, key: key, locale: locale, path: path, value: text, state: nil)
                    }
                }
            }
        }
        // Indices are sorted, not the leaves: moving a leaf retains and releases its seven
        // strings. File and table are the same for every leaf; without two spellings of one
        // key, keys, locales and paths are each ranked once in code-point order and the
        // leaves sorted by their ranks, which orders them as `CatalogLeaf.precedes` does.
        guard !hasRespelledKeys, spelled.count < Int(Int32.max) else {
            let order = result.indices.sorted { CatalogLeaf.precedes(result[$0], result[$1]) }
            return order.map { result[$0] }
        }
        let keyRanks = Self.ranks(spelled.map(\.key))
        var localeRanks: [String: Int] = [:], pathRanks: [String: Int] = [:]
        for leaf in result {
            localeRanks[leaf.locale] = 0
            pathRanks[leaf.path] = 0
        }
        for (rank, locale) in Self.sortedByCodePoints(Array(localeRanks.keys)).enumerated() { localeRanks[locale] = rank }
        for (rank, path) in Self.sortedByCodePoints(Array(pathRanks.keys)).enumerated() { pathRanks[path] = rank }
        let sortKeys = result.indices.map { index in
            (keyRanks[Int(keyPositions[index])], localeRanks[result[index].locale]!, pathRanks[result[index].path]!)
        }
        let order = result.indices.sorted { sortKeys[$0] < sortKeys[$1] }
        return order.map { result[$0] }
    }

    /// Strings in code-point (UTF-8 byte) order.
    private static func sortedByCodePoints(_ texts: [String]) -> [String] {
        texts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The rank of each of `texts` (all different) in code-point order.
    private static func ranks(_ texts: [String]) -> [Int] {
        var ranks = [Int](repeating: 0, count: texts.count)
        let order = texts.indices.sorted { texts[$0].utf8.lexicographicallyPrecedes(texts[$1].utf8) }
        for (rank, index) in order.enumerated() { ranks[index] = rank }
        return ranks
    }

    private func collect(_ value: LocalizedValue, path: String, into result: inout [CatalogLeaf],
                         _ make: (String, StringUnit) -> CatalogLeaf) {
        func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : a + "." + b }
        if let unit = value.stringUnit { result.append(make(path, unit)) }
        for (category, form) in value.plural { collect(form, path: join(path, "plural." + category.rawValue), into: &result, make) }
        for (device, form) in value.device { collect(form, path: join(path, "device." + device), into: &result, make) }
        for (name, substitution) in value.substitutions {
            for (category, form) in substitution.plural {
                collect(form, path: join(path, "substitutions.\(name).plural.\(category.rawValue)"), into: &result, make)
            }
        }
    }

    /// `.stringsdict` variables of device-specific or variable-width rule type, kept as JSON.
    private func collectRules(_ member: JSONMember, into result: inout [CatalogLeaf], _ make: (String, String) -> CatalogLeaf) {
        guard case .object(let fields) = member.value,
              let type = fields.last(where: { $0.key == "NSStringFormatSpecTypeKey" })?.value.stringValue else { return }
        let prefix = type == "NSStringDeviceSpecificRuleType" ? "device." : type == "NSStringVariableWidthRuleType" ? "width." : nil
        guard let prefix else { return }
        for field in fields where field.key != "NSStringFormatSpecTypeKey" && field.key != "NSStringFormatValueTypeKey" {
            if case .string(let text) = field.value { result.append(make(prefix + field.key, text)) }
        }
    }
}
