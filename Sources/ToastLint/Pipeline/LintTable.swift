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
    /// not kept; then `suppressions` holds the comments that suppress findings).
    var entries: [String: CatalogEntry] = [:]
    var keys: [String] = []
    /// The comments with `[no-lint` of entries not kept, by key.
    var suppressions: [String: String] = [:]
    /// `locale + "\u{1}" + key` → file, for `.lproj` tables.
    var origins: [String: String] = [:]
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
    mutating func finishLproj(files: [String]) {
        guard !isCatalog else { return }
        isInterfaceBuilder = InterfaceBuilderTable.hasInterfaceFile(table: name, files: files)
            || (!keys.isEmpty && interfaceBuilderKeys.count * 2 > keys.count)
        if sourceFiles == 0, origins.keys.contains(where: { $0.hasPrefix("Base\u{1}") }) {
            sourceIsBase = true
            sourceFiles = 1
            for key in keys {
                guard var entry = entries[key], let base = entry.localizations.removeValue(forKey: "Base") else { continue }
                entry.localizations[sourceLanguage] = base
                if let comment = baseComments[key] { entry.comment = comment }
                entries[key] = entry
                if let file = origins.removeValue(forKey: "Base\u{1}" + key) { origins[sourceLanguage + "\u{1}" + key] = file }
            }
        } else {
            // A Base table beside the development language's: a fallback layer, not a locale
            // to translate into.
            for key in keys { entries[key]?.localizations.removeValue(forKey: "Base") }
        }
    }

    /// The comments of `Base.lproj` entries, kept until ``finishLproj(files:)`` knows
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
        let incomingEntries = catalog.entries
        for key in catalog.keys {
            guard let incoming = incomingEntries[key], let value = incoming.localizations.values.first else { continue }
            if isDict { stringsdictKeys.insert(key) }
            // The entry is changed where it is stored: a copy taken out and put back shared its
            // localizations, and each change copied all of them (one per locale file).
            let index: Dictionary<String, CatalogEntry>.Index
            if let found = entries.index(forKey: key) {
                index = found
            } else {
                keys.append(key)
                entries[key] = CatalogEntry()
                index = entries.index(forKey: key)!
            }
            if entries.values[index].localizations[code] == nil || isDict {
                entries.values[index].localizations[code] = value
                origins[code + "\u{1}" + key] = file
            }
            if isSource, let comment = incoming.comment { entries.values[index].comment = comment }
            if code == "Base", let comment = incoming.comment { baseComments[key] = comment }
            if InterfaceBuilderTable.isGeneratedComment(incoming.comment) || InterfaceBuilderTable.isObjectKey(key) {
                interfaceBuilderKeys.insert(key)
            }
        }
    }

    func file(key: String, locale: String) -> String {
        isCatalog ? catalogFile : origins[locale + "\u{1}" + key] ?? origins[sourceLanguage + "\u{1}" + key] ?? ""
    }
}
