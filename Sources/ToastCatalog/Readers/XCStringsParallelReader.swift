#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToastSupport

/// How a String Catalog's `"strings"` object is read on several cores.
///
/// The reader guesses where entries start in the second half (and further parts) of the file
/// from the layout of the first entry — a newline, the same indentation, a double quote, as
/// Xcode writes every entry — and reads each part on its own core from there, while the
/// first core reads from the real start. A guess is used only when the part before it stopped
/// exactly at that byte at the start of an entry name, so the result (entries, order,
/// warnings, errors and their positions) is always the one reading from the start gives; a
/// wrong guess costs time, not correctness. Minified catalogs (one line) are read on one core.
package struct XCStringsParallelism: Sendable {
    /// How many parts at most (one per core).
    package var parts: Int
    /// The smallest `"strings"` object, in bytes, worth splitting.
    package var minimumBytes: Int
    /// Where to start looking for each part's first entry, as byte offsets (tests); `nil`
    /// spreads the parts evenly.
    package var searchOffsets: [Int]?
    /// Other work on the same bytes, run on the same cores as the parts and handed out before
    /// them (`fmt --check`'s layout check): the core that finishes it reads the parts left,
    /// so the two passes share the cores instead of one waiting for the other. It runs only
    /// when the `"strings"` object is read in parts (a large catalog laid out on lines), so a
    /// caller that finds it has not run runs it itself.
    package var alongside: (@Sendable () -> Void)?
    /// Told of the bytes each part has read past, a stretch of at least ``readBehindBytes`` at
    /// a time, in each part's order (parts side by side call it at once): a caller that holds
    /// the bytes mapped lets the system take those pages back
    /// (``CatalogLoader/pageRelease(of:)``), so that the file and the model it
    /// becomes are not both held whole. The bytes may still be read afterwards (a position
    /// worked out, the members after `"strings"`), and a part that starts after others have
    /// gone ahead counts the lines before it, bringing their pages back: it is meant for one
    /// part per core (``standard``), all started at once.
    package var readBehind: (@Sendable (Range<Int>) -> Void)?
    /// How far a part reads before telling ``readBehind``.
    package var readBehindBytes = 4 << 20

    /// Creates a setting.
    package init(parts: Int, minimumBytes: Int, searchOffsets: [Int]? = nil, alongside: (@Sendable () -> Void)? = nil,
                 readBehind: (@Sendable (Range<Int>) -> Void)? = nil) {
        self.parts = parts
        self.minimumBytes = minimumBytes
        self.searchOffsets = searchOffsets
        self.alongside = alongside
        self.readBehind = readBehind
    }

    /// One part per core (at most 8), for `"strings"` objects of 1 MB or more.
    package static var standard: XCStringsParallelism {
        XCStringsParallelism(parts: min(8, Parallel.processorCount), minimumBytes: 1 << 20)
    }

    /// Reading on one core.
    package static let sequential = XCStringsParallelism(parts: 1, minimumBytes: .max)
}

extension XCStringsReader {
    /// An entry read by one part, with where its name stood.
    struct ReadEntry {
        let name: String
        let entry: CatalogEntry
        var position: Position
        /// The column of the name, counted while its line was at hand (a part's bytes may be
        /// let go once it has read past them, ``XCStringsParallelism/readBehind``).
        let column: Int
    }

    /// What one part read: its entries, the scanner where it stopped, and whether it stopped
    /// at the start of an entry name (at or after the next part's offset) or after the
    /// closing brace; or the error it met.
    struct Part {
        var entries: [ReadEntry] = []
        var scanner: JSONScanner
        var stopped = false
        var error: CatalogError?
    }

    /// Reads the members of `"strings"` (the scanner at its value) on several cores when the
    /// object is large and laid out on lines; returns nil, having read nothing, when it is not
    /// worth it or the layout gives no place to split, so that the caller reads on one core.
    /// The entries come as the parts read them, a list per part, in order: joining them into
    /// one list copied each entry (a retain of each of its parts) and freed the parts' lists,
    /// on one core after the parallel read.
    static func parallelStrings(_ scanner: inout JSONScanner, parallelism: XCStringsParallelism) throws(CatalogError) -> [[ReadEntry]]? {
        guard parallelism.parts > 1, scanner.current == UInt8(ascii: "{"),
              scanner.bytes.count - scanner.index >= parallelism.minimumBytes,
              let starts = partStarts(scanner, parallelism: parallelism) else { return nil }
        let slots = LockedSlots<Part>(count: starts.count + 1)
        // Each part tallies its own entries (``StateTally``); the tallies of the parts used are
        // added to what was counted before.
        var tally = scanner.stateTally
        var start = scanner
        start.stateTally = StateTally()
        let shared = SharedScanner(scanner: start)
        let alongside = parallelism.alongside
        let behind = parallelism.readBehind.map { (tell: $0, every: max(1, parallelism.readBehindBytes)) }
        let extra = alongside == nil ? 0 : 1
        Parallel.forEach(starts.count + 1 + extra) { task in
            if let alongside, task == 0 { return alongside() }
            let index = task - extra
            let first = shared.scanner
            let stop = index < starts.count ? starts[index].offset : Int.max
            var part: Part
            if index == 0 {
                part = Part(scanner: first)
                do throws(CatalogError) {
                    if try part.scanner.openObject() { try readEntries(into: &part, stoppingAt: stop, behind: behind) }
                } catch { part.error = error }
            } else {
                let start = starts[index - 1]
                var resumed = first
                resumed.index = start.lineStart
                resumed.lineStart = start.lineStart
                // Lines are counted from the part's first line, which the part before ends on:
                // its scanner numbers them at the join. Counting the newlines before it here
                // held this part back 8 ms of a 220 ms `stats`, the other core parsing alone.
                resumed.line = 1
                resumed.depth = first.depth + 1
                part = Part(scanner: resumed)
                do throws(CatalogError) { try readEntries(into: &part, stoppingAt: stop, behind: behind) } catch { part.error = error }
            }
            slots.store(part, at: index)
        }
        var parts = slots.values()
        var entries: [[ReadEntry]] = []
        // Each part's entries are taken out of the list of parts, so that they are held once.
        var current = parts[0]
        parts[0].entries = []
        // What the parts used saw beyond the model (each started from the scanner at "strings").
        var sawRepeatedOrUnknownMember = false
        for index in 0...starts.count {
            if index > 0 {
                // The previous part stopped after the strings closed, or at an entry name.
                guard current.stopped else { break }
                // A part whose start was an entry start is taken, its lines numbered from the
                // line the previous part stopped on; but one that kept unknown members is read
                // again here, as a wrong guess is, since their lines are held deep in its
                // entries (a catalog with members ToastKit does not know is rare).
                if current.scanner.index == starts[index - 1].offset, !parts[index].scanner.sawRepeatedOrUnknownMember {
                    let lines = current.scanner.line - 1
                    current = parts[index]
                    parts[index].entries = []
                    if lines != 0 {
                        for at in current.entries.indices { current.entries[at].position = current.entries[at].position.down(lines) }
                        current.scanner.line += lines
                        current.error?.location.line += lines
                    }
                } else {
                    // The guess was not an entry start (or the part kept unknown members):
                    // read the rest here (what the part tallied so far is added already).
                    current.entries = []
                    current.scanner.stateTally = StateTally()
                    do throws(CatalogError) { try readEntries(into: &current, stoppingAt: Int.max) } catch { current.error = error }
                    if let error = current.error { throw error }
                    entries.append(current.entries)
                    tally.add(current.scanner.stateTally)
                    sawRepeatedOrUnknownMember = sawRepeatedOrUnknownMember || current.scanner.sawRepeatedOrUnknownMember
                    break
                }
            }
            if let error = current.error { throw error }
            entries.append(current.entries)
            current.entries = []
            tally.add(current.scanner.stateTally)
            sawRepeatedOrUnknownMember = sawRepeatedOrUnknownMember || current.scanner.sawRepeatedOrUnknownMember
        }
        scanner = current.scanner
        scanner.sawRepeatedOrUnknownMember = sawRepeatedOrUnknownMember
        scanner.stateTally = tally
        return entries
    }

    /// The scanner at `"strings"`, handed to the parts: they only read its bytes, which outlive
    /// the parallel read.
    struct SharedScanner: @unchecked Sendable {
        let scanner: JSONScanner
    }

    /// Reads entries into `part` until the closing brace or an entry name at or after `stop`;
    /// `behind` is told of the bytes read past, `every` bytes or more at a time
    /// (``XCStringsParallelism/readBehind``).
    static func readEntries(into part: inout Part, stoppingAt stop: Int,
                            behind: (tell: @Sendable (Range<Int>) -> Void, every: Int)? = nil) throws(CatalogError) {
        var entries = part.entries
        defer { part.entries = entries }
        var told = part.scanner.index
        part.stopped = try part.scanner.memberLoop(stoppingAt: stop) { (scanner: inout JSONScanner, key: Key, position: Position) throws(CatalogError) in
            let name = key.string(in: scanner.bytes)
            let column = scanner.column(of: position)
            entries.append(ReadEntry(name: name, entry: try entry(&scanner, name, position), position: position, column: column))
            if let behind, scanner.index - told >= behind.every {
                behind.tell(told..<scanner.index)
                told = scanner.index
            }
        }
        // The last stretch, however short, once the part is done with it.
        if let behind, part.scanner.index > told { behind.tell(told..<part.scanner.index) }
    }

    /// Where parts after the first start: the line start and the offset of the first entry
    /// name found at or after each search offset that is laid out as the first entry is.
    static func partStarts(_ scanner: JSONScanner, parallelism: XCStringsParallelism) -> [(lineStart: Int, offset: Int)]? {
        let bytes = scanner.bytes
        // The first entry's indentation: the bytes between the newline before it and its name.
        var probe = scanner
        probe.index += 1
        probe.skipWhitespace()
        guard probe.current == UInt8(ascii: "\""), probe.lineStart > scanner.index else { return nil }
        let indent = probe.lineStart..<probe.index
        guard indent.allSatisfy({ bytes[$0] == 0x20 || bytes[$0] == 0x09 }) else { return nil }
        let first = probe.index
        let span = bytes.count - first
        let searches = parallelism.searchOffsets ?? (1..<parallelism.parts).map { first + span / parallelism.parts * $0 }
        var starts: [(lineStart: Int, offset: Int)] = []
        for search in searches where search > (starts.last?.offset ?? first) {
            guard let found = nextLine(in: bytes, from: search, indent: indent) else { break }
            if found.offset > (starts.last?.offset ?? first) { starts.append(found) }
        }
        return starts.isEmpty ? nil : starts
    }

    /// The next line at or after `from` that is `indent` followed by a double quote.
    static func nextLine(in bytes: UnsafeBufferPointer<UInt8>, from: Int, indent: Range<Int>) -> (lineStart: Int, offset: Int)? {
        var i = max(from, 1)
        let count = bytes.count
        while i < count {
            guard let newline = firstNewline(bytes, from: i) else { return nil }
            let lineStart = newline + 1
            let offset = lineStart + indent.count
            if offset < count, bytes[offset] == UInt8(ascii: "\"") {
                var same = true
                var k = 0
                while k < indent.count { if bytes[lineStart + k] != bytes[indent.lowerBound + k] { same = false; break }; k += 1 }
                if same { return (lineStart, offset) }
            }
            i = lineStart
        }
        return nil
    }

    static func firstNewline(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}

extension XCStringsParallelism {
    /// The byte offsets of the entry names where the parts after the first would start, for
    /// the `"strings"` object whose opening brace is at `brace` (tests).
    package func partOffsets(_ bytes: [UInt8], brace: Int) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, file: "")
            scanner.index = brace
            return XCStringsReader.partStarts(scanner, parallelism: self)?.map(\.offset) ?? []
        }
    }
}

extension XCStringsParallelism {
    /// The newlines before `end` as a part's reader counts them (tests).
    package static func newlineCount(_ bytes: [UInt8], upTo end: Int) -> Int {
        bytes.withUnsafeBufferPointer { byteCount(of: 0x0A, in: $0, upTo: end) }
    }
}
