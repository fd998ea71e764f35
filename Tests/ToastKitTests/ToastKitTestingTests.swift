import Testing
import ToastICU
import ToastKit
import ToastKitTesting

@Suite struct ToastKitTestingTests {
    @Test(arguments: [
        ("\u{1B}[1;31mError:\u{1B}[0m Disk full", "Error: Disk full"),
        ("plain", "plain"),
        ("\u{1B}[2Jkept", "\u{1B}[2Jkept"),
        ("\u{1B}[m", ""),
    ])
    func stripsOnlySGR(input: String, expected: String) {
        #expect(strippingSGR(input) == expected)
    }

    @Test func rendersEveryDemoToastInOrder() {
        let services = ICUServices()
        let rendered = render(BuiltinCatalogs.demoToasts,
                              localizer: Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag("uk")!], services: services),
                              presenter: LinePresenter(options: .init(width: 60), services: services))
        #expect(rendered.map(\.id) == BuiltinCatalogs.demoToasts.map(\.id))
        #expect(rendered[0].lines == ["Успішно: Вивантаження завершено — Вивантажено 3 файли", "         Дії: Показати, Повернути"])
    }
}
