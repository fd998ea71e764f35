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
        let root = try XMLPropertyListParser.parse(bytes, file: file, limits: limits)
        self.init(table: table ?? Self.tableName(forPath: file), sourceLanguage: sourceLanguage)
        format = .stringsdict
        func location(_ entry: PropertyListEntry) -> SourceLocation {
            SourceLocation(file: file, line: entry.line, column: entry.column)
        }
        guard case .dictionary(let items) = root else {
            throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .stringsdictSchema,
                               message: "expected a <dict> of keys at the top level, found <\(root.kindName)>")
        }
        var seen = Set<String>()
        // The second spellings by their bytes (String equality is canonical equivalence).
        var respelledIndex: [[UInt8]: Int] = [:]
        for entry in items {
            guard case .dictionary(let members) = entry.value else {
                throw CatalogError(location: location(entry), rule: .stringsdictSchema,
                                   message: "expected <dict> for the key “\(entry.key)”, found <\(entry.value.kindName)>")
            }
            guard let formatMember = members.last(where: { $0.key == "NSStringLocalizedFormatKey" }),
                  case .string(let format) = formatMember.value else {
                throw CatalogError(location: location(entry), rule: .stringsdictSchema,
                                   message: "expected “\(entry.key)” to have an NSStringLocalizedFormatKey string")
            }
            var value = LocalizedValue(stringUnit: StringUnit(state: nil, value: format))
            // The format is read once per entry, not once per variable (thousands of variables
            // were quadratic).
            let positioned = Self.positionedSubstitutions(in: format)
            for member in members where member.key != "NSStringLocalizedFormatKey" {
                guard case .dictionary(let spec) = member.value else {
                    throw CatalogError(location: location(member), rule: .stringsdictSchema,
                                       message: "expected the variable “\(member.key)” to be a <dict>, found <\(member.value.kindName)>")
                }
                let type = spec.last { $0.key == "NSStringFormatSpecTypeKey" }?.value.stringValue
                guard type == "NSStringPluralRuleType" else {
                    value.extra.append(JSONMember(key: member.key, value: Self.json(member.value), line: member.line, column: member.column))
                    warnings.append(CatalogWarning(location: location(member), rule: .unsupportedRuleType,
                        message: "“\(entry.key)”: the variable “\(member.key)” has rule type \(type.map { "“\($0)”" } ?? "none"); only NSStringPluralRuleType is resolved, the rest is kept", key: entry.key))
                    continue
                }
                var substitution = Substitution(isTextual: true)
                if var valueType = spec.last(where: { $0.key == "NSStringFormatValueTypeKey" })?.value.stringValue {
                    if valueType.hasPrefix("%") {
                        valueType.removeFirst()
                        warnings.append(CatalogWarning(location: location(member), rule: .nonstandardValue,
                            message: "“\(entry.key)”: NSStringFormatValueTypeKey “%\(valueType)” should be written without '%'", key: entry.key))
                    }
                    substitution.formatSpecifier = valueType
                }
                for form in spec where form.key != "NSStringFormatSpecTypeKey" && form.key != "NSStringFormatValueTypeKey" {
                    guard let category = PluralCategory(rawValue: form.key), case .string(let text) = form.value else {
                        substitution.extra.append(JSONMember(key: form.key, value: Self.json(form.value), line: form.line, column: form.column))
                        warnings.append(CatalogWarning(location: location(form), rule: .unknownMember,
                            message: "“\(entry.key)”: “\(form.key)” is not a plural category with a string; kept", key: entry.key))
                        continue
                    }
                    substitution.plural[category] = LocalizedValue(stringUnit: StringUnit(state: nil, value: text))
                }
                if substitution.plural[.other] == nil {
                    warnings.append(CatalogWarning(location: location(member), rule: .variationMissingOther,
                        message: "“\(entry.key)”: the variable “\(member.key)” has no “other” form; numbers in that category fall back"))
                }
                substitution.argNum = positioned.contains(member.key) ? nil : Self.argumentPosition(forms: substitution)
                value.substitutions[member.key] = substitution
            }
            if let error = SubstitutionExpansion.check(value, key: entry.key, locale: locale, limits: limits, at: location(entry)) {
                throw error
            }
            let (inserted, kept) = seen.insert(entry.key)
            // The format has no states: every value is translated.
            let parsed = CatalogEntry(localizations: [locale: detail == .states ? CatalogDetail.value(for: .translated) : value])
            if inserted {
                keys.append(entry.key)
                entries[entry.key] = parsed
            } else if kept.utf8.elementsEqual(entry.key.utf8) {
                warnings.append(Self.duplicateKeyWarning(entry.key, at: location(entry)))
                entries[kept] = parsed
            } else if let other = respelledIndex[Array(entry.key.utf8)] {
                warnings.append(Self.duplicateKeyWarning(entry.key, at: location(entry)))
                storedRespelled[other].entry = parsed
            } else {
                warnings.append(Self.keyNormalizationWarning(entry.key, earlier: kept, at: location(entry)))
                respelledIndex[Array(entry.key.utf8)] = storedRespelled.count
                storedRespelled.append(SpelledEntry(key: entry.key, entry: parsed))
            }
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
        guard let conversion = forms.formatSpecifier?.last else { return nil }
        // A specifier with a position has a '$': with none in any form, no specifier found
        // below has an argument.
        guard forms.plural.values.contains(where: { $0.stringUnit?.value.containsUTF8Byte(UInt8(ascii: "$")) == true }) else { return nil }
        for category in [PluralCategory.other] + PluralCategory.allCases {
            guard let text = forms.plural[category]?.stringUnit?.value else { continue }
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
