import ArgumentParser
import Foundation
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

    /// Runs the command, mapping argument-parser's usage exit (64) to the contract's 2.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CLIFailure {
            if !failure.message.isEmpty { FileHandle.standardError.write(Data((failure.message + "\n").utf8)) }
            Foundation.exit(failure.code)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                Foundation.exit(0)
            }
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}

/// A failure with its own exit code and message.
struct CLIFailure: Error {
    var code: Int32
    var message: String
}
