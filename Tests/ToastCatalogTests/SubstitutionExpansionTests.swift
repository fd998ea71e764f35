import Testing
import ToastCatalog
import ToastICU

/// `SubstitutionExpansion.isSurelyWithin` lets readers skip the exact worst-case count; it
/// must never clear a value the exact count rejects.
@Suite struct SubstitutionExpansionTests {
    /// A seeded generator (SplitMix64), so that a failure names a reproducible case.
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// A text of literals, specifiers, `%%`, stray `%` and references to `s0`…`s3` (and to
    /// one that does not exist) when `references` allows them.
    static func text(_ random: inout Seeded, references: Bool) -> String {
        let pieces = ["x", String(repeating: "y", count: 40), "%d", "%1$lld", "%@", "%%", "%", "%arg", "é", "%#@s0@", "%#@s1@", "%2$#@s2@", "%#@s3@", "%#@none@"]
        let count = references ? pieces.count : 9
        return (0..<random.next(6)).map { _ in pieces[random.next(count)] }.joined()
    }

    static func value(_ random: inout Seeded, references: Bool, depth: Int = 0) -> LocalizedValue {
        var value = LocalizedValue(stringUnit: StringUnit(value: text(&random, references: references)))
        if depth == 0, random.next(3) == 0 {
            value.plural[.one] = Self.value(&random, references: references, depth: 1)
            value.plural[.other] = Self.value(&random, references: references, depth: 1)
        }
        if depth == 0, random.next(5) == 0 {
            value.device["mac"] = Self.value(&random, references: references, depth: 1)
        }
        return value
    }

    @Test(arguments: [1, 2, 3, 4])
    func theBoundNeverClearsWhatTheCountRejects(seed: UInt64) {
        var random = Seeded(state: seed)
        var cleared = 0, exceeded = 0
        for _ in 0..<1_500 {
            // Forms that name substitutions in one case in four: the bound must then defer.
            let nested = random.next(4) == 0
            var value = Self.value(&random, references: true)
            for index in 0..<(1 + random.next(4)) {
                var substitution = Substitution(formatSpecifier: "lld", isTextual: random.next(2) == 0)
                for category in [PluralCategory.one, .few, .other] where random.next(4) > 0 {
                    substitution.plural[category] = Self.value(&random, references: nested)
                }
                value.substitutions["s\(index)"] = substitution
            }
            let exact = SubstitutionExpansion.worstCase(of: value)!
            for length in [0, 8, 64, 300, 2_000, 1 << 20] {
                for expansions in [0, 2, 10_000] {
                    let limits = CatalogLimits(maximumExpandedLength: length, maximumSubstitutionExpansions: expansions)
                    let within = exact.bytes <= length && exact.expansions <= expansions
                    if !within { exceeded += 1 }
                    guard SubstitutionExpansion.isSurelyWithin(value, limits: limits) else { continue }
                    cleared += 1
                    #expect(within, "cleared \(value) at \(length) bytes, \(expansions) expansions: exact \(exact)")
                    #expect(SubstitutionExpansion.check(value, key: "k", locale: "en", limits: limits,
                                                        at: SourceLocation(file: "f", line: 1, column: 1)) == nil)
                }
            }
        }
        // The bound decides often (the fast path is taken) and the limits are crossed often
        // (the cases test something).
        #expect(cleared > 500)
        #expect(exceeded > 5_000)
    }

    @Test func aFormNamingASubstitutionIsCountedExactly() {
        var value = LocalizedValue(stringUnit: StringUnit(value: "%#@a@"))
        value.substitutions["a"] = Substitution(plural: [.other: LocalizedValue(stringUnit: StringUnit(value: "%#@b@"))])
        value.substitutions["b"] = Substitution(plural: [.other: LocalizedValue(stringUnit: StringUnit(value: "x"))])
        #expect(!SubstitutionExpansion.isSurelyWithin(value, limits: .standard))
        #expect(SubstitutionExpansion.worstCase(of: value) == SubstitutionExpansion.Cost(bytes: 1, expansions: 1))
    }
}
