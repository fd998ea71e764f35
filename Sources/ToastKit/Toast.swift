/// What a toast reports.
public enum ToastRole: String, Sendable, CaseIterable, Codable {
    /// Something finished well (`Success`, `Succès`).
    case success
    /// Something failed (`Error`, `Erreur`).
    case error
    /// Something needs attention (`Warning`, `Avertissement`).
    case warning
    /// Something to know (`Info`).
    case info

    /// The built-in catalog key of the role's localized word.
    public var titleKey: String {
        switch self {
        case .success: "Success"
        case .error: "Error"
        case .warning: "Warning"
        case .info: "Information"
        }
    }
}

/// The title of a toast.
public enum ToastTitle: Sendable, Hashable {
    /// No title of its own; the localized role word still leads the line.
    case automatic
    /// A title of its own, shown after the role word.
    case custom(ToastText)
    /// No title, and the message follows the role word directly.
    case none
}

/// How a toast shows activity.
public enum ToastStyle: Sendable, Hashable {
    /// A plain notice.
    case standard
    /// Work of unknown length (a spinner on a terminal).
    case indeterminate
    /// Work with a known fraction done, from 0 to 1.
    case progress(Double)
}

/// A button-like action on a toast, shown as its localized label.
public struct ToastAction: Sendable, Hashable {
    /// What the action is called by the program (`retry`).
    public var identifier: String
    /// The label shown.
    public var label: ToastText

    /// Creates an action.
    public init(_ label: ToastText, identifier: String? = nil) {
        self.label = label
        self.identifier = identifier ?? label.key ?? "action"
    }

    /// An action with one of the built-in standard labels.
    public init(standard: StandardAction) {
        self.label = .key(key: standard.rawValue, table: BuiltinCatalogs.table)
        self.identifier = standard.rawValue.lowercased()
    }

    /// The standard action labels every built-in locale has.
    public enum StandardAction: String, Sendable, CaseIterable {
        /// `OK`: accept and close.
        case ok = "OK"
        /// `Cancel`: stop what the toast reports is under way.
        case cancel = "Cancel"
        /// `Undo`: reverse the action just reported.
        case undo = "Undo"
        /// `Redo`: apply again what was undone.
        case redo = "Redo"
        /// `Retry`: try the operation that failed once more.
        case retry = "Retry"
        /// `Dismiss`: hide the toast.
        case dismiss = "Dismiss"
        /// `Close`: close it.
        case close = "Close"
        /// `View`: show the item the toast is about.
        case view = "View"
        /// `Open`: open the new or changed item in its application.
        case open = "Open"
        /// `Details`: more about it.
        case details = "Details"
        /// `Settings`: go to the settings that concern it.
        case settings = "Settings"
        /// `Help`: open help on the subject.
        case help = "Help"
    }
}

/// A short localized notice.
///
/// ```swift
/// let toast = Toast(.error, title: .custom("Couldn’t save “\(name)”"),
///                   message: "The disk is full.",
///                   actions: [.init(standard: .retry), .init(standard: .dismiss)])
/// // en: ✖ Error: Couldn’t save “Report.pdf” — The disk is full. Actions: Retry, Dismiss
/// ```
public struct Toast: Sendable, Hashable, Identifiable {
    /// The identity: enqueuing a toast with an id already shown replaces it.
    public var id: String
    /// What the toast reports.
    public var role: ToastRole
    /// The title.
    public var title: ToastTitle
    /// The message.
    public var message: ToastText
    /// A line under the title, if any.
    public var subtitle: ToastText?
    /// The actions offered.
    public var actions: [ToastAction]
    /// Standard, indeterminate or progress.
    public var style: ToastStyle
    /// Higher shows first among waiting toasts; default 0.
    public var priority: Int
    /// How long the toast should stay, in seconds; `nil` for the presenter's default.
    public var duration: Double?

    /// Creates a toast.
    public init(_ role: ToastRole, id: String? = nil, title: ToastTitle = .automatic, message: ToastText,
                subtitle: ToastText? = nil, actions: [ToastAction] = [], style: ToastStyle = .standard,
                priority: Int = 0, duration: Double? = nil) {
        self.role = role
        self.title = title
        self.message = message
        self.subtitle = subtitle
        self.actions = actions
        self.style = style
        self.priority = priority
        self.duration = duration
        self.id = id ?? Self.defaultID(role: role, message: message)
    }

    static func defaultID(role: ToastRole, message: ToastText) -> String {
        switch message {
        case .key(let key, _, _, _): "\(role.rawValue):\(key)"
        case .verbatim(let text): "\(role.rawValue):\(text)"
        }
    }
}
