import ToastICU

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
        for item in table.entriesBySpelling() {
            let key = item.key
            var entry = item.entry
            var localizations: [String: LocalizedValue] = [:]
            for (locale, value) in entry.localizations {
                localizations[locale] = catalogValue(value, key: key, locale: locale, file: table.table, report: &report)
            }
            entry.localizations = localizations
            entry.hadLocalizationsMember = true
            if firstSpellings.insert(key).inserted {
                catalog.keys.append(key)
                catalog.entries[key] = entry
            } else {
                catalog.respelledEntries.append(SpelledEntry(key: key, entry: entry))
            }
        }
        return (catalog, report)
    }

    static func catalogValue(_ value: LocalizedValue, key: String, locale: String, file: String, report: inout Report) -> LocalizedValue {
        var result = value
        if var unit = result.stringUnit, unit.state == nil { unit.state = "translated"; result.stringUnit = unit }
        guard let format = value.stringUnit?.value else { return result }
        // Arguments of sequential tokens in the format key, in order.
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

    /// The member ToastKit adds to a substitution converted from a `.stringsdict` whose forms
    /// wrote the number without a position (`%d` rather than `%1$d`), so that converting back
    /// restores the same text.
    public static let argumentStyleKey = "toastkitArgumentStyle"

    enum ArgumentStyle { case none, positional, sequential }

    /// Replaces the variable's own specifier (its conversion, at `argNum` or unpositioned) with
    /// `%arg`, and says how it was written.
    static func replaceArgument(in text: String, conversion: Character?, argNum: Int) -> (String, ArgumentStyle) {
        guard let conversion else { return (text, .none) }
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
        let file = file ?? catalog.table + ".xcstrings"
        var report = Report()
        var strings = ""
        var dictEntries: [String] = []
        for item in catalog.entriesBySpelling() {
            let (key, entry) = (item.key, item.entry)
            let value = entry.localizations[locale] ?? (locale == catalog.sourceLanguage && entry.localizations.isEmpty
                ? LocalizedValue(stringUnit: StringUnit(state: nil, value: key)) : nil)
            guard let value else { continue }
            func note(_ message: String) {
                report.notConverted.append(CatalogWarning(location: entryLocations[key] ?? SourceLocation(file: file, line: 1, column: 1),
                                                        rule: .notConverted, message: "“\(key)” (\(locale)): \(message)"))
            }
            if !value.device.isEmpty { note("device variations have no .strings form; left out") }
            if let state = value.stringUnit?.state, state != "translated" { note("state “\(state)” is not kept in .strings") }
            if value.plural.isEmpty && value.substitutions.isEmpty {
                guard let unit = value.stringUnit else { continue }
                if let comment = entry.comment {
                    if comment.contains("*/") { note("the comment holds “*/”, which would end a .strings comment; written as “* /”") }
                    strings += "/* \(comment.replacing("*/", with: "* /")) */\n"
                }
                strings += quoted(key) + " = " + quoted(unit.value) + ";\n\n"
                continue
            }
            var variables: [(String, Substitution)] = []
            var format = value.stringUnit?.value ?? ""
            if !value.plural.isEmpty {
                let name = "value"
                format = "%#@\(name)@"
                let specifier = value.plural.values.lazy.compactMap { $0.stringUnit?.value }.compactMap { text -> String? in
                    for case .specifier(let spec) in FormatString.tokens(text) { return String(spec.text.dropFirst()) }
                    return nil
                }.first ?? "lld"
                variables.append((name, Substitution(formatSpecifier: specifier, plural: value.plural)))
            }
            for (name, substitution) in value.substitutions {
                var forms = substitution.plural
                let sequential = substitution.extra.contains { $0.key == argumentStyleKey && $0.value == .string("sequential") }
                let argument = sequential ? "%\(substitution.formatSpecifier ?? "lld")"
                    : "%\(substitution.argNum ?? 1)$\(substitution.formatSpecifier ?? "lld")"
                for (category, form) in forms {
                    guard var unit = form.stringUnit else { continue }
                    unit.value = unit.value.replacing("%arg", with: argument)
                    forms[category] = LocalizedValue(stringUnit: unit)
                }
                variables.append((name, Substitution(formatSpecifier: substitution.formatSpecifier, plural: forms)))
            }
            var dict = "\t<key>\(xml(key))</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>\(xml(format))</string>\n"
            for (name, variable) in variables.sorted(by: { $0.0 < $1.0 }) {
                dict += "\t\t<key>\(xml(name))</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n"
                dict += "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>\(xml(variable.formatSpecifier ?? "lld"))</string>\n"
                for category in PluralCategory.allCases {
                    guard let text = variable.plural[category]?.stringUnit?.value else { continue }
                    dict += "\t\t\t<key>\(category.rawValue)</key>\n\t\t\t<string>\(xml(text))</string>\n"
                }
                dict += "\t\t</dict>\n"
            }
            dict += "\t</dict>\n"
            dictEntries.append(dict)
        }
        let plist = dictEntries.isEmpty ? nil : """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """ + dictEntries.joined() + "</dict>\n</plist>\n"
        return (strings.isEmpty ? nil : strings, plist, report)
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

    /// A `.strings` quoted string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 { out += "\\U" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16) }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// XML character data.
    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" { out += "&#\(scalar.value);" }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
