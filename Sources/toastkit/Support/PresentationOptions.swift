import ArgumentParser
import ToastCatalog
import ToastICU
import ToastKit

/// Options shared by the commands that render toasts.
struct PresentationOptions: ParsableArguments {
    @Option(help: "The locale (BCP 47 such as fr or pt-BR, or POSIX such as de_DE.UTF-8). Default: from LANGUAGE, LC_ALL, LC_MESSAGES, LANG.")
    var locale: String?

    @Option(help: "Width in terminal columns. Default: COLUMNS, else the terminal's width; no wrapping when not a terminal.")
    var width: Int?

    @Option(help: "Colour the role label (auto honours NO_COLOR, CLICOLOR_FORCE, FORCE_COLOR, TERM=dumb, CLICOLOR=0).")
    var color: ColorChoice = .auto

    @Option(help: "Symbols before the role word. Default: unicode on a terminal, else none.")
    var symbols: SymbolSet?

    @Option(help: "Bidi output: logical (the terminal reorders) or visual (reordered and shaped here, for terminals without bidi such as kitty, Alacritty, iTerm2).")
    var bidi: BidiMode = .logical

    @Option(name: .customLong("ambiguous-width"), help: "Width of East Asian ambiguous characters.")
    var ambiguousWidth: AmbiguousWidth = .narrow

    func validate() throws {
        if let width, width < 2 || width > 10_000 { throw ValidationError("--width must be from 2 to 10000") }
    }

    func presenter(facts: TerminalFacts, services: ICUServices) -> LinePresenter {
        LinePresenter(options: .init(width: facts.width(explicit: width), color: color.isEnabled(for: facts),
                                     symbols: symbols ?? SymbolSet.automatic(for: facts),
                                     ambiguousWidth: ambiguousWidth, bidi: bidi),
                      services: services)
    }

    /// A warning when `--locale` names a language that neither ICU nor any of `localizer`'s
    /// catalogs knows (`zz`), so that the fallback to another locale is not silent. The
    /// catalogs are asked first: a language they offer needs no look at ICU's list of
    /// locales (1.8 M instructions, about a fifteenth of `show --locale fr`).
    func unknownLocaleWarning(_ localizer: Localizer) -> String? {
        guard let locale, let tag = LocalePreferences.parse(locale), !localizer.offersLanguage(of: tag), !tag.hasICUData else { return nil }
        return "toastkit: warning: “\(tag.identifier)” is a language neither ICU nor any catalog knows; showing \(localizer.locale.identifier)"
    }

    /// The preference list: `--locale`, else the environment.
    func preferences(facts: TerminalFacts) throws -> [LocaleTag] {
        guard let locale else { return LocalePreferences.from(environment: facts.environment) }
        guard let tag = LocalePreferences.parse(locale) else {
            throw CLIFailure(code: 2, message: "error: “\(locale.prefix(80))” is not a locale tag (expected BCP 47 such as fr or pt-BR)")
        }
        return [tag]
    }
}
