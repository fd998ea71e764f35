import ToastICU

extension StringCatalog {
    /// Reads a `.stringsdict` (XML property list) for one locale into the String Catalog model:
    /// each key's `NSStringLocalizedFormatKey` becomes its value, each plural-rule variable a
    /// textual substitution with its forms.
    ///
    /// Tolerant reader, strict reporter: `NSStringFormatValueTypeKey` spelled with `%` (`%ld`)
    /// is accepted with a `nonstandard-value` warning; a variable without `other` gets a
    /// `variation-missing-other` warning; device-specific and variable-width rule types are kept
    /// (in `extra`) with an `unsupported-rule-type` warning.
    ///
    /// `locale` is the localization the file holds (from its `.lproj` folder);
    /// `sourceLanguage` the development language of the project. With `detail` ``CatalogDetail/states``
    /// each key keeps, once checked, only its locale and state (translated: the format has no
    /// states), not its forms.
    public init(stringsdict bytes: [UInt8], file: String, locale: String, sourceLanguage: String = "en",
                table: String? = nil, limits: CatalogLimits = .standard, detail: CatalogDetail = .full) throws(CatalogError) {
        self = try Self.stringsdict(bytes, file: file, locale: locale, sourceLanguage: sourceLanguage, table: table,
                                    limits: limits, detail: detail, direct: true)
    }

    /// Reads a `.stringsdict` as ``init(stringsdict:file:locale:sourceLanguage:table:limits:detail:)``
    /// does. `direct`: its entries straight from the bytes, falling back to a tree of the whole
    /// file when some entry is not an entry's shape or crosses a limit (the tree's order of
    /// errors decides which is reported); otherwise always from the tree (the two agree: a test
    /// compares them).
    /// `encoded`: the entries are kept in a flat table of their bytes (``StringsTable``), not
    /// as entries: its values encoded for a ``CatalogDetail/full`` read, none kept for a
    /// ``CatalogDetail/states`` read (each the translated state's); without it they are kept as
    /// entries. The two give the same entries, lookups, spellings and warnings at either detail
    /// (a test compares them); ``StringCatalog/respelledEntries`` of several keys respelled
    /// come grouped by key from the flat table, in file order from the entries.
    /// `plainEntries`: a flat table takes the entries of the common shape from their texts'
    /// bytes, without reading them into entries (``PlainStringsdictEntry``); otherwise every
    /// entry is read in full (the two agree: a test compares them). `plainAdded` is told the key
    /// of each entry so taken.
    @_spi(Verification) public static func stringsdict(_ bytes: [UInt8], file: String, locale: String, sourceLanguage: String,
                                                       table: String?, limits: CatalogLimits, detail: CatalogDetail,
                                                       direct: Bool, encoded: Bool = true, plainEntries: Bool = true,
                                                       plainAdded: ((String) -> Void)? = nil) throws(CatalogError) -> StringCatalog {
        if direct, let read = try stringsdictDirectly(bytes, file: file, locale: locale, sourceLanguage: sourceLanguage,
                                                      table: table, limits: limits, detail: detail, encoded: encoded,
                                                      plainEntries: plainEntries, plainAdded: plainAdded) {
            return read
        }
        let empty = StringCatalog(stringsdictTable: table ?? tableName(forPath: file), sourceLanguage: sourceLanguage)
        let root = try XMLPropertyListParser.parse(bytes, file: file, limits: limits)
        guard case .dictionary(let items) = root else {
            throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .stringsdictSchema,
                               message: "expected a <dict> of keys at the top level, found <\(root.kindName)>")
        }
        var builder = StringsdictBuilder(catalog: empty, file: file, locale: locale, limits: limits, detail: detail,
                                         encoded: encoded, fileSize: bytes.count)
        for item in items { try builder.add(StringsdictEntry(item, file: file)) }
        return builder.finished()
    }

    /// The `.stringsdict` read straight from its bytes; `nil` when its top level is not a
    /// `<dict>`, some entry is not an entry's shape, some entry's substitutions cross a limit, or
    /// `limits` allow fewer than the three levels of nesting an entry uses (the tree's read then
    /// tells which problem comes first: such a file is parsed twice). Throws the errors of the
    /// parse itself that it meets — syntax, not UTF-8, too deep, a string too long — which are
    /// the first in the file, as in the tree's read. `plainEntries` and `plainAdded` are
    /// ``stringsdict(_:file:locale:sourceLanguage:table:limits:detail:direct:encoded:plainEntries:plainAdded:)``'s.
    package static func stringsdictDirectly(_ bytes: [UInt8], file: String, locale: String, sourceLanguage: String,
                                            table: String?, limits: CatalogLimits, detail: CatalogDetail,
                                            encoded: Bool = true, plainEntries: Bool = true,
                                            plainAdded: ((String) -> Void)? = nil) throws(CatalogError) -> StringCatalog? {
        let empty = StringCatalog(stringsdictTable: table ?? tableName(forPath: file), sourceLanguage: sourceLanguage)
        var builder = StringsdictBuilder(catalog: empty, file: file, locale: locale, limits: limits, detail: detail,
                                         encoded: encoded, fileSize: bytes.count)
        // Entries are taken from their bytes only into a flat table.
        let read = try XMLPropertyListParser.readStringsdict(bytes, file: file, limits: limits, offersPlain: plainEntries && builder.keepsFlat,
                                                             plain: { key, line, column, entry, bytes in
            guard builder.add(plain: entry, key: key, line: line, column: column, in: bytes) else { return false }
            plainAdded?(key)
            return true
        }, each: { entry in
            do throws(CatalogError) {
                try builder.add(entry)
                return true
            } catch {
                return false
            }
        })
        return read ? builder.finished() : nil
    }

    private init(stringsdictTable table: String, sourceLanguage: String) {
        self.init(table: table, sourceLanguage: sourceLanguage)
        format = .stringsdict
    }

    /// Turns the entries of one `.stringsdict`, in file order, into the model: a flat table
    /// (``StringsTable``) of keys and encoded values for a ``CatalogDetail/full`` read, of keys
    /// alone for a ``CatalogDetail/states`` read, entries without `encoded`.
    private struct StringsdictBuilder {
        private var catalog: StringCatalog
        let file: String
        let locale: String
        let limits: CatalogLimits
        let detail: CatalogDetail
        /// The entries, when kept flat.
        private var table: StringsTable?
        private var seen = Set<String>()
        /// The second spellings by their bytes (String equality is canonical equivalence).
        private var respelledIndex: [[UInt8]: Int] = [:]

        /// A builder of the entries of a file of `fileSize` bytes; with `encoded`, kept flat
        /// when the file fits a table (the encoded values are never longer than the file's
        /// texts, and a table's offsets are 32 bits).
        init(catalog: StringCatalog, file: String, locale: String, limits: CatalogLimits, detail: CatalogDetail, encoded: Bool,
             fileSize: Int) {
            self.catalog = catalog
            self.file = file
            self.locale = locale
            self.limits = limits
            self.detail = detail
            // A states read keeps its keys flat too, with no values (each the translated
            // state's): an entry, a dictionary and a set insertion made for each key were a
            // tenth of `stats` of the bench `.lproj` tree (150 M of 1.47 G instructions).
            if encoded && fileSize <= StringsTable.maximumTextSize {
                table = StringsTable(locale: locale, expected: 0, values: detail == .full ? .stringsdict : .states)
            }
        }

        /// Whether the entries are kept in a flat table (``add(plain:key:line:column:in:)`` takes
        /// entries only then).
        var keepsFlat: Bool { table != nil }

        /// The catalog of the entries added.
        func finished() -> StringCatalog {
            guard var table else { return catalog }
            table.fitText()
            var result = catalog
            result.layers = CatalogLayers([CatalogLayer(.strings(table), preferring: false)])
            return result
        }

        private func location(line: Int, column: Int) -> SourceLocation {
            SourceLocation(file: file, line: line, column: column)
        }

        /// Adds an entry read as ranges of the file's `bytes` (``PlainStringsdictEntry``) when it
        /// is kept flat and surely within the limits: exactly what ``add(_:)`` adds for the
        /// entry read in full — the same warnings, in the same order, and the same encoded value
        /// (``StringsTable/appendEncoded(plain:arguments:in:)``) — without making a text of it
        /// (only the texts of an entry with a `$`, whose substitutions take their arguments from
        /// their tokens or forms, are made, to read them as formats). Returns `false`, having
        /// added nothing, otherwise (or when an argument is past the encoding's range): the
        /// entry is then read in full and added by ``add(_:)``.
        mutating func add(plain entry: PlainStringsdictEntry, key: String, line: Int, column: Int,
                          in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard table != nil, SubstitutionExpansion.isSurelyWithin(entry, in: bytes, limits: limits) else { return false }
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            let encodes = detail == .full
            // Each substitution's argument, as ``encodableSubstitutions(_:)`` finds it.
            var arguments: [Int?] = []
            if encodes, bytes[entry.format].contains(UInt8(ascii: "$")) || entry.forms.contains(where: { $0.map { bytes[$0].contains(UInt8(ascii: "$")) } ?? false }) {
                let positioned = StringCatalog.positionedSubstitutions(in: text(entry.format))
                for (index, variable) in entry.variables.enumerated() {
                    var specifier = variable.valueType.map(text)
                    if specifier?.hasPrefix("%") == true { specifier!.removeFirst() }
                    let argument = positioned.contains(text(variable.name))
                        ? nil : StringCatalog.argumentPosition(formatSpecifier: specifier) { entry.form($0, ofVariable: index).map(text) }
                    if let argument, argument < 0 || argument >= Int(Int32.max) { return false }
                    arguments.append(argument)
                }
            }
            for (index, variable) in entry.variables.enumerated() {
                let at = location(line: variable.line, column: variable.column)
                if let valueType = variable.valueType, bytes[valueType].first == UInt8(ascii: "%") {
                    catalog.warnings.append(percentValueTypeWarning(key: key, text(valueType), at))
                }
                if entry.form(.other, ofVariable: index) == nil {
                    catalog.warnings.append(missingOtherWarning(key: key, variable: text(variable.name), at))
                }
            }
            // A states read keeps no value (``StringsTable/Values/states``).
            addFlat(key: key, line: line, column: column) {
                encodes ? $0.appendEncoded(plain: entry, arguments: arguments, in: bytes) : $0.text.count..<$0.text.count
            }
            return true
        }

        /// Adds `entry`; throws the `[limit]` error of substitutions that expand too far.
        mutating func add(_ entry: StringsdictEntry) throws(CatalogError) {
            // An entry kept flat whose value the encoding holds is encoded from the entry
            // itself, without making its value (a value, a dictionary per substitution and a
            // value per form, made and freed for each entry, were most of reading a
            // `.stringsdict`).
            if table != nil, detail == .full, let substitutions = encodableSubstitutions(entry) {
                for variable in entry.variables {
                    guard case .plural(let valueType, let forms) = variable.rule else { continue }
                    let at = location(line: variable.line, column: variable.column)
                    if let valueType, valueType.hasPrefix("%") { catalog.warnings.append(percentValueTypeWarning(key: entry.key, valueType, at)) }
                    if !forms.contains(where: { if case .text(.other, _) = $0 { true } else { false } }) {
                        catalog.warnings.append(missingOtherWarning(key: entry.key, variable: variable.name, at))
                    }
                }
                addFlat(key: entry.key, line: entry.line, column: entry.column) {
                    $0.appendEncoded(format: entry.format, substitutions: substitutions)
                }
                return
            }
            // A ``CatalogDetail/states`` read keeps the state alone: the value is made only when
            // the exact count of its substitutions must decide whether it crosses the limits
            // (its warnings come from the entry either way).
            let makesValue = detail != .states || !SubstitutionExpansion.isSurelyWithin(entry, limits: limits)
            var value = LocalizedValue(unit: StringUnit(state: nil, value: entry.format))
            // The format is read once per entry, not once per variable (thousands of variables
            // were quadratic).
            let positioned = makesValue ? StringCatalog.positionedSubstitutions(in: entry.format) : []
            for variable in entry.variables {
                let at = location(line: variable.line, column: variable.column)
                switch variable.rule {
                case .other(let type, let written):
                    if makesValue {
                        value.extra.append(JSONMember(key: variable.name, value: StringCatalog.json(written), line: variable.line, column: variable.column))
                    }
                    catalog.warnings.append(CatalogWarning(location: at, rule: .unsupportedRuleType,
                        message: "“\(entry.key)”: the variable “\(variable.name)” has rule type \(type.map { "“\($0)”" } ?? "none"); only NSStringPluralRuleType is resolved, the rest is kept", key: entry.key))
                case .plural(let valueType, let forms):
                    var substitution = Substitution(isTextual: true)
                    if var valueType {
                        if valueType.hasPrefix("%") {
                            catalog.warnings.append(percentValueTypeWarning(key: entry.key, valueType, at))
                            valueType.removeFirst()
                        }
                        substitution.formatSpecifier = valueType
                    }
                    var hasOther = false
                    for form in forms {
                        switch form {
                        case .text(let category, let text):
                            if category == .other { hasOther = true }
                            if makesValue { substitution.plural[category] = LocalizedValue(unit: StringUnit(state: nil, value: text)) }
                        case .unknown(let member):
                            if makesValue {
                                substitution.extra.append(JSONMember(key: member.key, value: StringCatalog.json(member.value), line: member.line, column: member.column))
                            }
                            catalog.warnings.append(CatalogWarning(location: location(line: member.line, column: member.column), rule: .unknownMember,
                                message: "“\(entry.key)”: “\(member.key)” is not a plural category with a string; kept", key: entry.key))
                        }
                    }
                    if !hasOther { catalog.warnings.append(missingOtherWarning(key: entry.key, variable: variable.name, at)) }
                    if makesValue {
                        substitution.argNum = positioned.contains(variable.name) ? nil : StringCatalog.argumentPosition(forms: substitution)
                        value.substitutions[variable.name] = substitution
                    }
                }
            }
            let here = location(line: entry.line, column: entry.column)
            if makesValue, let error = SubstitutionExpansion.check(value, key: entry.key, locale: locale, limits: limits, at: here) {
                throw error
            }
            if table != nil {
                // A states read keeps no value (``StringsTable/Values/states``).
                let encodes = detail == .full
                return addFlat(key: entry.key, line: entry.line, column: entry.column) {
                    encodes ? $0.appendEncoded(value) : $0.text.count..<$0.text.count
                }
            }
            let (inserted, kept) = seen.insert(entry.key)
            // The format has no states: every value is translated.
            let parsed = CatalogEntry(localizations: [locale: detail == .states ? CatalogDetail.value(for: .translated) : value])
            if inserted {
                catalog.keys.append(entry.key)
                catalog.entries[entry.key] = parsed
            } else if kept.utf8.elementsEqual(entry.key.utf8) {
                catalog.warnings.append(StringCatalog.duplicateKeyWarning(entry.key, at: here))
                catalog.entries[kept] = parsed
            } else if let other = respelledIndex[Array(entry.key.utf8)] {
                catalog.warnings.append(StringCatalog.duplicateKeyWarning(entry.key, at: here))
                catalog.storedRespelled[other].entry = parsed
            } else {
                catalog.warnings.append(StringCatalog.keyNormalizationWarning(entry.key, earlier: kept, at: here))
                respelledIndex[Array(entry.key.utf8)] = catalog.storedRespelled.count
                catalog.storedRespelled.append(SpelledEntry(key: entry.key, entry: parsed))
            }
        }

        /// Adds the entry of `key` (whose `<key>` is at `line` and `column`) to the flat table,
        /// its value appended by `encode`: the key's record, and the warning of a key that came
        /// before.
        private mutating func addFlat(key: String, line: Int, column: Int, encode: (inout StringsTable) -> Range<Int>) {
            // Taken out while it changes and moved back (not copied: a copy retains each of its
            // parts, for every entry).
            guard var flat = table.take() else { return }
            var spelled = key
            let (keyRange, keyIsASCII) = spelled.withUTF8 { (flat.append($0), !$0.contains { $0 >= 0x80 }) }
            let valueRange = encode(&flat)
            let here = location(line: line, column: column)
            let warning: CatalogWarning? = switch flat.add(key: keyRange, keyIsASCII: keyIsASCII, value: valueRange, comment: nil) {
            case .new: nil
            case .repeated: StringCatalog.duplicateKeyWarning(key, at: here)
            case .respelled(let first): StringCatalog.keyNormalizationWarning(key, earlier: flat.string(first), at: here)
            }
            table = consume flat
            if let warning { catalog.warnings.append(warning) }
        }

        /// The substitutions of `entry` as the table encodes them, when its value is one the
        /// encoding holds (every variable of the plural rule type, every form a text, each
        /// argument in range) and is surely within the limits (so that no exact count needs the
        /// value): what its value's substitutions would be, a repeated name or category the
        /// last one (a name in its first spelling), as the value keeps it. `nil` otherwise.
        private func encodableSubstitutions(_ entry: StringsdictEntry) -> [StringsTable.EncodedSubstitution]? {
            guard SubstitutionExpansion.isSurelyWithin(entry, limits: limits) else { return nil }
            let positioned = StringCatalog.positionedSubstitutions(in: entry.format)
            var result: [StringsTable.EncodedSubstitution] = []
            result.reserveCapacity(entry.variables.count)
            // Where each name is in `result`, once there are too many to search.
            var places: [String: Int] = [:]
            for variable in entry.variables {
                guard case .plural(var specifier, let forms) = variable.rule else { return nil }
                var texts = [String?](repeating: nil, count: PluralCategory.allCases.count)
                for form in forms {
                    guard case .text(let category, let text) = form else { return nil }
                    texts[category.ordinal] = text
                }
                if specifier?.hasPrefix("%") == true { specifier!.removeFirst() }
                let argument = positioned.contains(variable.name)
                    ? nil : StringCatalog.argumentPosition(formatSpecifier: specifier) { texts[$0.ordinal] }
                if let argument, argument < 0 || argument >= Int(Int32.max) { return nil }
                var substitution = StringsTable.EncodedSubstitution(name: variable.name, formatSpecifier: specifier,
                                                                    argNum: argument, forms: texts)
                let place = result.count > 8 ? places[variable.name] : result.firstIndex { $0.name == variable.name }
                if let place {
                    // A name the value has already (the same characters) keeps its first
                    // spelling, as a dictionary's key does when its value is replaced.
                    substitution.name = result[place].name
                    result[place] = substitution
                } else {
                    if result.count >= 8 {
                        if places.isEmpty { for (index, made) in result.enumerated() { places[made.name] = index } }
                        places[variable.name] = result.count
                    }
                    result.append(substitution)
                }
            }
            return result
        }

        /// The warning of a value type written with a `%` (`%ld`) in the entry of `key`.
        private func percentValueTypeWarning(key: String, _ valueType: String, _ at: SourceLocation) -> CatalogWarning {
            CatalogWarning(location: at, rule: .nonstandardValue,
                           message: "“\(key)”: NSStringFormatValueTypeKey “\(valueType)” should be written without '%'", key: key)
        }

        /// The warning of a plural variable without an `other` form in the entry of `key`.
        private func missingOtherWarning(key: String, variable: String, _ at: SourceLocation) -> CatalogWarning {
            CatalogWarning(location: at, rule: .variationMissingOther,
                           message: "“\(key)”: the variable “\(variable)” has no “other” form; numbers in that category fall back")
        }
    }

    private static func duplicateKeyWarning(_ key: String, at location: SourceLocation) -> CatalogWarning {
        CatalogWarning(location: location, rule: .duplicateKey, message: "“\(key)” appears more than once; the last one wins", key: key)
    }

    /// The variables whose token in `format` has a position (`%1$#@COUNT@`).
    static func positionedSubstitutions(in format: String) -> Set<String> {
        var names = Set<String>()
        // A token with a position has a '$'.
        guard format.utf8.contains(UInt8(ascii: "$")) else { return names }
        for case .substitution(let token, _?) in FormatString.tokens(format) { names.insert(String(token)) }
        return names
    }

    /// The argument a variable reads when its token has no position (`%#@COUNT@`, so it is
    /// not in ``positionedSubstitutions(in:)``) but its forms name one for the value type
    /// (`%2$d`): that position. `nil` otherwise (sequential).
    static func argumentPosition(forms: Substitution) -> Int? {
        argumentPosition(formatSpecifier: forms.formatSpecifier) { forms.plural[$0]?.stringUnit?.value }
    }

    /// ``argumentPosition(forms:)`` of a value type and the text of each category's form
    /// (`nil` where there is none).
    static func argumentPosition(formatSpecifier: String?, text: (PluralCategory) -> String?) -> Int? {
        guard let conversion = formatSpecifier?.last else { return nil }
        // A specifier with a position has a '$': with none in any form, no specifier found
        // below has an argument.
        guard PluralCategory.allCases.contains(where: { text($0)?.containsUTF8Byte(UInt8(ascii: "$")) == true }) else { return nil }
        for category in PluralCategory.otherFirst {
            guard let text = text(category) else { continue }
            for case .specifier(let spec) in FormatString.tokens(text) where spec.conversion == conversion {
                return spec.argument
            }
        }
        return nil
    }

    /// A property-list value as JSON, for keeping members the model does not hold.
    static func json(_ value: PropertyList) -> JSONValue {
        switch value {
        case .dictionary(let entries): .object(entries.map { JSONMember(key: $0.key, value: json($0.value), line: $0.line, column: $0.column) })
        case .array(let items): .array(items.map(json))
        case .string(let text), .data(let text), .date(let text): .string(text)
        case .integer(let digits), .real(let digits): .number(digits.isEmpty ? "0" : digits)
        case .bool(let flag): .bool(flag)
        }
    }
}

extension PluralCategory {
    /// The categories with `other` (the form every language has) first, then the others in
    /// CLDR's order: the order forms are searched in for a variable's specifier.
    static let otherFirst = [PluralCategory.other] + allCases.filter { $0 != .other }
}
