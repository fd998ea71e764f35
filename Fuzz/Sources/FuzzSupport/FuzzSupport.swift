import CFuzzerDriver
import ToastCatalog

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the run with `message` when an invariant does not hold: libFuzzer records the input
/// as a crash (`crash-…`) and prints the message.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                    file: StaticString = #fileID, line: UInt = #line) {
    guard !condition() else { return }
    let text = "fuzz invariant failed at \(file):\(line): \(message())\n"
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
    abort()
}

/// The bytes of one libFuzzer input as an array.
public func bytes(_ data: UnsafePointer<UInt8>, _ count: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: count))
}

/// Checks what every reader error must be: located at 1-based line and column in the file
/// that was read, with a rule id and a message.
public func requireLocated(_ error: CatalogError, file: String) {
    require(error.location.file == file, "error names file \(error.location.file), expected \(file)")
    require(error.location.line >= 1 && error.location.column >= 1,
            "error location \(error.location.line):\(error.location.column) is not 1-based: \(error)")
    require(!error.rule.rawValue.isEmpty && !error.message.isEmpty, "error without rule or message: \(error)")
}

/// Reads structured values from the front of a fuzz input.
public struct FuzzReader {
    private var bytes: ArraySlice<UInt8>

    public init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    public var isEmpty: Bool { bytes.isEmpty }

    /// The next byte, or 0 when the input is used up.
    public mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    /// A number in `0..<bound`.
    public mutating func int(below bound: Int) -> Int { bound <= 1 ? 0 : Int(byte()) % bound }

    /// The next eight bytes as a 64-bit pattern.
    public mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    /// A string of up to `limit` bytes, ending at a 0xFF byte; invalid UTF-8 is repaired.
    public mutating func string(limit: Int = 256) -> String {
        var taken: [UInt8] = []
        while taken.count < limit, let b = bytes.popFirst(), b != 0xFF { taken.append(b) }
        return String(decoding: taken, as: UTF8.self)
    }

    /// The rest of the input as a string (invalid UTF-8 repaired).
    public mutating func rest() -> String {
        defer { bytes = [] }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Checks a reader's error and that its line lies inside the input (lines counted generously:
/// every CR and LF byte may end one).
public func requireInside(_ error: CatalogError, file: String, bytes: [UInt8]) {
    requireLocated(error, file: file)
    var breaks = 0
    for b in bytes where b == 0x0A || b == 0x0D { breaks += 1 }
    require(error.location.line <= breaks + 1,
            "error line \(error.location.line) is past the end of a \(breaks + 1)-line input: \(error)")
}

/// Runs libFuzzer's loop on `target` with the command line's flags (corpus folders,
/// `-max_total_time=…`). A target's `main` calls this: SwiftPM names the executable's entry
/// point itself, so libFuzzer's own `main` cannot be used.
public func runFuzzer(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv, target)
    exit(status)
}

/// Runs a catalog reader on one input and checks what every reader promises: a catalog whose
/// entries each hold a value for `locale` (when the format has one locale per file), or a
/// located error inside the input. Returns the catalog, if any.
@discardableResult
public func checkReader(_ input: [UInt8], file: String, locale: String? = nil,
                        _ read: ([UInt8]) throws(CatalogError) -> StringCatalog) -> StringCatalog? {
    do {
        let catalog = try read(input)
        if let locale {
            for (key, entry) in catalog.entries {
                require(entry.localizations[locale] != nil, "entry “\(key)” has no value for the file's locale")
            }
        }
        return catalog
    } catch {
        requireInside(error, file: file, bytes: input)
        return nil
    }
}
