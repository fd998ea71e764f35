import Foundation
import Testing
import ToastICU

/// The fixture written by Scripts/plural-fixture.py from Babel (CLDR 47).
struct BabelPlurals: Decodable {
    var babel: String
    var cldr: String
    var sequences: [String: String]
    var locales: [String: String]
    var rules: [String: [String: String]]

    static let shared: BabelPlurals = {
        let url = Bundle.module.url(forResource: "Fixtures/babel-plurals", withExtension: "json")!
        return try! JSONDecoder().decode(BabelPlurals.self, from: Data(contentsOf: url))
    }()

    /// The fixture's numbers, in its order, as decimal text.
    static let numbers: [String] = (0...1000).map(String.init)
        + (0...100).map { "\($0 / 10).\($0 % 10)" } + (0...100).map { "\($0 / 10).\($0 % 10)0" }

    /// The Babel locale that answers for an ICU locale: the same ID, else its language.
    func babelID(for tag: LocaleTag) -> String? {
        let underscored = tag.identifier.replacingOccurrences(of: "-", with: "_")
        if locales[underscored] != nil { return underscored }
        if locales[tag.language] != nil { return tag.language }
        return nil
    }
}

enum ICUPlurals {
    static let services = ICUServices()
    static let letters: [PluralCategory: Character] = [.zero: "z", .one: "o", .two: "t", .few: "f", .many: "m", .other: "x"]

    static func sequence(_ tag: LocaleTag) throws -> String {
        let rules = try services.pluralRules(tag)
        var out = ""
        for text in BabelPlurals.numbers {
            let category = text.contains(".") ? rules.category(forDecimal: text, services: services)!.category
                : rules.category(for: Int64(text)!)
            out.append(letters[category]!)
        }
        return out
    }

    /// Rule text normalized for comparison: `=` and `in`, `!=` and `not in`, spaces.
    static func normalized(_ rule: String) -> String {
        rule.replacingOccurrences(of: "!=", with: " not in ").replacingOccurrences(of: "=", with: " in ")
            .replacingOccurrences(of: "%", with: " mod ")
            .split(separator: " ").joined(separator: " ")
    }
}

/// ICU's plural categories for every locale ICU has × integers 0…1000 × decimals 0.0…10.0
/// (step 0.1, with one and with two fraction digits), against Babel 2.18 (CLDR 47).
///
/// Between CLDR 42 and 47 no rule changed for these numbers. One difference remains, and it is
/// one of lookup, not data: for locales whose CLDR parent is `pt-PT` (`pt-AO`, `pt-MZ`, …) ICU
/// finds plural rules by truncation and uses `pt` (Brazilian: 0 and 1 are `one`), while Babel
/// follows CLDR's parent locales and uses `pt-PT` (only 1 is `one`). ToastKit keeps ICU's answer,
/// which is what Apple platforms (built on ICU) show.
@Suite struct PluralDifferentialTests {
    static let babel = BabelPlurals.shared

    /// Locales whose CLDR parent is pt-PT: the one explained difference.
    static func inheritsFromEuropeanPortuguese(_ tag: LocaleTag) -> Bool {
        tag.language == "pt" && tag != LocaleTag("pt-PT")! && tag.parent == LocaleTag("pt-PT")!
    }

    @Test func fixtureIsBabelWithCLDR47() {
        #expect(Self.babel.babel == "2.18.0" && Self.babel.cldr == "47")
        #expect(Self.babel.locales.count > 1000)
    }

    @Test func everyICULocaleAgreesWithBabelOrIsExplained() throws {
        var compared = 0
        var explained: [String] = []
        var unexplained: [String] = []
        for tag in LocaleTag.availableLocales {
            let id = try #require(Self.babel.babelID(for: tag), "Babel has no rules for \(tag)")
            compared += 1
            let ours = try ICUPlurals.sequence(tag)
            let theirs = Self.babel.sequences[Self.babel.locales[id]!]!
            if ours == theirs { continue }
            if Self.inheritsFromEuropeanPortuguese(tag),
               theirs == Self.babel.sequences[Self.babel.locales["pt_PT"]!],
               ours == (try ICUPlurals.sequence(LocaleTag("pt")!)) {
                explained.append(tag.identifier)
            } else {
                let first = zip(BabelPlurals.numbers, zip(ours, theirs)).first { $0.1.0 != $0.1.1 }!
                unexplained.append("\(tag.identifier): \(first.0) is \(first.1.0) in ICU, \(first.1.1) in Babel")
            }
        }
        #expect(compared >= 800)
        #expect(unexplained.isEmpty, "\(unexplained)")
        #expect(explained.sorted() == ["pt-AO", "pt-CH", "pt-CV", "pt-GQ", "pt-GW", "pt-LU", "pt-MO", "pt-MZ", "pt-ST", "pt-TL"])
    }

    @Test(arguments: ["en", "fr", "ru", "ar", "cs", "pt-PT", "he", "lv", "cy", "ga"])
    func ruleTextsAgreeWhereSequencesDo(locale: String) throws {
        let tag = LocaleTag(locale)!
        let icu = PluralRules.ruleText(for: tag)
        let babel = try #require(Self.babel.rules[Self.babel.babelID(for: tag)!])
        for (category, rule) in babel {
            #expect(ICUPlurals.normalized(icu[PluralCategory(rawValue: category)!] ?? "") == ICUPlurals.normalized(rule), "\(locale) \(category)")
        }
    }
}
