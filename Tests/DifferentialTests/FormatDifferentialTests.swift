import Foundation
import Testing
import ToastICU
import ToastKit

/// ToastKit's format engine against Foundation's `String(format:locale:arguments:)`, which runs
/// CoreFoundation's formatter (the same code as on Apple platforms) over Foundation's private
/// ICU 76. ToastKit follows the system ICU 72 (CLDR 42); where the two ICUs' data differ the
/// case is listed with the reason and ToastKit's answer is asserted instead.
@Suite struct FormatDifferentialTests {
    static let services = ICUServices()

    /// Data differences between CLDR 42 (ICU 72) and CLDR 46 (Foundation's ICU 76).
    static func knownDifference(_ item: FormatCase, foundation: String) -> (expected: String, reason: String)? {
        if item.locale == "ar_EG", foundation.contains("أس") {
            return (foundation.replacingOccurrences(of: "أس", with: "اس"),
                    "Arabic exponent symbol: CLDR 42 has “اس”, later CLDR “أس” (with hamza)")
        }
        return nil
    }

    @Test(arguments: FormatCases.all)
    func matchesFoundation(_ item: FormatCase) {
        let foundation = String(format: item.format, locale: Locale(identifier: item.locale), arguments: item.varargs)
        let (ours, diagnostics) = FormatEngine(locale: LocaleTag(item.locale)!, services: Self.services).format(item.format, item.arguments)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        if let difference = Self.knownDifference(item, foundation: foundation) {
            #expect(ours == difference.expected, "\(difference.reason)")
        } else {
            #expect(ours == foundation)
        }
    }

    @Test func atLeastTwoHundredCases() {
        #expect(FormatCases.all.count >= 200)
    }

    /// Plain `ar`: CLDR 42 makes Arabic-Indic digits the default, CLDR 46 Latin digits.
    /// Foundation's answer is shown beside ToastKit's; `ar-u-nu-latn` gives Latin digits with
    /// the system ICU too.
    @Test(arguments: [
        ("%d", [ToastArgument.int(1_234_567)], "1,234,567", "١٬٢٣٤٬٥٦٧"),
        ("%.1f", [.double(2.25)], "2.2", "٢٫٢"),
        ("%lld files", [.int(3)], "3 files", "٣ files"),
    ])
    func plainArabicFollowsCLDR42(format: String, arguments: [ToastArgument], foundation: String, ours: String) {
        let item = FormatCase(format: format, arguments: arguments, locale: "ar")
        #expect(String(format: format, locale: Locale(identifier: "ar"), arguments: item.varargs) == foundation)
        #expect(FormatEngine(locale: LocaleTag("ar")!, services: Self.services).format(format, arguments).text == ours)
        #expect(FormatEngine(locale: LocaleTag("ar-u-nu-latn")!, services: Self.services).format(format, arguments).text == foundation)
    }
}
