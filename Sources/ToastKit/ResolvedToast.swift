import ToastICU

/// A toast with every text chosen and formatted for one locale, ready to present.
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
    /// The localized role word (`Erreur`).
    public var roleLabel: String
    /// The custom title; `nil` for automatic or no title.
    public var title: String?
    /// The subtitle, if any.
    public var subtitle: String?
    /// The message.
    public var message: String
    /// The localized action labels, in order.
    public var actions: [String]
    /// The paragraph direction.
    public var direction: TextDirection
    /// The localized frame texts the presenter needs.
    public var chrome: Chrome
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
