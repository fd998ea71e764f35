import Testing
import ToastICU

@Suite struct FormattingTests {
    let services = ICUServices()

    @Test(arguments: [
        ("en", Int64(1_234_567), "1,234,567"), ("de", 1_234_567, "1.234.567"), ("fr", 1_234_567, "1\u{202F}234\u{202F}567"),
        ("ar", 1_234_567, "١٬٢٣٤٬٥٦٧"), ("ar-u-nu-latn", 42, "42"), ("hi", 1_234_567, "12,34,567"), ("en", -5, "-5"),
    ])
    func integers(locale: String, value: Int64, expected: String) throws {
        #expect(try services.numberFormatter(LocaleTag(locale)!).format(value) == expected)
    }

    @Test func unsignedAboveInt64() throws {
        #expect(try services.numberFormatter(LocaleTag("en")!).format(UInt64.max) == "18,446,744,073,709,551,615")
    }

    @Test(arguments: [("en", ".00", 3.14159, "3.14"), ("de", ".0", 2.25, "2,2"), ("en", "percent scale/100 precision-integer", 0.42, "42%")])
    func doubles(locale: String, skeleton: String, value: Double, expected: String) throws {
        #expect(try services.numberFormatter(LocaleTag(locale)!, skeleton: skeleton).format(value) == expected)
    }

    @Test func lineBreakOpportunities() throws {
        #expect(try services.lineBreaker(LocaleTag("en")!).opportunities(in: "Hello big world") == [6, 10, 15])
        // Thai has no spaces: ICU finds word boundaries by dictionary.
        let thai = "ไม่สามารถบันทึกไฟล์ได้"
        let breaks = try services.lineBreaker(LocaleTag("th")!).opportunities(in: thai)
        #expect(breaks.count > 2)
        #expect(breaks.last == thai.utf16.count)
    }

    @Test(arguments: [("en", "Retry, Dismiss"), ("de", "Retry und Dismiss"), ("ja", "Retry、Dismiss")])
    func listOfTwo(locale: String, expected: String) throws {
        #expect(try services.listFormatter(LocaleTag(locale)!).format(["Retry", "Dismiss"]) == expected)
    }

    @Test func directions() {
        #expect(TextDirection.firstStrong(in: "123 שלום") == .rightToLeft)
        #expect(TextDirection.firstStrong(in: "Hello שלום") == .leftToRight)
        #expect(TextDirection.firstStrong(in: "123") == nil)
        #expect(TextDirection.leftToRight.conflicts(with: "ملف"))
        #expect(!TextDirection.leftToRight.conflicts(with: "42"))
        #expect(TextDirection.rightToLeft.conflicts(with: "Report.pdf"))
    }
}

@Suite struct FastIntegerFormatTests {
    /// The default formatter learns each locale's integer format from ICU and applies it
    /// itself; a formatter with an equivalent skeleton always asks ICU. They must agree.
    @Test func agreesWithICUInEveryLocale() throws {
        let services = ICUServices()
        var state: UInt64 = 0x1234_5678
        func next() -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let magnitude = Int64(bitPattern: state >> UInt64(state % 60))
            return magnitude
        }
        var locales = 0
        for tag in LocaleTag.availableLocales {
            let fast = try services.numberFormatter(tag)
            let icu = try services.numberFormatter(tag, skeleton: "precision-integer")
            locales += 1
            for _ in 0..<60 {
                let value = next()
                if fast.format(value) != icu.format(value) {
                    Issue.record("\(tag): \(value) → \(fast.format(value)) but ICU says \(icu.format(value))")
                    return
                }
            }
        }
        #expect(locales > 700)
    }
}
