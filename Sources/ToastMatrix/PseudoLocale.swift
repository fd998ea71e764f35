import ToastCatalog
import ToastICU

/// A pseudo-locale: the source language transformed so that layout problems show before any
/// translation exists. Format specifiers (`%lld`, `%1$@`, `%#@files@`) are never touched.
///
/// | pseudo-locale | tag | `%lld files uploaded` becomes |
/// | --- | --- | --- |
/// | accented | `en-x-accented` | `%lld ƒíĺéš ûþĺöàđéđ` |
/// | double-length | `en-x-double` | `%lld files files uploaded uploaded` |
/// | right-to-left | `en-Hebr-x-rtl` | `%lld וטכהר ףןכמאדהד` (Latin letters mirrored into Hebrew letters, so the paragraph is right to left and Latin arguments must be isolated) |
/// | bounded | `en-x-bounded` | `⟦%lld files uploaded⟧` (a missing `⟧` in the output marks cut text) |
public enum PseudoLocale: String, Sendable, CaseIterable, Hashable, Codable {
    /// Every Latin letter accented (`Sàṽé`): shows hard-coded text and font fallback.
    case accented
    /// Every word written twice: about twice the length, for wrapping and width budgets.
    case double
    /// Latin letters replaced by Hebrew letters: a right-to-left paragraph with the source's
    /// shape, for bidi isolation and right-to-left layout.
    case rtl
    /// Each value between `⟦` and `⟧`: a missing bracket shows cut text.
    case bounded

    /// The tag of this pseudo-locale for a source language (`en` → `en-x-accented`). The
    /// right-to-left one carries the Hebrew script, so ICU and the localizer treat it as
    /// right to left.
    public func tag(sourceLanguage: LocaleTag) -> LocaleTag {
        let language = sourceLanguage.language
        let text = switch self {
        case .accented: "\(language)-x-accented"
        case .double: "\(language)-x-double"
        case .rtl: "\(language)-Hebr-x-rtl"
        case .bounded: "\(language)-x-bounded"
        }
        return LocaleTag(text) ?? sourceLanguage
    }

    /// Transforms one value; `bounding` is false for the forms of a substitution, which sit
    /// inside a bounded value already. A value without letters (a frame pattern such as
    /// `%@: ` or ` — `) is not bounded.
    public func transform(_ text: String, bounding: Bool = true) -> String {
        switch self {
        case .bounded: return bounding && text.contains(where: \.isLetter) ? "⟦" + text + "⟧" : text
        case .accented, .rtl, .double: break
        }
        guard text.utf8.contains(UInt8(ascii: "%")) else { return transformLiteral(Substring(text)) }
        var out = ""
        for token in FormatString.tokens(text) {
            switch token {
            case .literal(let literal): out += transformLiteral(literal)
            case .percent: out += "%%"
            case .specifier(let spec): out += spec.text
            case .substitution(let name, let argument):
                out += argument.map { "%\($0)$#@\(name)@" } ?? "%#@\(name)@"
            case .invalid(let written): out += written
            }
        }
        return out
    }

    private func transformLiteral(_ text: Substring) -> String {
        switch self {
        case .accented: return String(String.UnicodeScalarView(text.unicodeScalars.map(Self.accent)))
        case .rtl: return String(String.UnicodeScalarView(text.unicodeScalars.map(Self.mirror)))
        case .double: return Self.doubled(text)
        case .bounded: return String(text)
        }
    }

    private static let lowerAccents = Array("àƀçđéƒĝĥíĵķĺɱñöþʠŕšţûṽŵẋýž".unicodeScalars)
    private static let upperAccents = Array("ÅƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ".unicodeScalars)
    private static let hebrew = Array("אבגדהוזחטיךכלםמןנסעףפץצקרש".unicodeScalars)

    private static func accent(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x61...0x7A: lowerAccents[Int(scalar.value - 0x61)]
        case 0x41...0x5A: upperAccents[Int(scalar.value - 0x41)]
        default: scalar
        }
    }

    private static func mirror(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x61...0x7A: hebrew[Int(scalar.value - 0x61)]
        case 0x41...0x5A: hebrew[Int(scalar.value - 0x41)]
        default: scalar
        }
    }

    /// Each run of non-space characters holding a letter is followed by a space and itself.
    private static func doubled(_ text: Substring) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count * 2)
        var word = Substring()
        var start = text.startIndex
        func flush(upTo end: String.Index) {
            word = text[start..<end]
            guard !word.isEmpty else { return }
            out += word
            if word.contains(where: \.isLetter) { out += " "; out += word }
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                flush(upTo: index)
                out.append(character)
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        flush(upTo: text.endIndex)
        return out
    }

    /// `catalog` with a localization for `tag` added to every entry: the pseudo form of the
    /// source value (of the key itself where the source has none, as Xcode treats it).
    /// Entries marked `shouldTranslate: false` are copied unchanged.
    public func adding(to catalog: StringCatalog, tag: LocaleTag) -> StringCatalog {
        var result = catalog
        let code = tag.identifier
        let source = LocaleTag(catalog.sourceLanguage)
        let sourceCode = catalog.localeCodes.first { LocaleTag($0) == source } ?? catalog.sourceLanguage
        for (key, entry) in catalog.entries {
            let value = entry.localizations[sourceCode] ?? LocalizedValue(stringUnit: StringUnit(state: "translated", value: key))
            var updated = entry
            updated.localizations[code] = entry.shouldTranslate == false ? value : transform(value, bounding: true)
            result.entries[key] = updated
        }
        return result
    }

    private func transform(_ value: LocalizedValue, bounding: Bool) -> LocalizedValue {
        var out = value
        if var unit = out.stringUnit {
            unit.value = transform(unit.value, bounding: bounding)
            out.stringUnit = unit
        }
        out.plural = value.plural.mapValues { transform($0, bounding: bounding) }
        out.device = value.device.mapValues { transform($0, bounding: bounding) }
        out.substitutions = value.substitutions.mapValues { substitution in
            var copy = substitution
            copy.plural = substitution.plural.mapValues { transform($0, bounding: false) }
            return copy
        }
        return out
    }
}
