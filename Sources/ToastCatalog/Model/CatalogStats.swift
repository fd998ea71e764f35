/// Per-table, per-locale translation coverage.
public struct CatalogStats: Sendable, Equatable {
    /// One row: a table in one locale.
    public struct Row: Sendable, Equatable {
        /// The table.
        public var table: String
        /// The canonical locale.
        public var locale: String
        /// Keys whose every leaf is translated.
        public var translated = 0
        /// Keys with a leaf that needs review.
        public var needsReview = 0
        /// Keys with a new leaf (and none needing review).
        public var new = 0
        /// Keys the locale has no value for.
        public var missing = 0
        /// Keys of an `.lproj` table that this locale translates but the source language does
        /// not have: stale translations, which no code shows. They are not counted in
        /// ``total``, in this locale or any other.
        public var obsolete = 0

        /// Keys that count (all but those marked `shouldTranslate: false`).
        public var total: Int { translated + needsReview + new + missing }
        /// The share translated, 0…1.
        public var coverage: Double { total == 0 ? 1 : Double(translated) / Double(total) }
    }

    /// Rows sorted by table, then locale (code-point order).
    public var rows: [Row]

    /// Counts every key of every table in every locale the table has.
    ///
    /// A key is `translated` when all its leaves in the locale are (formats without states count
    /// a present value as translated), `needs review` when any leaf needs review, `new` when any
    /// is new (and none needs review), `missing` when the locale has no value for it. Keys with
    /// `shouldTranslate: false` are not counted; in String Catalogs a key without any
    /// localization is missing everywhere but the source language. In a table read from
    /// `.lproj` folders that has the source language, a key without a source-language value
    /// is a stale translation: it counts as `obsolete` in the locales that have it, and
    /// nowhere else.
    public init(_ tables: [StringCatalog]) {
        var rows: [Row] = []
        for table in tables {
            var locales = Set<String>()
            for entry in table.entries.values {
                for code in entry.localizations.keys { locales.insert(CatalogLocale.normalize(code)) }
            }
            // String Catalog keys without localizations are source text in the source language.
            if table.entries.values.contains(where: { $0.localizations.isEmpty }) {
                locales.insert(CatalogLocale.normalize(table.sourceLanguage))
            }
            var byLocale: [String: Row] = [:]
            for locale in locales { byLocale[locale] = Row(table: table.table, locale: locale) }
            let source = CatalogLocale.normalize(table.sourceLanguage)
            // In .lproj tables, the source language's keys are the table's keys.
            let sourceDefinesKeys = table.format != .xcstrings && locales.contains(source)
            for key in table.keys {
                guard let entry = table.entries[key], entry.shouldTranslate != false else { continue }
                var normalized: [String: LocalizedValue] = [:]
                for (code, value) in entry.localizations { normalized[CatalogLocale.normalize(code)] = value }
                if sourceDefinesKeys && normalized[source] == nil {
                    for locale in normalized.keys { byLocale[locale]!.obsolete += 1 }
                    continue
                }
                for locale in locales {
                    guard let value = normalized[locale] else {
                        if entry.localizations.isEmpty && locale == CatalogLocale.normalize(table.sourceLanguage) {
                            byLocale[locale]!.translated += 1  // the key is the source text
                        } else {
                            byLocale[locale]!.missing += 1
                        }
                        continue
                    }
                    var states: [String?] = []
                    Self.states(of: value, into: &states)
                    if states.contains("needs_review") { byLocale[locale]!.needsReview += 1 }
                    else if states.contains("new") { byLocale[locale]!.new += 1 }
                    else { byLocale[locale]!.translated += 1 }
                }
            }
            rows += byLocale.values
        }
        self.rows = rows.sorted { a, b in
            a.table != b.table ? a.table.unicodeScalars.lexicographicallyPrecedes(b.table.unicodeScalars)
                : a.locale.unicodeScalars.lexicographicallyPrecedes(b.locale.unicodeScalars)
        }
    }

    static func states(of value: LocalizedValue, into states: inout [String?]) {
        if let unit = value.stringUnit { states.append(unit.state) }
        for form in value.plural.values { Self.states(of: form, into: &states) }
        for form in value.device.values { Self.states(of: form, into: &states) }
        for substitution in value.substitutions.values {
            for form in substitution.plural.values { Self.states(of: form, into: &states) }
        }
    }

    /// A plain-text table for people; the `obsolete` column only when some row has obsolete
    /// keys.
    public var text: String {
        let showsObsolete = rows.contains { $0.obsolete > 0 }
        let header = ["table", "locale", "translated", "needs review", "new", "missing"] + (showsObsolete ? ["obsolete"] : []) + ["coverage"]
        var lines = [header]
        for row in rows {
            let percent = (row.coverage * 1000).rounded() / 10
            lines.append([row.table, row.locale, String(row.translated), String(row.needsReview), String(row.new),
                          String(row.missing)] + (showsObsolete ? [String(row.obsolete)] : []) + ["\(percent)%"])
        }
        let widths = (0..<header.count).map { column in lines.map { $0[column].count }.max() ?? 0 }
        return lines.map { cells in
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
