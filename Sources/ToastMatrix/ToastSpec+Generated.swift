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
    /// `roles` gives a toast the role of the first rule whose pattern matches its key (or,
    /// for a pattern with `/`, its id), `info` when none does: `--role 'error.*=error'`.
    ///
    /// `toastkit matrix PATH --toasts auto` uses it; write it out with ``json(_:)`` to start a
    /// spec file by hand.
    public static func generated(from catalogs: [StringCatalog], roles: [RoleRule] = []) -> [Toast] {
        var toasts: [Toast] = []
        for catalog in catalogs {
            let source = catalog.localeCodes.first { $0 == catalog.sourceLanguage }
                ?? catalog.localeCodes.first { CatalogLocale.normalize($0) == CatalogLocale.normalize(catalog.sourceLanguage) }
            for key in catalog.keys where !key.isEmpty {
                guard let entry = catalog.entries[key] else { continue }
                let value = source.flatMap { entry.localizations[$0] }
                let arguments = Self.arguments(for: value.flatMap(Self.representativeText) ?? key, substitutions: value?.substitutions ?? [:])
                let id = "\(catalog.table)/\(key)"
                let role = roles.first { $0.matches(key: key, id: id) }?.role ?? .info
                toasts.append(Toast(role, id: id, message: .key(key: key, table: catalog.table, arguments: arguments)))
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

extension ToastSpec {
    /// A role for generated toasts whose key matches a pattern, written `PATTERN=ROLE`:
    /// `error.*=error`, `*failed*=error`, `Errors/*=error` (a pattern with `/` matches the id,
    /// `TABLE/KEY`). In a pattern `*` stands for any run of characters and `?` for one; the
    /// whole key must match.
    public struct RoleRule: Sendable, Hashable {
        /// The pattern.
        public var pattern: String
        /// The role it gives.
        public var role: ToastRole

        /// Creates a rule.
        public init(pattern: String, role: ToastRole) {
            self.pattern = pattern
            self.role = role
        }

        /// Reads `PATTERN=ROLE` (the last `=` separates them).
        ///
        /// - Throws: a message saying what is wrong.
        public init(parsing text: String) throws(RoleRuleError) {
            guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
                throw RoleRuleError(message: "expected PATTERN=ROLE (ROLE: success, error, warning or info), got “\(text.prefix(80))”")
            }
            let name = String(text[text.index(after: equals)...])
            guard let role = ToastRole(rawValue: name) else {
                throw RoleRuleError(message: "unknown role “\(name.prefix(40))” (expected success, error, warning or info)")
            }
            self.init(pattern: String(text[..<equals]), role: role)
        }

        /// Whether the pattern matches `key` (or `id`, for a pattern with `/`).
        public func matches(key: String, id: String) -> Bool {
            Self.glob(Array(pattern), Array(pattern.contains("/") ? id : key))
        }

        /// `*` and `?` matching over characters, with one backtrack point (linear in
        /// practice, quadratic at worst).
        static func glob(_ pattern: [Character], _ text: [Character]) -> Bool {
            var p = 0, t = 0
            var star: Int?, resume = 0
            while t < text.count {
                if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[t]) {
                    p += 1
                    t += 1
                } else if p < pattern.count, pattern[p] == "*" {
                    star = p
                    resume = t
                    p += 1
                } else if let star {
                    p = star + 1
                    resume += 1
                    t = resume
                } else {
                    return false
                }
            }
            while p < pattern.count, pattern[p] == "*" { p += 1 }
            return p == pattern.count
        }
    }

    /// What is wrong with a written ``RoleRule``.
    public struct RoleRuleError: Error, Sendable, CustomStringConvertible {
        /// The message.
        public var message: String
        /// The message.
        public var description: String { message }
    }
}
