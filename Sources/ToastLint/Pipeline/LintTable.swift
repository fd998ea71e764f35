import ToastCatalog

/// A finding before the configuration and locations are applied.
struct RawFinding: Sendable {
    var rule: RuleID
    var file: String
    var key: String = ""
    var locale: String = ""
    var path: String = ""
    var message: String
    var source: String?
    var target: String?
    var hint: String?
    /// The most severe this finding may be (a rule's milder cases).
    var cap: Severity?
    /// Known already (parse errors and reader warnings).
    var location: SourceLocation?
}

/// The entries of one table across its files, with the file each localization came from.
struct LintTable {
    var name = ""
    var sourceLanguage = "en"
    var isCatalog = false
    var catalog: StringCatalog?
    /// A String Catalog's entries (empty when they were checked as it was read and not kept;
    /// then `suppressions` holds the comments that suppress findings). An `.lproj` table keeps
    /// none: ``entry(forKey:)`` makes each from its files when asked.
    var entries: [String: CatalogEntry] = [:]
    var keys: [String] = []
    /// Each key's index in ``keys`` (`.lproj` tables; ``origins`` are by this index).
    private var keyIndex: [String: Int] = [:]
    /// The localizations of an `.lproj` table's files, by file index (``files``): each file's
    /// flat table as read (its values made when an entry is asked for, so that the table holds
    /// about its files' size, not every localization as strings and dictionaries), or its
    /// values, for a file read otherwise.
    private var fileValues: [FileValues] = []
    /// An `.lproj` table's entry comments by key index: the development language's (or, when
    /// `Base.lproj` is the source, Base's).
    private var comments: [String?] = []

    private enum FileValues {
        case flat(FlatRecords)
        case values([LocalizedValue])

        func value(_ record: Int32) -> LocalizedValue {
            switch self {
            case .flat(let records): records.localization(atRecord: Int(record))
            case .values(let values): values[Int(record)]
            }
        }
    }
    /// The comments with `[no-lint` of entries not kept, by key.
    var suppressions: [String: String] = [:]
    /// The files of an `.lproj` table, in the order they were added (``origins`` holds
    /// their indices).
    private(set) var files: [String] = []
    /// For each locale code, where each key's localization came from, for `.lproj` tables: by
    /// the key's index in ``keys``, ``Origin/none`` (or past the end) where the locale has none.
    private(set) var origins: [String: [Origin]] = [:]

    /// The file (index in ``files``) and the record in it that a localization comes from.
    struct Origin {
        var file: Int32
        var record: Int32

        static let none = Origin(file: -1, record: -1)
        var exists: Bool { file >= 0 }
    }
    /// For each locale code of an `.lproj` table, the first (by `<`) of the files its
    /// localizations came from: where a finding of the locale that no key's file locates is
    /// reported.
    private(set) var localeFiles: [String: String] = [:]
    var catalogFile = ""
    var outlines: [String: XCStringsOutline] = [:]
    var sourceFiles = 0
    var stringsdictKeys: Set<String> = []
    /// Keys Interface Builder generated (see ``InterfaceBuilderTable``).
    var interfaceBuilderKeys: Set<String> = []
    /// Whether the whole table was generated from a storyboard or xib.
    var isInterfaceBuilder = false
    /// Whether the `Base.lproj` texts were taken as the source language's: the table has no
    /// file in the development language's folder.
    var sourceIsBase = false

    /// Whether the texts of `key` are shown verbatim (Interface Builder's), never formatted.
    func isVerbatim(_ key: String) -> Bool { isInterfaceBuilder || interfaceBuilderKeys.contains(key) }

    /// Decides what needs every file of an `.lproj` table: whether Interface Builder made it
    /// (from the files beside it and its keys), and, when the development language has no
    /// file of it, takes `Base.lproj`'s texts as the source (as the bundle does at run time).
    mutating func finishLproj(groupFiles: [String]) {
        guard !isCatalog else { return }
        isInterfaceBuilder = InterfaceBuilderTable.hasInterfaceFile(table: name, files: groupFiles)
            || (!keys.isEmpty && interfaceBuilderKeys.count * 2 > keys.count)
        if sourceFiles == 0, let baseOrigins = origins.removeValue(forKey: "Base") {
            sourceIsBase = true
            sourceFiles = 1
            // Every Base localization came with its origin, and the source language has none
            // (no file of it): Base's origins become the source language's, its localizations
            // the source's, and its comments the entries' (every key with a Base comment has
            // a Base localization).
            origins[sourceLanguage] = baseOrigins
            for (key, comment) in baseComments { if let index = keyIndex[key] { comments[index] = comment } }
        }
        // Otherwise a Base table beside the development language's is a fallback layer, not a
        // locale to translate into: entries leave its localizations out (its origins stay, to
        // locate findings).
        // Only files some key's localization still comes from count (a .strings file whose
        // every key the .stringsdict beside it overrides does not).
        for (code, keyOrigins) in origins {
            localeFiles[code] = Set(keyOrigins.lazy.filter(\.exists).map(\.file)).map { self.files[Int($0)] }.min()
        }
        entryLocales = origins.filter { $0.key != "Base" }.map { ($0.key, $0.value) }
        entryLayout = Dictionary(uniqueKeysWithValues: entryLocales.indices.map { (entryLocales[$0].code, $0) })
    }

    /// The locales an entry's localizations come from (every code but Base) with their
    /// origins, and each code's place in that list: a key every one of them has gets its table
    /// as `entryLayout.mapValues`, which keeps the layout's hashes (no code is hashed again for
    /// each key; hashing forty codes into each entry's table was a seventh of making it).
    private var entryLocales: [(code: String, origins: [Origin])] = []
    private var entryLayout: [String: Int] = [:]

    /// The comments of `Base.lproj` entries, kept until ``finishLproj(groupFiles:)`` knows
    /// whether Base is the source.
    private var baseComments: [String: String] = [:]

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
        let fileIndex = files.count
        files.append(file)
        // What adding the file changes is moved into one value while it changes, so that it is
        // not copied, and so that the closure below changes that one value: the table's own
        // properties changed from inside it were checked for exclusive access at run time,
        // four checks a record (53 M instructions of the bench tree's lint, on the core that
        // adds the files), and locals captured one by one, ten.
        var adding = FileAdding(fileIndex: Int32(fileIndex), code: code, isSource: isSource, isDict: isDict,
                                notedPositions: catalog.fileRecords?.keyPositions)
        exchangeKeys(with: &adding)
        adding.codeOrigins = origins.removeValue(forKey: code) ?? []
        if adding.notedPositions != nil { adding.keyPositions.reserveCapacity(adding.keys.count) }
        if let records = catalog.forEachRecord({ adding.add(keyBytes: $0, $1, commentBytes: $2) }) {
            fileValues.append(.flat(records))
        } else {
            var values: [LocalizedValue] = []
            catalog.forEachLocalization { key, value, comment in
                values.append(value)
                adding.add(key, values.count - 1, comment)
            }
            fileValues.append(.values(values))
        }
        exchangeKeys(with: &adding)
        if adding.codeOrigins.contains(where: \.exists) { origins[code] = adding.codeOrigins }
        if adding.notedPositions != nil { keyPositionsByFile[file] = adding.keyPositions }
    }

    /// Moves the key list and what hangs on it into `adding`, or back: swapped, not copied.
    private mutating func exchangeKeys(with adding: inout FileAdding) {
        swap(&adding.keys, &keys); swap(&adding.keyIndex, &keyIndex); swap(&adding.comments, &comments)
        swap(&adding.stringsdictKeys, &stringsdictKeys); swap(&adding.baseComments, &baseComments)
        swap(&adding.interfaceBuilderKeys, &interfaceBuilderKeys)
    }

    /// One file being added to an `.lproj` table (``add(lproj:file:locale:sourceLanguage:)``):
    /// the table's key list and what hangs on it, moved in while the file's records are added.
    private struct FileAdding {
        let fileIndex: Int32
        let code: String
        let isSource: Bool
        let isDict: Bool
        /// Where the file's reader noted each record's key, if it did.
        let notedPositions: [KeyPosition]?
        var keys: [String] = []
        var keyIndex: [String: Int] = [:]
        var comments: [String?] = []
        var stringsdictKeys: Set<String> = []
        var baseComments: [String: String] = [:]
        var interfaceBuilderKeys: Set<String> = []
        /// The origins of the file's locale code, by key number.
        var codeOrigins: [Origin] = []
        /// Where the file's keys are, by key number (`.none`: not in the file), when its reader
        /// noted them.
        var keyPositions: [KeyPosition] = []
        /// The key number after the file's last key: where its next key usually is, as the
        /// files of a table list their keys in the same order.
        private var expected = 0

        init(fileIndex: Int32, code: String, isSource: Bool, isDict: Bool, notedPositions: [KeyPosition]?) {
            (self.fileIndex, self.code, self.isSource, self.isDict, self.notedPositions) = (fileIndex, code, isSource, isDict, notedPositions)
        }

        /// Adds a flat table's record from its key's and comment's bytes. The common record of a
        /// `.strings` file — the key after the last one's, in the same spelling, with no comment
        /// this table keeps (the source file's, a Base file's, or one ibtool wrote) — is placed
        /// without a string of its key or comment (making them was 2% of linting the bench tree,
        /// and freeing them as much again); any other, and every `.stringsdict` record (whose
        /// keys the table lists), is added as a string's.
        mutating func add(keyBytes: UnsafeBufferPointer<UInt8>, _ record: Int, commentBytes: UnsafeBufferPointer<UInt8>?) {
            if !isDict, expected < keys.count,
               commentBytes.map({ !isSource && code != "Base" && !InterfaceBuilderTable.isGeneratedComment(bytes: $0) }) ?? true,
               keys[expected].withUTF8Bytes({ $0.hasSameBytes(as: keyBytes) }) {
                place(record, at: expected)
                return
            }
            add(String(decoding: keyBytes, as: UTF8.self), record, commentBytes.map { String(decoding: $0, as: UTF8.self) })
        }

        mutating func add(_ key: String, _ record: Int, _ comment: String?) {
            if isDict { stringsdictKeys.insert(key) }
            let index: Int
            // Whether a key names an object depends on its spelling alone: asked of a key's
            // first spelling and of any other (the same characters, other code points), not
            // again for every file that repeats a spelling.
            let isNewSpelling: Bool
            if expected < keys.count, keys[expected].hasSameScalars(as: key) {
                // The key the last one's successor is, in the same spelling: the number the
                // dictionary would give (each key number's spelling is its first), found
                // without hashing the key.
                index = expected
                isNewSpelling = false
            } else if let found = keyIndex[key] {
                index = found
                isNewSpelling = !keys[found].hasSameScalars(as: key)
            } else {
                index = keys.count
                keys.append(key)
                keyIndex[key] = index
                comments.append(nil)
                isNewSpelling = true
            }
            place(record, at: index)
            if isSource, let comment { comments[index] = comment }
            if code == "Base", let comment { baseComments[key] = comment }
            if InterfaceBuilderTable.isGeneratedComment(comment) || (isNewSpelling && InterfaceBuilderTable.isObjectKey(key)) {
                interfaceBuilderKeys.insert(key)
            }
        }

        /// Notes that the file has key number `index` as its record `record` (its origin, unless
        /// an earlier file of the locale gave one and this is no `.stringsdict`; its noted
        /// position), and expects the next key after it.
        private mutating func place(_ record: Int, at index: Int) {
            expected = index + 1
            if codeOrigins.count <= index { codeOrigins.append(contentsOf: repeatElement(.none, count: index + 1 - codeOrigins.count)) }
            if let notedPositions {
                if keyPositions.count <= index { keyPositions.append(contentsOf: repeatElement(.none, count: index + 1 - keyPositions.count)) }
                keyPositions[index] = notedPositions[record]
            }
            // The entry's localization of this code is the one its origin names: the first
            // file's, or the last `.stringsdict`'s (which overrides a `.strings` file).
            if !codeOrigins[index].exists || isDict { codeOrigins[index] = Origin(file: fileIndex, record: Int32(record)) }
        }
    }

    /// Where each key is in the text `.strings` files whose reader noted it, by file and key
    /// number (`.none`: the key is not in the file). Kept when the localizations are released:
    /// findings are located after that.
    private var keyPositionsByFile: [String: [KeyPosition]] = [:]

    /// The positions of `file`'s keys, if its reader noted them: a finding of the file is
    /// then located with ``location(ofKey:in:file:)``, without reading the file again.
    func keyPositions(ofFile file: String) -> [KeyPosition]? { keyPositionsByFile[file] }

    /// Where `key` is in `file`, from the file's `positions` (``keyPositions(ofFile:)``): the
    /// last entry of the file whose key is canonically equal to `key`, as a reader that keeps a
    /// key's last entry finds it; the file's start when the file does not have the key.
    func location(ofKey key: String, in positions: [KeyPosition], file: String) -> SourceLocation {
        guard let index = keyIndex[key], index < positions.count, positions[index] != .none else {
            return SourceLocation(file: file, line: 1, column: 1)
        }
        return SourceLocation(file: file, line: positions[index].line, column: positions[index].column)
    }

    /// The entry of `key`: a String Catalog's, or, for an `.lproj` table, made from its files
    /// (each locale's localization from the file its origin names; ``finishLproj(groupFiles:)``
    /// must have run).
    func entry(forKey key: String) -> CatalogEntry? {
        var encoded: [EncodedTranslation]?
        return entry(forKey: key, encoded: &encoded)
    }

    /// A translation of an `.lproj` entry that a `.stringsdict` table encodes, read without
    /// making its value: the entry holds its string unit alone (``value(of:)`` makes the value).
    struct EncodedTranslation {
        var code: String
        var value: EncodedStringsdictValue
        var origin: Origin
    }

    /// ``entry(forKey:)``; with `encoded` not nil, each translation (not the source language's)
    /// with substitutions that a `.stringsdict` table encodes is not made: the entry holds its
    /// string unit alone (the format, as the value made has it), and `encoded` gets it as
    /// encoded, in the order the entry's localizations list their codes when every locale has
    /// the key (else in the table's order of codes).
    func entry(forKey key: String, encoded: inout [EncodedTranslation]?) -> CatalogEntry? {
        let defers = encoded != nil
        if defers { encoded!.removeAll(keepingCapacity: true) }
        guard !isCatalog else { return entries[key] }
        precondition(!localizationsReleased, "an entry of an .lproj table asked for after its localizations were released")
        guard let index = keyIndex[key] else { return nil }
        var entry = CatalogEntry(comment: comments[index])
        func value(_ code: String, _ origin: Origin) -> LocalizedValue {
            if defers, code != sourceLanguage, case .flat(let records) = fileValues[Int(origin.file)],
               let encodedValue = records.encodedValue(atRecord: Int(origin.record)) {
                // Without substitutions the string unit is the value made (it has no box).
                let unit = LocalizedValue(unit: StringUnit(state: nil, value: encodedValue.format))
                if !encodedValue.substitutions.isEmpty {
                    encoded!.append(EncodedTranslation(code: code, value: encodedValue, origin: origin))
                }
                return unit
            }
            return fileValues[Int(origin.file)].value(origin.record)
        }
        if !entryLocales.isEmpty, entryLocales.allSatisfy({ index < $0.origins.count && $0.origins[index].exists }) {
            entry.localizations = entryLayout.mapValues { place in value(entryLocales[place].code, entryLocales[place].origins[index]) }
        } else {
            entry.localizations.reserveCapacity(origins.count)
            for (code, keyOrigins) in origins where code != "Base" && index < keyOrigins.count && keyOrigins[index].exists {
                // `updateValue`, not the subscript (whose setter takes an optional, copied and
                // freed through its generic value witnesses: docs/CONTRIBUTING.md).
                entry.localizations.updateValue(value(code, keyOrigins[index]), forKey: code)
            }
        }
        return entry
    }

    /// The localization `origin` names, made.
    func value(of origin: Origin) -> LocalizedValue {
        precondition(!localizationsReleased, "a localization of an .lproj table asked for after its localizations were released")
        return fileValues[Int(origin.file)].value(origin.record)
    }

    /// Frees an `.lproj` table's localizations once every entry has been checked: entries
    /// are no longer made (``entry(forKey:)``), while comments, origins and files stay.
    mutating func releaseLocalizations() {
        guard !isCatalog else { return }
        fileValues = []
        localizationsReleased = true
    }

    /// Whether ``releaseLocalizations()`` has run.
    private var localizationsReleased = false

    /// The comment of `key`'s entry.
    func comment(forKey key: String) -> String? {
        guard !isCatalog else { return entries[key]?.comment }
        return keyIndex[key].flatMap { comments[$0] }
    }

    /// The locale codes some entry has a localization of.
    var localeCodes: Set<String> {
        guard !isCatalog else { return entries.values.reduce(into: []) { $0.formUnion($1.localizations.keys) } }
        return Set(origins.keys).subtracting(["Base"])
    }

    func file(key: String, locale: String) -> String {
        if isCatalog { return catalogFile }
        guard let index = keyIndex[key] else { return "" }
        func origin(_ code: String) -> Origin? {
            guard let keyOrigins = origins[code], index < keyOrigins.count, keyOrigins[index].exists else { return nil }
            return keyOrigins[index]
        }
        return (origin(locale) ?? origin(sourceLanguage)).map { files[Int($0.file)] } ?? ""
    }
}
