import ToastICU

/// A toast with every text final for one locale: chosen, formatted, sanitized (escape
/// sequences and unsafe controls removed, line feeds kept only in the message), values
/// isolated against their paragraph, the progress percentage and the action list formatted
/// for the locale. A presenter only lays it out.
///
/// Only ``Localizer`` makes one; its texts cannot be set from outside, so every
/// `ResolvedToast` a presenter is given holds safe text.
public struct ResolvedToast: Sendable, Hashable {
    /// The toast's id.
    public var id: String
    /// The role.
    public var role: ToastRole
    /// The style.
    public var style: ToastStyle
    /// The locale the texts were resolved for (`fr`).
    public var locale: LocaleTag
    /// The locales tried for each text, in order (`fr-CA`, `fr`, `en`).
    public var fallbackChain: [LocaleTag]
    /// The localized role word (`Erreur`), on one line.
    public internal(set) var roleLabel: String
    /// The custom title, on one line; `nil` for automatic or no title.
    public internal(set) var title: String?
    /// The subtitle, on one line, if any.
    public internal(set) var subtitle: String?
    /// The message; it may hold line feeds.
    public internal(set) var message: String
    /// The localized action labels, in order, each on one line (an empty label stays, and is
    /// left out of ``actionList``).
    public internal(set) var actions: [String]
    /// The non-empty action labels as a list in the locale's words (`Réessayer et Annuler`);
    /// `nil` when there are none.
    public internal(set) var actionList: String?
    /// The progress of a ``ToastStyle/progress(_:)`` toast as a percentage formatted for the
    /// locale (`42 %` in French, `٤٢٪` in Arabic); `nil` for other styles.
    public internal(set) var progressText: String?
    /// The paragraph direction.
    public var direction: TextDirection
    /// The localized frame texts the presenter needs, each on one line.
    public internal(set) var chrome: Chrome
    /// What went wrong or fell back while resolving.
    public var diagnostics: [ToastDiagnostic]
    /// Per key text, how it was resolved; empty unless resolved with
    /// ``Localizer/resolve(_:tracing:)`` and `tracing: true`.
    public var traces: [TextTrace] = []

    /// Localized presentation texts from the built-in catalog.
    public struct Chrome: Sendable, Hashable {
        /// Turns a word into a label followed by its spacing: `%@: ` (French `%@ : `,
        /// Japanese `%@：`, whose full-width colon carries its own space).
        public var labelFormat: String
        /// The word before the action list (`Actions`).
        public var actionsWord: String
        /// Between a custom title and the message (` — `).
        public var titleSeparator: String

        /// The English defaults.
        public static let english = Chrome(labelFormat: "%@: ", actionsWord: "Actions", titleSeparator: " — ")

        /// Applies ``labelFormat`` to `word`.
        public func label(_ word: String) -> String {
            let utf8 = labelFormat.utf8
            var index = utf8.startIndex
            while index < utf8.endIndex {
                let next = utf8.index(after: index)
                if utf8[index] == UInt8(ascii: "%"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "@") {
                    return String(labelFormat[..<index]) + word + String(labelFormat[utf8.index(after: next)...])
                }
                index = next
            }
            return word + ": "
        }
    }
}
