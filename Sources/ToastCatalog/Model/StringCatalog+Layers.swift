import ToastICU
import ToastSupport

/// One file's entries inside a catalog that keeps its files side by side: a flat table (a
/// `.strings` file, or a `.stringsdict` read in full or for its states), or a table of entries
/// (a String Catalog, a `.stringsdict` kept as entries, or a catalog changed after reading).
struct CatalogLayer: Sendable {
    enum Source: Sendable {
        case strings(StringsTable)
        case entries([String: CatalogEntry], keys: [String], respelled: [SpelledEntry])
    }

    let source: Source
    /// Whether, for a key and locale an earlier layer also has, this layer's value wins
    /// (``StringCatalog/merge(_:preferring:)``).
    let preferring: Bool

    init(_ source: Source, preferring: Bool) {
        self.source = source
        self.preferring = preferring
    }

    /// The layer's entry for `key`.
    func entry(forKey key: String) -> CatalogEntry? {
        switch source {
        case .strings(let table): table.record(forKey: key).map(table.entry(at:))
        case .entries(let entries, _, let respelled): StringCatalog.joined(entries[key], key: key, respelled: respelled)
        }
    }

    /// The layer's localization of `key` in `locale` (as written in the file).
    func localization(forKey key: String, locale: String) -> LocalizedValue? {
        switch source {
        case .strings(let table):
            guard table.locale == locale, let record = table.record(forKey: key) else { return nil }
            return table.value(at: record)
        case .entries(let entries, _, let respelled):
            return entries[key]?.localizations[locale]
                ?? respelled.first { $0.key == key && $0.entry.localizations[locale] != nil }?.entry.localizations[locale]
        }
    }

    /// Whether the layer has `key`.
    func contains(_ key: String) -> Bool {
        switch source {
        case .strings(let table): table.record(forKey: key) != nil
        case .entries(let entries, _, _): entries[key] != nil
        }
    }

    /// Every entry under its key as the file spells it, each key's first spelling followed by
    /// its others.
    func spelledEntries() -> [SpelledEntry] {
        switch source {
        case .strings(let table): table.spelledEntries()
        case .entries(let entries, let keys, let respelled): SpelledEntry.ordered(keys: keys, entries: entries, respelled: respelled)
        }
    }

    /// The number of keys.
    var count: Int {
        switch source {
        case .strings(let table): table.count
        case .entries(_, let keys, _): keys.count
        }
    }

    /// Calls `body` with each key in the layer's order.
    func forEachKey(_ body: (String) -> Void) {
        switch source {
        case .strings(let table): for index in 0..<table.count { body(table.key(at: index)) }
        case .entries(_, let keys, _): keys.forEach(body)
        }
    }
}

/// The files of one catalog, in merge order, and the key list and dictionary made from them
/// when first asked for (kept, under a lock: the layers are shared by copies of the catalog).
final class CatalogLayers: Sendable {
    let layers: [CatalogLayer]
    /// Each layer's flat table, if it is one, held by reference: reading a table out of its
    /// layer copies it (a retain of each of its parts), which for every key and file was a
    /// tenth of converting an `.lproj` tree.
    private let flatTables: [FlatRecords?]
    /// Each flat layer's locale as a number (the same number for the same code), for
    /// ``flatMerge(forKeyAt:in:)``; its count is ``localeNumbers``.
    private let flatLocales: [Int]
    private let localeNumbers: Int
    /// The keys, whether two layers spell one of them differently, and, when there are
    /// several layers and every one is a flat table, the number of each record's key in the
    /// keys (a list per layer, 4 bytes a record, kept with the keys).
    private let madeKeys = Locked<(keys: [String], respells: Bool, recordKeys: [[Int32]]?)?>(nil)
    /// For each key of ``keys()``, the flat layers holding it and its record in each, in
    /// layer order (``keyOccurrences()``).
    private let madeOccurrences = Locked<KeyOccurrences?>(nil)
    private let madeEntries = Locked<[String: CatalogEntry]?>(nil)

    init(_ layers: [CatalogLayer]) {
        self.layers = layers
        flatTables = layers.map { layer in
            if case .strings(let table) = layer.source { FlatRecords(table) } else { nil }
        }
        var numbers: [String: Int] = [:]
        flatLocales = flatTables.map { flat in
            guard let locale = flat?.table.locale else { return -1 }
            if let number = numbers[locale] { return number }
            numbers[locale] = numbers.count
            return numbers.count - 1
        }
        localeNumbers = numbers.count
    }

    /// The flat table of layer `index`, if it is one.
    func flatTable(at index: Int) -> FlatRecords? { flatTables[index] }

    /// Whether every layer is a flat table (``flatMerge(forKeyAt:in:)`` answers for every key).
    var isFlat: Bool { flatTables.allSatisfy { $0 != nil } }

    /// Where the merged entry of a key comes from, when every layer is a flat table: its
    /// comment, and for each of its locales (in the order they are first found, spelled as
    /// first found) the layer and record whose value ``entry(forKey:)`` would hold, merging
    /// as it merges (the first layer's value of a locale, unless a later preferring layer has
    /// one: the last of those wins; the first comment). Nothing is decoded but the comment.
    /// Nil when some layer is not a flat table.
    ///
    /// The key is the one at `keyIndex` of ``keys()``; the layers holding it are found in
    /// `occurrences` (``keyOccurrences()``, asked for once), so that no table is searched for
    /// the key (a hash probe into each of 82 tables for every key was a tenth of converting
    /// the bench `.lproj` tree, most of it waiting on memory).
    func flatMerge(forKeyAt keyIndex: Int, in occurrences: KeyOccurrences)
        -> (comment: String?, picks: [(layer: Int, record: Int, locale: String)])? {
        var comment: String?
        var picks: [(layer: Int, record: Int, locale: String)] = []
        picks.reserveCapacity(localeNumbers)
        var pickOfLocale = [Int](repeating: -1, count: localeNumbers)
        for at in occurrences.range(of: keyIndex) {
            let (index, record) = (Int(occurrences.layers[at]), Int(occurrences.records[at]))
            guard let flat = flatTables[index] else { return nil }
            let locale = flatLocales[index]
            if pickOfLocale[locale] < 0 {
                pickOfLocale[locale] = picks.count
                picks.append((index, record, flat.locale))
            } else if layers[index].preferring {
                // The value is replaced; the locale keeps the spelling it was first found with,
                // as a dictionary keeps a key's first spelling when its value is replaced.
                picks[pickOfLocale[locale]].layer = index
                picks[pickOfLocale[locale]].record = record
            }
            if comment == nil { comment = flat.comment(at: record) }
        }
        return (comment, picks)
    }

    /// The merged entry of `key`: the first layer's entry that has it, then, layer by layer,
    /// the localizations of locales it lacks (or all of a preferring layer's), and the first
    /// comment, as ``StringCatalog/merge(_:preferring:)`` merges tables.
    func entry(forKey key: String, capacity: Int = 0) -> CatalogEntry? {
        var result: CatalogEntry?
        // The key's hash, made once for every flat table.
        let probe = StringsTable.KeyProbe(key)
        for index in layers.indices {
            // A .strings table's one localization and comment go in without an entry of their own.
            if let flat = flatTables[index] {
                guard let record = flat.table.record(for: probe) else { continue }
                if result == nil {
                    result = CatalogEntry()
                    result!.localizations.reserveCapacity(capacity)
                }
                result!.merge(locale: flat.table.locale, value: flat.table.value(at: record), comment: flat.table.comment(at: record),
                              preferring: layers[index].preferring)
                continue
            }
            let layer = layers[index]
            guard let incoming = layer.entry(forKey: key) else { continue }
            // Taken out, so that the entry is changed in place rather than copied.
            guard var merged = result.take() else {
                result = incoming
                continue
            }
            merged.merge(incoming, preferring: layer.preferring)
            result = merged
        }
        return result
    }

    /// The merged localization of `key` in `locale`: the first layer's that has one, unless a
    /// later preferring layer has one too (the last of those wins).
    func localization(forKey key: String, locale: String) -> LocalizedValue? {
        var result: LocalizedValue?
        for layer in layers where result == nil || layer.preferring {
            if let value = layer.localization(forKey: key, locale: locale) { result = value }
        }
        return result
    }

    /// Whether some layer has `key`.
    func contains(_ key: String) -> Bool {
        layers.contains { $0.contains(key) }
    }

    /// Whether every layer is a flat table of ASCII keys: ASCII keys are equal only when their
    /// bytes are, so no key can be spelled two ways.
    var keysAreASCII: Bool {
        layers.allSatisfy { if case .strings(let table) = $0.source { table.keysAreASCII } else { false } }
    }

    /// The keys: the first layer's in its order, then each later layer's new keys in its order.
    func keys() -> [String] { madeKeysAndSpellings().keys }

    private func madeKeysAndSpellings() -> (keys: [String], respells: Bool, recordKeys: [[Int32]]?) {
        madeKeys.withLock { made in
            if let made { return made }
            let keys = layers.count > 1 && isFlat ? flatKeyNumbers() ?? keyNumbersByDictionary() : keyNumbersByDictionary()
            made = keys
            return keys
        }
    }

    /// ``madeKeysAndSpellings()`` made through one dictionary of every key: each layer's keys in
    /// its order, a `String` of each. Every layer's; the record numbers are kept when there
    /// are several layers and every one is a flat table (4 bytes a record, for the flat
    /// merge).
    func keyNumbersByDictionary() -> (keys: [String], respells: Bool, recordKeys: [[Int32]]?) {
        var ordered: [String] = []
        var respells = false
        if layers.count == 1 {
            ordered.reserveCapacity(layers[0].count)
            layers[0].forEachKey { ordered.append($0) }
            return (ordered, false, nil)
        }
        var recordKeys: [[Int32]]? = isFlat ? [] : nil
        var numbering = KeyNumbering(comparesSpellings: !keysAreASCII)
        numbering.numbers.reserveCapacity(layers.first?.count ?? 0)
        for layer in layers {
            var numbered: [Int32] = []
            if recordKeys != nil { numbered.reserveCapacity(layer.count) }
            layer.forEachKey { key in
                let number = numbering.number(of: key, ordered: &ordered, respells: &respells)
                if recordKeys != nil { numbered.append(number) }
            }
            recordKeys?.append(numbered)
        }
        // A table is refused past 4 GiB of text, but keys past Int32 cannot be numbered.
        if ordered.count >= Int(Int32.max) { recordKeys = nil }
        return (ordered, respells, recordKeys)
    }

    /// Keys numbered through a dictionary in the order they come: a key equal (as Swift's
    /// strings are) to one met before takes its number, and notes a respelling when its bytes
    /// differ; a new key is numbered next and appended to the keys.
    private struct KeyNumbering {
        var numbers: [String: Int32] = [:]
        /// Whether spellings are compared (with only ASCII keys, equal keys have equal bytes).
        let comparesSpellings: Bool

        mutating func number(of key: String, ordered: inout [String], respells: inout Bool) -> Int32 {
            if let found = numbers.index(forKey: key) {
                let (first, known) = numbers[found]
                if comparesSpellings && !respells && !first.hasSameScalars(as: key) { respells = true }
                return known
            }
            let number = Int32(truncatingIfNeeded: ordered.count)
            numbers[key] = number
            ordered.append(key)
            return number
        }
    }

    /// ``keyNumbersByDictionary()`` of several flat layers, made without a `String` of each key:
    /// the keys (the first layer's in its order, then each later layer's new keys in its
    /// order), whether two layers spell a key differently, and the number of each record's key,
    /// layer by layer. Nil past 2³¹ records.
    ///
    /// The first layer is a base: its keys are numbered in its order, and every later layer's
    /// keys are looked up in its index by their bytes, on all cores
    /// (``StringsTable/record(forKeyAt:of:)``). The first layer with keys no base has becomes
    /// the next base (its new keys numbered next, in its order: no layer before it had one),
    /// for the keys not found yet; so the `.strings` and `.stringsdict` files of a tree are
    /// each looked up in their first. After ``flatKeyBases`` bases, the keys still not found go
    /// through a dictionary, in layer order. A `String` and a dictionary probe for each of the
    /// 250,000 records of the bench `.lproj` tree took 80 ms on one core while the other
    /// waited, about 8% of converting it.
    func flatKeyNumbers() -> (keys: [String], respells: Bool, recordKeys: [[Int32]]?)? {
        let tables = flatTables.map { $0!.table }
        guard tables.reduce(0, { $0 + $1.count }) < Int(Int32.max) else { return nil }
        // ASCII keys are found only by their own bytes.
        let comparesSpellings = !keysAreASCII
        var numbers = tables.map { [Int32](repeating: -1, count: $0.count) }
        var ordered: [String] = []
        ordered.reserveCapacity(tables[0].count)
        var respells = false
        var base = 0
        for _ in 1...Self.flatKeyBases {
            // The base's keys not found in an earlier base are new.
            let baseTable = tables[base]
            for index in numbers[base].indices where numbers[base][index] < 0 {
                numbers[base][index] = Int32(truncatingIfNeeded: ordered.count)
                ordered.append(baseTable.key(at: index))
            }
            let later = base + 1
            guard later < tables.count else { break }
            let baseNumbers = numbers[base]
            let looking = numbers[later...]
            let found = Parallel.map(tables.count - later) { at -> (numbers: [Int32], respells: Bool) in
                let table = tables[later + at]
                var numbers = looking[later + at]
                var respells = false
                for index in numbers.indices where numbers[index] < 0 {
                    guard let record = baseTable.record(forKeyAt: index, of: table) else { continue }
                    numbers[index] = baseNumbers[record]
                    if comparesSpellings && !respells && !table.keyBytes(at: index, equalKeyAt: record, of: baseTable) { respells = true }
                }
                return (numbers, respells)
            }
            for (at, layer) in found.enumerated() {
                numbers[later + at] = layer.numbers
                if layer.respells { respells = true }
            }
            // The next base; after the last round, where the dictionary starts.
            guard let next = (later..<tables.count).first(where: { numbers[$0].contains(-1) }) else { break }
            base = next
        }
        // From there, the keys no base has, through a dictionary in layer order.
        var added = KeyNumbering(comparesSpellings: comparesSpellings)
        for layer in base..<tables.count {
            let table = tables[layer]
            for index in numbers[layer].indices where numbers[layer][index] < 0 {
                numbers[layer][index] = added.number(of: table.key(at: index), ordered: &ordered, respells: &respells)
            }
        }
        return (ordered, respells, numbers)
    }

    /// How many layers ``flatKeyNumbers()`` looks keys up in by their bytes before it turns to
    /// a dictionary: each base is a pass over the records not found yet, so a tree whose every
    /// file brings keys of its own is not passed over once per file.
    static let flatKeyBases = 4

    /// For each key of ``keys()``, the layers holding it and its record in each, in layer
    /// order: the key's range of ``layers`` and ``records`` is ``range(of:)``.
    struct KeyOccurrences: Sendable {
        /// Where each key's occurrences start; one more than the keys, the last the count.
        let starts: [Int32]
        let layers: [Int32]
        let records: [Int32]

        func range(of key: Int) -> Range<Int> { Int(starts[key])..<Int(starts[key + 1]) }
    }

    /// ``KeyOccurrences`` of flat layers, made once from the key numbers of their records
    /// (nil when some layer is not a flat table, or past 2³¹ keys or records).
    func keyOccurrences() -> KeyOccurrences? {
        guard isFlat else { return nil }
        // Made under the lock, so that the threads that ask at once wait for one making.
        return madeOccurrences.withLock { made in
            if let made { return made }
            made = madeOccurrences(keys: madeKeysAndSpellings())
            return made
        }
    }

    private func madeOccurrences(keys made: (keys: [String], respells: Bool, recordKeys: [[Int32]]?)) -> KeyOccurrences? {
        let (keys, _, recordKeys) = made
        guard keys.count < Int(Int32.max) else { return nil }
        // One layer: each record is its own key, in order.
        let numbers = recordKeys ?? [Array(0..<Int32(truncatingIfNeeded: keys.count))]
        guard numbers.count == layers.count || layers.count == 1 else { return nil }
        guard numbers.reduce(0, { $0 + $1.count }) < Int(Int32.max) else { return nil }
        var starts = [Int32](repeating: 0, count: keys.count + 1)
        for layer in numbers { for key in layer { starts[Int(key) + 1] += 1 } }
        for key in 0..<keys.count { starts[key + 1] += starts[key] }
        var filled = Array(starts.dropLast())
        let total = Int(starts[keys.count])
        var layerNumbers = [Int32](repeating: 0, count: total), records = [Int32](repeating: 0, count: total)
        for (layer, recordsKeys) in numbers.enumerated() {
            for (record, key) in recordsKeys.enumerated() {
                let at = Int(filled[Int(key)])
                filled[Int(key)] += 1
                layerNumbers[at] = Int32(layer)
                records[at] = Int32(record)
            }
        }
        return KeyOccurrences(starts: starts, layers: layerNumbers, records: records)
    }

    /// Every entry under its key as the files spell it, entries of one spelling merged as
    /// ``entry(forKey:)`` merges, each key's first spelling followed by its others.
    func entriesBySpelling() -> [SpelledEntry] {
        if layers.count == 1 { return layers[0].spelledEntries() }
        var merger = SpellingMerger(localeCount: localeCountEstimate)
        for layer in layers {
            switch layer.source {
            case .strings(let table) where table.respelled.isEmpty:
                // Its records in order, without an entry or a key string per record.
                for record in 0..<table.count {
                    let at = merger.position(ofKeyAt: record, in: table)
                    merger.merged[at].entry.merge(locale: table.locale, value: table.value(at: record), comment: table.comment(at: record),
                                                  preferring: layer.preferring)
                }
            default:
                for item in layer.spelledEntries() {
                    guard let at = merger.position(of: item) else { continue }
                    merger.merged[at].entry.merge(item.entry, preferring: layer.preferring)
                }
            }
        }
        return SpelledEntry.grouped(merger.merged)
    }

    /// Whether every key a layer lists has its entry (a catalog whose keys were changed
    /// without its entries may list one without: the merged entries leave it out).
    var everyKeyHasAnEntry: Bool {
        layers.allSatisfy { layer in
            if case .entries(let entries, let keys, _) = layer.source { entries.count == keys.count } else { true }
        }
    }

    /// How many locales the layers hold, counting each `.strings` table's and the first
    /// entry's of others: the room a merged entry's localizations are given at once.
    var localeCountEstimate: Int {
        var locales = Set<String>()
        for layer in layers {
            switch layer.source {
            case .strings(let table): locales.insert(table.locale)
            case .entries(let entries, let keys, _):
                if let entry = keys.first.flatMap({ entries[$0] }) { locales.formUnion(entry.localizations.keys) }
            }
        }
        return locales.count
    }

    /// Whether some key is spelled two ways, in one file or across files; found without
    /// making ``entriesBySpelling()``.
    var hasRespellings: Bool {
        let withinFiles = layers.contains { layer in
            switch layer.source {
            case .strings(let table): !table.respelled.isEmpty
            case .entries(_, _, let respelled): !respelled.isEmpty
            }
        }
        return withinFiles || (layers.count > 1 && madeKeysAndSpellings().respells)
    }

    /// The entries of keys spelled otherwise than their first spelling (``keys()``).
    func respelled() -> [SpelledEntry] {
        guard hasRespellings else { return [] }
        var seen = Set<String>()
        return entriesBySpelling().filter { !seen.insert($0.key).inserted }
    }

    /// ``StringCatalog/localeCodes`` of the merged entries, found without making them: the
    /// walk over the keys stops once every locale some layer holds has been seen.
    func localeCodes(sourceLanguage: String) -> [String] {
        var possible = Set<String>()
        for layer in layers {
            switch layer.source {
            case .strings(let table): if table.count > 0 { possible.insert(table.locale) }
            case .entries(let entries, _, let respelled):
                for entry in entries.values { possible.formUnion(entry.localizations.keys) }
                for item in respelled { possible.formUnion(item.entry.localizations.keys) }
            }
        }
        var seen: Set<String> = [sourceLanguage]
        var ordered = [sourceLanguage]
        possible.remove(sourceLanguage)
        for key in keys() where !possible.isEmpty {
            var codes = Set<String>()
            for layer in layers {
                switch layer.source {
                case .strings(let table): if !codes.contains(table.locale), table.record(forKey: key) != nil { codes.insert(table.locale) }
                case .entries: if let entry = layer.entry(forKey: key) { codes.formUnion(entry.localizations.keys) }
                }
            }
            for code in codes.sorted() where seen.insert(code).inserted {
                ordered.append(code)
                possible.remove(code)
            }
        }
        return ordered
    }

    /// The entries as a dictionary, each under its first spelling, with the keys.
    func materialized() -> (entries: [String: CatalogEntry], keys: [String]) {
        let (keys, respells, _) = madeKeysAndSpellings()
        let entries = madeEntries.withLock { made in
            if let made { return made }
            var entries: [String: CatalogEntry] = [:]
            entries.reserveCapacity(keys.count)
            if respells {
                // Two files spell some key differently: each spelling's entry is its own.
                for item in entriesBySpelling() where entries[item.key] == nil { entries[item.key] = item.entry }
            } else {
                // Each layer once, each entry changed where it is stored, as entry(forKey:)
                // merges (first layer's entry, then each locale the entry lacks or a
                // preferring layer has, and a comment if it has none): asking entry(forKey:)
                // for every key made an entry per layer and key, a quarter of `stats` of an
                // .lproj tree.
                for layer in layers {
                    switch layer.source {
                    case .strings(let table):
                        for index in 0..<table.count {
                            let key = table.key(at: index)
                            guard let at = entries.index(forKey: key) else {
                                entries[key] = table.entry(at: index)
                                continue
                            }
                            entries.values[at].merge(locale: table.locale, value: table.value(at: index), comment: table.comment(at: index),
                                                     preferring: layer.preferring)
                        }
                    case .entries(let layerEntries, let layerKeys, let respelled):
                        for key in layerKeys {
                            guard let incoming = StringCatalog.joined(layerEntries[key], key: key, respelled: respelled) else { continue }
                            guard let at = entries.index(forKey: key) else {
                                entries[key] = incoming
                                continue
                            }
                            entries.values[at].merge(incoming, preferring: layer.preferring)
                        }
                    }
                }
            }
            made = entries
            return entries
        }
        return (entries, keys)
    }
}

extension StringCatalog {
    /// The entry of `key`, read from the catalog's files without making the whole ``entries``
    /// dictionary when it is not made yet.
    ///
    /// Keys are equal as Swift's strings are (canonical equivalence): the entry is that of the
    /// key's first spelling, with the localizations only another spelling has
    /// (``respelledEntries``) added.
    public func entry(forKey key: String) -> CatalogEntry? {
        if let layers { return layers.entry(forKey: key) }
        return Self.joined(storedEntries[key], key: key, respelled: storedRespelled)
    }

    /// Calls `body` with each key of ``keys`` and its ``entries`` entry, in order; for a
    /// catalog read from one `.strings` file, straight from the file's table, without making
    /// the dictionary (for a reader of every entry once, such as lint adding a table's files).
    package func forEachEntry(_ body: (String, CatalogEntry) -> Void) {
        if let table = fileTable {
            // One table's records have distinct keys (other spellings are kept apart), so its
            // dictionary would hold each record's entry under its key, in record order.
            for index in 0..<table.count { body(table.key(at: index), table.entry(at: index)) }
            return
        }
        let entries = self.entries
        for key in keys {
            if let entry = entries[key] { body(key, entry) }
        }
    }

    /// Calls `body` with each key of ``keys``, one localization of its entry (the only one, in
    /// a catalog read from one `.strings` or `.stringsdict` file) and the entry's comment, in
    /// ``forEachEntry(_:)``'s order, passing over an entry with no localization. For one
    /// `.strings` file, straight from its table, without making an entry and its dictionary per
    /// key (lint adds each localization of an `.lproj` table's files to its own entries).
    package func forEachLocalization(_ body: (_ key: String, _ value: LocalizedValue, _ comment: String?) -> Void) {
        if let table = fileTable {
            for index in 0..<table.count { body(table.key(at: index), table.value(at: index), table.comment(at: index)) }
            return
        }
        forEachEntry { key, entry in
            guard let value = entry.localizations.values.first else { return }
            body(key, value, entry.comment)
        }
    }

    /// For a catalog read from one `.strings` or `.stringsdict` file (its flat table, see
    /// ``flatTable``): calls `body` with the UTF-8 bytes of each key (valid UTF-8, as the table
    /// holds them, valid only during the call), the number of its record and its comment's
    /// bytes, in ``forEachLocalization(_:)``'s order, without making its localization or a
    /// string, and returns the records (``FlatRecords/localization(atRecord:)`` makes one when
    /// asked). A caller that matches keys by their bytes makes no string of those it matches.
    /// Returns `nil`, calling nothing, for any other catalog.
    package func forEachRecord(_ body: (_ key: UnsafeBufferPointer<UInt8>, _ record: Int, _ comment: UnsafeBufferPointer<UInt8>?) -> Void)
        -> FlatRecords? {
        guard let flat = fileRecords else { return nil }
        flat.table.forEachRecordBytes(body)
        return flat
    }

    /// The flat table of a catalog read from one `.strings` file or one `.stringsdict` (read in
    /// full or for its states); nil for any other catalog.
    var fileTable: StringsTable? { fileRecords?.table }

    /// ``fileTable``, held by reference.
    package var fileRecords: FlatRecords? {
        guard let layers, layers.layers.count == 1 else { return nil }
        return layers.flatTable(at: 0)
    }

    /// `entry` (of `key`'s first spelling) with the localizations only the other spellings in
    /// `respelled` have, and their comment if it has none.
    static func joined(_ entry: CatalogEntry?, key: String, respelled: [SpelledEntry]) -> CatalogEntry? {
        guard !respelled.isEmpty else { return entry }
        var result = entry
        for item in respelled where item.key == key {
            guard var joined = result else { result = item.entry; continue }
            joined.merge(item.entry, preferring: false)
            result = joined
        }
        return result
    }

    /// Whether the catalog is one file's flat table (``StringsTable``: a `.strings` file, or a
    /// `.stringsdict` read in full or for its states), and how many of its values are kept as
    /// values, not encoded.
    package var flatTable: (isFlat: Bool, keptValues: Int) {
        fileTable.map { (true, $0.keptValues.count) } ?? (false, 0)
    }

    /// Whether some key is spelled two ways (``respelledEntries`` is not empty), found without
    /// listing them.
    package var hasRespelledKeys: Bool { layers?.hasRespellings ?? !storedRespelled.isEmpty }

    /// Every entry under its key exactly as the files spell it: each key of ``keys`` with its
    /// ``entries`` entry, followed by its other spellings (``respelledEntries``). Writers take
    /// this, so that no spelling of the user's is merged into another.
    public func entriesBySpelling() -> [SpelledEntry] {
        if let layers { return layers.entriesBySpelling() }
        return SpelledEntry.ordered(keys: storedKeys, entries: storedEntries, respelled: storedRespelled)
    }

    /// The localization of `key` in `locale` (the code as written in the file, such as
    /// `zh-Hans`), read as ``entry(forKey:)`` reads.
    public func localization(forKey key: String, locale: String) -> LocalizedValue? {
        if let layers { return layers.localization(forKey: key, locale: locale) }
        return storedEntries[key]?.localizations[locale]
            ?? storedRespelled.first { $0.key == key && $0.entry.localizations[locale] != nil }?.entry.localizations[locale]
    }

    /// Whether the catalog has `key`.
    public func contains(key: String) -> Bool {
        if let layers { return layers.contains(key) }
        return entries[key] != nil
    }

    /// The catalog's files as layers, for merging into another catalog.
    private func asLayers(preferring: Bool) -> [CatalogLayer] {
        if let table = fileTable {
            return [CatalogLayer(.strings(table), preferring: preferring)]
        }
        return [CatalogLayer(.entries(entries, keys: keys, respelled: respelledEntries), preferring: preferring)]
    }

    /// Adds another file's localizations of the same table; for a key and locale both have,
    /// `other` wins when `preferring` is true. New keys follow in `other`'s order; a key's
    /// comment is the first one found.
    ///
    /// The files are kept side by side, not copied into one dictionary: a set of `.lproj`
    /// tables merged takes about the size of its files. ``entries`` is made from them when
    /// first read.
    public mutating func merge(_ other: StringCatalog, preferring: Bool) {
        let mine = layers?.layers ?? asLayers(preferring: false)
        layers = CatalogLayers(mine + other.asLayers(preferring: preferring))
        storedEntries = [:]
        storedKeys = []
        storedRespelled = []
        stateTally = nil
        warnings += other.warnings
    }
}

/// Merges the layers' entries spelling by spelling (``CatalogLayers/entriesBySpelling()``).
///
/// A layer's keys are looked for first just after where its previous key was merged: the files
/// of one table usually list the same keys in the same order, so most keys are matched by
/// comparing their bytes with one merged key, not hashed (hashing every key of forty files was
/// most of the merge).
private struct SpellingMerger {
    let localeCount: Int
    var merged: [SpelledEntry] = []
    private var index: [ExactKey: Int] = [:]
    /// The position after the key merged last.
    private var next = 0

    init(localeCount: Int) { self.localeCount = localeCount }

    /// The position of the merged entry of record `record`'s key in `table`, made (empty) if new.
    mutating func position(ofKeyAt record: Int, in table: StringsTable) -> Int {
        if next < merged.count, table.key(at: record, isSpelled: merged[next].key) {
            next += 1
            return next - 1
        }
        return position(ofNew: SpelledEntry(key: table.key(at: record), entry: CatalogEntry()))
    }

    /// The position of `item`'s merged entry; nil when `item` was new and is stored as it is.
    mutating func position(of item: SpelledEntry) -> Int? {
        if next < merged.count, CodePointOrder.compare(merged[next].key, item.key) == 0 {
            next += 1
            return next - 1
        }
        let count = merged.count
        let at = position(ofNew: item)
        return at == count ? nil : at
    }

    private mutating func position(ofNew item: SpelledEntry) -> Int {
        let exact = ExactKey(key: item.key)
        if let at = index[exact] {
            next = at + 1
            return at
        }
        index[exact] = merged.count
        var item = item
        item.entry.localizations.reserveCapacity(localeCount)
        merged.append(item)
        next = merged.count
        return merged.count - 1
    }
}

extension CatalogEntry {
    /// Adds another file's localization of this entry's key, as tables merge
    /// (``StringCatalog/merge(_:preferring:)``): kept unless the entry has the locale already
    /// and `preferring` is false, and `comment` kept if the entry has none; neither is made
    /// when it is not kept.
    mutating func merge(locale: String, value: @autoclosure () -> LocalizedValue, comment: @autoclosure () -> String?,
                        preferring: Bool) {
        if preferring || localizations[locale] == nil { localizations[locale] = value() }
        if self.comment == nil { self.comment = comment() }
    }

    /// Adds another file's entry of this entry's key: each of its localizations as
    /// ``merge(locale:value:comment:preferring:)`` adds one, and its comment if the entry has none.
    mutating func merge(_ other: CatalogEntry, preferring: Bool) {
        for (locale, value) in other.localizations where preferring || localizations[locale] == nil {
            localizations[locale] = value
        }
        if comment == nil { comment = other.comment }
    }
}

/// The flat table of one `.strings` or `.stringsdict` file, held by reference: a look at one
/// record retains the reference, not each part of the table (or the catalog holding it).
package final class FlatRecords: Sendable {
    /// The table.
    let table: StringsTable
    init(_ table: StringsTable) { self.table = table }

    /// The localization of record `record` (``StringCatalog/forEachRecord(_:)``).
    package func localization(atRecord record: Int) -> LocalizedValue { table.value(at: record) }

    /// The parts of record `record`'s encoded `.stringsdict` value (``StringsTable/encodedParts(at:)``);
    /// `nil` for a `.strings` table, a `.stringsdict` read for its states, or a value kept as read.
    func encodedParts(atRecord record: Int) -> StringsTable.EncodedParts? {
        guard case .stringsdict = table.values else { return nil }
        return table.encodedParts(at: table.valueRange(at: record))
    }

    /// How many bytes the records' values take in the table: none for a `.stringsdict` read
    /// for its states (``StringsTable/Values/states``).
    package var valueByteCount: Int { (0..<table.count).reduce(0) { $0 + table.valueRange(at: $1).count } }

    /// Each record's value as the table holds it (a `.stringsdict` value encoded), by record:
    /// what a test compares two reads of one file by.
    package var valueBytes: [[UInt8]] { (0..<table.count).map { table.withValueBytes(at: $0) { Array($0) } } }

    /// Where the key of each record was last written in its file (a later entry of the same
    /// key, or of another spelling of it, counts), by record, when the reader noted it: a text
    /// `.strings` file read with `notesPositions`. `nil` otherwise.
    package var keyPositions: [KeyPosition]? { table.positions }

    /// The table's locale.
    var locale: String { table.locale }
    /// The comment of record `record`.
    func comment(at record: Int) -> String? { table.comment(at: record) }
    /// How many records.
    var count: Int { table.count }
    /// The key of record `record`.
    func key(at record: Int) -> String { table.key(at: record) }
    /// The entry of record `record` (its one localization and comment).
    func entry(at record: Int) -> CatalogEntry { table.entry(at: record) }
}
