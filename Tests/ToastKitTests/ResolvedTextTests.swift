import Testing
import ToastICU
import ToastKit

/// Every text of a resolved toast is final: the presenter, `show --format json` and the
/// matrix read it as it is and never clean it themselves.
@Suite struct ResolvedTextTests {
    static let hostile = "a\u{1B}[31mred\u{1B}]0;title\u{07}\u{202E}b\u{2028}c\u{85}d"

    @Test(arguments: ["en", "fr", "de", "ar", "ja"])
    func everyTextIsSanitizedOnce(locale: String) {
        let localizer = Localizer(catalogs: [], preferences: [LocaleTag(locale)!])
        let toast = Toast(.error, title: .custom(.verbatim(Self.hostile)), message: .verbatim(Self.hostile + "\nline 2"),
                          actions: [ToastAction(.verbatim(Self.hostile)), ToastAction(.verbatim("\u{1B}[0m"))],
                          style: .progress(0.42))
        let resolved = localizer.resolve(toast)
        let texts = [resolved.roleLabel, resolved.title ?? "", resolved.message, resolved.actionList ?? "", resolved.progressText ?? "",
                     resolved.chrome.labelFormat, resolved.chrome.actionsWord, resolved.chrome.titleSeparator] + resolved.actions
        for text in texts {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" || $0 == "\u{2028}" },
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(resolved.message.contains("\n") && !(resolved.title ?? "").contains("\n"))
        // Cleaning again changes nothing: there is one owner, and it is done.
        #expect(ToastArgument.string(resolved.message).shownText == resolved.message)
        // The empty label is kept in place but left out of the list.
        #expect(resolved.actions.count == 2 && resolved.actions[1].isEmpty)
        #expect(resolved.actionList == resolved.actions[0])
    }

    /// The percentage and the list (as CLDR lists units: “Retry, Undo”, “Wiederholen und Rückgängig”) are in the locale's words.
    @Test(arguments: [("en", "42%", "Retry, Undo"), ("de", "42\u{A0}%", "Wiederholen und Rückgängig"),
                      ("fr", "42\u{A0}%", "Réessayer, Annuler")])
    func percentAndListAreLocalized(locale: String, percent: String, list: String) {
        let localizer = Localizer(catalogs: [], preferences: [LocaleTag(locale)!])
        let resolved = localizer.resolve(Toast(.info, message: .verbatim("x"), actions: [ToastAction(standard: .retry), ToastAction(standard: locale == "fr" ? .cancel : .undo)],
                                               style: .progress(0.42)))
        #expect(resolved.progressText == percent)
        #expect(resolved.actionList == list, "\(resolved.actions)")
        #expect(localizer.resolve(Toast(.info, message: .verbatim("x"))).progressText == nil)
    }
}
