import ArgumentParser
import ToastCatalog
import ToastICU
import ToastKit

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the built-in demo toasts.",
        discussion: "--locale all renders them in every locale of the demo catalog, each under a `== TAG ==` line."
    )

    @OptionGroup var presentation: PresentationOptions

    func run() throws {
        let facts = Terminal.facts()
        let services = ICUServices()
        let presenter = presentation.presenter(facts: facts, services: services)
        if presentation.locale == "all" {
            let tags = BuiltinCatalogs.demo.localeCodes.compactMap { LocaleTag($0) }
            for (index, tag) in tags.enumerated() {
                if index > 0 { print("") }
                print("== \(tag.identifier) ==")
                render(preferences: [tag], presenter: presenter, services: services)
            }
            return
        }
        render(preferences: try presentation.preferences(facts: facts), presenter: presenter, services: services, checksLocale: true)
    }

    /// Renders the demo toasts; with `checksLocale`, warns first when `--locale` names a
    /// language nobody knows (not for `--locale all`, which renders the catalog's own).
    private func render(preferences: [LocaleTag], presenter: LinePresenter, services: ICUServices, checksLocale: Bool = false) {
        let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: preferences, services: services)
        if checksLocale, let warning = presentation.unknownLocaleWarning(localizer) { printError(warning) }
        for toast in BuiltinCatalogs.demoToasts {
            let resolved = localizer.resolve(toast)
            for line in presenter.lines(for: resolved) { print(line) }
            for diagnostic in resolved.diagnostics { printError("toastkit: \(diagnostic)") }
        }
    }
}
