import ArgumentParser
import Foundation
import ToastKit

/// The facts about standard output the presenter needs, read once here and passed in.
enum Terminal {
    static func facts(fileDescriptor: Int32 = STDOUT_FILENO) -> TerminalFacts {
        let environment = ProcessInfo.processInfo.environment
        let isTerminal = isatty(fileDescriptor) == 1
        var columns: Int?
        if isTerminal {
            var size = winsize()
            if ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { columns = Int(size.ws_col) }
        }
        return TerminalFacts(environment: environment, isTerminal: isTerminal, windowColumns: columns)
    }
}


