import ToastSupport

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
    /// is new (and none needs review), `missing` when the locale has no value for it; a key
    /// with two codes of one locale (`pt_BR` and `pt-BR`) counts once, in the less finished of
    /// their states (which one a dictionary yields first would differ from run to run). Keys with
    /// `shouldTranslate: false` are not counted; in String Catalogs a key without any
    /// localization is missing everywhere but the source language. In a table read from
    /// `.lproj` folders that has the source language, a key without a source-language value
    /// is a stale translation: it counts as `obsolete` in the locales that have it, and
    /// nowhere else.
    public init(_ tables: [StringCatalog]) {
        var rows: [Row] = []
        for table in tables {
            if let layers = table.layers, let counted = Self.rowsByPresence(table: table, layers: layers) {
                rows += counted
                continue
            }
            if table.format == .xcstrings, let tally = table.stateTally, let counted = Self.rows(table: table, tally: tally) {
                rows += counted
                continue
            }
            var locales = LocaleRows(table: table.table)
            // Counts do not depend on the order of the entries: they are taken as stored.
            let entries = Array(table.entries.values)
            var codes = CodeRows()
            for entry in entries {
                codes.rows(of: entry.localizations) { locales.row(ofCode: $0) }
            }
            // String Catalog keys without localizations are source text in the source language.
            let sourceLocale = CatalogLocale.normalize(table.sourceLanguage)
            if entries.contains(where: { $0.localizations.isEmpty }) { _ = locales.row(ofCanonical: sourceLocale) }
            var tableRows = locales.rows
            let counting = Counting(rowCount: tableRows.count, source: locales.byLocale[sourceLocale],
                                    // In .lproj tables, the source language's keys are the table's keys.
                                    sourceDefinesKeys: table.format != .xcstrings && locales.byLocale[sourceLocale] != nil,
                                    codeIndex: locales.byCode)
            // Each core counts a slice of the entries; the slices' counts are added.
            let slices = Parallel.slices(of: entries.count, into: entries.count < 1024 ? 1 : Parallel.processorCount)
            let counts = Parallel.map(slices.count) { counting.count(entries[slices[$0]]) }
            for sliceCounts in counts {
                for (i, count) in sliceCounts.enumerated() {
                    tableRows[i].translated += count.translated
                    tableRows[i].needsReview += count.needsReview
                    tableRows[i].new += count.new
                    tableRows[i].missing += count.missing
                    tableRows[i].obsolete += count.obsolete
                }
            }
            rows += tableRows
        }
        self.rows = rows.sorted { a, b in
            a.table != b.table ? a.table.unicodeScalars.lexicographicallyPrecedes(b.table.unicodeScalars)
                : a.locale.unicodeScalars.lexicographicallyPrecedes(b.locale.unicodeScalars)
        }
    }

    /// Whether a flat table holds a `.strings` file's texts (not a `.stringsdict` file's keys).
    private static func holdsTexts(_ table: StringsTable) -> Bool {
        if case .texts = table.values { return true }
        return false
    }

    /// The rows of a table read from `.lproj` files, counted from which locales have each key,
    /// straight from its files (``CatalogLayers``), without merging their entries: `.strings`
    /// and `.stringsdict` values have no states, so a value present is translated.
    ///
    /// `nil` (count the merged entries) when a layer holds a value with a state other than
    /// translated or a key marked not to translate (a String Catalog merged in), or when a key
    /// is spelled two ways (the merged entries keep one spelling's).
    static func rowsByPresence(table: StringCatalog, layers: CatalogLayers) -> [Row]? {
        guard table.format != .xcstrings else { return nil }
        // One pass checks every layer and finds every row, and notes the rows of each key of
        // the entry layers, so that marking the keys below looks no entry up again. Every row
        // is known before the keys are marked, so that each key's locales fit in a fixed
        // number of words.
        var locales = LocaleRows(table: table.table)
        var noted: [NotedRows?] = []
        noted.reserveCapacity(layers.layers.count)
        // The entry layers' codes, key by key, looked up on all cores (a dictionary lookup per
        // key and a walk of its localizations: for the 40 `.stringsdict` files of the bench
        // tree, when a states read kept them as entries, 45 M instructions on one core while the
        // other waited); their rows are then found in layer order.
        let layerList = layers.layers
        let entryCodes = Parallel.map(layerList.count) { index -> LayerCodes? in
            guard case .entries(let entries, let keys, let respelled) = layerList[index].source else { return nil }
            var made = LayerCodes()
            guard respelled.isEmpty else { return made.refuse() }
            // The entries of the layer's keys, as the merged dictionary takes them.
            for key in keys {
                guard let entry = entries[key] else {
                    made.endKey(present: false)
                    continue
                }
                guard entry.shouldTranslate != false, !entry.localizations.isEmpty else { return made.refuse() }
                for (code, value) in entry.localizations {
                    guard state(of: value) == .translated else { return made.refuse() }
                    made.append(code)
                }
                made.endKey(present: true)
            }
            return made
        }
        // The first flat file with keys of each kind (`.strings` texts, `.stringsdict` keys) is
        // the one the others of its kind are compared with, at the same position (below): a
        // tree's `.stringsdict` files list their keys alike, not as its `.strings` files do.
        // The comparisons are made on all cores.
        let referenceIndices = [true, false].map { texts in
            layerList.firstIndex { if case .strings(let file) = $0.source { file.count > 0 && Self.holdsTexts(file) == texts } else { false } }
        }
        let sameKeyAsReference = Parallel.map(layerList.count) { index -> [Bool] in
            guard case .strings(let file) = layerList[index].source, let referenceIndex = referenceIndices[Self.holdsTexts(file) ? 0 : 1],
                  index > referenceIndex, case .strings(let reference) = layerList[referenceIndex].source else { return [] }
            return (0..<min(file.count, reference.count)).map { file.keyBytes(at: $0, equalKeyAt: $0, of: reference) }
        }
        for (index, layer) in layerList.enumerated() {
            switch layer.source {
            case .strings(let file):
                guard file.respelled.isEmpty else { return nil }
                if file.count > 0 { _ = locales.row(ofCode: file.locale) }
                noted.append(nil)
            case .entries:
                guard let made = entryCodes[index], !made.refused else { return nil }
                // Each distinct code's row, found in the order the codes first come.
                noted.append(NotedRows(made, codeRows: made.distinct.map { locales.row(ofCode: $0) }))
            }
        }
        var tableRows = locales.rows
        let words = max(1, (tableRows.count + 63) / 64)
        // Per key (in order of first appearance), a bit per row whose locale has a value.
        var keyIndex: [String: Int] = [:]
        keyIndex.reserveCapacity(layers.layers.first?.count ?? 0)
        var bits: [UInt64] = []
        let spellingsDiffer = !layers.keysAreASCII
        var respelled = false
        /// The index of `key`, made when new; notes a key spelled two ways.
        func index(of key: String) -> Int {
            if let found = keyIndex.index(forKey: key) {
                if spellingsDiffer && !keyIndex.keys[found].utf8.elementsEqual(key.utf8) { respelled = true }
                return keyIndex.values[found]
            }
            let at = keyIndex.count
            keyIndex[key] = at
            bits.append(contentsOf: repeatElement(0, count: words))
            return at
        }
        /// Marks that the key `id` has a value in `row`'s locale.
        func set(_ id: Int, row: Int) {
            bits[id * words + row / 64] |= 1 << UInt64(row % 64)
        }
        // The locales' files of one kind usually list the same keys in the same order: a key
        // spelled with the same bytes as the reference file's key at its position is that key,
        // found without hashing it (the reference is the first non-empty file of its kind). Of
        // each kind's reference file (texts, `.stringsdict` keys), the ids of its keys (the
        // keys were compared above).
        var referenceStrings: [[Int]?] = [nil, nil]
        var referenceEntries: (keys: [String], ids: [Int])?
        for (layerIndex, layer) in layers.layers.enumerated() {
            switch layer.source {
            case .strings(let file):
                guard file.count > 0 else { continue }
                let fileRow = locales.row(ofCode: file.locale)
                let kind = Self.holdsTexts(file) ? 0 : 1
                let isReference = referenceStrings[kind] == nil
                var ids: [Int] = []
                // Taken out of the loop: read per record, the optional was copied each time.
                let reference = referenceStrings[kind] ?? []
                if isReference { ids.reserveCapacity(file.count) }
                let sameKey = sameKeyAsReference[layerIndex]
                for record in 0..<file.count {
                    if record < reference.count, sameKey[record] {
                        set(reference[record], row: fileRow)
                    } else {
                        let id = index(of: file.key(at: record))
                        set(id, row: fileRow)
                        if isReference { ids.append(id) }
                    }
                }
                if isReference { referenceStrings[kind] = ids }
            case .entries(_, let keys, _):
                guard let rows = noted[layerIndex] else { preconditionFailure("every entry layer's rows are noted") }
                let reference = referenceEntries
                var ids: [Int] = []
                for (position, key) in keys.enumerated() where rows.present[position] {
                    let id: Int
                    if let reference, position < reference.ids.count, reference.ids[position] >= 0,
                       CodePointOrder.compare(key, reference.keys[position]) == 0 {
                        id = reference.ids[position]
                    } else {
                        id = index(of: key)
                    }
                    if reference == nil {
                        ids.append(contentsOf: repeatElement(-1, count: position - ids.count))
                        ids.append(id)
                    }
                    for row in rows.rows(ofKey: position) { set(id, row: row) }
                }
                if reference == nil && !keys.isEmpty { referenceEntries = (keys, ids) }
            }
            if respelled { return nil }
        }
        let source = locales.byLocale[CatalogLocale.normalize(table.sourceLanguage)]
        for key in 0..<keyIndex.count {
            let keyBits = bits[(key * words)..<((key + 1) * words)]
            func has(_ row: Int) -> Bool { keyBits[keyBits.startIndex + row / 64] & (1 << UInt64(row % 64)) != 0 }
            // In .lproj tables, the source language's keys are the table's keys: a key it lacks
            // is a stale translation, obsolete where it is and counted nowhere else.
            if let source, !has(source) {
                for row in tableRows.indices where has(row) { tableRows[row].obsolete += 1 }
                continue
            }
            for row in tableRows.indices {
                if has(row) { tableRows[row].translated += 1 } else { tableRows[row].missing += 1 }
            }
        }
        return tableRows
    }

    /// The rows of a String Catalog from the states its reader counted (``StateTally``), without
    /// walking its entries again: the same counts as ``Counting`` gives.
    ///
    /// `nil` (count the entries) when one entry holds two codes of one locale (`pt_BR` and
    /// `pt-BR`), which count once, as the less finished: the tally does not say which entries.
    static func rows(table: StringCatalog, tally: StateTally) -> [Row]? {
        var locales = LocaleRows(table: table.table)
        var groupRows: [[Int]] = []
        groupRows.reserveCapacity(tally.groups.count)
        for group in tally.groups {
            let rows = group.codes.map { locales.row(ofCode: $0) }
            guard Set(rows).count == rows.count else { return nil }
            groupRows.append(rows)
        }
        // Keys without localizations are source text in the source language.
        let sourceLocale = CatalogLocale.normalize(table.sourceLanguage)
        if tally.groups.contains(where: { $0.codes.isEmpty && $0.entries > 0 }) { _ = locales.row(ofCanonical: sourceLocale) }
        let source = locales.byLocale[sourceLocale]
        var tableRows = locales.rows
        // Per row, the counted entries that have a value in its locale; the others miss it.
        var present = [Int](repeating: 0, count: tableRows.count)
        var counted = 0
        for (group, rows) in zip(tally.groups, groupRows) {
            counted += group.counted
            if rows.isEmpty, let source {
                tableRows[source].translated += group.counted
                present[source] += group.counted
            }
            for (i, row) in rows.enumerated() {
                tableRows[row].translated += group.counts[3 * i + Int(State.translated.rawValue) - 1]
                tableRows[row].new += group.counts[3 * i + Int(State.new.rawValue) - 1]
                tableRows[row].needsReview += group.counts[3 * i + Int(State.needsReview.rawValue) - 1]
                present[row] += group.counted
            }
        }
        for row in tableRows.indices { tableRows[row].missing += counted - present[row] }
        return tableRows
    }

    /// The locale codes of one entry layer's keys, in key order, each key's as its entry's
    /// dictionary yields them; or that the layer cannot be counted by presence (``refused``).
    struct LayerCodes: Sendable {
        /// The distinct codes, in the order they first come.
        private(set) var distinct: [String] = []
        /// Each localization's code, by its index in ``distinct``.
        private(set) var codes: [Int32] = []
        /// Where each key's codes end in ``codes``.
        private(set) var ends: [Int] = []
        /// Whether the layer has an entry for key `i`.
        private(set) var present: [Bool] = []
        private(set) var refused = false
        private var last = -1

        /// Notes the next localization's code (a layer holds few: a `.stringsdict` file, one).
        mutating func append(_ code: String) {
            if last < 0 || distinct[last] != code {
                if let known = distinct.firstIndex(of: code) {
                    last = known
                } else {
                    last = distinct.count
                    distinct.append(code)
                }
            }
            codes.append(Int32(truncatingIfNeeded: last))
        }

        /// Ends the codes of the next key.
        mutating func endKey(present: Bool) {
            ends.append(codes.count)
            self.present.append(present)
        }

        /// The layer refused: a respelled key, an entry not to translate or without
        /// localizations, or a value not translated.
        consuming func refuse() -> LayerCodes {
            refused = true
            return self
        }
    }

    /// The rows of each key of an entry layer, in key order: the rows of key `i` end at
    /// `ends[i]`, where the next key's begin.
    struct NotedRows {
        let rows: [Int]
        let ends: [Int]
        /// Whether the layer has an entry for key `i`.
        let present: [Bool]

        /// The rows of a layer's codes, the row of each distinct code given by `codeRows`
        /// (by its index in ``LayerCodes/distinct``): the keys end and are present where
        /// their codes do and are.
        init(_ codes: LayerCodes, codeRows: [Int]) {
            rows = codes.codes.map { codeRows[Int($0)] }
            ends = codes.ends
            present = codes.present
        }

        /// The rows of key `i`.
        func rows(ofKey i: Int) -> ArraySlice<Int> { rows[(i == 0 ? 0 : ends[i - 1])..<ends[i]] }
    }

    /// A table's rows, one per canonical locale, found from the codes its entries hold: each
    /// distinct code is made canonical once (a table has a few dozen, its entries hundreds of
    /// thousands of localizations), then known by its row's index.
    struct LocaleRows {
        let table: String
        private(set) var rows: [Row] = []
        /// Each canonical locale's row.
        private(set) var byLocale: [String: Int] = [:]
        /// Each code's row, as written (`pt_BR` and `pt-BR` share one).
        private(set) var byCode: [String: Int] = [:]

        init(table: String) { self.table = table }

        /// The row of a canonical locale, made when new.
        mutating func row(ofCanonical locale: String) -> Int {
            if let known = byLocale[locale] { return known }
            byLocale[locale] = rows.count
            rows.append(Row(table: table, locale: locale))
            return rows.count - 1
        }

        /// The row of a code as written.
        mutating func row(ofCode code: String) -> Int {
            if let known = byCode[code] { return known }
            let found = row(ofCanonical: CatalogLocale.normalize(code))
            byCode[code] = found
            return found
        }
    }

    /// The row index of each locale code of an entry, in the order its dictionary yields them.
    ///
    /// Entries of one String Catalog mostly hold the same codes, and the reader gives those
    /// tables one layout (``LocalizationLayout``), so they yield their codes in the same order:
    /// an entry whose codes equal the last entry's, code for code, takes the last indices
    /// without hashing a code.
    struct CodeRows {
        private(set) var codes: [String] = []
        private(set) var rows: [Int] = []

        /// Sets ``rows`` to the indices of `localizations`' codes, asking `lookup` only for a
        /// code that differs from the last entry's at its place.
        mutating func rows(of localizations: [String: LocalizedValue], _ lookup: (String) -> Int) {
            var place = 0
            for code in localizations.keys {
                if place < codes.count {
                    if codes[place] != code {
                        codes[place] = code
                        rows[place] = lookup(code)
                    }
                } else {
                    codes.append(code)
                    rows.append(lookup(code))
                }
                place += 1
            }
            if place < codes.count {
                codes.removeSubrange(place...)
                rows.removeSubrange(place...)
            }
        }
    }

    /// The counts of one slice of a table's entries, per row.
    struct Counting: Sendable {
        struct Counts: Sendable { var translated = 0, needsReview = 0, new = 0, missing = 0, obsolete = 0 }
        let rowCount: Int
        let source: Int?
        let sourceDefinesKeys: Bool
        /// Every code of the table's entries, with its row.
        let codeIndex: [String: Int]

        func count(_ entries: ArraySlice<CatalogEntry>) -> [Counts] {
            var counts = [Counts](repeating: Counts(), count: rowCount)
            // Per row, the state of the entry's localization: 0 none, then State's raw values.
            var states = [UInt8](repeating: 0, count: rowCount)
            var codes = CodeRows()
            for entry in entries where entry.shouldTranslate != false {
                for i in states.indices { states[i] = 0 }
                codes.rows(of: entry.localizations) { codeIndex[$0]! }
                if sourceDefinesKeys, let source, !codes.rows.contains(source) {
                    for i in codes.rows where states[i] == 0 {
                        states[i] = 1
                        counts[i].obsolete += 1
                    }
                    continue
                }
                var place = 0
                for value in entry.localizations.values {
                    // Two codes of one locale (pt_BR, pt-BR) count once, as the less finished.
                    states[codes.rows[place]] = max(states[codes.rows[place]], CatalogStats.state(of: value).rawValue)
                    place += 1
                }
                for (i, state) in states.enumerated() {
                    switch State(rawValue: state) {
                    case .needsReview: counts[i].needsReview += 1
                    case .new: counts[i].new += 1
                    case .translated: counts[i].translated += 1
                    case nil:
                        if entry.localizations.isEmpty && i == source {
                            counts[i].translated += 1  // the key is the source text
                        } else {
                            counts[i].missing += 1
                        }
                    }
                }
            }
            return counts
        }
    }

    /// A localization's state, in order of how far it is from done.
    enum State: UInt8 {
        case translated = 1, new, needsReview

        /// The state of one string unit: its `state` member, where `needs_review` and `new`
        /// count as such and anything else (none included) as translated.
        init(unitState state: String?) {
            self.init(unitState: state ?? "")
        }

        /// ``init(unitState:)-(String?)`` of a state that is empty when there is none.
        init(unitState state: String) {
            switch state {
            case "needs_review": self = .needsReview
            case "new": self = .new
            default: self = .translated
            }
        }

        /// The state of `unit` (``init(unitState:)-(String?)``).
        init(of unit: borrowing StringUnit) {
            self.init(unitState: unit.state)
        }
    }

    /// A localization's state: needs review when any leaf needs review, new when any is new
    /// (and none needs review), else translated (formats without states count a present
    /// value as translated).
    static func state(of value: LocalizedValue) -> State {
        // A plain string unit (most values; every value a states read keeps): its own state.
        if value.isBare { return value.stringUnit.map { State(of: $0) } ?? .translated }
        var new = false
        func visit(_ value: LocalizedValue) -> Bool {
            if let unit = value.stringUnit {
                switch State(of: unit) {
                case .needsReview: return true
                case .new: new = true
                case .translated: break
                }
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
