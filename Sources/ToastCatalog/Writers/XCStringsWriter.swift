import ToastICU

/// Writes String Catalogs in Xcode's own layout, byte for byte:
///
/// ```text
/// {
///   "sourceLanguage" : "en",
///   "strings" : {
///     "Done" : {
///
///     }
///   },
///   "version" : "1.0"
/// }
/// ```
///
/// Two-space indent, one member per line, `"key" : value`, an empty object as `{`, an empty
/// line and `}`; members of every object in Xcode's order (an `en` collator with numeric
/// ordering, ties broken by code point); non-ASCII written literally, only `\"`, `\\`, short
/// escapes and `\u00XX` for other controls, never `\/`; no final newline unless asked.
public struct XCStringsWriter: Sendable {
    private let collator: Collator

    /// Creates a writer (opens the collator once).
    public init() throws(ICUFailure) {
        collator = try Collator(locale: LocaleTag("en")!, numeric: true)
    }

    /// The text of `value` in Xcode's layout.
    public func string(_ value: JSONValue, finalNewline: Bool = false) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        if finalNewline { out += "\n" }
        return out
    }

    /// The members of an object in Xcode's order (stable for duplicates).
    public func sorted(_ members: [JSONMember]) -> [JSONMember] {
        members.enumerated().sorted { a, b in
            if a.element.key == b.element.key { return a.offset < b.offset }
            return collator.precedes(a.element.key, b.element.key)
        }.map(\.element)
    }

    private func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        switch value {
        case .object(let members):
            if members.isEmpty { out += "{\n\n" + pad + "}"; return }
            out += "{\n"
            for (index, member) in sorted(members).enumerated() {
                if index > 0 { out += ",\n" }
                out += pad + "  "
                JSONWriter.writeString(member.key, escaping: .minimal, into: &out)
                out += " : "
                write(member.value, indent: indent + 1, into: &out)
            }
            out += "\n" + pad + "}"
        case .array(let items):
            if items.isEmpty { out += "[\n\n" + pad + "]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                if index > 0 { out += ",\n" }
                out += pad + "  "
                write(item, indent: indent + 1, into: &out)
            }
            out += "\n" + pad + "]"
        default:
            JSONWriter.write(value, style: .compact, indent: 0, escaping: .minimal, into: &out)
        }
    }
}
