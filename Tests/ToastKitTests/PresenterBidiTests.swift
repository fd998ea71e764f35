import Testing
import ToastICU
import ToastKit
import ToastMatrix

@Suite struct PresenterBidiTests {
    static let services = ICUServices()

    static func message(_ locale: String, _ argument: ToastArgument, isolating: Bool = true) -> String {
        let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag(locale)!], services: services,
                                  isolatesArguments: isolating)
        return localizer.resolve(Toast(.error, message: .key(key: "Couldn’t save “%@”", table: "Demo", arguments: [argument]))).message
    }

    @Test(arguments: [
        ("he", "Report.pdf", true), ("ar", "Report.pdf", true), ("en", "Report.pdf", false), ("en", "تقرير", true),
        ("en", "דוח", true), ("he", "דוח", false), ("he", "2024", false), ("ar", "٢٠٢٤", false), ("en", "١٢", true),
        ("fr", "Rapport", false), ("he", "(1)", false),
    ])
    func valuesAreIsolatedOnlyWhenTheirDirectionConflicts(locale: String, value: String, isolated: Bool) {
        let text = Self.message(locale, .string(value))
        #expect(text.contains("\u{2068}\(value)\u{2069}") == isolated, "\(text.debugDescription)")
        #expect(text.contains(value))
        #expect(!Self.message(locale, .string(value), isolating: false).contains("\u{2068}"))
    }

    @Test func anArgumentCannotCloseOurIsolate() {
        let text = Self.message("he", .string("evil\u{2069}name\u{2067}"))
        #expect(text.contains("\u{2068}evilname\u{2067}\u{2069}\u{2069}"), "\(text.debugDescription)")
    }

    @Test(arguments: [20, 40, 80])
    func visualRightToLeftLinesAreRightAlignedWithinTheWidth(width: Int) {
        let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag("he")!], services: Self.services)
        let presenter = LinePresenter(options: .init(width: width, symbols: .unicode, bidi: .visual), services: Self.services)
        for toast in BuiltinCatalogs.demoToasts {
            let resolved = localizer.resolve(toast)
            #expect(resolved.direction == .rightToLeft)
            for line in presenter.lines(for: resolved) {
                #expect(TextWidth.cells(of: line) == width, "\(line)")
                #expect(!line.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) || (0x200E...0x200F).contains($0.value) })
            }
        }
    }

    @Test func visualOrderReversesHebrewAndMirrorsBrackets() {
        let localizer = Localizer(preferences: [LocaleTag("he")!], services: Self.services)
        let toast = localizer.resolve(Toast(.info, title: .none, message: .verbatim("שלום (עולם)")))
        let visual = LinePresenter(options: .init(width: 30, bidi: .visual), services: Self.services).lines(for: toast)
        let logical = LinePresenter(options: .init(width: 30), services: Self.services).lines(for: toast)
        #expect(logical == ["מידע: שלום (עולם)"])
        #expect(visual == ["             (םלוע) םולש :עדימ"])
    }

    @Test func visualOrderLeavesPlainLeftToRightTextAlone() {
        let localizer = Localizer(preferences: [LocaleTag("en")!], services: Self.services)
        let toast = localizer.resolve(Toast(.info, message: .verbatim("Saved (2 files)")))
        let options = LinePresenter.Options(width: 40, color: true, symbols: .unicode)
        var visual = options
        visual.bidi = .visual
        #expect(LinePresenter(options: visual, services: Self.services).lines(for: toast)
            == LinePresenter(options: options, services: Self.services).lines(for: toast))
    }

    @Test func arabicIsShapedInVisualOrder() {
        let localizer = Localizer(preferences: [LocaleTag("ar")!], services: Self.services)
        let toast = localizer.resolve(Toast(.error, title: .none, message: .verbatim("لا")))
        let line = LinePresenter(options: .init(bidi: .visual), services: Self.services).lines(for: toast)[0]
        #expect(line.unicodeScalars.contains { $0.value == 0xFEFB }, "lam-alef ligature in \(line)")
        #expect(line.hasSuffix(":ﺄﻄﺧ"))
    }

    @Test(arguments: SymbolSet.allCases)
    func progressBarsAndSpinnerFrames(symbols: SymbolSet) {
        let localizer = Localizer(preferences: [LocaleTag("en")!], services: Self.services)
        let presenter = LinePresenter(options: .init(width: 60, symbols: symbols), services: Self.services)
        let progress = presenter.lines(for: localizer.resolve(Toast(.info, message: .verbatim("Copying"), style: .progress(0.5))))
        let spinner = localizer.resolve(Toast(.info, message: .verbatim("Syncing"), style: .indeterminate))
        switch symbols {
        case .unicode:
            #expect(progress == ["ℹ Information: Copying ▰▰▰▰▰▱▱▱▱▱ 50%"])
            #expect(presenter.lines(for: spinner, frame: 3) == ["⠸ Information: Syncing"])
            #expect(presenter.lines(for: spinner) == ["ℹ Information: Syncing"])
        case .ascii:
            #expect(progress == ["i Information: Copying [####----] 50%"])
            #expect(presenter.lines(for: spinner, frame: 5) == ["/ Information: Syncing"])
        case .none:
            #expect(progress == ["Information: Copying 50%"])
            #expect(presenter.lines(for: spinner, frame: 5) == ["Information: Syncing"])
        }
    }
}
