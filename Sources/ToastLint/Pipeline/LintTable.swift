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
    /// The entries (empty when a String Catalog's entries were checked as it was read and
    /// not kept; then `suppressions` holds the comments that suppress findings). An `.lproj`
    /// table's are made by ``finishLproj(groupFiles:)`` from ``building``.
    var entries: [String: CatalogEntry] = [:]
    var keys: [String] = []
    /// An `.lproj` table's entries while its files are added, by the key's index in ``keys``:
    /// each localization is added where its entry stands in an array, found by one hash of its
    /// key, not looked up and copied out of a dictionary.
    private var building: [CatalogEntry] = []
    /// Each key's index in ``keys`` (`.lproj` tables; ``origins`` are by this index).
    private var keyIndex: [String: Int] = [:]
    /// The comments with `[no-lint` of entries not kept, by key.
    var suppressions: [String: String] = [:]
    /// The files of an `.lproj` table, in the order they were added (``origins`` holds
    /// their indices).
    private(set) var files: [String] = []
    /// For each locale code, the file (index in ``files``) each key's localization came from,
    /// for `.lproj` tables: by the key's index in ``keys``, -1 (or past the end) where the
    /// locale has none.
    private(set) var origins: [String: [Int32]] = [:]
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
        // The entries the files were added to become the table's (once: a second call finds
        // them moved).
        if building.count == keys.count && !keys.isEmpty {
            entries.reserveCapacity(keys.count)
            for (index, key) in keys.enumerated() {
                entries[key] = building[index]
                building[index] = CatalogEntry()
            }
            building = []
        }
        isInterfaceBuilder = InterfaceBuilderTable.hasInterfaceFile(table: name, files: groupFiles)
            || (!keys.isEmpty && interfaceBuilderKeys.count * 2 > keys.count)
        if sourceFiles == 0, let baseOrigins = origins.removeValue(forKey: "Base") {
            sourceIsBase = true
            sourceFiles = 1
            for key in keys {
                guard var entry = entries[key], let base = entry.localizations.removeValue(forKey: "Base") else { continue }
                entry.localizations[sourceLanguage] = base
                if let comment = baseComments[key] { entry.comment = comment }
                entries[key] = entry
            }
            // Every Base localization came with its origin, and the source language has none
            // (no file of it): Base's origins become the source language's.
            origins[sourceLanguage] = baseOrigins
        } else {
            // A Base table beside the development language's: a fallback layer, not a locale
            // to translate into.
            for key in keys { entries[key]?.localizations.removeValue(forKey: "Base") }
        }
        // Only files some key's localization still comes from count (a .strings file whose
        // every key the .stringsdict beside it overrides does not).
        for (code, keyFiles) in origins {
            localeFiles[code] = Set(keyFiles.lazy.filter { $0 >= 0 }).map { self.files[Int($0)] }.min()
        }
    }

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
        // Taken out while it changes, so that it is not copied.
        var codeOrigins = origins.removeValue(forKey: code) ?? []
        catalog.forEachLocalization { key, value, comment in
            if isDict { stringsdictKeys.insert(key) }
            let index: Int
            if let found = keyIndex[key] {
                index = found
            } else {
                index = keys.count
                keys.append(key)
                keyIndex[key] = index
                building.append(CatalogEntry())
            }
            if codeOrigins.count <= index { codeOrigins.append(contentsOf: repeatElement(-1, count: index + 1 - codeOrigins.count)) }
            // A localization of this code is in the entry exactly when a file of the code gave
            // it (its origin), so the origin tells without a look into the entry.
            if codeOrigins[index] < 0 || isDict {
                building[index].localizations[code] = value
                codeOrigins[index] = Int32(fileIndex)
            }
            if isSource, let comment { building[index].comment = comment }
            if code == "Base", let comment { baseComments[key] = comment }
            if InterfaceBuilderTable.isGeneratedComment(comment) || InterfaceBuilderTable.isObjectKey(key) {
                interfaceBuilderKeys.insert(key)
            }
        }
        if codeOrigins.contains(where: { $0 >= 0 }) { origins[code] = codeOrigins }
    }

    func file(key: String, locale: String) -> String {
        if isCatalog { return catalogFile }
        guard let index = keyIndex[key] else { return "" }
        for code in [locale, sourceLanguage] {
            if let keyFiles = origins[code], index < keyFiles.count, keyFiles[index] >= 0 { return files[Int(keyFiles[index])] }
        }
        return ""
    }
}
