import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToastCatalog
import ToastKit

@main
struct ToastkitCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "toastkit",
        abstract: "Short, localized notices for the terminal.",
        discussion: "Exit codes: 0 success, 1 findings or failure, 2 usage or unreadable input.",
        version: version,
        subcommands: [DemoCommand.self, ShowCommand.self, PluralsCommand.self, DumpCommand.self, FmtCommand.self, StatsCommand.self, ConvertCommand.self, LintCommand.self, MatrixCommand.self]
    )

    /// Runs the command, mapping argument-parser's usage exit (64) to the contract's 2. An
    /// error thrown while the command runs is explained with that command's usage.
    static func main() {
        var command: any ParsableCommand
        do { command = try parseAsRoot() } catch { exit(for: error, explainedBy: Self.self) }
        do { try command.run() } catch { exit(for: error, explainedBy: type(of: command)) }
    }

    private static func exit(for error: any Error, explainedBy type: any ParsableCommand.Type) -> Never {
        if let failure = error as? CLIFailure {
            if !failure.message.isEmpty { printError(failure.message) }
            terminate(failure.code)
        }
        let code = type.exitCode(for: error)
        var message = type.fullMessage(for: error)
        if type != Self.self, let name = type.configuration.commandName {
            // A subcommand's own usage names it alone; users type it after `toastkit`.
            message = message.replacing("Usage: \(name) ", with: "Usage: toastkit \(name) ")
                .replacing("See '\(name) --help'", with: "See 'toastkit \(name) --help'")
        }
        if code == .success {
            if !message.isEmpty { print(message) }
            terminate(0)
        }
        if !message.isEmpty { printError(message) }
        terminate(code == .validationFailure ? 2 : code.rawValue)
    }
}

/// Ends the process with `code` (the C library's `exit`, which the command's own
/// `exit(for:explainedBy:)` would shadow).
func terminate(_ code: Int32) -> Never {
    exit(code)
}

/// A failure with its own exit code and message.
struct CLIFailure: Error {
    var code: Int32
    var message: String
}
