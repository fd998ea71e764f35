import Foundation

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
