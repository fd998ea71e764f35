import ToastICU

/// One entry of a `.stringsdict` as its file holds it, before it becomes the model: what
/// ``StringCatalog/init(stringsdict:file:locale:sourceLanguage:table:limits:detail:)`` reads,
/// from the bytes directly
/// (``XMLPropertyListParser/readStringsdict(_:file:limits:offersPlain:plain:each:)``) or from a
/// property-list tree (``init(_:file:)``); both give the same entries.
struct StringsdictEntry {
    /// The entry's key.
    var key: String
    /// 1-based line and column of the entry's `<key>`.
    var line: Int
    var column: Int
    /// The text of the entry's `NSStringLocalizedFormatKey` (its last, when it has several).
    var format: String
    /// The entry's other members (its variables), in file order.
    var variables: [StringsdictVariable]
}

/// A member of a `.stringsdict` entry other than `NSStringLocalizedFormatKey`: a variable.
struct StringsdictVariable {
    /// The member's key (the name `%#@name@` refers to).
    var name: String
    /// 1-based line and column of the member's `<key>`.
    var line: Int
    var column: Int
    var rule: Rule

    enum Rule {
        /// `NSStringFormatSpecTypeKey` is `NSStringPluralRuleType`: the value type (the text of
        /// the last `NSStringFormatValueTypeKey`, `nil` when there is none or it is not a
        /// string) and the other members, in order.
        case plural(valueType: String?, forms: [Form])
        /// Any other rule type, or none (`type`: the text of the last
        /// `NSStringFormatSpecTypeKey`, `nil` when there is none or it is not a string): the
        /// variable's dictionary as written.
        case other(type: String?, value: PropertyList)
    }

    /// A member of a plural-rule variable other than its type keys.
    enum Form {
        /// A plural category with a string.
        case text(PluralCategory, String)
        /// Anything else (another key, or a category whose value is not a string), kept.
        case unknown(PropertyListEntry)
    }

    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRuleType = "NSStringPluralRuleType"
}

/// A `.stringsdict` entry of the shape nearly every one has, its texts read as ranges of the
/// file's bytes without making them (``XMLPropertyListParser/plainStringsdictEntry(into:)``):
/// a `<dict>` whose members are one `NSStringLocalizedFormatKey` string and variables, each a
/// `<dict>` of strings alone — `NSStringFormatSpecTypeKey` once and `NSStringPluralRuleType`,
/// `NSStringFormatValueTypeKey` (ASCII) at most once, plural categories each at most once; at
/// most ``maximumVariables`` variables, each named once in ASCII; every key and string
/// written `<key>…</key>` or `<string>…</string>` with plain text (no entity, CDATA or
/// comment), whose bytes are its text; every name spelled as its bytes (a name that is only
/// canonically equal, such as one with U+212A for `K`, is read in full). Read in full
/// (``StringsdictEntry``) it gives the same entry: its format, its variables in file order with
/// their value types and forms.
struct PlainStringsdictEntry {
    struct Variable {
        /// The variable's name (its member's key).
        var name: Range<Int>
        /// 1-based line and column of the variable's `<key>`.
        var line: Int
        var column: Int
        /// The text of its `NSStringFormatValueTypeKey`, if it has one.
        var valueType: Range<Int>?
    }

    /// The text of `NSStringLocalizedFormatKey`.
    var format: Range<Int> = 0..<0
    /// The variables, in file order.
    var variables: [Variable] = []
    /// Each variable's form of each plural category, by the category's
    /// ``PluralCategory/ordinal``: six slots a variable, in the variables' order (`nil` where
    /// it has none).
    var forms: [Range<Int>?] = []

    /// The most variables an entry read this way has: each name is compared with those before
    /// it, which would take quadratic time for thousands.
    static let maximumVariables = 16

    /// The form of `category` of the variable at `index`.
    func form(_ category: PluralCategory, ofVariable index: Int) -> Range<Int>? {
        forms[index * PluralCategory.allCases.count + category.ordinal]
    }
}

extension StringsdictEntry {
    static let formatKey = "NSStringLocalizedFormatKey"

    /// The entry of a top-level member of a `.stringsdict` read as a tree; throws the
    /// `stringsdict-schema` error of a member that is not an entry's shape: a value that is
    /// not a `<dict>`, no `NSStringLocalizedFormatKey` string (checked first), a variable that
    /// is not a `<dict>`.
    init(_ entry: PropertyListEntry, file: String) throws(CatalogError) {
        func location(_ entry: PropertyListEntry) -> SourceLocation {
            SourceLocation(file: file, line: entry.line, column: entry.column)
        }
        guard case .dictionary(let members) = entry.value else {
            throw CatalogError(location: location(entry), rule: .stringsdictSchema,
                               message: "expected <dict> for the key “\(entry.key)”, found <\(entry.value.kindName)>")
        }
        guard let formatMember = members.last(where: { $0.key == Self.formatKey }),
              case .string(let format) = formatMember.value else {
            throw CatalogError(location: location(entry), rule: .stringsdictSchema,
                               message: "expected “\(entry.key)” to have an NSStringLocalizedFormatKey string")
        }
        var variables: [StringsdictVariable] = []
        for member in members where member.key != Self.formatKey {
            guard case .dictionary(let spec) = member.value else {
                throw CatalogError(location: location(member), rule: .stringsdictSchema,
                                   message: "expected the variable “\(member.key)” to be a <dict>, found <\(member.value.kindName)>")
            }
            let type = spec.last { $0.key == StringsdictVariable.specTypeKey }?.value.stringValue
            let rule: StringsdictVariable.Rule
            if type == StringsdictVariable.pluralRuleType {
                let valueType = spec.last { $0.key == StringsdictVariable.valueTypeKey }?.value.stringValue
                var forms: [StringsdictVariable.Form] = []
                for form in spec where form.key != StringsdictVariable.specTypeKey && form.key != StringsdictVariable.valueTypeKey {
                    if let category = PluralCategory.named(form.key), case .string(let text) = form.value {
                        forms.append(.text(category, text))
                    } else {
                        forms.append(.unknown(form))
                    }
                }
                rule = .plural(valueType: valueType, forms: forms)
            } else {
                rule = .other(type: type, value: member.value)
            }
            variables.append(StringsdictVariable(name: member.key, line: member.line, column: member.column, rule: rule))
        }
        self.init(key: entry.key, line: entry.line, column: entry.column, format: format, variables: variables)
    }
}

extension XMLPropertyListParser {
    /// Reads a `.stringsdict`'s entries from its bytes, without a tree of property-list values,
    /// handing each to `each` as it is read. Returns `false`, having stopped, when the top level
    /// is not a `<dict>`, at the first member that is not an entry's shape, when `each` returns
    /// `false`, or at once when `limits` allow fewer than three levels of nesting: then
    /// ``parse(_:file:limits:)`` and ``StringsdictEntry/init(_:file:)`` tell what the file's first
    /// problem is (a syntax error further on comes before a schema error). Throws the errors of
    /// the parse it meets (syntax, not UTF-8, too deep, a string too long), which are the ones
    /// the tree's parse would throw first: the bytes are read in the same order by the same
    /// steps.
    ///
    /// With `offersPlain`, an entry of the common shape (``PlainStringsdictEntry``) is first
    /// offered to `plain` — its key, the key's line and column, its parts, and the file's bytes
    /// they are ranges of — without making a text of it; when `plain` returns `false` the entry
    /// is read again and handed to `each`.
    static func readStringsdict(_ bytes: [UInt8], file: String, limits: CatalogLimits, offersPlain: Bool,
                                plain: (_ key: String, _ line: Int, _ column: Int, _ entry: PlainStringsdictEntry,
                                        _ bytes: UnsafeBufferPointer<UInt8>) -> Bool,
                                each: (StringsdictEntry) -> Bool) throws(CatalogError) -> Bool {
        // Entry and variable dictionaries are levels 2 and 3.
        guard limits.maximumDepth >= 3 else { return false }
        return try reading(bytes, file: file, limits: limits) { (parser) throws(CatalogError) -> Bool in
            let root = try parser.rootTag()
            guard root.name == "dict" else { return false }
            if !root.selfClosing {
                parser.depth += 1
                // One entry's parts at a time, their storage kept from entry to entry.
                var read = PlainStringsdictEntry()
                while let (key, line, column) = try parser.nextKey() {
                    if offersPlain {
                        let start = parser.mark
                        if parser.plainStringsdictEntry(into: &read), plain(key, line, column, read, parser.bytes) { continue }
                        parser.rewind(to: start)
                    }
                    guard let entry = try parser.stringsdictEntry(key: key, line: line, column: column), each(entry) else { return false }
                }
                parser.depth -= 1
            }
            try parser.finishDocument(wrapped: root.wrapped)
            return true
        }
    }

    /// Reads the value of the entry whose `<key>` was read into `entry` when it has the common
    /// shape ``PlainStringsdictEntry`` describes, and returns `true`; otherwise returns `false`,
    /// `entry` left in any state, the parser moved (the caller puts it back, to read the entry
    /// again in full, which meets and reports any error this read stopped at). The steps are
    /// the full read's (``nextKey()`` as ``nextPlainKey(placed:)``, ``openTag()``,
    /// ``plainElement(_:_:)``), so the bytes are read as it reads them.
    mutating func plainStringsdictEntry(into entry: inout PlainStringsdictEntry) -> Bool {
        entry.variables.removeAll(keepingCapacity: true)
        entry.forms.removeAll(keepingCapacity: true)
        guard let (tag, selfClosing) = try? openTag(), tag == "dict", !selfClosing else { return false }
        var format: Range<Int>?
        while true {
            let next = nextPlainKey(placed: true)
            guard case .key(let name, let line, let column) = next else {
                guard case .end = next, let format else { return false }
                entry.format = format
                return true
            }
            if spells("NSStringLocalizedFormatKey", at: name) {
                // Written once, as a string.
                guard format == nil, let text = plainElementRange("<string>", "</string>") else { return false }
                format = text
                continue
            }
            // A variable: a name of ASCII bytes (so that names equal as strings are equal as
            // bytes) not met before in the entry, and a plural rule. An entry of more variables
            // than are compared one by one is read in full (which looks names up in a table).
            guard entry.variables.count < PlainStringsdictEntry.maximumVariables, !bytes[name].contains(where: { $0 >= 0x80 }),
                  !entry.variables.contains(where: { bytes[$0.name].elementsEqual(bytes[name]) }),
                  let (tag, selfClosing) = try? openTag(), tag == "dict", !selfClosing else { return false }
            let formsStart = entry.forms.count
            entry.forms.append(contentsOf: repeatElement(nil, count: PluralCategory.allCases.count))
            var isPlural = false
            var valueType: Range<Int>?
            while true {
                let next = nextPlainKey(placed: false)
                guard case .key(let member, _, _) = next else {
                    guard case .end = next else { return false }
                    break
                }
                // Each member once, a string.
                guard let text = plainElementRange("<string>", "</string>") else { return false }
                if spells("NSStringFormatSpecTypeKey", at: member) {
                    guard !isPlural, spells("NSStringPluralRuleType", at: text) else { return false }
                    isPlural = true
                } else if spells("NSStringFormatValueTypeKey", at: member) {
                    // ASCII, so that a leading `%` is a character of its own (`%` and a
                    // combining mark is one character, which the full read keeps whole).
                    guard valueType == nil, !bytes[text].contains(where: { $0 >= 0x80 }) else { return false }
                    valueType = text
                } else if let category = PluralCategory.named(bytes: UnsafeBufferPointer(rebasing: bytes[member])),
                          entry.forms[formsStart + category.ordinal] == nil {
                    entry.forms[formsStart + category.ordinal] = text
                } else {
                    return false
                }
            }
            guard isPlural else { return false }
            entry.variables.append(PlainStringsdictEntry.Variable(name: name, line: line, column: column, valueType: valueType))
        }
    }


    /// The entry whose `<key>` was read; `nil` (read up to the problem) when it is not an
    /// entry's shape.
    private mutating func stringsdictEntry(key: String, line: Int, column: Int) throws(CatalogError) -> StringsdictEntry? {
        let (tag, selfClosing) = try openTag()
        guard tag == "dict", !selfClosing else { return nil }
        depth += 1
        var format: String?
        var variables: [StringsdictVariable] = []
        while let (name, memberLine, memberColumn) = try nextKey() {
            if name == StringsdictEntry.formatKey, let text = plainElement("<string>", "</string>") {
                format = text
                continue
            }
            let (tag, selfClosing) = try openTag()
            if name == StringsdictEntry.formatKey {
                format = try stringOrSkip(tag, selfClosing)
                continue
            }
            guard tag == "dict" else { return nil }
            let rule: StringsdictVariable.Rule
            if selfClosing {
                rule = .other(type: nil, value: .dictionary([]))
            } else {
                let start = mark
                let (type, plural) = try pluralRule()
                if let plural {
                    rule = plural
                } else {
                    // Another rule type: the dictionary as written, read again as a tree.
                    rewind(to: start)
                    rule = .other(type: type, value: try value(openedAs: "dict", selfClosing: false))
                }
            }
            variables.append(StringsdictVariable(name: name, line: memberLine, column: memberColumn, rule: rule))
        }
        depth -= 1
        guard let format else { return nil }
        return StringsdictEntry(key: key, line: line, column: column, format: format, variables: variables)
    }

    /// A variable's dictionary (its `<dict>` read): its rule type, and the plural rule when
    /// that is the type.
    private mutating func pluralRule() throws(CatalogError) -> (type: String?, rule: StringsdictVariable.Rule?) {
        depth += 1
        var type: String?
        var valueType: String?
        var forms: [StringsdictVariable.Form] = []
        // Room for the usual forms at once (one, other and a few more), instead of growing
        // from one to two to four: the regrowth was 2% of `stats` of an `.lproj` tree.
        forms.reserveCapacity(4)
        while let (key, line, column) = try nextKey() {
            // The member's text when it is a string (plain text read at once, else through its
            // tag), or its value read whole.
            let text: String?, other: PropertyList?
            if let plain = plainElement("<string>", "</string>") {
                (text, other) = (plain, nil)
            } else {
                let (tag, selfClosing) = try openTag()
                if tag == "string" {
                    (text, other) = (selfClosing ? "" : try self.text(until: "string"), nil)
                } else {
                    (text, other) = (nil, try value(openedAs: tag, selfClosing: selfClosing))
                }
            }
            switch key {
            case StringsdictVariable.specTypeKey: type = text
            case StringsdictVariable.valueTypeKey: valueType = text
            default:
                if let text, let category = PluralCategory.named(key) {
                    forms.append(.text(category, text))
                } else {
                    forms.append(.unknown(PropertyListEntry(key: key, value: other ?? .string(text ?? ""), line: line, column: column)))
                }
            }
        }
        depth -= 1
        guard type == StringsdictVariable.pluralRuleType else { return (type, nil) }
        return (type, .plural(valueType: valueType, forms: forms))
    }

    /// The text of a `<string>` whose tag was read; any other value is read and gives `nil`.
    private mutating func stringOrSkip(_ tag: String, _ selfClosing: Bool) throws(CatalogError) -> String? {
        if tag == "string" { return selfClosing ? "" : try text(until: "string") }
        _ = try value(openedAs: tag, selfClosing: selfClosing)
        return nil
    }
}
