#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToastICU
import ToastSupport

/// Writes String Catalogs in Xcode's own layout, byte for byte:
///
/// ```text
/// {
///   "sourceLanguage" : "en",
///   "strings" : {
///     "Done" : {
///
///     }
///   },
///   "version" : "1.0"
/// }
/// ```
///
/// Two-space indent, one member per line, `"key" : value`, an empty object as `{`, an empty
/// line and `}`; members of every object in Xcode's order (an `en` collator with numeric
/// ordering, ties broken by code point); non-ASCII written literally, only `\"`, `\\`, short
/// escapes and `\u00XX` for other controls, never `\/`; no final newline unless asked.
public struct XCStringsWriter: Sendable {
    private let collator: Collator

    /// Creates a writer (opens the collator once).
    public init() throws(ICUFailure) {
        collator = try Collator(locale: LocaleTag("en")!, numeric: true)
    }

    /// The text of `value` in Xcode's layout.
    public func string(_ value: JSONValue, finalNewline: Bool = false) -> String {
        String(decoding: bytes(value, finalNewline: finalNewline), as: UTF8.self)
    }

    /// The UTF-8 bytes of `value` in Xcode's layout: the text ``string(_:finalNewline:)``
    /// returns, written a byte at a time, with one collation key per distinct member name.
    public func bytes(_ value: JSONValue, finalNewline: Bool = false) -> [UInt8] {
        var output = LayoutOutput(order: MemberOrder(collator: collator), expected: nil)
        output.write(value, indent: 0)
        if finalNewline { output.bytes.append(0x0A) }
        return output.bytes
    }

    /// The bytes of `catalog` in Xcode's layout: exactly ``bytes(_:finalNewline:)`` of
    /// ``StringCatalog/jsonValue()``, written without that tree. The entries are put in Xcode's
    /// order once; then each core writes a run of them at a time, one entry's tree at a time,
    /// and the runs are joined in order. Memory is the output and a window of runs, not a tree
    /// of the whole catalog (which `convert` held several times over).
    public func bytes(_ catalog: StringCatalog, finalNewline: Bool = false) -> [UInt8] {
        let entries = catalog.entriesBySpelling()
        var output = LayoutOutput(order: MemberOrder(collator: collator), expected: nil)
        let order = output.order.indices(of: entries.map { JSONMember(key: $0.key, value: .null) }) ?? Array(entries.indices)
        // The top level with an empty `strings` (its second member) standing in for the entries.
        let top = catalog.topLevelMembers(strings: [])
        let topOrder = output.order.indices(of: top) ?? Array(top.indices)
        output.bytes.append(contentsOf: "{\n".utf8)
        for (position, index) in topOrder.enumerated() {
            if position > 0 { output.bytes.append(contentsOf: ",\n".utf8) }
            output.pad(1)
            JSONWriter.appendString(top[index].key, escaping: .minimal, to: &output.bytes)
            output.bytes.append(contentsOf: " : ".utf8)
            guard index == 1, !entries.isEmpty else {
                output.write(top[index].value, indent: 1)
                continue
            }
            output.bytes.append(contentsOf: "{\n".utf8)
            let collator = self.collator
            Parallel.forEachRun(of: entries.count, length: 256, { run -> [UInt8] in
                var part = LayoutOutput(order: MemberOrder(collator: collator), expected: nil)
                for at in run {
                    let item = entries[order[at]]
                    if at > 0 { part.bytes.append(contentsOf: ",\n".utf8) }
                    part.pad(2)
                    JSONWriter.appendString(item.key, escaping: .minimal, to: &part.bytes)
                    part.bytes.append(contentsOf: " : ".utf8)
                    part.write(StringCatalog.json(item.entry), indent: 2)
                }
                return part.bytes
            }, then: { output.bytes += $0 })
            output.bytes.append(UInt8(ascii: "\n"))
            output.pad(1)
            output.bytes.append(UInt8(ascii: "}"))
        }
        output.bytes.append(contentsOf: "\n}".utf8)
        if finalNewline { output.bytes.append(0x0A) }
        return output.bytes
    }

    /// Whether `file` is already `value` in Xcode's layout: whether it equals
    /// ``bytes(_:finalNewline:)`` (with a final newline when `file` ends in one). The layout is
    /// compared as it is produced, 64 KiB at a time, and the comparison stops at the first
    /// difference, so checking a formatted catalog never holds a second copy of it.
    public func isLaidOut(_ value: JSONValue, as file: [UInt8]) -> Bool {
        var output = LayoutOutput(order: MemberOrder(collator: collator), expected: file)
        output.write(value, indent: 0)
        if file.last == 0x0A { output.bytes.append(0x0A) }
        return output.finish()
    }

    /// Whether `file` is already a document in Xcode's layout (with a final newline or without),
    /// decided on its bytes without building the document (``XCStringsLayoutCheck``). `true`
    /// means ``isLaidOut(_:as:)`` is true of the document the file holds and the file reads
    /// without an error within `limits`; `false` means the file does not read within `limits`,
    /// or ``isLaidOut(_:as:)`` is false of its document.
    package func isLaidOut(bytes file: [UInt8], limits: CatalogLimits) -> Bool {
        file.withUnsafeBufferPointer { XCStringsLayoutCheck.isLaidOut($0, order: MemberOrder(collator: collator), limits: limits) }
    }

    /// The members of an object in Xcode's order (stable for duplicates).
    public func sorted(_ members: [JSONMember]) -> [JSONMember] {
        var order = MemberOrder(collator: collator)
        guard let indices = order.indices(of: members) else { return members }
        return indices.map { members[$0] }
    }
}

/// Xcode's order of member names: an `en` collator with numeric ordering, ties broken by code
/// point. Each distinct name is turned into its collation key once, however many objects
/// carry it (every localization repeats the same locale codes and member names), and an
/// object whose names repeat those of the last object of its size, in order, takes that
/// object's order without comparing a name.
struct MemberOrder {
    let collator: Collator
    private var keys: [String: [UInt8]] = [:]
    /// For each member count, the names of the last object of that size sorted, and its
    /// order (nil when it was in order).
    private var shapes: [Int: (names: [String], indices: [Int]?)] = [:]

    init(collator: Collator) { self.collator = collator }

    /// The collation key of `name`, computed on first use.
    mutating func key(_ name: String) -> [UInt8] {
        if let key = keys[name] { return key }
        let key = collator.sortKey(name)
        keys[name] = key
        return key
    }

    /// The positions of `members` in Xcode's order, or nil when they already are in it (the
    /// usual case: a file Xcode wrote). Members whose names tie keep file order.
    mutating func indices(of members: [JSONMember]) -> [Int]? {
        if members.count < 2 { return nil }
        if let shape = shapes[members.count], zip(shape.names, members).allSatisfy({ $0.utf8.elementsEqual($1.key.utf8) }) {
            return shape.indices
        }
        let names = members.map(\.key)
        let keys = names.map { key($0) }
        let indices: [Int]? = names.indices.dropFirst().allSatisfy({ Self.precedes($0 - 1, $0, keys, names) })
            ? nil : names.indices.sorted { Self.precedes($0, $1, keys, names) }
        shapes[members.count] = (names, indices)
        return indices
    }

    /// Whether `names`, the member names of one object in file order, are in Xcode's order.
    mutating func isOrdered(_ names: [String]) -> Bool {
        if names.count < 2 { return true }
        let keys = names.map { key($0) }
        return names.indices.dropFirst().allSatisfy { Self.precedes($0 - 1, $0, keys, names) }
    }

    /// Whether the member at `a` comes before the one at `b`: by collation key, then code
    /// point, then position.
    private static func precedes(_ a: Int, _ b: Int, _ keys: [[UInt8]], _ names: [String]) -> Bool {
        let common = min(keys[a].count, keys[b].count)
        let order = common == 0 ? 0 : keys[a].withUnsafeBufferPointer { left in
            keys[b].withUnsafeBufferPointer { right in memcmp(left.baseAddress!, right.baseAddress!, common) }
        }
        if order != 0 { return order < 0 }
        if keys[a].count != keys[b].count { return keys[a].count < keys[b].count }
        if names[a] != names[b] { return CodePointOrder.precedes(names[a], names[b]) }
        return a < b
    }
}

/// The bytes of one document being written in Xcode's layout.
private struct LayoutOutput {
    var order: MemberOrder
    /// The file to compare with, when checking rather than writing.
    let expected: [UInt8]?
    /// What is written and not yet compared.
    var bytes: [UInt8] = []
    /// How many bytes of `expected` have been matched.
    private var matched = 0
    /// Whether the output has already departed from `expected`.
    private(set) var differs = false

    init(order: MemberOrder, expected: [UInt8]?) {
        self.order = order
        self.expected = expected
    }

    /// Compares what is pending with `expected` once 64 KiB are pending (or at the end).
    private mutating func compare(force: Bool = false) {
        guard let expected, force || bytes.count >= 1 << 16, !differs else { return }
        if expected.count - matched < bytes.count
            || !bytes.withUnsafeBufferPointer({ pending in
                expected.withUnsafeBufferPointer { file in
                    memcmp(pending.baseAddress!, file.baseAddress! + matched, pending.count) == 0
                }
            })
        {
            differs = true
        } else {
            matched += bytes.count
        }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Whether the whole output equals `expected`.
    mutating func finish() -> Bool {
        if !bytes.isEmpty { compare(force: true) }
        return !differs && matched == expected?.count
    }

    mutating func pad(_ indent: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    mutating func write(_ value: JSONValue, indent: Int) {
        if differs { return }
        compare()
        switch value {
        case .object(let members):
            if members.isEmpty { bytes.append(contentsOf: "{\n\n".utf8); pad(indent); bytes.append(UInt8(ascii: "}")); return }
            bytes.append(contentsOf: "{\n".utf8)
            let indices = order.indices(of: members)
            for position in members.indices {
                let member = members[indices?[position] ?? position]
                if position > 0 { bytes.append(contentsOf: ",\n".utf8) }
                pad(indent + 1)
                JSONWriter.appendString(member.key, escaping: .minimal, to: &bytes)
                bytes.append(contentsOf: " : ".utf8)
                write(member.value, indent: indent + 1)
            }
            bytes.append(UInt8(ascii: "\n"))
            pad(indent)
            bytes.append(UInt8(ascii: "}"))
        case .array(let items):
            if items.isEmpty { bytes.append(contentsOf: "[\n\n".utf8); pad(indent); bytes.append(UInt8(ascii: "]")); return }
            bytes.append(contentsOf: "[\n".utf8)
            for (position, item) in items.enumerated() {
                if position > 0 { bytes.append(contentsOf: ",\n".utf8) }
                pad(indent + 1)
                write(item, indent: indent + 1)
            }
            bytes.append(UInt8(ascii: "\n"))
            pad(indent)
            bytes.append(UInt8(ascii: "]"))
        case .string(let text): JSONWriter.appendString(text, escaping: .minimal, to: &bytes)
        case .number(let digits): bytes.append(contentsOf: digits.utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        }
    }
}
