import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
            a decimal point are doubles (%lf), anything else is text (%@). What went wrong in the \
            lookup or the formatting (a fallback, a specifier that does not fit its argument) is \
            printed on standard error; the exit status stays 0 unless --strict is given.
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
    @Option(help: "The toast's style.") var style: StyleChoice = .standard
    @Option(help: "The fraction done for --style progress, 0 to 1.") var progress: Double?
    @Flag(name: .customLong("stdin"), help: ArgumentHelp(
        "Drive a live toast from standard input: each line (ended by LF, CR or CR LF) is the fraction done (0.42) or a percentage (42%) for --style progress; any line keeps an indeterminate toast going. The toast completes at the end of the input.",
        discussion: "On a terminal the toast redraws in place on standard error; otherwise only its final state prints."))
    var followStdin = false
    @Option(help: "Output: text (the toast's lines) or json (the resolved texts).") var format: TextOrJSON = .text
    @Option(help: "The device class for device variations (iphone, ipad, mac, applewatch, appletv, applevision, ipod, other).")
    var device: String = "other"
    @Flag(help: "Exit 1 when the toast has diagnostics (a fallback to another locale or to the key, a format problem).")
    var strict = false
    @OptionGroup var presentation: PresentationOptions
    @OptionGroup var limitOptions: LimitOptions

    func validate() throws {
        // Whether a KEY or --verbatim is given is checked in run(): argument-parser reports an
        // unknown option only after validate() succeeds, and a misspelled option must be named.
        if [title != nil, titleVerbatim != nil, noTitle].filter({ $0 }).count > 1 {
            throw ValidationError("--title, --title-verbatim and --no-title exclude each other")
        }
        if let progress, !(0...1).contains(progress) { throw ValidationError("--progress must be from 0 to 1") }
        if presentation.locale == "all" { throw ValidationError("--locale all is for demo; show takes one locale") }
        if followStdin && style == .standard { throw ValidationError("--stdin needs --style progress or indeterminate") }
        if followStdin && format == .json { throw ValidationError("--stdin renders text, not json") }
    }

    func run() throws {
        if key == nil && verbatim == nil { throw ValidationError("give a KEY or --verbatim TEXT") }
        if key != nil && verbatim != nil { throw ValidationError("give either a KEY or --verbatim, not both") }
        var userCatalogs: [StringCatalog] = []
        if !catalogs.isEmpty {
            let limits = try limitOptions.limits()
            do { userCatalogs = try CatalogSet.load(paths: catalogs, limits: limits).tables } catch {
                throw CLIFailure(code: 2, message: error.description)
            }
        }
        let facts = Terminal.facts()
        let services = ICUServices()
        let localizer = Localizer(catalogs: userCatalogs + [BuiltinCatalogs.demo],
                                  preferences: try presentation.preferences(facts: facts), device: device, services: services)
        if let warning = presentation.unknownLocaleWarning(localizer) { printError(warning) }
        if followStdin {
            try runLive(localizer: localizer, services: services)
            return
        }
        let resolved = localizer.resolve(makeToast())
        if format == .json {
            print(JSONWriter.string(json(resolved), style: .pretty))
        } else {
            for line in presentation.presenter(facts: facts, services: services).lines(for: resolved) { print(line) }
            for diagnostic in resolved.diagnostics { printError("toastkit: \(diagnostic)") }
        }
        if strict && !resolved.diagnostics.isEmpty {
            throw CLIFailure(code: 1, message: "toastkit: --strict: the toast has \(resolved.diagnostics.count) diagnostic(s)")
        }
    }

    /// A live toast updated from standard input until it ends.
    func runLive(localizer: Localizer, services: ICUServices) throws {
        let outFacts = Terminal.facts(fileDescriptor: STDOUT_FILENO)
        let errFacts = Terminal.facts(fileDescriptor: STDERR_FILENO)
        let output = ToastStream(facts: outFacts, presenter: presentation.presenter(facts: outFacts, services: services)) { text in
            write(text, to: STDOUT_FILENO)
        }
        let status = ToastStream(facts: errFacts, presenter: presentation.presenter(facts: errFacts, services: services)) { text in
            write(text, to: STDERR_FILENO)
        }
        var center = ToastCenter(localizer: localizer, output: output, status: status)
        let clock = ContinuousClock()
        let start = clock.now
        var toast = makeToast()
        center.enqueue(toast, now: clock.now - start)
        Interrupt.install()
        Interrupt.drawnLines.store(center.drawnLines, ordering: .relaxed)
        var reader = LineReader(fileDescriptor: STDIN_FILENO)
        var problems: [String] = []
        var skippedProblems = 0
        var lineNumber = 0
        while true {
            let (lines, ended) = reader.poll(timeoutMilliseconds: 50)
            for line in lines {
                lineNumber += 1
                // A blank record (between `\r` and `\n`, or an empty line) carries nothing.
                guard case .progress = toast.style, line.contains(where: { !$0.isWhitespace }) else { continue }
                guard let value = Self.fraction(line) else {
                    if problems.count < Self.maximumProblems {
                        problems.append("<stdin>:\(lineNumber):1: warning: [progress-value] expected a fraction from 0 to 1 or a percentage such as 42%, found “\(line.prefix(40))”")
                    } else {
                        skippedProblems += 1
                    }
                    continue
                }
                toast.style = .progress(value)
                center.enqueue(toast, now: clock.now - start)
            }
            center.tick(now: clock.now - start)
            Interrupt.drawnLines.store(center.drawnLines, ordering: .relaxed)
            if ended { break }
        }
        center.finish(now: clock.now - start)
        Interrupt.drawnLines.store(0, ordering: .relaxed)
        // printError shows the records' controls as <U+XXXX>.
        for problem in problems { printError(problem) }
        if skippedProblems > 0 { printError("<stdin>: warning: [progress-value] \(skippedProblems) more record(s) that are not a fraction or a percentage") }
    }

    /// The most `progress-value` warnings listed; the rest are counted (memory stays bounded
    /// on any input).
    static let maximumProblems = 20

    /// `0.42` → 0.42, `42%` → 0.42, clamped to 0…1; `nil` for anything else.
    static func fraction(_ line: String) -> Double? {
        let text = line.trimmingWhitespace
        let value: Double?
        if text.hasSuffix("%") { value = Double(text.dropLast()).map { $0 / 100 } } else { value = Double(text) }
        guard let value, value.isFinite else { return nil }
        return min(max(value, 0), 1)
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
        case .indeterminate: .indeterminate
        case .progress: .progress(progress ?? 0)
        case .standard: .standard
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
            "roleLabel": .string(toast.roleLabel),
            "title": .optional(toast.title),
            "subtitle": .optional(toast.subtitle),
            "message": .string(toast.message),
            "actions": .array(toast.actions.map { .string($0) }),
            "direction": .string(toast.direction.rawValue),
            "diagnostics": .array(toast.diagnostics.map { d in
                .members(["severity": .string(d.severity.rawValue), "rule": .string(d.rule.rawValue), "message": .string(d.message)])
            }),
        ])
    }
}


