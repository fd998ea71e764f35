internal import CICU
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A validated, canonical BCP 47 language tag such as `pt-BR` or `zh-Hant-TW`.
///
/// Every tag is checked before it reaches ICU: at most ``maximumLength`` characters of ASCII
/// letters, digits, `-` and `_`, and fully parsed by ICU (`"en-US garbage"` is rejected, not
/// read as `en`). ICU 72 aborts the process on locale IDs of 156 characters or more, so no
/// unchecked text is ever passed on.
///
/// ```swift
/// LocaleTag("pt_br")?.identifier     // "pt-BR"
/// LocaleTag("zh-hant-tw")?.identifier // "zh-Hant-TW"
/// ```
public struct LocaleTag: Hashable, Sendable, CustomStringConvertible {
    /// The longest tag accepted.
    public static let maximumLength = 64

    /// The canonical BCP 47 form, such as `zh-Hant-TW`.
    public let identifier: String
    /// ICU's locale ID for the same tag, such as `zh_Hant_TW`.
    let icuID: String

    /// Parses and canonicalizes a BCP 47 tag; `_` is accepted in place of `-`.
    ///
    /// Returns `nil` for text that is not a well-formed tag, for `root`/`und`, and for a tag
    /// whose canonical form ICU writes in a form it does not read back as the same tag: an
    /// extension whose whole value is `yes` or `true` (`pt-p-yes`, `pt-x-true`) loses the value
    /// and leaves an ill-formed tag (`pt-p`). So every tag's ``identifier`` reads back as itself.
    public init?(_ text: String) {
        guard Self.isPlausible(text), let id = Self.icuID(ofTag: text) else { return nil }
        self.init(icuID: id)
        guard Self.icuID(ofTag: identifier).flatMap(LocaleTag.init(icuID:))?.identifier == identifier else { return nil }
    }

    /// ICU's locale ID for the whole of `text` (`_` read as `-`), or `nil` when ICU reads only
    /// part of it or reads it as no language.
    private static func icuID(ofTag text: String) -> String? {
        let hyphenated = String(text.map { $0 == "_" ? "-" : $0 })
        var parsed: Int32 = 0
        guard let id = try? readChars("uloc_forLanguageTag", { buffer, capacity, status in
            toast_uloc_forLanguageTag(hyphenated, buffer, capacity, &parsed, &status)
        }), Int(parsed) == hyphenated.utf8.count, !id.isEmpty, !id.hasPrefix("_") else { return nil }
        return id
    }

    /// Wraps an ICU locale ID that ICU itself produced.
    init?(icuID: String) {
        guard !icuID.isEmpty, icuID != "root", icuID.utf8.count <= 2 * Self.maximumLength,
              let tag = try? readChars("uloc_toLanguageTag", { buffer, capacity, status in
                  toast_uloc_toLanguageTag(icuID, buffer, capacity, 0, &status)
              }), !tag.isEmpty, tag != "und"
        else { return nil }
        self.identifier = tag
        self.icuID = icuID
    }

    static func isPlausible(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maximumLength else { return false }
        return text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
    }

    /// The BCP 47 identifier.
    public var description: String { identifier }

    /// Tags are equal when their canonical forms are (the ICU ID follows from it).
    public static func == (lhs: LocaleTag, rhs: LocaleTag) -> Bool { lhs.identifier == rhs.identifier }

    /// Hashes the canonical form.
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// The language subtag, such as `zh`.
    public var language: String {
        String(icuID.prefix { $0 != "_" && $0 != "@" })
    }

    /// The explicit script subtag, such as `Hant`, or `nil` when the tag has none.
    public var script: String? {
        let parts = icuID.split(separator: "@").first.map { $0.split(separator: "_", omittingEmptySubsequences: false) } ?? []
        guard parts.count > 1, parts[1].count == 4 else { return nil }
        return String(parts[1])
    }

    /// The tag with ICU's likely subtags added: `zh-TW` → `zh-Hant-TW`, `en` → `en-Latn-US`.
    public var maximized: LocaleTag {
        guard let id = try? readChars("uloc_addLikelySubtags", { buffer, capacity, status in
            toast_uloc_addLikelySubtags(icuID, buffer, capacity, &status)
        }), let tag = LocaleTag(icuID: id) else { return self }
        return tag
    }

    /// The script this tag is written in, explicit or likely (`sr-ME` → `Latn`).
    public var likelyScript: String {
        maximized.script ?? ""
    }

    /// Whether text in this locale runs right to left (from its likely script).
    public var isRightToLeft: Bool {
        toast_uloc_isRightToLeft(icuID) != 0
    }

    /// The CLDR parent locale: `es-MX` → `es-419`, `pt-AO` → `pt-PT`, `zh-Hant-HK` → `zh-Hant`,
    /// `en-AU` → `en-001`; truncation where CLDR names no parent, but never across scripts
    /// (`zh-Hant` and `sr-Latn` have no parent). `nil` at the root.
    public var parent: LocaleTag? {
        if let named = Self.cldrParent(of: icuID) {
            return named == "root" ? nil : LocaleTag(icuID: named)
        }
        guard let cut = icuID.lastIndex(of: "_") else { return nil }
        guard let truncated = LocaleTag(icuID: String(icuID[..<cut])) else { return nil }
        return truncated.likelyScript == likelyScript ? truncated : nil
    }

    /// The fallback chain used for catalog lookup, most specific first.
    ///
    /// A tag without a script whose region implies another script than the language's default
    /// gets that script first, so `zh-TW` walks `zh-Hant-TW`, `zh-Hant` and never reaches the
    /// Simplified `zh`.
    ///
    /// ```swift
    /// LocaleTag("es-MX")!.fallbackChain.map(\.identifier) // ["es-MX", "es-419", "es"]
    /// LocaleTag("zh-TW")!.fallbackChain.map(\.identifier) // ["zh-TW", "zh-Hant-TW", "zh-Hant"]
    /// ```
    public var fallbackChain: [LocaleTag] {
        var chain = [self]
        var current = self
        if script == nil, let languageOnly = LocaleTag(icuID: language), likelyScript != languageOnly.likelyScript,
           !likelyScript.isEmpty {
            let rest = icuID.dropFirst(language.count)
            if let scripted = LocaleTag(icuID: language + "_" + likelyScript + rest) {
                chain.append(scripted)
                current = scripted
            }
        }
        while chain.count < 16, let next = current.parent {
            if !chain.contains(next) { chain.append(next) }
            current = next
        }
        return chain
    }

    /// Whether two tags name the same locale once likely subtags are added (`pt` and `pt-BR`).
    public func matches(_ other: LocaleTag) -> Bool {
        self == other || maximized == other.maximized
    }

    /// Picks the best of `available` for a preference list, the way Apple's
    /// `Bundle.preferredLocalizations` does: each preferred tag's fallback chain in turn, exact
    /// or likely-subtag matches; then ICU's CLDR language matcher for close languages
    /// (`nn` → `nb`), never across scripts. `nil` when nothing matches.
    public static func bestMatch(for preferences: [LocaleTag], in available: [LocaleTag]) -> LocaleTag? {
        for preference in preferences {
            for candidate in preference.fallbackChain {
                if let exact = available.first(where: { $0 == candidate }) { return exact }
                if let close = available.first(where: { $0.matches(candidate) }) { return close }
            }
        }
        for preference in preferences {
            if let close = closeLanguage(for: preference, in: available) { return close }
        }
        return nil
    }

    /// ICU's `uloc_acceptLanguage` (CLDR language matching) for one preference, accepted only
    /// when the script agrees.
    static func closeLanguage(for preference: LocaleTag, in available: [LocaleTag]) -> LocaleTag? {
        guard !available.isEmpty else { return nil }
        let ids = available.map { strdup($0.icuID) }
        defer { ids.forEach { free($0) } }
        var status = TOAST_U_ZERO_ERROR
        let constIDs = ids.map { UnsafePointer<CChar>($0) }
        guard let enumeration = constIDs.withUnsafeBufferPointer({
            toast_uenum_openCharStringsEnumeration($0.baseAddress, Int32($0.count), &status)
        }), status <= TOAST_U_ZERO_ERROR else { return nil }
        defer { toast_uenum_close(enumeration) }
        var outcome = TOAST_ULOC_ACCEPT_FAILED
        let accepted = try? readChars("uloc_acceptLanguage") { buffer, capacity, status in
            preference.icuID.withCString { id in
                var list: [UnsafePointer<CChar>?] = [id]
                return list.withUnsafeMutableBufferPointer {
                    toast_uloc_acceptLanguage(buffer, capacity, &outcome, $0.baseAddress, 1, enumeration, &status)
                }
            }
        }
        guard outcome != TOAST_ULOC_ACCEPT_FAILED, let accepted, !accepted.isEmpty,
              let match = available.first(where: { $0.icuID == accepted }),
              match.likelyScript == preference.likelyScript else { return nil }
        return match
    }

    static func cldrParent(of icuID: String) -> String? {
        var status = TOAST_U_ZERO_ERROR
        guard let bundle = toast_ures_openDirect(nil, icuID, &status), status <= TOAST_U_ZERO_ERROR else {
            return nil
        }
        defer { toast_ures_close(bundle) }
        var length: Int32 = 0
        status = TOAST_U_ZERO_ERROR
        guard let chars = toast_ures_getStringByKey(bundle, "%%Parent", &length, &status),
              status <= TOAST_U_ZERO_ERROR else { return nil }
        return String(decoding: UnsafeBufferPointer(start: chars, count: Int(length)), as: UTF16.self)
    }
}
