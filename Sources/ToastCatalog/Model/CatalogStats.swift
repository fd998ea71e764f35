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
            // Each distinct code is made canonical once (a table has a few dozen, its entries
            // hundreds of thousands of localizations), then known by its row's index.
            var rowIndex: [String: Int] = [:]
            var tableRows: [Row] = []
            var codeIndex: [String: Int] = [:]
            func index(ofCanonical locale: String) -> Int {
                if let known = rowIndex[locale] { return known }
                rowIndex[locale] = tableRows.count
                tableRows.append(Row(table: table.table, locale: locale))
                return tableRows.count - 1
            }
            func index(ofCode code: String) -> Int {
                if let known = codeIndex[code] { return known }
                let found = index(ofCanonical: CatalogLocale.normalize(code))
                codeIndex[code] = found
                return found
            }
            for entry in table.entries.values {
                for code in entry.localizations.keys { _ = index(ofCode: code) }
            }
            // String Catalog keys without localizations are source text in the source language.
            let sourceLocale = CatalogLocale.normalize(table.sourceLanguage)
            if table.entries.values.contains(where: { $0.localizations.isEmpty }) { _ = index(ofCanonical: sourceLocale) }
            let source = rowIndex[sourceLocale]
            // In .lproj tables, the source language's keys are the table's keys.
            let sourceDefinesKeys = table.format != .xcstrings && source != nil
            var present = [Bool](repeating: false, count: tableRows.count)
            var counted = present
            for key in table.keys {
                guard let entry = table.entries[key], entry.shouldTranslate != false else { continue }
                for i in present.indices { present[i] = false; counted[i] = false }
                for code in entry.localizations.keys { present[index(ofCode: code)] = true }
                if sourceDefinesKeys, let source, !present[source] {
                    for i in present.indices where present[i] { tableRows[i].obsolete += 1 }
                    continue
                }
                for (code, value) in entry.localizations {
                    let i = index(ofCode: code)
                    guard !counted[i] else { continue }  // two codes of one locale count once
                    counted[i] = true
                    switch Self.state(of: value) {
                    case .needsReview: tableRows[i].needsReview += 1
                    case .new: tableRows[i].new += 1
                    case .translated: tableRows[i].translated += 1
                    }
                }
                for i in present.indices where !present[i] {
                    if entry.localizations.isEmpty && i == source {
                        tableRows[i].translated += 1  // the key is the source text
                    } else {
                        tableRows[i].missing += 1
                    }
                }
            }
            rows += tableRows
        }
        self.rows = rows.sorted { a, b in
            a.table != b.table ? a.table.unicodeScalars.lexicographicallyPrecedes(b.table.unicodeScalars)
                : a.locale.unicodeScalars.lexicographicallyPrecedes(b.locale.unicodeScalars)
        }
    }

    enum State { case translated, needsReview, new }

    /// A localization's state: needs review when any leaf needs review, new when any is new
    /// (and none needs review), else translated (formats without states count a present
    /// value as translated).
    static func state(of value: LocalizedValue) -> State {
        var new = false
        func visit(_ value: LocalizedValue) -> Bool {
            if let unit = value.stringUnit {
                if unit.state == "needs_review" { return true }
                if unit.state == "new" { new = true }
            }
            if value.plural.isEmpty && value.device.isEmpty && value.substitutions.isEmpty { return false }
            for form in value.plural.values where visit(form) { return true }
            for form in value.device.values where visit(form) { return true }
            for substitution in value.substitutions.values {
                for form in substitution.plural.values where visit(form) { return true }
            }
            return false
        }
        if visit(value) { return .needsReview }
        return new ? .new : .translated
    }

    /// A plain-text table for people; the `obsolete` column only when some row has obsolete
    /// keys. Table names and locale codes show their controls, bidi controls and separators
    /// as `<U+XXXX>`.
    public var text: String {
        let showsObsolete = rows.contains { $0.obsolete > 0 }
        let header = ["table", "locale", "translated", "needs review", "new", "missing"] + (showsObsolete ? ["obsolete"] : []) + ["coverage"]
        var lines = [header]
        for row in rows {
            let percent = (row.coverage * 1000).rounded() / 10
            lines.append([CodePoint.visibleLineStart(row.table), CodePoint.visible(row.locale), String(row.translated), String(row.needsReview), String(row.new),
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
