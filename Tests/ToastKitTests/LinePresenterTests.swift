import Testing
import ToastICU
import ToastKit
import ToastKitTesting

@Suite struct LinePresenterTests {
    let services = ICUServices()

    func lines(_ toast: Toast, locale: String = "en", width: Int? = nil, color: Bool = false, symbols: SymbolSet = .none,
               catalogs: Bool = true) -> [String] {
        let localizer = Localizer(catalogs: catalogs ? [BuiltinCatalogs.demo] : [], preferences: [LocaleTag(locale)!], services: services)
        let presenter = LinePresenter(options: .init(width: width, color: color, symbols: symbols), services: services)
        return presenter.lines(for: localizer.resolve(toast))
    }

    static let saveFailed = Toast(.error, title: .custom(.key(key: "Couldn’t save “%@”", arguments: [.string("Report.pdf")])),
                                  message: "The disk is full.", actions: [ToastAction(standard: .retry), ToastAction(standard: .dismiss)])

    @Test func theLineShapeOfTheConventions() {
        #expect(lines(Self.saveFailed, symbols: .unicode) == ["✖ Error: Couldn’t save “Report.pdf” — The disk is full. Actions: Retry, Dismiss"])
        #expect(lines(Self.saveFailed, symbols: .ascii) == ["x Error: Couldn’t save “Report.pdf” — The disk is full. Actions: Retry, Dismiss"])
        #expect(lines(Self.saveFailed, locale: "fr") == ["Erreur\u{A0}: Impossible d’enregistrer « Report.pdf » — Le disque est plein. Actions\u{A0}: Réessayer, Ignorer"])
        #expect(lines(Toast(.success, title: .none, message: "Copied to clipboard"), locale: "ja") == ["成功：クリップボードにコピーしました"])
    }

    @Test func roleWordIsAlwaysPresent() {
        for role in ToastRole.allCases {
            for symbols in SymbolSet.allCases {
                let line = lines(Toast(role, message: .verbatim("m")), symbols: symbols)[0]
                #expect(line.contains(role.titleKey + ": m"))
            }
        }
    }

    @Test func colourWrapsOnlyTheLabelAndStripsToPlain() {
        let plain = lines(Self.saveFailed, width: 40)
        let coloured = lines(Self.saveFailed, width: 40, color: true)
        #expect(coloured.map(strippingSGR) == plain)
        #expect(coloured[0].hasPrefix("\u{1B}[1;31mError:\u{1B}[0m "))
        #expect(coloured.dropFirst().allSatisfy { !$0.contains("\u{1B}") })
    }

    static let wrapCases: [(locale: String, text: String)] = [
        ("ja", "変更内容はこのデバイスに保存されましたが、サーバに接続できませんでした。接続が回復すると自動的にアップロードされます。"),
        ("zh-Hans", "你的更改已保存在此设备上，但无法连接服务器。连接恢复后将自动上传。全角字符宽度为二。"),
        ("th", "การเปลี่ยนแปลงของคุณถูกบันทึกไว้ในอุปกรณ์นี้แต่ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้ระบบจะอัปโหลดให้โดยอัตโนมัติเมื่อการเชื่อมต่อกลับมา"),
        ("ko", "변경사항이이기기에저장되었지만서버에연결할수없습니다"),
    ]

    @Test(arguments: wrapCases.map(\.locale), [20, 21, 33])
    func wrapsByCellsAndJoinsBack(locale: String, width: Int) throws {
        let text = try #require(Self.wrapCases.first { $0.locale == locale }).text
        let presenter = LinePresenter(options: .init(width: width), services: services)
        let lines = presenter.wrap(text, locale: LocaleTag(locale)!, firstWidth: width - 6, width: width)
        #expect(lines.count > 1)
        for (index, line) in lines.enumerated() {
            #expect(TextWidth.cells(of: line) <= (index == 0 ? width - 6 : width), "\(line)")
        }
        #expect(lines.joined() == text)
    }

    @Test(arguments: ["ja", "th", "zh-Hans", "ar", "he", "ru", "en"], [20, 40])
    func wholeToastsNeverExceedTheWidth(locale: String, width: Int) {
        for toast in BuiltinCatalogs.demoToasts {
            let rendered = lines(toast, locale: locale, width: width, symbols: .unicode)
            for line in rendered {
                #expect(TextWidth.cells(of: line) <= width, "\(locale) \(width): \(line)")
            }
        }
    }

    @Test func thaiBreaksBetweenWordsNotInsideThem() throws {
        let text = "ไม่สามารถบันทึกไฟล์ได้เนื่องจากดิสก์เต็ม"
        let presenter = LinePresenter(options: .init(width: 12), services: services)
        let lines = presenter.wrap(text, locale: LocaleTag("th")!, firstWidth: 12, width: 12)
        let breaks = try services.lineBreaker(LocaleTag("th")!).opportunities(in: text)
        var offset = 0
        for line in lines.dropLast() {
            offset += line.utf16.count
            #expect(breaks.contains(offset), "broke inside a word after \(line)")
        }
    }

    @Test func anOverlongWordBreaksBetweenGraphemeClusters() {
        let word = String(repeating: "e\u{301}", count: 30) + "👨‍👩‍👧"
        let presenter = LinePresenter(options: .init(width: 7), services: services)
        let lines = presenter.wrap(word, locale: LocaleTag("en")!, firstWidth: 7, width: 7)
        #expect(lines.allSatisfy { TextWidth.cells(of: $0) <= 7 })
        #expect(lines.joined() == word)
        #expect(lines.joined().count == word.count)
    }

    @Test func continuationLinesIndentUnderTheMessageInLTRButNotInRTL() {
        let ltr = lines(Self.saveFailed, width: 30)
        #expect(ltr.count > 1)
        #expect(ltr.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: "Error: ".count)) })
        let rtl = lines(Self.saveFailed, locale: "ar", width: 30)
        #expect(rtl.count > 1)
        #expect(rtl.dropFirst().allSatisfy { !$0.hasPrefix(" ") })
    }

    @Test func labelWiderThanTheWidthGetsItsOwnLines() {
        let rendered = lines(Toast(.info, message: .verbatim("Short text here")), width: 8, symbols: .unicode)
        #expect(rendered.allSatisfy { TextWidth.cells(of: $0) <= 8 })
        #expect(rendered.joined().contains("Information:"))  // split between grapheme clusters
    }

    @Test func progressShowsALocalizedPercentage() {
        let toast = Toast(.info, message: .verbatim("Downloading"), style: .progress(0.42))
        #expect(lines(toast) == ["Information: Downloading 42%"])
        #expect(lines(toast, locale: "de") == ["Information: Downloading 42\u{A0}%"])
        #expect(lines(toast, locale: "ar") == ["معلومات: Downloading ٤٢٪\u{61C}"])
    }

    /// Payloads and what must not survive of them (the body of a sequence goes with it).
    static let payloads: [(payload: String, gone: [String])] = [
        ("\u{1B}[31mred", ["[31m"]), ("\u{1B}]0;title\u{07}", ["0;title"]), ("\u{1B}]8;;http://x\u{1B}\\link", ["http://x", "8;;"]),
        ("\u{9B}2J", ["2J"]), ("\u{1B}P1$r\u{1B}\\", ["1$r"]), ("\u{202E}evil", []), ("a\rb", []), ("\u{1B}_apc\u{1B}\\", ["apc"]),
        ("\u{90}dcs\u{9C}", ["dcs"]), ("\u{7}\u{8}\u{7F}", []), ("\u{2066}open", []), ("\u{1B}^pm\u{1B}\\", ["pm"]),
        ("\u{1B}Xsos\u{1B}\\", ["sos"]), ("\u{98}sos8\u{9C}", ["sos8"]), ("\u{202A}\u{202B}\u{202C}\u{202D}", []),
        ("\u{1B}[?1049h\u{1B}[2J", ["1049", "2J"]), ("\u{85}\u{8D}", []),
    ]

    /// Every text slot gets the payload: custom title, subtitle, message (verbatim and as an
    /// argument), action label; in logical and visual order, with and without colour, in a
    /// left-to-right and a right-to-left locale.
    @Test(arguments: payloads.indices)
    func injectionIsRemovedFromEverySlot(index: Int) {
        let (payload, gone) = Self.payloads[index]
        let text = ToastText.verbatim("x" + payload + "y")
        let toasts = [
            Toast(.warning, title: .custom(text), message: .key(key: "Hi %@", arguments: [.string(payload)]),
                  subtitle: text, actions: [ToastAction(text)]),
            Toast(.error, message: text, actions: [ToastAction(standard: .retry), ToastAction(text)], style: .progress(0.3)),
        ]
        for locale in ["en", "he"] {
            let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag(locale)!], services: services)
            for toast in toasts {
                let resolved = localizer.resolve(toast)
                for colour in [false, true] {
                    for bidi in BidiMode.allCases {
                        let presenter = LinePresenter(options: .init(width: 30, color: colour, symbols: .unicode, bidi: bidi), services: services)
                        let output = presenter.lines(for: resolved).map { colour ? strippingSGR($0) : $0 }.joined(separator: "\n")
                        #expect(!output.unicodeScalars.contains { ($0.value < 0x20 && $0.value != 0x0A) || (0x7F...0x9F).contains($0.value)
                            || (0x202A...0x202E).contains($0.value) }, "\(output.debugDescription)")
                        for fragment in gone { #expect(!output.contains(fragment), "\(fragment) in \(output.debugDescription)") }
                    }
                }
            }
        }
    }
}

@Suite struct SanitizerTests {
    @Test(arguments: [
        ("Hi\u{1B}]0;pwned\u{07} there", "Hi there"),
        ("\u{1B}[2J\u{1B}[1;1Hclear", "clear"),
        ("a\nb", "a b"),
        ("tab\there", "tab here"),
        ("\u{202E}gnp.exe", "gnp.exe"),
        ("\u{2067}open", "\u{2067}open\u{2069}"),
        ("close\u{2069}", "close"),
        ("\u{1B}(Bcharset", "charset"),
        ("line\u{2028}sep", "linesep"),
        ("plain", "plain"),
    ])
    func clean(input: String, expected: String) {
        #expect(Sanitizer.clean(input) == expected)
    }

    @Test func messagesKeepLineBreaks() {
        #expect(Sanitizer.clean("a\r\nb", newlines: .keep) == "a\nb")
    }
}

@Suite struct TerminalFactsTests {
    @Test(arguments: [
        (ColorChoice.auto, ["NO_COLOR": "1"], true, false),
        (.auto, ["NO_COLOR": ""], true, true),
        (.always, ["NO_COLOR": "1"], false, true),
        (.never, [:], true, false),
        (.auto, ["CLICOLOR_FORCE": "1"], false, true),
        (.auto, ["CLICOLOR_FORCE": "0"], false, false),
        (.auto, ["FORCE_COLOR": "1"], false, true),
        (.auto, ["TERM": "dumb"], true, false),
        (.auto, ["CLICOLOR": "0"], true, false),
        (.auto, [:], true, true),
        (.auto, [:], false, false),
    ])
    func colourDecision(choice: ColorChoice, env: [String: String], tty: Bool, expected: Bool) {
        #expect(choice.isEnabled(for: TerminalFacts(environment: env, isTerminal: tty)) == expected)
    }

    @Test func widthPrecedence() {
        #expect(TerminalFacts(environment: ["COLUMNS": "50"], isTerminal: true, windowColumns: 100).width(explicit: 30) == 30)
        #expect(TerminalFacts(environment: ["COLUMNS": "50"], isTerminal: true, windowColumns: 100).width(explicit: nil) == 50)
        #expect(TerminalFacts(isTerminal: true, windowColumns: 100).width(explicit: nil) == 100)
        #expect(TerminalFacts(isTerminal: true).width(explicit: nil) == 80)
        #expect(TerminalFacts(isTerminal: false).width(explicit: nil) == nil)
        #expect(SymbolSet.automatic(for: TerminalFacts(isTerminal: true)) == .unicode)
        #expect(SymbolSet.automatic(for: TerminalFacts(environment: ["TERM": "dumb"], isTerminal: true)) == SymbolSet.none)
    }
}
