import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToastKit

/// The facts about standard output the presenter needs, read once here and passed in.
enum Terminal {
    static func facts(fileDescriptor: Int32 = STDOUT_FILENO) -> TerminalFacts {
        TerminalFacts.of(fileDescriptor: fileDescriptor, environment: ProcessInfo.processInfo.environment)
    }
}
