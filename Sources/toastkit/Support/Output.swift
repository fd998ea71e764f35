import Foundation
import Synchronization
import ToastCatalog

/// Writes one line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Reads lines from a file descriptor without blocking longer than a poll timeout, so that a
/// live toast keeps animating while it waits.
struct LineReader {
    let fileDescriptor: Int32
    private var pending: [UInt8] = []
    private var ended = false

    init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    /// The complete lines read within the timeout, and whether the input has ended (the last
    /// unterminated line is then returned too).
    mutating func poll(timeoutMilliseconds: Int32) -> (lines: [String], ended: Bool) {
        if ended { return ([], true) }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        #if canImport(Glibc)
        let ready = Glibc.poll(&descriptor, 1, timeoutMilliseconds)
        #else
        let ready = Darwin.poll(&descriptor, 1, timeoutMilliseconds)
        #endif
        if ready > 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 { pending += buffer[..<count] } else if count == 0 || errno != EINTR { ended = true }
        } else if ready < 0 && errno != EINTR {
            ended = true
        }
        var lines: [String] = []
        while let newline = pending.firstIndex(of: 0x0A) {
            lines.append(String(decoding: pending[..<newline], as: UTF8.self))
            pending.removeSubrange(...newline)
        }
        if ended, !pending.isEmpty {
            lines.append(String(decoding: pending, as: UTF8.self))
            pending.removeAll()
        }
        return (lines, ended)
    }
}

/// Ctrl-C during a live toast: clear the lines it drew on standard error, then exit 130.
/// The handler only reads an atomic and calls `write`, which are async-signal-safe.
enum Interrupt {
    /// Lines of the live toast now on screen, kept by the command after each update.
    static let drawnLines = Atomic<Int>(0)

    static func install() {
        signal(SIGINT) { _ in
            let lines = Interrupt.drawnLines.load(ordering: .relaxed)
            if lines > 0 {
                let first: StaticString = "\r\u{1B}[2K"
                let up: StaticString = "\u{1B}[1A\u{1B}[2K"
                _ = write(STDERR_FILENO, first.utf8Start, first.utf8CodeUnitCount)
                for _ in 1..<lines { _ = write(STDERR_FILENO, up.utf8Start, up.utf8CodeUnitCount) }
            }
            _exit(130)
        }
    }
}

/// Standard output for commands that print much (dump, lint): bytes gathered in one buffer and
/// written a megabyte at a time, after what `print` has buffered.
struct StandardOutputBuffer {
    static let chunk = 1 << 20
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(Self.chunk + 4096) }

    /// Appends what `write` adds; a full megabyte is written out.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
        if bytes.count >= Self.chunk { flush() }
    }

    /// Writes out what is gathered.
    mutating func flush() {
        fflush(nil)  // every stream: what print has buffered goes first
        _ = bytes.withUnsafeBytes { systemWriteAll(STDOUT_FILENO, $0) }
        bytes.removeAll(keepingCapacity: true)
    }
}
