#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ToastCatalog
import ToastICU

/// The common case in one value: your catalogs, the user's locale and the terminal's width,
/// colour and symbols, ready to print toasts.
///
/// ```swift
/// import ToastKit
///
/// let toaster = try Toaster(catalogsAt: ["Localizable.xcstrings"])
/// let count = 3
/// toaster.show(Toast(.success, message: "\(count) files uploaded", actions: [ToastAction(standard: .undo)]))
/// // LANG=de_DE.UTF-8:  ✔ Erfolg: 3 Dateien hochgeladen Aktionen: Rückgängig
/// ```
///
/// Made with no arguments, it reads what a command-line program should: the locale from
/// `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` (``LocalePreferences``), and from standard
/// output's ``TerminalFacts`` the width (`COLUMNS`, else the window), colour (`NO_COLOR`,
/// `CLICOLOR_FORCE`, `FORCE_COLOR`, `TERM=dumb`) and symbols (Unicode on a terminal, none in a
/// pipe). Pass facts and preferences in to decide them yourself (tests do).
///
/// A toaster is a value: adding a catalog makes a new ``localizer``; copies share nothing
/// mutable and may be used from any thread.
public struct Toaster: Sendable {
    /// Your catalogs, highest precedence first (the built-in role words and labels follow).
    public private(set) var catalogs: [StringCatalog]
    /// The preferred locales, most preferred first.
    public let preferences: [LocaleTag]
    /// What is known of the stream the toasts are written to.
    public let facts: TerminalFacts
    /// The localizer over ``catalogs`` for ``preferences``.
    public private(set) var localizer: Localizer
    /// The presenter: width, colour and symbols from ``facts``.
    public var presenter: LinePresenter

    /// A toaster over `catalogs`; `facts` default to standard output's, `preferences` to the
    /// environment's (in `facts`).
    public init(catalogs: [StringCatalog] = [], facts: TerminalFacts = .standardOutput(), preferences: [LocaleTag]? = nil,
                services: ICUServices = ICUServices()) {
        self.catalogs = catalogs
        self.facts = facts
        self.preferences = preferences ?? LocalePreferences.from(environment: facts.environment)
        localizer = Localizer(catalogs: catalogs, preferences: self.preferences, services: services)
        presenter = LinePresenter(options: .init(width: facts.width(explicit: nil), color: ColorChoice.auto.isEnabled(for: facts),
                                                 symbols: .automatic(for: facts)),
                                  services: services)
    }

    /// A toaster over the catalogs at `paths`: `.xcstrings`, `.strings` or `.stringsdict`
    /// files, `.lproj` folders, or folders holding them (as ToastCatalog's `CatalogSet.load(paths:)` reads
    /// them). Throws the first file's error, with `file:line:column`.
    public init(catalogsAt paths: [String], facts: TerminalFacts = .standardOutput(), preferences: [LocaleTag]? = nil,
                services: ICUServices = ICUServices()) throws(CatalogError) {
        self.init(catalogs: try CatalogSet.load(paths: paths).tables, facts: facts, preferences: preferences, services: services)
    }

    /// Adds the catalogs at `path` after those already added (lower precedence).
    public mutating func addCatalogs(at path: String) throws(CatalogError) {
        add(try CatalogSet.load(paths: [path]).tables)
    }

    /// Adds a String Catalog given as its bytes (compiled into the program, say), named
    /// `table` (its file name without `.xcstrings`), after those already added.
    public mutating func addCatalog(xcstrings bytes: [UInt8], table: String) throws(CatalogError) {
        add([try StringCatalog(xcstrings: bytes, file: table + ".xcstrings")])
    }

    private mutating func add(_ more: [StringCatalog]) {
        catalogs += more
        localizer = Localizer(catalogs: catalogs, preferences: preferences, services: localizer.services)
    }

    /// The locale the toasts are shown in.
    public var locale: LocaleTag { localizer.locale }

    /// The lines of `toast`, resolved and laid out.
    public func lines(for toast: Toast) -> [String] {
        presenter.lines(for: localizer.resolve(toast))
    }

    /// Writes the lines of `toast` to standard output; returns the resolved toast, whose
    /// ``ResolvedToast/diagnostics`` say what fell back.
    @discardableResult
    public func show(_ toast: Toast) -> ResolvedToast {
        var output = StandardOutputStream()
        return show(toast, to: &output)
    }

    /// Writes the lines of `toast`, each ending in a line feed, to `stream`.
    @discardableResult
    public func show(_ toast: Toast, to stream: inout some TextOutputStream) -> ResolvedToast {
        let resolved = localizer.resolve(toast)
        for line in presenter.lines(for: resolved) { stream.write(line + "\n") }
        return resolved
    }
}

/// Standard output, for ``Toaster/show(_:)``.
private struct StandardOutputStream: TextOutputStream {
    mutating func write(_ text: String) { print(text, terminator: "") }
}

extension TerminalFacts {
    /// The facts of standard output in this process: its environment, whether it is a
    /// terminal, and the window's width.
    public static func standardOutput() -> TerminalFacts {
        of(fileDescriptor: 1, environment: ProcessInfo.processInfo.environment)
    }

    /// The facts of the stream `fileDescriptor` with `environment`.
    public static func of(fileDescriptor: Int32, environment: [String: String]) -> TerminalFacts {
        let isTerminal = isatty(fileDescriptor) == 1
        var columns: Int?
        if isTerminal {
            var size = winsize()
            if ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { columns = Int(size.ws_col) }
        }
        return TerminalFacts(environment: environment, isTerminal: isTerminal, windowColumns: columns)
    }
}
