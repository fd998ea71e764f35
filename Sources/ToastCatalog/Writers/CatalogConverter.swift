import ToastICU
import ToastSupport

/// Converts between `.lproj` tables (`.strings` + `.stringsdict`) and String Catalogs, keeping
/// every value both formats can hold and reporting, never silently dropping, what one cannot.
public enum CatalogConverter {
    /// What a conversion could not carry over.
    public struct Report: Sendable, Equatable {
        /// One message per thing left behind, with where it was.
        public var notConverted: [CatalogWarning] = []

        /// An empty report.
        public init() {}
    }

    // MARK: .lproj → .xcstrings

    /// One String Catalog from a merged `.lproj` table: plain values become string units
    /// (`translated`, as Xcode's migration marks them), `.stringsdict` variables become
    /// substitutions whose forms use `%arg`. Every spelling of a key stays a key of its own
    /// (``StringCatalog/entriesBySpelling()``).
    public static func stringCatalog(from table: StringCatalog, sourceLanguage: String) -> (StringCatalog, Report) {
        var report = Report()
        var catalog = StringCatalog(table: table.table, sourceLanguage: sourceLanguage, version: "1.0")
        var firstSpellings = Set<String>()
        let items = table.entriesBySpelling()
        let file = table.table
        // Each core converts a slice of the entries (each value on its own); the slices are
        // then taken in order, so the catalog and the report are those of one pass.
        let slices = Parallel.slices(of: items.count, into: items.count >= 1024 ? Parallel.processorCount : 1)
        let parts = Parallel.map(slices.count) { part -> (entries: [CatalogEntry], report: Report) in
            var report = Report()
            var entries: [CatalogEntry] = []
            entries.reserveCapacity(slices[part].count)
            for item in items[slices[part]] {
                let entry = converted(item, file: file, report: &report)
                entries.append(entry)
            }
            return (entries, report)
        }
        for (slice, part) in zip(slices, parts) {
            report.notConverted += part.report.notConverted
            for (item, entry) in zip(items[slice], part.entries) {
                if firstSpellings.insert(item.key).inserted {
                    catalog.keys.append(item.key)
                    catalog.entries[item.key] = entry
                } else {
                    catalog.respelledEntries.append(SpelledEntry(key: item.key, entry: entry))
                }
            }
        }
        return (catalog, report)
    }

    /// The String Catalog written from a merged `.lproj` table, handed to `emit` in parts as it
    /// is made: the bytes `writer` gives for ``stringCatalog(from:sourceLanguage:)``'s
    /// catalog, with its report, without holding that catalog or the output (each entry is
    /// converted when its run is written, on any core, and freed).
    public static func writeStringCatalog(from table: StringCatalog, sourceLanguage: String, writer: XCStringsWriter,
                                          finalNewline: Bool = false, to emit: ([UInt8]) -> Void) -> Report {
        let file = table.table
        let top = StringCatalog(table: table.table, sourceLanguage: sourceLanguage, version: "1.0").topLevelMembers(strings: [])
        var report = Report()
        // With no key spelled two ways, each entry is merged from the files as its run is
        // written, so that the merged table is never held whole beside the files; else the
        // table is merged first, spelling by spelling.
        let keys: [String], item: @Sendable (Int) -> SpelledEntry
        if let layers = table.layers, !layers.hasRespellings, layers.isFlat, let occurrences = layers.keyOccurrences() {
            // Every file a flat table: each entry is written from the tables, a `.strings`
            // text from its bytes, a `.stringsdict` value from its encoded parts (made and
            // converted only when the encoding does not hold it).
            let layerKeys = layers.keys()
            report.notConverted = writer.write(top: top, keys: layerKeys, finalNewline: finalNewline, flatEntry: { index in
                flatEntry(layerKeys[index], at: index, layers: layers, occurrences: occurrences, file: file)
            }, to: emit)
            return report
        }
        if let layers = table.layers, !layers.hasRespellings, layers.everyKeyHasAnEntry {
            let layerKeys = layers.keys(), capacity = layers.localeCountEstimate
            keys = layerKeys
            item = { SpelledEntry(key: layerKeys[$0], entry: layers.entry(forKey: layerKeys[$0], capacity: capacity) ?? CatalogEntry()) }
        } else {
            let items = table.entriesBySpelling()
            keys = items.map(\.key)
            item = { items[$0] }
        }
        report.notConverted = writer.write(top: top, keys: keys, finalNewline: finalNewline, entry: { index in
            var itemReport = Report()
            let entry = converted(item(index), file: file, report: &itemReport)
            return (entry, itemReport.notConverted)
        }, to: emit)
        return report
    }

    /// The entry of `key` converted as ``converted(_:file:report:)`` converts the merged
    /// entry (``CatalogLayers/entry(forKey:capacity:)``), from tables that are all flat: a
    /// `.strings` text is left in its table (converted, it is the same text, `translated`),
    /// a `.stringsdict` value the encoding holds is left in its parts (written converted by
    /// the writer), any other is made and converted. Its warnings come as `converted` orders
    /// them.
    private static func flatEntry(_ key: String, at keyIndex: Int, layers: CatalogLayers, occurrences: CatalogLayers.KeyOccurrences,
                                  file: String) -> (ConvertedFlatEntry, [CatalogWarning]) {
        guard let (comment, picks) = layers.flatMerge(forKeyAt: keyIndex, in: occurrences) else {
            preconditionFailure("flatEntry(_:at:layers:occurrences:file:) is only asked of flat layers")
        }
        var entry = ConvertedFlatEntry(comment: comment, localizations: [])
        entry.localizations.reserveCapacity(picks.count)
        var report = Report()
        var warned: [(locale: String, warnings: Range<Int>)] = []
        for (layer, record, locale) in picks {
            guard let flat = layers.flatTable(at: layer) else { continue }
            switch flat.table.values {
            case .texts:
                entry.localizations.append((locale, .text(flat, record: record)))
            case .stringsdict, .states:
                // A value the encoding holds is written from its parts (``LayoutOutput``'s
                // `write(encoded:in:indent:)`): such a value has no member to warn of.
                if let parts = flat.encodedParts(atRecord: record) {
                    entry.localizations.append((locale, .encoded(flat, parts)))
                    continue
                }
                let before = report.notConverted.count
                let value = catalogValue(flat.localization(atRecord: record), key: key, locale: locale, file: file, report: &report)
                if report.notConverted.count > before { warned.append((locale, before..<report.notConverted.count)) }
                entry.localizations.append((locale, .value(value)))
            }
        }
        if warned.count > 1 { report.notConverted = localeOrdered(warned, of: report.notConverted) }
        return (entry, report.notConverted)
    }

    /// The warnings of one entry's locales, `warned` saying which of `warnings` each locale
    /// gave, in code-point order of the locales (a dictionary's order changes from run to run).
    private static func localeOrdered(_ warned: [(locale: String, warnings: Range<Int>)], of warnings: [CatalogWarning]) -> [CatalogWarning] {
        warned.sorted { CodePointOrder.precedes($0.locale, $1.locale) }.flatMap { warnings[$0.warnings] }
    }

    /// `item`'s entry with each localization converted (``catalogValue(_:key:locale:file:report:)``).
    /// Its warnings come in code-point order of their locales, so that the report's order is
    /// the same every run (a dictionary's order is not).
    private static func converted(_ item: SpelledEntry, file: String, report: inout Report) -> CatalogEntry {
        var entry = item.entry
        var warned: [(locale: String, warnings: Range<Int>)] = []
        // Each value is replaced where it is stored (no second dictionary, no rehashing).
        for index in entry.localizations.indices {
            let before = report.notConverted.count
            let locale = entry.localizations.keys[index]
            entry.localizations.values[index] = catalogValue(entry.localizations.values[index], key: item.key, locale: locale, file: file,
                                                             report: &report)
            if report.notConverted.count > before { warned.append((locale, before..<report.notConverted.count)) }
        }
        if warned.count > 1 {
            let start = warned.map(\.warnings.lowerBound).min()!
            report.notConverted.replaceSubrange(start..., with: localeOrdered(warned, of: report.notConverted))
        }
        entry.hadLocalizationsMember = true
        return entry
    }

    static func catalogValue(_ value: LocalizedValue, key: String, locale: String, file: String, report: inout Report) -> LocalizedValue {
        var result = value
        if var unit = result.stringUnit, unit.state == nil { unit.state = "translated"; result.stringUnit = unit }
        guard let format = value.stringUnit?.value else { return result }
        // Arguments of sequential tokens in the format key, in order (only read for the
        // variables of a .stringsdict, so not worked out for plain values).
        let hasVariables = value.substitutions.values.contains(where: \.isTextual)
        let positions = hasVariables ? substitutionPositions(in: format) : [:]
        for (name, substitution) in value.substitutions where substitution.isTextual {
            var converted = substitution
            converted.isTextual = false
            let argNum = substitution.argNum ?? positions[name] ?? 1
            converted.argNum = argNum
            let conversion = substitution.formatSpecifier?.last
            var sequential = false
            for (category, form) in substitution.plural {
                guard var unit = form.stringUnit else { continue }
                let (text, style) = replaceArgument(in: unit.value, conversion: conversion, argNum: argNum)
                if style == .sequential { sequential = true }
                unit.value = text
                if unit.state == nil { unit.state = "translated" }
                converted.plural[category] = LocalizedValue(stringUnit: unit)
            }
            if sequential { converted.extra.append(JSONMember(key: argumentStyleKey, value: .string("sequential"))) }
            result.substitutions[name] = converted
        }
        for member in value.extra {
            report.notConverted.append(CatalogWarning(location: SourceLocation(file: file, line: member.line, column: member.column),
                rule: .notConverted, message: "“\(key)” (\(locale)): the variable “\(member.key)” has a rule type String Catalogs do not hold; left out"))
            result.extra.removeAll { $0.key == member.key }
        }
        return result
    }

    /// The argument each substitution token of a `.stringsdict` format key reads: its own
    /// position (`%2$#@files@`), or the next of the sequential arguments (unnumbered
    /// specifiers and tokens, counted in order); a name met twice reads the later one's.
    static func substitutionPositions(in format: String) -> [String: Int] {
        var sequential = 0
        var positions: [String: Int] = [:]
        for token in FormatString.tokens(format) {
            switch token {
            case .specifier(let spec): if spec.argument == nil { sequential += 1 }
            case .substitution(let name, let argument):
                if let argument { positions[String(name)] = argument } else { sequential += 1; positions[String(name)] = sequential }
            default: break
            }
        }
        return positions
    }

    /// The member ToastKit adds to a substitution converted from a `.stringsdict` whose forms
    /// wrote the number without a position (`%d` rather than `%1$d`), so that converting back
    /// restores the same text.
    public static let argumentStyleKey = "toastkitArgumentStyle"

    enum ArgumentStyle { case none, positional, sequential }

    /// Replaces the variable's own specifier (its conversion, at `argNum` or unpositioned) with
    /// `%arg`, and says how it was written.
    static func replaceArgument(in text: String, conversion: Character?, argNum: Int) -> (String, ArgumentStyle) {
        guard let conversion else { return (text, .none) }
        if let replaced = replaceArgumentInBytes(text, conversion: conversion, argNum: argNum) { return replaced }
        return replaceArgumentByTokens(in: text, conversion: conversion, argNum: argNum)
    }

    /// ``replaceArgument(in:conversion:argNum:)`` on the bytes: the text as it is but for the
    /// one specifier replaced, as the tokens write every other token back as it was written.
    /// Nil (for the tokens to be written back) when a substitution token's spelling is not the
    /// one they would write (`%01$#@n@`), or the conversion is not ASCII.
    static func replaceArgumentInBytes(_ text: String, conversion: Character, argNum: Int) -> (String, ArgumentStyle)? {
        guard let wanted = conversion.asciiValue else { return nil }
        var text = text
        return text.withUTF8 { bytes -> (String, ArgumentStyle)? in
            guard let place = argumentPlace(in: bytes, conversion: wanted, argNum: argNum) else { return nil }
            guard let found = place else { return (String(decoding: bytes, as: UTF8.self), .none) }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 4)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<found.range.lowerBound]))
            out.append(contentsOf: "%arg".utf8)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[found.range.upperBound...]))
            return (String(decoding: out, as: UTF8.self), found.style)
        }
    }

    /// Where in a form's UTF-8 `bytes` ``replaceArgumentInBytes(_:conversion:argNum:)``
    /// replaces the variable's specifier (the ASCII conversion `wanted`, at `argNum` or
    /// unpositioned), and how it was written: `.some(nil)` where the form has none; `nil` when
    /// a substitution token is spelled otherwise than the tokens would write it (`%01$#@n@`),
    /// so that the text must be written back token by token.
    static func argumentPlace(in bytes: UnsafeBufferPointer<UInt8>, conversion wanted: UInt8,
                              argNum: Int) -> (range: Range<Int>, style: ArgumentStyle)?? {
        var i = 0
        var found: (range: Range<Int>, style: ArgumentStyle)?
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "%") else { i += 1; continue }
            let (kind, end) = FormatString.parse(bytes, at: i)
            switch kind {
            case .percent, .invalid:
                break
            case .substitution(let nameStart, let nameEnd, let argument):
                var spelled = Array("%".utf8)
                if let argument { spelled += Array("\(argument)$".utf8) }
                spelled += Array("#@".utf8) + Array(UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])) + [UInt8(ascii: "@")]
                guard bytes[i..<end].elementsEqual(spelled) else { return nil }
            case .specifier(let raw):
                if found == nil && raw.conversion == wanted && (raw.argument == nil || raw.argument == argNum) {
                    found = (i..<end, raw.argument == nil ? .sequential : .positional)
                }
            }
            i = end
        }
        return .some(found)
    }

    /// ``replaceArgument(in:conversion:argNum:)`` token by token, every token written back.
    static func replaceArgumentByTokens(in text: String, conversion: Character, argNum: Int) -> (String, ArgumentStyle) {
        var out = ""
        var style = ArgumentStyle.none
        var replaced = false
        for token in FormatString.tokens(text) {
            switch token {
            case .literal(let s): out += s
            case .percent: out += "%%"
            case .invalid(let s): out += s
            case .substitution(let name, let argument): out += argument.map { "%\($0)$#@\(name)@" } ?? "%#@\(name)@"
            case .specifier(let spec):
                if !replaced && spec.conversion == conversion && (spec.argument == nil || spec.argument == argNum) {
                    out += "%arg"
                    replaced = true
                    style = spec.argument == nil ? .sequential : .positional
                } else {
                    out += spec.text
                }
            }
        }
        return (out, style)
    }

    // MARK: .xcstrings → .lproj

    /// The `.strings` and `.stringsdict` texts of one locale of a String Catalog; every
    /// spelling of a key is written (``StringCatalog/entriesBySpelling()``).
    ///
    /// What cannot be converted is reported at the entry's place in `file` when
    /// `entryLocations` has it (``StringCatalog/entryLocations(xcstrings:file:)``), else at
    /// the start of `file` (by default the table's name with `.xcstrings`).
    public static func lproj(from catalog: StringCatalog, locale: String, file: String? = nil,
                             entryLocations: [String: SourceLocation] = [:]) -> (strings: String?, stringsdict: String?, report: Report) {
        let files = lprojFiles(from: catalog, entries: catalog.entriesBySpelling(), locale: locale, file: file,
                               entryLocations: entryLocations)
        return (files.strings.map { String(decoding: $0, as: UTF8.self) },
                files.stringsdict.map { String(decoding: $0, as: UTF8.self) }, files.report)
    }

    /// The `.lproj` files of a String Catalog's locales, made ahead of the thread that takes
    /// them, in order: on threads of their own, at most two locales per core ahead of the one
    /// taken (``Parallel/Pipeline``), so that the files are made while the taker writes the
    /// ones before, and a conversion holds a window of locales' files, never every locale's at
    /// once. (With one locale per core ahead, a core waited for the taker to write and flush a
    /// locale's files before it could start the next: the cores were 60–90% busy.) Each
    /// locale's files are ``lprojFiles(from:entries:locale:file:entryLocations:heads:)``.
    package struct LprojFilesAhead {
        private typealias Files = (strings: [UInt8]?, stringsdict: [UInt8]?, report: Report)
        /// Started when the first locale is asked for, so that a conversion that stops before
        /// writing (an output that exists) makes no file.
        private var pipeline: Parallel.Pipeline<Files>?
        private let catalog: StringCatalog
        private let entries: [SpelledEntry]
        private let locales: [String]
        private let file: String?
        private let entryLocations: [String: SourceLocation]
        /// How many locales there are.
        package var count: Int { locales.count }

        /// The files of `locales` (see the type); `entries` are the catalog's
        /// ``StringCatalog/entriesBySpelling()``.
        package init(catalog: StringCatalog, entries: [SpelledEntry], locales: [String], file: String? = nil,
                     entryLocations: [String: SourceLocation] = [:]) {
            self.catalog = catalog
            self.entries = entries
            self.locales = locales
            self.file = file
            self.entryLocations = entryLocations
        }

        /// The files of the locale at `index`, taken out: each index is asked for once, in
        /// increasing order.
        package mutating func take(_ index: Int) -> (strings: [UInt8]?, stringsdict: [UInt8]?, report: Report) {
            if pipeline == nil {
                let (catalog, entries, locales, file, entryLocations) = (catalog, entries, locales, file, entryLocations)
                let heads = LprojEntryHeads(entries)
                pipeline = Parallel.Pipeline(count: locales.count, window: 2 * Parallel.processorCount) { index in
                    lprojFiles(from: catalog, entries: entries, locale: locales[index], file: file, entryLocations: entryLocations, heads: heads)
                }
            }
            return pipeline!.take(index)
        }
    }

    /// Which of a locale's two files ``lprojFiles(from:entries:locale:file:entryLocations:heads:)``
    /// makes (returns non-nil), for each of `locales`, found without making them (on all
    /// cores): a conversion checks the paths it will write before it makes any file.
    package static func lprojShapes(of catalog: StringCatalog, entries: [SpelledEntry], locales: [String]) -> [(strings: Bool, stringsdict: Bool)] {
        Parallel.map(locales.count) { index in
            var shape = (strings: false, stringsdict: false)
            for at in entries.indices {
                guard let value = lprojValue(of: entries, at: at, in: catalog, locale: locales[index]) else { continue }
                if isStringsValue(value) {
                    if value.stringUnit != nil { shape.strings = true }
                } else {
                    shape.stringsdict = true
                }
                if shape.strings && shape.stringsdict { break }
            }
            return shape
        }
    }

    /// Whether a locale's value goes to its `.strings` file (when it has a string unit) rather
    /// than its `.stringsdict` (plural forms or substitutions): the one rule both
    /// ``lprojShapes(of:entries:locales:)`` and the files follow.
    private static func isStringsValue(_ value: LocalizedValue) -> Bool {
        value.plural.isEmpty && value.substitutions.isEmpty
    }

    /// The value of `item` that a locale's `.lproj` files hold: its localization, or for the
    /// source language of an entry with none, the key as its text.
    private static func lprojValue(of entries: [SpelledEntry], at index: Int, in catalog: StringCatalog, locale: String) -> LocalizedValue? {
        // Read where it is held: a copy of the item would retain every part of its entry.
        entries[index].entry.localizations[locale] ?? (locale == catalog.sourceLanguage && entries[index].entry.localizations.isEmpty
            ? LocalizedValue(stringUnit: StringUnit(state: nil, value: entries[index].key)) : nil)
    }

    /// The UTF-8 bytes of what ``lproj(from:locale:file:entryLocations:)`` returns, for
    /// `entries`, the catalog's ``StringCatalog/entriesBySpelling()`` (made once for all of a
    /// catalog's locales).
    package static func lprojFiles(from catalog: StringCatalog, entries: [SpelledEntry], locale: String, file: String? = nil,
                                   entryLocations: [String: SourceLocation] = [:],
                                   heads: LprojEntryHeads? = nil) -> (strings: [UInt8]?, stringsdict: [UInt8]?, report: Report) {
        let file = file ?? catalog.table + ".xcstrings"
        let heads = heads ?? LprojEntryHeads(entries)
        var report = Report()
        // Each file made in a buffer of its own (``ByteOutput``), with room for a line of each
        // entry to start with.
        var strings = ByteOutput(capacity: entries.count * 96)
        // The property list is written into one buffer, its head first: kept when an entry
        // was added after it.
        let plistHead: StaticString = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        var dict = ByteOutput(capacity: entries.count * 64)
        dict.append(plistHead)
        heads.bytes.withUnsafeBufferPointer { headBytes in
            func head(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: headBytes[range]) }
            // Each entry is read where it is held (indexed, not copied out: a copy retains every
            // part of it, for each locale; so is its key, only for a note).
            for index in entries.indices {
                guard let value = lprojValue(of: entries, at: index, in: catalog, locale: locale) else { continue }
                func note(_ message: String) {
                    let key = entries[index].key
                    let location = entryLocations[key] ?? SourceLocation(file: file, line: 1, column: 1)
                    report.notConverted.append(CatalogWarning(location: location, rule: .notConverted, message: "“\(key)” (\(locale)): \(message)"))
                }
                if !value.device.isEmpty { note("device variations have no .strings form; left out") }
                if let state = value.stringUnit?.state, state != "translated" { note("state “\(state)” is not kept in .strings") }
                if isStringsValue(value) {
                    guard let unit = value.stringUnit else { continue }
                    let parts = heads.heads[index]
                    if let comment = parts.comment {
                        strings.append(head(comment))
                        if parts.commentHadEnd {
                            note("the comment holds “*/”, which would end a .strings comment; written as “* /”")
                        }
                    }
                    strings.append(head(parts.quotedKey))
                    appendQuoted(unit.value, to: &strings)
                    strings.append(";\n\n" as StaticString)
                    continue
                }
                var variables: [(String, Substitution)] = []
                var format = value.stringUnit?.value ?? ""
                if !value.plural.isEmpty {
                    let name = "value"
                    format = "%#@\(name)@"
                    // The value type is the first specifier of the `other` form (the form every
                    // language has), else of the first form in CLDR order that has one: the same
                    // on every run, whatever order the forms are held in.
                    var specifier = "lld"
                    for category in PluralCategory.otherFirst {
                        if let text = value.plural[category]?.stringUnit?.value, let first = FormatString.firstSpecifier(in: text) {
                            specifier = first
                            break
                        }
                    }
                    variables.append((name, Substitution(formatSpecifier: specifier, plural: value.plural)))
                }
                for (name, substitution) in value.substitutions {
                    var forms = substitution.plural
                    let sequential = substitution.extra.contains { $0.key == argumentStyleKey && $0.value == .string("sequential") }
                    let argument = sequential ? "%\(substitution.formatSpecifier ?? "lld")"
                        : "%\(substitution.argNum ?? 1)$\(substitution.formatSpecifier ?? "lld")"
                    for (category, form) in forms {
                        guard var unit = form.stringUnit else { continue }
                        unit.value = replacingArgumentPlaceholder(in: unit.value, with: argument)
                        forms[category] = LocalizedValue(stringUnit: unit)
                    }
                    variables.append((name, Substitution(formatSpecifier: substitution.formatSpecifier, plural: forms)))
                }
                func element(_ tag: XMLTag, _ text: String, indent: Int) { tag.append(text, indent: indent, to: &dict) }
                // The lines that are the same in every entry are written as made once.
                dict.append(head(heads.heads[index].keyElement))
                dict.append(StringsdictLines.entryHead)
                element(.string, format, indent: 2)
                for (name, variable) in variables.sorted(by: { $0.0 < $1.0 }) {
                    element(.key, name, indent: 2)
                    dict.append(StringsdictLines.variableHead)
                    element(.string, variable.formatSpecifier ?? "lld", indent: 3)
                    // The forms in CLDR order, gathered in one pass over the dictionary.
                    var texts = [String?](repeating: nil, count: PluralCategory.allCases.count)
                    for (category, form) in variable.plural { texts[category.ordinal] = form.stringUnit?.value }
                    for (ordinal, text) in texts.enumerated() {
                        guard let text else { continue }
                        dict.append(StringsdictLines.categoryKey(ordinal))
                        element(.string, text, indent: 3)
                    }
                    dict.append(StringsdictLines.variableEnd)
                }
                dict.append(StringsdictLines.entryEnd)
            }
        }
        let hasEntries = dict.count > plistHead.utf8CodeUnitCount
        if hasEntries { dict.append("</dict>\n</plist>\n" as StaticString) }
        return (strings.isEmpty ? nil : strings.take(), hasEntries ? dict.take() : nil, report)
    }

    /// The lines of a `.stringsdict` entry that do not change, as the bytes ``XMLTag`` would
    /// write for them.
    private enum StringsdictLines {
        /// `<dict>` and the format key's element.
        static let entryHead: StaticString = "\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n"
        /// A variable's `<dict>`, its rule type and the value type's key.
        static let variableHead: StaticString = """
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>

            """
        /// The key element of the category whose ``PluralCategory/ordinal`` is `ordinal`.
        static func categoryKey(_ ordinal: Int) -> StaticString {
            switch ordinal {
            case 0: "\t\t\t<key>zero</key>\n"
            case 1: "\t\t\t<key>one</key>\n"
            case 2: "\t\t\t<key>two</key>\n"
            case 3: "\t\t\t<key>few</key>\n"
            case 4: "\t\t\t<key>many</key>\n"
            default: "\t\t\t<key>other</key>\n"
            }
        }
        static let variableEnd: StaticString = "\t\t</dict>\n"
        static let entryEnd: StaticString = "\t</dict>\n"
    }

    /// The two elements a `.stringsdict` is written with, as the bytes that open and close them.
    private struct XMLTag {
        /// Literals, not arrays: a shared array is retained by every thread that appends it.
        let open: StaticString, close: StaticString

        static let key = XMLTag(open: "<key>", close: "</key>\n")
        static let string = XMLTag(open: "<string>", close: "</string>\n")

        /// Appends the element of `text` on a line of its own, `indent` tabs in.
        func append<Sink: ByteSink & ~Copyable>(_ text: String, indent: Int, to out: inout Sink) {
            for _ in 0..<indent { out.append(UInt8(ascii: "\t")) }
            out.append(UnsafeBufferPointer(start: open.utf8Start, count: open.utf8CodeUnitCount))
            appendXML(text, to: &out)
            out.append(UnsafeBufferPointer(start: close.utf8Start, count: close.utf8CodeUnitCount))
        }
    }

    /// The parts of each entry's lines that are the same in every locale's files, made once
    /// for all of a catalog's locales (``LprojFilesAhead``): the quoted key of its `.strings`
    /// line, its comment, and its `.stringsdict` key element. They are kept back to back in
    /// one buffer, each entry's as ranges of it, so that the threads writing locales side by
    /// side copy them without retaining anything they share (an array per part was retained
    /// by each locale's thread in turn, its count bouncing between cores).
    package struct LprojEntryHeads: Sendable {
        /// One entry's parts, as ranges of ``bytes``.
        struct Head: Sendable {
            /// `"key" = `.
            var quotedKey: Range<Int>
            /// `/* comment */` and a line feed, when the entry has a comment.
            var comment: Range<Int>?
            /// Whether the comment held `*/` (written `* /`).
            var commentHadEnd: Bool
            /// A tab, `<key>key</key>` and a line feed.
            var keyElement: Range<Int>
        }

        /// Every entry's parts, back to back.
        let bytes: [UInt8]
        /// One head per entry, in the entries' order.
        let heads: [Head]

        /// The heads of `entries`, in order.
        package init(_ entries: [SpelledEntry]) {
            var bytes: [UInt8] = []
            heads = entries.indices.map { index in
                let key = entries[index].key
                let keyStart = bytes.count
                appendQuoted(key, to: &bytes)
                bytes.append(contentsOf: " = ".utf8)
                let quotedKey = keyStart..<bytes.count
                var comment: Range<Int>?
                var hadEnd = false
                if let text = entries[index].entry.comment {
                    let start = bytes.count
                    bytes.append(contentsOf: "/* ".utf8)
                    hadEnd = appendComment(text, to: &bytes)
                    bytes.append(contentsOf: " */\n".utf8)
                    comment = start..<bytes.count
                }
                let elementStart = bytes.count
                XMLTag.key.append(key, indent: 1, to: &bytes)
                return Head(quotedKey: quotedKey, comment: comment, commentHadEnd: hadEnd, keyElement: elementStart..<bytes.count)
            }
            self.bytes = bytes
        }
    }

    /// What an emptied `.strings` file holds: nothing (a valid, empty table).
    public static let emptyStrings = ""

    /// What an emptied `.stringsdict` file holds: a property list with an empty dictionary.
    public static let emptyStringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        </dict>
        </plist>

        """

    /// Appends `text` as a `.strings` quoted string: `\"`, `\\`, `\n`, `\t`, `\r`, and
    /// `\U00XX` for other controls; everything else as it is.
    static func appendQuoted<Sink: ByteSink & ~Copyable>(_ text: String, to out: inout Sink) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &out, mayEscape: { controlMarks($0) | matches($0, UInt8(ascii: "\"")) | matches($0, UInt8(ascii: "\\")) },
                      where: { byte, _ in byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }) { byte, out in
            switch byte {
            case UInt8(ascii: "\""): out.append(#"\""# as StaticString)
            case UInt8(ascii: "\\"): out.append(#"\\"# as StaticString)
            case 0x0A: out.append(#"\n"# as StaticString)
            case 0x09: out.append(#"\t"# as StaticString)
            case 0x0D: out.append(#"\r"# as StaticString)
            default: out.append(utf8: "\\U" + lowercaseHex4(UInt32(byte)))
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `text` as XML character data: `&amp;`, `&lt;`, `&gt;`, and `&#N;` for
    /// controls other than tab, line feed and carriage return.
    static func appendXML<Sink: ByteSink & ~Copyable>(_ text: String, to out: inout Sink) {
        appendEscaped(text, to: &out, mayEscape: {
            controlMarks($0) | matches($0, UInt8(ascii: "&")) | matches($0, UInt8(ascii: "<")) | matches($0, UInt8(ascii: ">"))
        }, where: { byte, _ in
            byte < 0x20 ? byte != 0x09 && byte != 0x0A && byte != 0x0D
                : byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        }) { byte, out in
            switch byte {
            case UInt8(ascii: "&"): out.append("&amp;" as StaticString)
            case UInt8(ascii: "<"): out.append("&lt;" as StaticString)
            case UInt8(ascii: ">"): out.append("&gt;" as StaticString)
            default: out.append(utf8: "&#\(byte);")
            }
        }
    }

    /// Appends a comment's text for a `/* … */` comment, each `*/` written as `* /`; whether
    /// there was one.
    static func appendComment<Sink: ByteSink & ~Copyable>(_ text: String, to out: inout Sink) -> Bool {
        var ended = false
        appendEscaped(text, to: &out, mayEscape: { matches($0, UInt8(ascii: "/")) },
                      where: { byte, previous in byte == UInt8(ascii: "/") && previous == UInt8(ascii: "*") }) { _, out in
            ended = true
            out.append(" /" as StaticString)
        }
        return ended
    }

    /// The high bit of each byte of `word` below 0x20 (bytes from 0x80 up are not marked).
    @inline(__always) private static func controlMarks(_ word: UInt64) -> UInt64 {
        (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
    }

    /// Appends the UTF-8 bytes of `text`, each ASCII byte `escapes` picks (given the byte
    /// before it, 0 at the start) replaced by what `escape` appends for it; runs without one are
    /// copied whole. Eight bytes are stepped over at a time while `mayEscape` marks none of
    /// them (a superset of the bytes `escapes` can pick). Inlined, so that each caller's tests
    /// are made in its loop rather than through a call per byte.
    @inline(__always)
    private static func appendEscaped<Sink: ByteSink & ~Copyable>(_ text: String, to out: inout Sink, mayEscape: (UInt64) -> UInt64,
                                                                  where escapes: (UInt8, UInt8) -> Bool, _ escape: (UInt8, inout Sink) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            var start = 0
            var index = 0
            while index < bytes.count {
                if index + 8 <= bytes.count,
                   mayEscape(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))) == 0 {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                defer { index += 1 }
                guard byte < 0x80, escapes(byte, index > 0 ? bytes[index - 1] : 0) else { continue }
                out.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                escape(byte, &out)
                start = index + 1
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// `text` with each `%arg` replaced by `argument`, as `String.replacing(_:with:)` replaces
    /// it (whole characters only: a `%arg` whose `%` or `g` a neighbouring scalar joins into a
    /// larger character is left). The bytes are searched; only a match beside a non-ASCII byte,
    /// where a character could extend across its edge, is left to the character-wise search.
    package static func replacingArgumentPlaceholder(in text: String, with argument: String) -> String {
        let original = text
        var text = text
        return text.withUTF8 { bytes -> String in
            let pattern: [UInt8] = Array("%arg".utf8)
            var out: [UInt8] = []
            var start = 0, index = 0
            while index + pattern.count <= bytes.count {
                guard bytes[index] == pattern[0], bytes[index + 1] == pattern[1], bytes[index + 2] == pattern[2],
                      bytes[index + 3] == pattern[3]
                else { index += 1; continue }
                let end = index + pattern.count
                if (index > 0 && bytes[index - 1] >= 0x80) || (end < bytes.count && bytes[end] >= 0x80) {
                    return String(decoding: bytes, as: UTF8.self).replacing("%arg", with: argument)
                }
                if out.isEmpty { out.reserveCapacity(bytes.count + 8) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                out.append(contentsOf: argument.utf8)
                start = end
                index = end
            }
            guard start > 0 else { return original }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Four lowercase hex digits.
    private static func lowercaseHex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
