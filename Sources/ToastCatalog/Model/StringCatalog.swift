import ToastICU

/// A String Catalog (`.xcstrings`): one table, every key in every locale.
///
/// Members the reader does not model are kept in `extra` fields so a rewrite loses nothing.
///
/// A catalog read from `.strings` files keeps each file as a flat table (its keys, values and
/// comments in one buffer, indexed by key) until ``entries`` or ``keys`` is first read or
/// changed: ``entry(forKey:)`` and ``localization(forKey:locale:)`` read the tables directly,
/// and merging `.lproj` files (``merge(_:preferring:)``) keeps them side by side. Either way
/// the catalog holds the same entries; two catalogs are equal when their contents are.
public struct StringCatalog: Sendable, Equatable {
    /// The table name: the file name without extension (`Localizable`).
    public var table: String
    /// The development language, such as `en`.
    public var sourceLanguage: String
    /// The format version (`1.0`, `1.1`, `1.2`).
    public var version: String
    /// The entries by key, each under the key's first spelling.
    ///
    /// For a catalog read from `.strings` files the dictionary is made when first read (and
    /// kept); ``entry(forKey:)`` looks one key up without making it. A key spelled with other
    /// scalars but canonically equal (`café` as U+0065 U+0301 after U+00E9) is a key of its own
    /// to Apple's runtime; its entry is one of ``respelledEntries``, not merged into this one.
    public var entries: [String: CatalogEntry] {
        get { layers?.materialized().entries ?? storedEntries }
        _modify {
            materialize()
            stateTally = nil
            yield &storedEntries
        }
    }
    /// Keys in file order.
    public var keys: [String] {
        get { layers?.keys() ?? storedKeys }
        _modify {
            materialize()
            stateTally = nil
            yield &storedKeys
        }
    }
    /// Entries under keys canonically equal to a key of ``keys`` but spelled with other scalars,
    /// each reported by the reader as a `key-normalization` warning.
    ///
    /// Apple's runtime compares table keys by UTF-16 code units, so `café` typed as U+00E9 and
    /// as U+0065 U+0301 are two keys to it, each with its own value, and so they are to the
    /// writers (``jsonValue()``, ``CatalogConverter``), which take ``entriesBySpelling()``.
    /// ToastKit's lookups equate canonically equal keys, as Swift's strings do:
    /// ``entry(forKey:)`` and ``localization(forKey:locale:)`` find the first spelling's entry,
    /// joined with the localizations only another spelling has (as when `en.lproj` spells a key
    /// one way and `de.lproj` the other).
    public var respelledEntries: [SpelledEntry] {
        get { layers?.respelled() ?? storedRespelled }
        _modify {
            materialize()
            stateTally = nil
            yield &storedRespelled
        }
    }
    var storedEntries: [String: CatalogEntry]
    var storedKeys: [String]
    var storedRespelled: [SpelledEntry] = []
    /// The files the entries are kept in, when they are not in ``storedEntries``.
    var layers: CatalogLayers?
    /// The states of the entries, counted by the ``CatalogDetail/states`` read that made them
    /// (``StateTally``); dropped when the entries change.
    var stateTally: StateTally?
    /// Top-level members not modelled here, kept for rewriting.
    public var extra: [JSONMember]
    /// Problems that did not stop reading (unsupported rule types, nonstandard values…).
    public var warnings: [CatalogWarning] = []
    /// Whether the file had a `version` member (written back only then).
    public var hasVersion = true
    /// The format the catalog was read from.
    public var format: Format = .xcstrings

    /// Catalog file formats.
    public enum Format: String, Sendable {
        /// A String Catalog (`.xcstrings`).
        case xcstrings
        /// A `.strings` table of one locale.
        case strings
        /// A `.stringsdict` of one locale.
        case stringsdict
    }

    /// Creates a catalog.
    public init(table: String, sourceLanguage: String, version: String = "1.0",
                entries: [String: CatalogEntry] = [:], keys: [String]? = nil, extra: [JSONMember] = []) {
        self.table = table
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.storedEntries = entries
        self.storedKeys = keys ?? entries.keys.sorted()
        self.extra = extra
    }

    /// Moves layered entries into the stored dictionary, before a change.
    private mutating func materialize() {
        guard let kept = layers else { return }
        layers = nil
        (storedEntries, storedKeys) = kept.materialized()
        storedRespelled = kept.respelled()
    }

    /// Catalogs are equal when their names, languages, versions, keys, entries (every
    /// spelling's), unknown members, warnings and formats are, however their entries are kept.
    public static func == (lhs: StringCatalog, rhs: StringCatalog) -> Bool {
        lhs.table == rhs.table && lhs.sourceLanguage == rhs.sourceLanguage && lhs.version == rhs.version
            && lhs.keys == rhs.keys && lhs.entries == rhs.entries && lhs.respelledEntries == rhs.respelledEntries
            && lhs.extra == rhs.extra
            && lhs.warnings == rhs.warnings && lhs.hasVersion == rhs.hasVersion && lhs.format == rhs.format
    }

    /// Every locale code some entry has a localization for, plus the source language, as
    /// written in the file.
    public var localeCodes: [String] {
        if let layers { return layers.localeCodes(sourceLanguage: sourceLanguage) }
        var seen: Set<String> = [sourceLanguage]
        var ordered = [sourceLanguage]
        // Entries mostly list the codes the last one listed, in its order (the reader gives
        // them one layout): such an entry has no new code, found without hashing or sorting.
        var last: [String] = []
        for key in keys {
            guard let entry = entry(forKey: key) else { continue }
            let codes = entry.localizations.keys
            if codes.count == last.count, codes.elementsEqual(last) { continue }
            last = Array(codes)
            guard codes.contains(where: { !seen.contains($0) }) else { continue }
            for code in codes.sorted() where seen.insert(code).inserted { ordered.append(code) }
        }
        return ordered
    }
}

/// One key of a String Catalog.
public struct CatalogEntry: Sendable, Equatable {
    /// The translator comment.
    public var comment: String?
    /// `manual`, `extracted_with_value`, `migrated`, `stale`…; `nil` means automatic.
    public var extractionState: String?
    /// `false` for strings that must not be translated.
    public var shouldTranslate: Bool?
    /// Whether Xcode generated the comment.
    public var isCommentAutoGenerated: Bool?
    /// Localizations by locale code as written in the file (`zh-Hans`).
    public var localizations: [String: LocalizedValue]
    /// Members not modelled here.
    public var extra: [JSONMember]
    /// Whether the entry had a `localizations` member, even an empty one (written back then).
    public var hadLocalizationsMember = false

    /// Creates an entry.
    public init(comment: String? = nil, extractionState: String? = nil, shouldTranslate: Bool? = nil,
                isCommentAutoGenerated: Bool? = nil, localizations: [String: LocalizedValue] = [:],
                extra: [JSONMember] = []) {
        self.comment = comment
        self.extractionState = extractionState
        self.shouldTranslate = shouldTranslate
        self.isCommentAutoGenerated = isCommentAutoGenerated
        self.localizations = localizations
        self.extra = extra
    }
}

/// A string unit: the translated value and its review state.
public struct StringUnit: Sendable, Equatable {
    /// `translated`, `needs_review`, `new`, `stale`…
    public var state: String?
    /// The text, in Apple's format-string dialect.
    public var value: String
    /// Members not modelled here.
    public var extra: [JSONMember]

    /// Creates a unit.
    public init(state: String? = "translated", value: String, extra: [JSONMember] = []) {
        self.state = state
        self.value = value
        self.extra = extra
    }
}

/// A localization, or one variation branch of it: a string unit, plural or device
/// variations, and substitutions.
///
/// Most localizations are a plain string unit; the variations, substitutions and unknown
/// members are kept in one shared box, made only when one of them is set, so that a plain
/// value is small to store, copy and free. Values are compared by their contents.
public struct LocalizedValue: Sendable, Equatable {
    /// The plain value, when the localization has one.
    public var stringUnit: StringUnit?
    private var box: Box?

    /// The rarely used members; copied before a change when shared (value semantics).
    ///
    /// A box is changed only through ``uniqueBox()``, by the one value that holds it, so no
    /// read can overlap a change: its members are not checked for exclusive access at run
    /// time (each read of a value's plural forms or substitutions was a check of about 60
    /// instructions, a seventieth of `lint`).
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var plural: [PluralCategory: LocalizedValue]
        @exclusivity(unchecked) var device: [String: LocalizedValue]
        @exclusivity(unchecked) var substitutions: [String: Substitution]
        @exclusivity(unchecked) var extra: [JSONMember]

        init(plural: [PluralCategory: LocalizedValue] = Dictionary(), device: [String: LocalizedValue] = Dictionary(),
             substitutions: [String: Substitution] = Dictionary(), extra: [JSONMember] = []) {
            self.plural = plural
            self.device = device
            self.substitutions = substitutions
            self.extra = extra
        }
    }

    /// The box, unshared, for a change.
    private mutating func uniqueBox() -> Box {
        if isKnownUniquelyReferenced(&box), let box { return box }
        let copy = box.map { Box(plural: $0.plural, device: $0.device, substitutions: $0.substitutions, extra: $0.extra) } ?? Box()
        box = copy
        return copy
    }

    /// Whether the value is a string unit (or nothing) and has never had variations,
    /// substitutions or unknown members: true says there are none without looking (false
    /// says nothing: they may have been set and emptied).
    package var isBare: Bool { box == nil }

    /// The text of the common localization, read in place: one string unit in the translated
    /// state (or with none), with no unknown member, no variation, substitution or unknown
    /// member beside it; `nil` for any other value. Asked of every localization `lint`
    /// checks, where taking the unit out as a copy (a retain and a release of each of its
    /// three parts) cost 35 M of the bench catalog's 4.85 G instructions.
    package var plainTranslatedText: String? {
        if let box, !box.plural.isEmpty || !box.device.isEmpty || !box.substitutions.isEmpty || !box.extra.isEmpty { return nil }
        guard stringUnit?.extra.isEmpty == true else { return nil }
        switch stringUnit?.state {
        case nil, "translated"?: return stringUnit?.value
        default: return nil
        }
    }

    /// Plural forms by CLDR category.
    public var plural: [PluralCategory: LocalizedValue] {
        get { box?.plural ?? Dictionary() }
        _modify { yield &uniqueBox().plural }
    }

    /// Device forms by device name (`iphone`, `mac`, `other`…).
    public var device: [String: LocalizedValue] {
        get { box?.device ?? Dictionary() }
        _modify { yield &uniqueBox().device }
    }

    /// Substitutions referenced as `%#@name@`.
    public var substitutions: [String: Substitution] {
        get { box?.substitutions ?? Dictionary() }
        _modify { yield &uniqueBox().substitutions }
    }

    /// Members not modelled here (unknown variation kinds included).
    public var extra: [JSONMember] {
        get { box?.extra ?? [] }
        _modify { yield &uniqueBox().extra }
    }

    /// `LocalizedValue(stringUnit: unit)`: a value that is one string unit, the readers'
    /// common case, made without the general initializer's tables and tests (the readers made
    /// hundreds of thousands through it).
    package init(unit: StringUnit) {
        stringUnit = unit
    }

    /// Creates a value.
    public init(stringUnit: StringUnit? = nil, plural: [PluralCategory: LocalizedValue] = Dictionary(),
                device: [String: LocalizedValue] = Dictionary(), substitutions: [String: Substitution] = Dictionary(),
                extra: [JSONMember] = []) {
        self.stringUnit = stringUnit
        if !plural.isEmpty || !device.isEmpty || !substitutions.isEmpty || !extra.isEmpty {
            box = Box(plural: plural, device: device, substitutions: substitutions, extra: extra)
        }
    }

    /// Values are equal when their string units, forms, substitutions and unknown members are.
    public static func == (lhs: LocalizedValue, rhs: LocalizedValue) -> Bool {
        guard lhs.stringUnit == rhs.stringUnit else { return false }
        if lhs.box === rhs.box { return true }
        return lhs.plural == rhs.plural && lhs.device == rhs.device && lhs.substitutions == rhs.substitutions
            && lhs.extra == rhs.extra
    }
}

/// A `%#@name@` substitution: which argument it reads and its plural forms.
public struct Substitution: Sendable, Equatable {
    /// The 1-based argument the substitution reads.
    public var argNum: Int?
    /// The conversion the argument uses inside the forms (`lld`, `@`, `lf`).
    public var formatSpecifier: String?
    /// The forms by plural category; `%arg` stands for the argument.
    public var plural: [PluralCategory: LocalizedValue]
    /// Members not modelled here.
    public var extra: [JSONMember]
    /// `.stringsdict` semantics: the chosen form replaces the `%#@name@` token as text, and its
    /// own specifiers (`%d`, `%1$d`) read the arguments from the token's position on. String
    /// Catalog forms use `%arg` instead and are not textual.
    public var isTextual: Bool

    /// Creates a substitution.
    public init(argNum: Int? = nil, formatSpecifier: String? = nil,
                plural: [PluralCategory: LocalizedValue] = [:], extra: [JSONMember] = [], isTextual: Bool = false) {
        self.argNum = argNum
        self.formatSpecifier = formatSpecifier
        self.plural = plural
        self.extra = extra
        self.isTextual = isTextual
    }
}
