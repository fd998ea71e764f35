import ArgumentParser
import ToastCatalog
import ToastICU
import ToastKit

struct PluralsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plurals",
        abstract: "Show a locale's CLDR plural categories with sample numbers, and the category of given numbers.",
        discussion: """
            Numbers are decimals as written (1, 1.0 and 1.50 may differ: their visible fraction \
            digits count). JSON: {"locale", "icu", "cldr", "categories": [{"category", "integers", \
            "decimals"}], "numbers": [{"input", "formatted", "category"}]}.
            """
    )

    @Option(help: "The locale (BCP 47 or POSIX).") var locale: String
    @Argument(help: "Numbers to classify, such as 1 1.0 21 1.5.") var numbers: [String] = []
    @Option(help: "Output: text or json.") var format: TextOrJSON = .text

    func validate() throws {
        for number in numbers where PluralRules.fractionDigits(ofDecimal: number) == nil {
            throw ValidationError("“\(number.prefix(40))” is not a decimal number (expected digits with an optional '-' and fraction, such as 1.50)")
        }
    }

    func run() throws {
        guard let tag = LocalePreferences.parse(locale) else {
            throw CLIFailure(code: 2, message: "error: “\(locale.prefix(80))” is not a locale tag (expected BCP 47 such as fr or pt-BR)")
        }
        let services = ICUServices()
        let rules: PluralRules
        do { rules = try services.pluralRules(tag) } catch {
            throw CLIFailure(code: 2, message: "error: ICU has no plural rules for \(tag): \(error)")
        }
        let samples = rules.samples(services: services)
        let classified = numbers.map { input in (input, rules.category(forDecimal: input, services: services)) }
        if format == .json {
            let json: JSONValue = .members([
                "locale": .string(tag.identifier),
                "icu": .string(icuVersion),
                "cldr": .string(cldrVersion),
                "categories": .array(samples.map { sample in
                    .members(["category": .string(sample.category.rawValue),
                              "integers": .array(sample.integers.map(JSONValue.string)),
                              "decimals": .array(sample.decimals.map(JSONValue.string))])
                }),
                "numbers": .array(classified.map { input, result in
                    .members(["input": .string(input), "formatted": .optional(result?.formatted),
                              "category": .optional(result?.category.rawValue)])
                }),
            ])
            print(JSONWriter.string(json, style: .pretty))
            return
        }
        print("\(tag.identifier) (ICU \(icuVersion), CLDR \(cldrVersion)): \(rules.categories.map(\.rawValue).joined(separator: ", "))")
        for sample in samples {
            let name = sample.category.rawValue.padding(5)
            func list(_ items: [String]) -> String {
                items.isEmpty ? "—" : items.joined(separator: ", ") + (items.count == PluralRules.defaultSampleLimit ? ", …" : "")
            }
            let integers = list(sample.integers)
            let decimals = list(sample.decimals)
            print("  \(name)  integers: \(integers)  decimals: \(decimals)")
        }
        for (input, result) in classified {
            guard let result else { continue }
            print("\(CodePoint.visibleLineStart(input)) → \(result.formatted) → \(result.category.rawValue)")
        }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
