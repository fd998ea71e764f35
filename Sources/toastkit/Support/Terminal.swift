import ArgumentParser
import Foundation
import ToastKit

/// The facts about standard output the presenter needs, read once here and passed in.
enum Terminal {
    static func facts(fileDescriptor: Int32 = STDOUT_FILENO) -> TerminalFacts {
        TerminalFacts.of(fileDescriptor: fileDescriptor, environment: ProcessInfo.processInfo.environment)
    }
}
