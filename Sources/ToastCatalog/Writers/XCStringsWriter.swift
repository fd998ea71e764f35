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
        return output.bytes.take()
    }

    /// The bytes of `catalog` in Xcode's layout: exactly ``bytes(_:finalNewline:)`` of
    /// ``StringCatalog/jsonValue()``, written without that tree (``write(_:finalNewline:to:)``
    /// joined).
    public func bytes(_ catalog: StringCatalog, finalNewline: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        write(catalog, finalNewline: finalNewline) { output += $0 }
        return output
    }

    /// ``bytes(_:finalNewline:)-(StringCatalog,_)`` of `catalog`, handed to `emit` in parts
    /// as they are made, in order. The entries are put in Xcode's order once; then each core
    /// writes a run of them at a time, each entry straight from the model, and `emit` gets the
    /// runs in order on the calling thread. Memory is a window of runs, not the output, nor a
    /// tree of the catalog (which `convert` held several times over).
    public func write(_ catalog: StringCatalog, finalNewline: Bool = false, to emit: ([UInt8]) -> Void) {
        let entries = catalog.entriesBySpelling()
        let _: [Never] = write(top: catalog.topLevelMembers(strings: []), keys: entries.map(\.key), finalNewline: finalNewline,
                               entry: { (entries[$0].entry, []) }, to: emit)
    }

    /// Writes a catalog whose top-level members are `top` (its second, `strings`, standing in
    /// for the entries) and whose entries have `keys` (each spelling as it is written, in
    /// ``StringCatalog/entriesBySpelling()`` order), the entry at each index made by `entry`
    /// when its run is written, on any core. The notes `entry` gives with each entry are
    /// returned in index order, whatever order the entries are written in.
    package func write<Note: Sendable>(top: [JSONMember], keys: [String], finalNewline: Bool,
                                       entry: @Sendable (Int) -> (CatalogEntry, [Note]),
                                       to emit: ([UInt8]) -> Void) -> [Note] {
        write(top: top, keys: keys, finalNewline: finalNewline, writing: { output, index, indent in
            let (made, notes) = entry(index)
            output.write(entry: made, indent: indent)
            return notes
        }, to: emit)
    }

    /// ``write(top:keys:finalNewline:entry:to:)`` with entries converted from flat `.lproj`
    /// tables (``ConvertedFlatEntry``): a `.strings` text is written from the table's bytes,
    /// without a model of its entry.
    func write<Note: Sendable>(top: [JSONMember], keys: [String], finalNewline: Bool,
                               flatEntry entry: @Sendable (Int) -> (ConvertedFlatEntry, [Note]),
                               to emit: ([UInt8]) -> Void) -> [Note] {
        write(top: top, keys: keys, finalNewline: finalNewline, writing: { output, index, indent in
            let (made, notes) = entry(index)
            output.write(flatEntry: made, indent: indent)
            return notes
        }, to: emit)
    }

    /// The writing both share: `entry` writes the entry at an index into a run's output, at an
    /// indent, and gives its notes.
    private func write<Note: Sendable>(top: [JSONMember], keys: [String], finalNewline: Bool,
                                       writing entry: @Sendable (inout LayoutOutput, Int, Int) -> [Note],
                                       to emit: ([UInt8]) -> Void) -> [Note] {
        var output = LayoutOutput(order: MemberOrder(collator: collator), expected: nil)
        let order = output.order.indices(count: keys.count) { keys[$0] } ?? Array(keys.indices)
        let topOrder = output.order.indices(of: top) ?? Array(top.indices)
        var notes: [(index: Int, notes: [Note])] = []
        output.raw("{\n")
        for (position, index) in topOrder.enumerated() {
            if position > 0 { output.raw(",\n") }
            output.pad(1)
            JSONWriter.appendString(top[index].key, escaping: .minimal, into: &output.bytes)
            output.raw(" : ")
            guard index == 1, !keys.isEmpty else {
                output.write(top[index].value, indent: 1)
                continue
            }
            output.raw("{\n")
            emit(output.bytes.take())
            let collator = self.collator
            // Runs of 32 keys: a window of runs is held at once (two a core), and a key of a
            // table in 41 languages with plural forms lays out to about 30 KB; runs of 256 held
            // 67 MB of layout for the 28 MB of `.stringsdict` files of the bench `.lproj` tree
            // (their model is 65 MB).
            Parallel.forEachRun(of: keys.count, length: 32, { run -> (bytes: [UInt8], notes: [(Int, [Note])]) in
                // Room for a run of keys at once (a key in 41 languages with plural forms lays out
                // to about 30 KB), instead of growing from nothing.
                var part = LayoutOutput(order: MemberOrder(collator: collator), expected: nil, capacity: run.count * (32 << 10))
                var notes: [(Int, [Note])] = []
                for at in run {
                    let index = order[at]
                    if at > 0 { part.raw(",\n") }
                    part.pad(2)
                    JSONWriter.appendString(keys[index], escaping: .minimal, into: &part.bytes)
                    part.raw(" : ")
                    let madeNotes = entry(&part, index, 2)
                    if !madeNotes.isEmpty { notes.append((index, madeNotes)) }
                }
                return (part.bytes.take(), notes)
            }, then: { run in
                emit(run.bytes)
                notes += run.notes.lazy.map { (index: $0.0, notes: $0.1) }
            })
            output.bytes.append(UInt8(ascii: "\n"))
            output.pad(1)
            output.bytes.append(UInt8(ascii: "}"))
        }
        output.raw("\n}")
        if finalNewline { output.bytes.append(0x0A) }
        emit(output.bytes.take())
        notes.sort { $0.index < $1.index }
        return notes.flatMap(\.notes)
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
        file.withUnsafeBufferPointer { isLaidOut(bytes: $0, limits: limits) }
    }

    /// ``isLaidOut(bytes:limits:)`` of bytes the caller holds (a mapped file).
    package func isLaidOut(bytes file: UnsafeBufferPointer<UInt8>, limits: CatalogLimits) -> Bool {
        XCStringsLayoutCheck.isLaidOut(file, order: MemberOrder(collator: collator), limits: limits)
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
/// object whose names repeat those of one of the last few objects of its size sorted, in
/// order, takes that object's order without comparing a name.
struct MemberOrder {
    let collator: Collator
    private var keys: [String: [UInt8]] = [:]
    /// For each member count, the names of the last ``shapesPerCount`` objects of that size
    /// sorted (of different names), and their order (nil when in order). Several, because
    /// objects of one size alternate: `{state, value}`, `{one, other}`, `{comment,
    /// localizations}` all have two members.
    private var shapes: [Int: [(names: [String], indices: [Int]?)]] = [:]
    /// How many objects of one size are remembered (``shapes``).
    static let shapesPerCount = 8

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
        indices(count: members.count) { members[$0].key }
    }

    /// The positions of the `count` names `name` gives, in Xcode's order, or nil when they
    /// already are in it (``indices(of:)`` of members so named).
    mutating func indices(count: Int, name: (Int) -> String) -> [Int]? {
        if count < 2 { return nil }
        if let known = shapes[count] {
            for shape in known where shape.names.indices.allSatisfy({ CodePointOrder.compare(shape.names[$0], name($0)) == 0 }) {
                return shape.indices
            }
        }
        let names = (0..<count).map(name)
        let keys = names.map { key($0) }
        let indices: [Int]? = names.indices.dropFirst().allSatisfy({ Self.precedes($0 - 1, $0, keys, names) })
            ? nil : names.indices.sorted { Self.precedes($0, $1, keys, names) }
        Self.remember((names, indices), in: &shapes[count, default: []])
        return indices
    }

    /// Adds `shape` to the shapes of one size, forgetting the oldest when there are
    /// ``shapesPerCount``.
    static func remember<Shape>(_ shape: Shape, in shapes: inout [Shape]) {
        if shapes.count == shapesPerCount { shapes.removeFirst() }
        shapes.append(shape)
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
private struct LayoutOutput: ~Copyable {
    var order: MemberOrder
    /// The file to compare with, when checking rather than writing.
    let expected: [UInt8]?
    /// What is written and not yet compared.
    var bytes: ByteOutput
    /// How many bytes of `expected` have been matched.
    private var matched = 0
    /// Whether the output has already departed from `expected`.
    private(set) var differs = false
    /// Each plural category's place in Xcode's order of member names, by ordinal: made once
    /// from ``order``, so that a set of forms is put in order without a name compared.
    private var categoryRanks: [Int]?
    /// The last `.stringsdict` format whose substitution positions were worked out, and
    /// them: a key's format is usually the same in every locale (`%#@files@`).
    private var lastPositions: (format: [UInt8], positions: [String: Int])?

    /// `capacity`: the room the output starts with, in bytes.
    init(order: MemberOrder, expected: [UInt8]?, capacity: Int = 0) {
        self.order = order
        self.expected = expected
        bytes = ByteOutput(capacity: capacity)
    }

    /// Compares what is pending with `expected` once 64 KiB are pending (or at the end).
    private mutating func compare(force: Bool = false) {
        guard let expected, force || bytes.count >= 1 << 16, !differs else { return }
        if expected.count - matched < bytes.count
            || !bytes.withBytes({ pending in
                expected.withUnsafeBufferPointer { file in
                    memcmp(pending.baseAddress!, file.baseAddress! + matched, pending.count) == 0
                }
            })
        {
            differs = true
        } else {
            matched += bytes.count
        }
        bytes.removeAll()
    }

    /// Whether the whole output equals `expected`.
    mutating func finish() -> Bool {
        if !bytes.isEmpty { compare(force: true) }
        return !differs && matched == expected?.count
    }

    /// Appends `text`'s bytes as one copy (a literal's bytes are in the binary; appending a
    /// `String`'s UTF-8 view or a repeated element went through a loop per byte).
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        bytes.append(text)
    }

    /// Sixty-four spaces: the indentation of 32 levels, taken as a prefix.
    private static let spaces: StaticString = "                                                                "

    mutating func pad(_ indent: Int) {
        bytes.append(count: 2 * indent) { Self.putSpaces(2 * indent, at: $0) }
    }

    /// Puts `count` spaces at `target`, taken from ``spaces`` (sixty-four at a time past that).
    @inline(__always)
    private static func putSpaces(_ count: Int, at target: UnsafeMutablePointer<UInt8>) {
        // Thirty-two levels and fewer, the case of every catalog, in one piece; deeper
        // indentation (unknown members nested far) out of line.
        if count <= spaces.utf8CodeUnitCount { return ByteOutput.copy(spaces.utf8Start, count, to: target) }
        putManySpaces(count, at: target)
    }

    @inline(never)
    private static func putManySpaces(_ count: Int, at target: UnsafeMutablePointer<UInt8>) {
        var done = 0
        while done < count {
            let piece = min(count - done, spaces.utf8CodeUnitCount)
            ByteOutput.copy(spaces.utf8Start, piece, to: target + done)
            done += piece
        }
    }

    mutating func write(_ value: JSONValue, indent: Int) {
        if differs { return }
        compare()
        switch value {
        case .object(let members):
            if members.isEmpty { raw("{\n\n"); pad(indent); bytes.append(UInt8(ascii: "}")); return }
            raw("{\n")
            let indices = order.indices(of: members)
            for position in members.indices {
                let member = members[indices?[position] ?? position]
                if position > 0 { raw(",\n") }
                pad(indent + 1)
                JSONWriter.appendString(member.key, escaping: .minimal, into: &bytes)
                raw(" : ")
                write(member.value, indent: indent + 1)
            }
            bytes.append(UInt8(ascii: "\n"))
            pad(indent)
            bytes.append(UInt8(ascii: "}"))
        case .array(let items):
            if items.isEmpty { raw("[\n\n"); pad(indent); bytes.append(UInt8(ascii: "]")); return }
            raw("[\n")
            for (position, item) in items.enumerated() {
                if position > 0 { raw(",\n") }
                pad(indent + 1)
                write(item, indent: indent + 1)
            }
            bytes.append(UInt8(ascii: "\n"))
            pad(indent)
            bytes.append(UInt8(ascii: "]"))
        case .string(let text): JSONWriter.appendString(text, escaping: .minimal, into: &bytes)
        case .number(var digits): digits.withUTF8 { bytes.append($0) }
        case .bool(let flag): if flag { raw("true") } else { raw("false") }
        case .null: raw("null")
        }
    }
}

/// An entry written straight from the model: the bytes ``LayoutOutput/write(_:indent:)`` writes
/// for ``StringCatalog/json(_:)-(CatalogEntry)`` of it, without making that tree (a tree per
/// localization was most of `convert`'s writing). The members of an entry, a localization, a
/// string unit and a substitution that the model knows are already in Xcode's order (`comment`,
/// `extractionState`, `isCommentAutoGenerated`, `localizations`, `shouldTranslate`;
/// `stringUnit`, `substitutions`, `variations`; `state`, `value`; `argNum`,
/// `formatSpecifier`, `variations`); locale codes, substitution names and plural categories
/// are put in it as the tree's are. A substitution's members the model does not know (such as
/// the argument style `convert` adds) are put among its known ones in Xcode's order; any other
/// part holding members the model does not know (or device variations) is written through its
/// tree.
extension LayoutOutput {
    mutating func write(entry: CatalogEntry, indent: Int) {
        guard entry.extra.isEmpty else { return write(StringCatalog.json(entry), indent: indent) }
        var first = true
        if let comment = entry.comment { string(comment, member: "comment", &first, indent) }
        if let state = entry.extractionState { string(state, member: "extractionState", &first, indent) }
        if let flag = entry.isCommentAutoGenerated { bool(flag, member: "isCommentAutoGenerated", &first, indent) }
        if !entry.localizations.isEmpty || entry.hadLocalizationsMember {
            member(known: "localizations", &first, indent)
            write(object: entry.localizations, indent: indent + 1) { $0.write(localized: $1, indent: $2) }
        }
        if let flag = entry.shouldTranslate { bool(flag, member: "shouldTranslate", &first, indent) }
        close(first, indent)
    }

    /// An entry converted from flat tables: exactly the bytes ``write(entry:indent:)`` writes
    /// for the entry of its comment and its localizations (each text a `translated` string
    /// unit), locales in the order ``write(object:indent:_:)`` puts them.
    mutating func write(flatEntry entry: ConvertedFlatEntry, indent: Int) {
        var first = true
        if let comment = entry.comment { string(comment, member: "comment", &first, indent) }
        member(known: "localizations", &first, indent)
        // Codes are distinct, so their order does not depend on the order they come in.
        let localizations = entry.localizations
        let indices = order.indices(count: localizations.count) { localizations[$0].code }
        var firstLocale = true
        for position in localizations.indices {
            let (code, value) = localizations[indices?[position] ?? position]
            member(code, &firstLocale, indent + 1)
            switch value {
            case .text(let flat, let record):
                var firstMember = true
                stringUnit(state: "translated", &firstMember, indent + 2) { bytes in
                    flat.table.withValueBytes(at: record) { JSONWriter.appendEscaped(bytes: $0, escaping: .minimal, into: &bytes) }
                }
                close(firstMember, indent + 2)
            case .value(let value):
                write(localized: value, indent: indent + 2)
            case .encoded(let flat, let parts):
                flat.table.text.withUnsafeBufferPointer { write(encoded: parts, in: $0, indent: indent + 2) }
            }
        }
        close(firstLocale, indent + 1)
        close(first, indent)
    }

    private mutating func write(localized value: LocalizedValue, indent: Int) {
        guard value.extra.isEmpty, value.device.isEmpty, value.stringUnit?.extra.isEmpty ?? true else {
            return write(StringCatalog.json(value), indent: indent)
        }
        var first = true
        if let unit = value.stringUnit {
            stringUnit(state: unit.state, &first, indent) { JSONWriter.appendEscaped(unit.value, escaping: .minimal, into: &$0) }
        }
        if !value.substitutions.isEmpty {
            member(known: "substitutions", &first, indent)
            write(object: value.substitutions, indent: indent + 1) { $0.write(substitution: $1, indent: $2) }
        }
        if !value.plural.isEmpty { write(variations: value.plural, &first, indent) }
        close(first, indent)
    }

    /// A `.stringsdict` value encoded in its table's `text`, converted: exactly the bytes
    /// ``write(localized:indent:)`` writes for ``CatalogConverter/catalogValue(_:key:locale:file:report:)``
    /// of the decoded value (``StringsTable/decodedValue(at:)``), texts escaped from the table's
    /// bytes. Each substitution reads its own argument, else the one its token reads in the
    /// format (``CatalogConverter/substitutionPositions(in:)``), else the first; each form has
    /// the substitution's specifier replaced by `%arg` (``CatalogConverter/argumentPlace(in:conversion:argNum:)``),
    /// and a substitution whose forms wrote it unnumbered gets the argument-style member.
    fileprivate mutating func write(encoded parts: StringsTable.EncodedParts, in text: UnsafeBufferPointer<UInt8>, indent: Int) {
        func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: text[range]) }
        func string(_ range: Range<Int>) -> String { String(decoding: slice(range), as: UTF8.self) }
        var first = true
        stringUnit(state: "translated", &first, indent) { JSONWriter.appendEscaped(bytes: slice(parts.format), escaping: .minimal, into: &$0) }
        guard !parts.substitutions.isEmpty else { return close(first, indent) }
        member(known: "substitutions", &first, indent)
        // The substitutions in code-point order of their names, then in Xcode's (as the value's
        // dictionary is written); positions are worked out only when one has no argument.
        let names = parts.substitutions.map { string($0.name) }
        var sorted = Array(names.indices)
        if sorted.count > 1 { sorted.sort { CodePointOrder.precedes(names[$0], names[$1]) } }
        let indices = order.indices(count: sorted.count) { names[sorted[$0]] }
        let positions = parts.substitutions.contains { $0.argNum == nil } ? substitutionPositions(of: slice(parts.format)) : [:]
        var firstName = true
        for position in sorted.indices {
            let index = sorted[indices?[position] ?? position]
            let substitution = parts.substitutions[index]
            member(names[index], &firstName, indent + 1)
            let argNum = substitution.argNum ?? positions[names[index]] ?? 1
            let specifier = substitution.formatSpecifier.map(string)
            // Each form's text, with where its specifier is replaced (or the text written back
            // token by token).
            enum Form { case bytes(Range<Int>, replaced: Range<Int>?), tokens(String) }
            var forms: [(ordinal: Int, form: Form)] = []
            forms.reserveCapacity(substitution.forms.count)
            var sequential = false
            // The specifier's last character, and its ASCII value: a specifier of printable
            // ASCII (`lld`) ends with the character its last byte is, taken from that byte
            // rather than from the string's characters; any other is looked at as characters.
            let conversion: Character?, asciiConversion: UInt8?
            if let range = substitution.formatSpecifier, !range.isEmpty,
               UnsafeBufferPointer(rebasing: text[range]).allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                let last = text[range.upperBound - 1]
                asciiConversion = last
                conversion = Character(Unicode.Scalar(last))
            } else {
                conversion = specifier?.last
                asciiConversion = conversion?.asciiValue
            }
            for (ordinal, range) in substitution.forms {
                guard let conversion else { forms.append((ordinal, .bytes(range, replaced: nil))); continue }
                if let wanted = asciiConversion,
                   let place = CatalogConverter.argumentPlace(in: slice(range), conversion: wanted, argNum: argNum) {
                    if place?.style == .sequential { sequential = true }
                    forms.append((ordinal, .bytes(range, replaced: place.map { ($0.range.lowerBound + range.lowerBound)..<($0.range.upperBound + range.lowerBound) })))
                } else {
                    let (replaced, style) = CatalogConverter.replaceArgumentByTokens(in: string(range), conversion: conversion, argNum: argNum)
                    if style == .sequential { sequential = true }
                    forms.append((ordinal, .tokens(replaced)))
                }
            }
            func writeVariations(_ first: inout Bool, _ indent: Int) {
                write(variations: forms.count, category: { PluralCategory.allCases[forms[$0].ordinal] }, &first, indent) { output, at, formIndent in
                    var firstMember = true
                    output.stringUnit(state: "translated", &firstMember, formIndent) { out in
                        switch forms[at].form {
                        case .bytes(let range, nil):
                            JSONWriter.appendEscaped(bytes: slice(range), escaping: .minimal, into: &out)
                        case .bytes(let range, let replaced?):
                            JSONWriter.appendEscaped(bytes: slice(range.lowerBound..<replaced.lowerBound), escaping: .minimal, into: &out)
                            out.append("%arg" as StaticString)
                            JSONWriter.appendEscaped(bytes: slice(replaced.upperBound..<range.upperBound), escaping: .minimal, into: &out)
                        case .tokens(let replaced):
                            JSONWriter.appendEscaped(replaced, escaping: .minimal, into: &out)
                        }
                    }
                    output.close(firstMember, formIndent)
                }
            }
            let fieldIndent = indent + 2
            var firstField = true
            if !sequential {
                number(argNum, member: "argNum", &firstField, fieldIndent)
                if let specifier { self.string(specifier, member: "formatSpecifier", &firstField, fieldIndent) }
                if !forms.isEmpty { writeVariations(&firstField, fieldIndent) }
            } else {
                // The argument-style member among the known ones, in Xcode's order.
                enum Field { case argNum, formatSpecifier(String), variations, style }
                var fields: [(name: String, field: Field)] = [("argNum", .argNum)]
                if let specifier { fields.append(("formatSpecifier", .formatSpecifier(specifier))) }
                fields.append(("variations", .variations))
                fields.append((CatalogConverter.argumentStyleKey, .style))
                let fieldOrder = order.indices(count: fields.count) { fields[$0].name }
                for position in fields.indices {
                    switch fields[fieldOrder?[position] ?? position].field {
                    case .argNum: number(argNum, member: "argNum", &firstField, fieldIndent)
                    case .formatSpecifier(let specifier): self.string(specifier, member: "formatSpecifier", &firstField, fieldIndent)
                    case .variations: writeVariations(&firstField, fieldIndent)
                    case .style:
                        member(CatalogConverter.argumentStyleKey, &firstField, fieldIndent)
                        write(.string("sequential"), indent: fieldIndent + 1)
                    }
                }
            }
            close(firstField, fieldIndent)
        }
        close(firstName, indent + 1)
        close(first, indent)
    }

    /// The member `"stringUnit" : { "state" : …, "value" : "…" }` of a localization at
    /// `indent`, the value's text escaped into the output by `value` (between its quotes).
    private mutating func stringUnit(state: String?, _ first: inout Bool, _ indent: Int, value: (inout ByteOutput) -> Void) {
        member(known: "stringUnit", &first, indent)
        var firstField = true
        if let state { string(state, member: "state", &firstField, indent + 1) }
        member(known: "value", &firstField, indent + 1)
        bytes.append(UInt8(ascii: "\""))
        value(&bytes)
        bytes.append(UInt8(ascii: "\""))
        close(firstField, indent + 1)
    }

    private mutating func write(substitution: Substitution, indent: Int) {
        guard !substitution.extra.isEmpty else {
            var first = true
            if let argNum = substitution.argNum { number(argNum, member: "argNum", &first, indent) }
            if let specifier = substitution.formatSpecifier { string(specifier, member: "formatSpecifier", &first, indent) }
            if !substitution.plural.isEmpty { write(variations: substitution.plural, &first, indent) }
            return close(first, indent)
        }
        // Members the model does not know (such as the argument style `convert` adds) go
        // among the known ones in Xcode's order, as the tree's members would; a variation
        // kind the model does not know is written through the tree.
        guard !substitution.extra.contains(where: { $0.key.hasPrefix("variations.") }) else {
            return write(StringCatalog.json(substitution), indent: indent)
        }
        enum Member { case argNum(Int), formatSpecifier(String), variations, extra(JSONMember) }
        var members: [(name: String, member: Member)] = []
        if let argNum = substitution.argNum { members.append(("argNum", .argNum(argNum))) }
        if let specifier = substitution.formatSpecifier { members.append(("formatSpecifier", .formatSpecifier(specifier))) }
        if !substitution.plural.isEmpty { members.append(("variations", .variations)) }
        members += substitution.extra.map { ($0.key, .extra($0)) }
        let indices = order.indices(count: members.count) { members[$0].name }
        var first = true
        for position in members.indices {
            switch members[indices?[position] ?? position].member {
            case .argNum(let argNum): number(argNum, member: "argNum", &first, indent)
            case .formatSpecifier(let specifier): string(specifier, member: "formatSpecifier", &first, indent)
            case .variations: write(variations: substitution.plural, &first, indent)
            case .extra(let extra):
                member(extra.key, &first, indent)
                write(extra.value, indent: indent + 1)
            }
        }
        close(first, indent)
    }

    /// Writes `members` as an object at `indent`: the names in code-point order, as the tree
    /// lists them, then put in Xcode's order; each value written by `value`.
    private mutating func write<Value>(object members: [String: Value], indent: Int,
                                       _ value: (inout LayoutOutput, Value, Int) -> Void) {
        let sorted = StringCatalog.inCodePointOrder(members)
        let indices = order.indices(count: sorted.count) { sorted[$0].key }
        var first = true
        for position in sorted.indices {
            let (name, member) = sorted[indices?[position] ?? position]
            self.member(name, &first, indent)
            value(&self, member, indent + 1)
        }
        close(first, indent)
    }

    /// The member `"variations" : { "plural" : { … } }` of a value or a substitution.
    private mutating func write(variations forms: [PluralCategory: LocalizedValue], _ first: inout Bool, _ indent: Int) {
        let present = PluralCategory.allCases.compactMap { category in forms[category].map { (category, $0) } }
        write(variations: present.count, category: { present[$0].0 }, &first, indent) { output, at, formIndent in
            output.write(localized: present[at].1, indent: formIndent)
        }
    }

    /// The member `"variations" : { "plural" : { … } }` of `count` forms given in CLDR order,
    /// the category of each by `category`, put in Xcode's order; `form` writes the form at an
    /// index at an indent (a value, or a `.stringsdict` form from its encoded parts).
    private mutating func write(variations count: Int, category: (Int) -> PluralCategory, _ first: inout Bool, _ indent: Int,
                                form: (inout LayoutOutput, Int, Int) -> Void) {
        member(known: "variations", &first, indent)
        var firstKind = true
        member(known: "plural", &firstKind, indent + 1)
        let formIndent = indent + 2
        let indices = pluralOrder(count: count, category: category)
        var firstForm = true
        for position in 0..<count {
            let at = indices?[position] ?? position
            member(known: Self.name(of: category(at)), &firstForm, formIndent)
            form(&self, at, formIndent + 1)
        }
        close(firstForm, formIndent)
        close(firstKind, indent + 1)
    }

    /// The positions of `count` plural forms (distinct categories) in Xcode's order, or nil
    /// when they are in it: ``MemberOrder/indices(count:name:)`` of their names, found from
    /// each category's place among all six (an order of names is an order of any of them).
    private mutating func pluralOrder(count: Int, category: (Int) -> PluralCategory) -> [Int]? {
        if count < 2 { return nil }
        let ranks: [Int]
        if let known = categoryRanks {
            ranks = known
        } else {
            let all = PluralCategory.allCases
            let sorted = order.indices(count: all.count) { all[$0].rawValue } ?? Array(all.indices)
            var made = [Int](repeating: 0, count: all.count)
            for (rank, index) in sorted.enumerated() { made[all[index].ordinal] = rank }
            categoryRanks = made
            ranks = made
        }
        var inOrder = true
        var previous = -1
        for index in 0..<count {
            let rank = ranks[category(index).ordinal]
            if rank < previous { inOrder = false; break }
            previous = rank
        }
        if inOrder { return nil }
        return (0..<count).sorted { ranks[category($0).ordinal] < ranks[category($1).ordinal] }
    }

    /// ``CatalogConverter/substitutionPositions(in:)`` of the format `bytes`, the last answer
    /// kept for the next localization of the same format.
    private mutating func substitutionPositions(of bytes: UnsafeBufferPointer<UInt8>) -> [String: Int] {
        if let last = lastPositions, last.format.withUnsafeBufferPointer({ $0.hasSameBytes(as: bytes) }) { return last.positions }
        let positions = CatalogConverter.substitutionPositions(in: String(decoding: bytes, as: UTF8.self))
        lastPositions = (Array(bytes), positions)
        return positions
    }

    /// A plural category's name, as written.
    private static func name(of category: PluralCategory) -> StaticString {
        switch category {
        case .zero: "zero"
        case .one: "one"
        case .two: "two"
        case .few: "few"
        case .many: "many"
        case .other: "other"
        }
    }

    /// Starts member `name` of an object at `indent`: the object's `{` before its first
    /// member, a comma before the others.
    private mutating func member(_ name: String, _ first: inout Bool, _ indent: Int) {
        if first { raw("{\n") } else { raw(",\n") }
        first = false
        pad(indent + 1)
        JSONWriter.appendString(name, escaping: .minimal, into: &bytes)
        raw(" : ")
    }

    /// ``member(_:_:_:)`` for a name the model knows, which needs no escaping: its quoted
    /// bytes are written at once.
    private mutating func member(known name: StaticString, _ first: inout Bool, _ indent: Int) {
        let opening: StaticString = first ? "{\n" : ",\n"
        first = false
        let spaces = 2 * (indent + 1)
        // The five pieces written as one: this is written for every member of the catalog.
        let length = name.utf8CodeUnitCount
        bytes.append(count: 2 + spaces + 1 + length + 4) { at in
            ByteOutput.copy(opening.utf8Start, 2, to: at)
            Self.putSpaces(spaces, at: at + 2)
            at[2 + spaces] = UInt8(ascii: "\"")
            ByteOutput.copy(name.utf8Start, length, to: at + 3 + spaces)
            ByteOutput.copy(Self.nameEnd.utf8Start, 4, to: at + 3 + spaces + length)
        }
    }

    /// What follows a member's name.
    private static let nameEnd: StaticString = "\" : "

    private mutating func string(_ text: String, member name: StaticString, _ first: inout Bool, _ indent: Int) {
        member(known: name, &first, indent)
        JSONWriter.appendString(text, escaping: .minimal, into: &bytes)
    }

    private mutating func number(_ number: Int, member name: StaticString, _ first: inout Bool, _ indent: Int) {
        member(known: name, &first, indent)
        var digits = String(number)
        digits.withUTF8 { bytes.append($0) }
    }

    private mutating func bool(_ flag: Bool, member name: StaticString, _ first: inout Bool, _ indent: Int) {
        member(known: name, &first, indent)
        if flag { raw("true") } else { raw("false") }
    }

    /// Ends an object at `indent` (`{`, an empty line and `}` when it had no member).
    private mutating func close(_ first: Bool, _ indent: Int) {
        let opening: StaticString = first ? "{\n\n" : "\n"
        let spaces = 2 * indent
        let length = opening.utf8CodeUnitCount
        bytes.append(count: length + spaces + 1) { at in
            ByteOutput.copy(opening.utf8Start, length, to: at)
            Self.putSpaces(spaces, at: at + length)
            at[length + spaces] = UInt8(ascii: "}")
        }
    }
}

/// An entry of a catalog converted from flat `.lproj` tables, as `convert` writes it without
/// making its model: its comment and its localizations, each a `.strings` text where its table
/// holds it, a `.stringsdict` value's encoded parts, or a converted value.
struct ConvertedFlatEntry {
    enum Localization {
        /// The text of a `.strings` table's record: a `translated` string unit.
        case text(FlatRecords, record: Int)
        /// A converted value (of a `.stringsdict`).
        case value(LocalizedValue)
        /// A `.stringsdict` value the table holds encoded, by its parts: written converted,
        /// without making the value.
        case encoded(FlatRecords, StringsTable.EncodedParts)
    }

    var comment: String?
    var localizations: [(code: String, value: Localization)]
}
