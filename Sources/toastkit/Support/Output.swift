#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import ToastCatalog

/// Writes a message to standard error, each of its lines as every text output shows input:
/// controls, bidi controls and separators as `<U+XXXX>`, and no line that could begin a GitHub
/// workflow command (`CodePoint.visibleLineStart`). Text already escaped is unchanged.
func printError(_ message: String) {
    write(visibleLines(message), to: STDERR_FILENO)
}

/// ``printError(_:)`` of each message, in order, written at once (a conversion reports
/// thousands: one write each took longer than making them).
func printErrors(_ messages: [String]) {
    guard !messages.isEmpty else { return }
    write(messages.map(visibleLines).joined(), to: STDERR_FILENO)
}

/// `message` as ``printError(_:)`` writes it: each line made visible, each ended by a line feed.
private func visibleLines(_ message: String) -> String {
    var message = message
    if message.withUTF8(CodePoint.isPlainLines) { return message + "\n" }
    return message.split(separator: "\n", omittingEmptySubsequences: false).map { CodePoint.visibleLineStart(String($0)) }.joined(separator: "\n") + "\n"
}

/// Writes `text` whole to a file descriptor, after what `print` has buffered (so the streams
/// keep their order), without Foundation's file handles.
func write(_ text: String, to descriptor: Int32) {
    fflush(nil)
    var text = text
    text.withUTF8 { _ = systemWriteAll(descriptor, UnsafeRawBufferPointer($0)) }
}

/// Reads records from a file descriptor without blocking longer than a poll timeout, so that
/// a live toast keeps animating while it waits. A record ends at a line feed, a carriage
/// return (progress printers redraw with `\r`) or a CR LF; every byte is looked at once, and
/// a record longer than ``maximumRecord`` bytes keeps only its first bytes (it is no number,
/// only quoted in a warning): memory stays bounded whatever arrives without a separator.
struct LineReader {
    static let maximumRecord = 256
    let fileDescriptor: Int32
    private var record: [UInt8] = []
    private var overlong = false
    private var afterCarriageReturn = false
    private var ended = false

    init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    /// The complete records read within the timeout, and whether the input has ended (the
    /// last unterminated record is then returned too). An overlong record ends in `…`.
    mutating func poll(timeoutMilliseconds: Int32) -> (lines: [String], ended: Bool) {
        if ended { return ([], true) }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        #if canImport(Glibc)
        let ready = Glibc.poll(&descriptor, 1, timeoutMilliseconds)
        #else
        let ready = Darwin.poll(&descriptor, 1, timeoutMilliseconds)
        #endif
        var lines: [String] = []
        if ready > 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                for byte in buffer[..<count] { take(byte, into: &lines) }
            } else if count == 0 || errno != EINTR {
                ended = true
            }
        } else if ready < 0 && errno != EINTR {
            ended = true
        }
        if ended, !record.isEmpty || overlong { lines.append(finishRecord()) }
        return (lines, ended)
    }

    /// Adds one byte to the record, or ends it.
    private mutating func take(_ byte: UInt8, into lines: inout [String]) {
        defer { afterCarriageReturn = byte == 0x0D }
        if byte == 0x0A && afterCarriageReturn { return }  // the LF of a CR LF
        if byte == 0x0A || byte == 0x0D {
            lines.append(finishRecord())
        } else if record.count < Self.maximumRecord {
            record.append(byte)
        } else {
            overlong = true
        }
    }

    private mutating func finishRecord() -> String {
        var text = String(decoding: record, as: UTF8.self)
        if overlong { text += "…" }
        record.removeAll(keepingCapacity: true)
        overlong = false
        return text
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

/// Ends a command that has written everything, without tearing down `values` (a loaded
/// catalog, its JSON tree): the operating system takes the process's memory back whole, and
/// releasing hundreds of thousands of strings and dictionaries one by one first was a tenth
/// of `stats` and of `fmt --check` on a large catalog. Streams are flushed; exits with `code`.
func finish<each Value>(keeping values: repeat each Value, code: Int32 = 0) -> Never {
    fflush(nil)
    // The values are passed in, so they live until here; nothing after this runs.
    repeat withExtendedLifetime(each values) {}
    terminate(code)
}
