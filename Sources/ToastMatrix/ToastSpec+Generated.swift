import ToastCatalog
import ToastKit

extension ToastSpec {
    /// One info toast per key of `catalogs` (the empty key left out), for a matrix over a
    /// whole catalog: the message is the key, with an argument per specifier of its source
    /// value (of the key where the source has none): `{"int": 3}` for `%d`/`%lld` and
    /// integer substitutions, `{"uint": 3}` for `%u`/`%x`/`%c`, `{"double": 2.5}` for
    /// `%f`/`%g`/`%e`, `{"string": "Alice"}` for `%@`/`%s` and anything else. Ids are
    /// `TABLE/KEY`.
    ///
    /// `toastkit matrix PATH --toasts auto` uses it; write it out with ``json(_:)`` to start a
    /// spec file by hand.
    public static func generated(from catalogs: [StringCatalog]) -> [Toast] {
        var toasts: [Toast] = []
        for catalog in catalogs {
            let source = catalog.localeCodes.first { $0 == catalog.sourceLanguage }
                ?? catalog.localeCodes.first { CatalogLocale.normalize($0) == CatalogLocale.normalize(catalog.sourceLanguage) }
            for key in catalog.keys where !key.isEmpty {
                guard let entry = catalog.entries[key] else { continue }
                let value = source.flatMap { entry.localizations[$0] }
                let arguments = Self.arguments(for: value.flatMap(Self.representativeText) ?? key, substitutions: value?.substitutions ?? [:])
                toasts.append(Toast(.info, id: "\(catalog.table)/\(key)",
                                    message: .key(key: key, table: catalog.table, arguments: arguments)))
            }
        }
        return toasts
    }

    /// The string unit of a value, else its `other` plural or device form, depth first.
    static func representativeText(_ value: LocalizedValue) -> String? {
        if let unit = value.stringUnit { return unit.value }
        if let other = value.plural[.other] ?? value.plural.values.first { return representativeText(other) }
        if let other = value.device["other"] ?? value.device.values.first { return representativeText(other) }
        return nil
    }

    /// Sample arguments for the specifiers of `text`, by position.
    static func arguments(for text: String, substitutions: [String: Substitution]) -> [ToastArgument] {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return [] }
        var byPosition: [Int: ToastArgument] = [:]
        var next = 0
        func sample(_ kind: FormatSpecifier.ArgumentClass) -> ToastArgument {
            switch kind {
            case .signedInteger: .int(3)
            case .unsignedInteger: .uint(3)
            case .floatingPoint: .double(2.5)
            case .object, .cString, .pointer, .unsupported: .string("Alice")
            }
        }
        for token in FormatString.tokens(text) {
            switch token {
            case .specifier(let spec):
                let position = spec.argument ?? { next += 1; return next }()
                if byPosition[position] == nil { byPosition[position] = sample(spec.argumentClass) }
            case .substitution(let name, let argument):
                let substitution = substitutions[String(name)]
                // As the formatter reads it: the token takes the next slot unless it names
                // one; the substitution's argNum says which argument it reads.
                var position = argument ?? { next += 1; return next }()
                if let argNum = substitution?.argNum { position = argNum }
                let specifier = substitution?.formatSpecifier ?? "lld"
                var kind = FormatSpecifier.ArgumentClass.signedInteger
                if case .specifier(let spec)? = FormatString.tokens("%" + specifier).first { kind = spec.argumentClass }
                if byPosition[position] == nil { byPosition[position] = sample(kind) }
            case .literal, .percent, .invalid:
                break
            }
        }
        guard let last = byPosition.keys.max(), last <= 64 else { return [] }
        return (1...last).map { byPosition[$0] ?? .string("Alice") }
    }
}
