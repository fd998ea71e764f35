import ArgumentParser
import Foundation
import ToastCatalog
import ToastICU
import ToastKit

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Render one localized toast.",
        discussion: """
            KEY is looked up in the --catalog files (in the order given), then in the built-in \
            catalogs. --arg values that read as whole numbers are integers (%lld), numbers with \
            a decimal point are doubles (%lf), anything else is text (%@).
            """
    )

    @Argument(help: "The message key.") var key: String?
    @Option(help: "A message shown as given, not looked up.") var verbatim: String?
    @Option(help: "success, error, warning or info.") var role: ToastRole = .info
    @Option(help: "A title key.") var title: String?
    @Option(name: .customLong("title-verbatim"), help: "A title shown as given.") var titleVerbatim: String?
    @Flag(name: .customLong("no-title"), help: "No title.") var noTitle = false
    @Option(name: .customLong("action"), help: "An action label key (repeatable).") var actions: [String] = []
    @Option(name: .customLong("action-verbatim"), help: "An action label shown as given (repeatable).") var verbatimActions: [String] = []
    @Option(name: .customLong("arg"), help: "A message argument (repeatable).") var arguments: [String] = []
    @Option(name: .customLong("catalog"), help: "A catalog file (.xcstrings, .strings, .stringsdict) or a folder of them and of .lproj folders (repeatable); before the built-in catalogs.") var catalogs: [String] = []
    @Option(help: "standard, indeterminate or progress.") var style: String = "standard"
    @Option(help: "The fraction done for --style progress, 0 to 1.") var progress: Double?
    @Option(help: "text or json.") var format: String = "text"
    @Option(help: "The device class for device variations (iphone, ipad, mac, applewatch, appletv, applevision, ipod, other).")
    var device: String = "other"
    @OptionGroup var presentation: PresentationOptions

    func validate() throws {
        if key == nil && verbatim == nil { throw ValidationError("give a KEY or --verbatim TEXT") }
        if key != nil && verbatim != nil { throw ValidationError("give either a KEY or --verbatim, not both") }
        if [title != nil, titleVerbatim != nil, noTitle].filter({ $0 }).count > 1 {
            throw ValidationError("--title, --title-verbatim and --no-title exclude each other")
        }
        if !["standard", "indeterminate", "progress"].contains(style) { throw ValidationError("--style must be standard, indeterminate or progress") }
        if !["text", "json"].contains(format) { throw ValidationError("--format must be text or json") }
        if let progress, !(0...1).contains(progress) { throw ValidationError("--progress must be from 0 to 1") }
        if presentation.locale == "all" { throw ValidationError("--locale all is for demo; show takes one locale") }
    }

    func run() throws {
        var userCatalogs: [StringCatalog] = []
        if !catalogs.isEmpty {
            do { userCatalogs = try CatalogSet.load(paths: catalogs).tables } catch {
                throw CLIFailure(code: 2, message: error.description)
            }
        }
        let facts = Terminal.facts()
        let services = ICUServices()
        let localizer = Localizer(catalogs: userCatalogs + [BuiltinCatalogs.demo],
                                  preferences: try presentation.preferences(facts: facts), device: device, services: services)
        let resolved = localizer.resolve(makeToast())
        if format == "json" {
            print(JSONWriter.string(json(resolved), style: .pretty))
            return
        }
        for line in presentation.presenter(facts: facts, services: services).lines(for: resolved) { print(line) }
        for diagnostic in resolved.diagnostics { printError("toastkit: \(diagnostic)") }
    }

    func makeToast() -> Toast {
        let args = arguments.map(Self.argument)
        let message: ToastText = verbatim.map(ToastText.verbatim) ?? .key(key: key ?? "", arguments: args)
        var toastTitle = ToastTitle.automatic
        if let title { toastTitle = .custom(.key(key: title, arguments: args)) }
        if let titleVerbatim { toastTitle = .custom(.verbatim(titleVerbatim)) }
        if noTitle { toastTitle = .none }
        let toastActions = actions.map { ToastAction(.key(key: $0)) } + verbatimActions.map { ToastAction(.verbatim($0)) }
        let toastStyle: ToastStyle = switch style {
        case "indeterminate": .indeterminate
        case "progress": .progress(progress ?? 0)
        default: .standard
        }
        return Toast(role, title: toastTitle, message: message, actions: toastActions, style: toastStyle)
    }

    static func argument(_ text: String) -> ToastArgument {
        if let value = Int64(text) { return .int(value) }
        if text.contains("."), !text.contains(where: { $0.isLetter }), let value = Double(text), value.isFinite { return .double(value) }
        return .string(text)
    }

    func json(_ toast: ResolvedToast) -> JSONValue {
        .members([
            "locale": .string(toast.locale.identifier),
            "fallbackChain": .array(toast.fallbackChain.map { .string($0.identifier) }),
            "role": .string(toast.role.rawValue),
            "roleLabel": .string(Sanitizer.clean(toast.roleLabel)),
            "title": .optional(toast.title.map { Sanitizer.clean($0) }),
            "subtitle": .optional(toast.subtitle.map { Sanitizer.clean($0) }),
            "message": .string(Sanitizer.clean(toast.message, newlines: .keep)),
            "actions": .array(toast.actions.map { .string(Sanitizer.clean($0)) }),
            "direction": .string(toast.direction.rawValue),
            "diagnostics": .array(toast.diagnostics.map { d in
                .members(["severity": .string(d.severity.rawValue), "rule": .string(d.rule), "message": .string(d.message)])
            }),
        ])
    }
}

extension ToastRole: ExpressibleByArgument {}
