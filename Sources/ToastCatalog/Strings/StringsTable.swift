#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `.strings` file's entries for its locale, kept flat: keys, values and comments decoded
/// back to back into one byte buffer, one record of ranges per key in file order, and an
/// open-addressing index of the keys.
///
/// Reading a file into this makes no `String`, dictionary or ``CatalogEntry`` per key; they
/// are made when asked for (``StringCatalog/entry(forKey:)``, or all at once when
/// ``StringCatalog/entries`` is first read). A 640 kB file of 6,000 keys is one buffer of about
/// its size, 6,000 records of 24 bytes and 16,384 four-byte slots (and 8 bytes a record more
/// when the reader notes where each key is, ``positions``).
///
/// Keys are equal as Swift's strings are (canonical equivalence), so that the table and the
/// dictionary made from it agree on which keys repeat: a key of ASCII bytes is indexed by its
/// bytes; a key whose only other characters are the three singletons canonically equivalent to
/// ASCII (U+212A KELVIN SIGN, U+037E GREEK QUESTION MARK, U+1FEF GREEK VARIA) by the bytes of
/// its ASCII form; any other key through a `String` dictionary beside the index.
///
/// A `.stringsdict` file's entries are kept the same way (``Values/stringsdict``): each value
/// is its localization encoded into the text (``appendEncoded(_:)``), made again when asked for;
/// read for its states alone (``Values/states``), its keys are kept with no value.
struct StringsTable: Sendable {
    /// What the values of a table are.
    enum Values: Sendable {
        /// A `.strings` file's texts, each an untranslated-state string unit.
        case texts
        /// A `.stringsdict` file's localizations, encoded (``StringsTable/appendEncoded(_:)``).
        case stringsdict
        /// A `.stringsdict` file read for its states (``CatalogDetail/states``): no value is
        /// kept, each is the translated state's (the format has no states), as that read
        /// keeps an entry.
        case states
    }

    /// The locale code of the file's `.lproj` folder.
    let locale: String
    /// What the values are.
    let values: Values
    /// The decoded keys, values and comments (all valid UTF-8), and encoded `.stringsdict`
    /// values.
    var text: [UInt8] = []
    /// The `.stringsdict` values whose shape the encoding does not hold, as they were read
    /// (an encoded value names its index here).
    var keptValues: [LocalizedValue] = []
    /// One record per key, in the order keys first appear.
    private(set) var records: [Record] = []
    /// Entries whose key is canonically equal to a record's but spelled with other bytes
    /// (`café` as U+0065 U+0301 after U+00E9), in file order: separate keys to Apple's runtime,
    /// kept so that a writer loses none, but not indexed (a lookup finds the first spelling).
    private(set) var respelled: [Record] = []
    /// ``respelled`` by the bytes of its keys, so that thousands of second spellings are found
    /// in constant time each (a list search was quadratic: 20,000 took 136 s).
    private var respelledByBytes: [[UInt8]: Int] = [:]
    /// Record indexes by hash of the key's ASCII form; -1 is an empty slot. A power of two
    /// long, at most half full.
    private var slots: [Int32]
    /// Records of keys with characters other than ASCII and its three equivalents.
    private var others: [String: Int32] = [:]
    /// The ASCII form of the indexed keys that are not ASCII themselves (rare).
    private var asciiForms: [Int32: [UInt8]] = [:]
    /// Where each record's key was last written in the file (``KeyPosition``), when the
    /// reader was asked to note it: the last entry whose key is canonically equal to the
    /// record's, a repeated key or another spelling of it included (``add(key:keyIsASCII:value:comment:position:)``).
    /// `nil` when not noted.
    private(set) var positions: [KeyPosition]?

    /// Where one key's text is in ``text``: offsets of 32 bits (a table's text is refused
    /// beyond 4 GiB, ``maximumTextSize``), 24 bytes a key.
    struct Record: Sendable {
        private var keyStart, keyEnd, valueStart, valueEnd, commentStart, commentEnd: UInt32

        init(key: Range<Int>, value: Range<Int>, comment: Range<Int>?) {
            keyStart = UInt32(key.lowerBound)
            keyEnd = UInt32(key.upperBound)
            valueStart = UInt32(value.lowerBound)
            valueEnd = UInt32(value.upperBound)
            (commentStart, commentEnd) = comment.map { (UInt32($0.lowerBound), UInt32($0.upperBound)) } ?? (.max, .max)
        }

        var key: Range<Int> { Int(keyStart)..<Int(keyEnd) }

        var value: Range<Int> {
            get { Int(valueStart)..<Int(valueEnd) }
            set { (valueStart, valueEnd) = (UInt32(newValue.lowerBound), UInt32(newValue.upperBound)) }
        }

        /// `nil` when the entry had no comment.
        var comment: Range<Int>? {
            get { commentStart == .max ? nil : Int(commentStart)..<Int(commentEnd) }
            set { (commentStart, commentEnd) = newValue.map { (UInt32($0.lowerBound), UInt32($0.upperBound)) } ?? (.max, .max) }
        }
    }

    /// The most text a table holds (its records' offsets are 32 bits).
    static let maximumTextSize = Int(UInt32.max - 1)

    /// A table with room for about `expected` keys before its index grows.
    /// With `notesPositions`, ``positions`` holds where each record's key is in the file (then
    /// each entry is added with its position).
    init(locale: String, expected: Int, textCapacity: Int = 0, values: Values = .texts, notesPositions: Bool = false) {
        self.locale = locale
        self.values = values
        if notesPositions {
            positions = []
            positions!.reserveCapacity(expected)
        }
        var size = 16
        while size < 2 * expected { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
        records.reserveCapacity(expected)
        text.reserveCapacity(textCapacity)
    }

    /// The number of keys.
    var count: Int { records.count }

    /// Gives back the room ``text`` was given beyond its size (reserved for the whole file, or
    /// doubled as it grew), once the table is complete: a table is kept as long as its
    /// catalog, and forty of them held megabytes of room never used.
    mutating func fitText() {
        guard text.capacity - text.count > text.count / 16 else { return }
        let fitted = text.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: source.count) { buffer, initialized in
                if let from = source.baseAddress { buffer.baseAddress!.initialize(from: from, count: source.count) }
                initialized = source.count
            }
        }
        text = fitted
    }

    /// Whether every key is ASCII (then no two are canonically equal but spelled otherwise).
    var keysAreASCII: Bool { others.isEmpty && asciiForms.isEmpty && respelled.isEmpty }

    /// Appends `bytes` to the text; returns their range.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = text.count
        text.append(contentsOf: bytes)
        return start..<text.count
    }

    /// What ``add(key:keyIsASCII:value:comment:)`` did with an entry.
    enum Added {
        /// The key is new.
        case new
        /// The key (the same bytes) was there: the new value replaced `earlierValue`, and the
        /// new comment, if any, the old one; the key kept its place.
        case repeated(earlierValue: Range<Int>)
        /// The key is canonically equal to the record of `firstKey` but spelled otherwise: kept
        /// as its own entry in ``respelled``.
        case respelled(firstKey: Range<Int>)
    }

    /// Adds the entry whose key and value are at `key` and `value` in ``text``, written at
    /// `position` in the file (noted in ``positions`` when the table notes them; the entries
    /// must then come in file order, each with its position).
    mutating func add(key: Range<Int>, keyIsASCII: Bool, value: Range<Int>, comment: Range<Int>?,
                      position: KeyPosition? = nil) -> Added {
        let index = Int32(records.count)
        let form = keyIsASCII ? nil : text.withUnsafeBufferPointer { Self.asciiForm(of: UnsafeBufferPointer(rebasing: $0[key])) }
        var earlier: Int32?
        if !keyIsASCII, form == nil {
            let name = string(key)
            earlier = others[name]
            if earlier == nil { others[name] = index }
        } else {
            if 2 * (records.count + 1) > slots.count { grow() }
            let found: (record: Int32?, slot: Int) = if let form {
                form.withUnsafeBufferPointer { probe($0) }
            } else {
                text.withUnsafeBufferPointer { probe(UnsafeBufferPointer(rebasing: $0[key])) }
            }
            earlier = found.record
            if earlier == nil {
                slots[found.slot] = index
                if let form { asciiForms[index] = form }
            }
        }
        if let earlier {
            // A later entry of a key canonically equal to the record's: where the key was last
            // written, as a reader of the file that keeps the last entry of a key finds it.
            if positions != nil, let position { positions![Int(earlier)] = position }
            return repeatOrRespell(Int(earlier), key: key, value: value, comment: comment)
        }
        records.append(Record(key: key, value: value, comment: comment))
        if positions != nil { positions!.append(position ?? KeyPosition(line: 1, column: 1)) }
        return .new
    }

    /// A key canonically equal to record `first`'s: the same bytes replace that record's value
    /// (or an earlier entry of the same other spelling's); other bytes are a new spelling.
    private mutating func repeatOrRespell(_ first: Int, key: Range<Int>, value: Range<Int>, comment: Range<Int>?) -> Added {
        if sameBytes(records[first].key, key) { return .repeated(earlierValue: replace(&records[first], value: value, comment: comment)) }
        let spelling = Array(text[key])
        if let other = respelledByBytes[spelling] {
            return .repeated(earlierValue: replace(&respelled[other], value: value, comment: comment))
        }
        respelledByBytes[spelling] = respelled.count
        respelled.append(Record(key: key, value: value, comment: comment))
        return .respelled(firstKey: records[first].key)
    }

    private func replace(_ record: inout Record, value: Range<Int>, comment: Range<Int>?) -> Range<Int> {
        let earlier = record.value
        record.value = value
        if let comment { record.comment = comment }
        return earlier
    }

    /// Whether the texts at two ranges are the same bytes (the same spelling).
    func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        text.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[a]).hasSameBytes(as: UnsafeBufferPointer(rebasing: $0[b])) }
    }

    /// Whether the key of record `index` is spelled with the same bytes as the key of
    /// `other`'s record `otherIndex`.
    func keyBytes(at index: Int, equalKeyAt otherIndex: Int, of other: StringsTable) -> Bool {
        let mine = records[index].key, theirs = other.records[otherIndex].key
        guard mine.count == theirs.count else { return false }
        return text.withUnsafeBufferPointer { text in
            other.text.withUnsafeBufferPointer { otherText in
                CodePointOrder.compare(UnsafeBufferPointer(rebasing: text[mine]), UnsafeBufferPointer(rebasing: otherText[theirs])) == 0
            }
        }
    }

    /// Whether record `index`'s key has exactly the bytes of `key` (not only its characters).
    func key(at index: Int, isSpelled key: String) -> Bool {
        let range = records[index].key
        var key = key
        return key.withUTF8 { bytes in
            bytes.count == range.count
                && text.withUnsafeBufferPointer { CodePointOrder.compare(UnsafeBufferPointer(rebasing: $0[range]), bytes) == 0 }
        }
    }

    /// The record of `key`, if the table has it.
    func record(forKey key: String) -> Int? {
        record(for: KeyProbe(key))
    }

    /// How a key is looked up in any table, worked out once for a key looked up in many (the
    /// files of an `.lproj` tree): whether its bytes or their ASCII form are indexed, and
    /// their hash (every table hashes alike), or whether it is one of the other keys.
    struct KeyProbe {
        enum Form {
            /// ASCII: the key's own bytes are indexed.
            case ascii
            /// Its ASCII form is indexed (U+212A, U+037E or U+1FEF beside ASCII).
            case asciiForm([UInt8])
            /// Another key: found in the dictionary beside the index.
            case other
        }

        /// The key looked up.
        let key: String
        /// How it is looked up.
        let form: Form
        /// The hash of its indexed bytes (0 for ``Form/other``).
        let hash: Int

        /// The lookup of `key`.
        init(_ key: String) {
            var bytes = key
            (form, hash) = bytes.withUTF8 { bytes -> (Form, Int) in
                let form = Self.form(of: bytes)
                switch form {
                case .ascii: return (form, StringsTable.hash(bytes))
                case .asciiForm(let ascii): return (form, ascii.withUnsafeBufferPointer(StringsTable.hash))
                case .other: return (form, 0)
                }
            }
            self.key = key
        }

        /// How a key of these bytes is looked up.
        static func form(of bytes: UnsafeBufferPointer<UInt8>) -> Form {
            if bytes.allSatisfy({ $0 < 0x80 }) { return .ascii }
            if let form = StringsTable.asciiForm(of: bytes) { return .asciiForm(form) }
            return .other
        }
    }

    /// The record of `probe`'s key, if the table has it.
    func record(for probe: KeyProbe) -> Int? {
        switch probe.form {
        case .ascii:
            var key = probe.key
            return key.withUTF8 { self.probe($0, hash: probe.hash).record.map(Int.init) }
        case .asciiForm(let form):
            return form.withUnsafeBufferPointer { self.probe($0, hash: probe.hash).record.map(Int.init) }
        case .other:
            return others[probe.key].map(Int.init)
        }
    }

    /// The record whose key equals (as Swift's strings are) the key of `other`'s record
    /// `index`: ``record(forKey:)`` of that key (looked up as ``KeyProbe`` looks it up), by its
    /// bytes where they are held, so that no `String` is made unless the key is one of the
    /// other keys (beyond ASCII and its three equivalents).
    func record(forKeyAt index: Int, of other: StringsTable) -> Int? {
        let range = other.records[index].key
        return other.text.withUnsafeBufferPointer { otherText -> Int? in
            let bytes = UnsafeBufferPointer(rebasing: otherText[range])
            switch KeyProbe.form(of: bytes) {
            case .ascii: return probe(bytes).record.map(Int.init)
            case .asciiForm(let form): return form.withUnsafeBufferPointer { probe($0).record.map(Int.init) }
            case .other: return others[String(decoding: bytes, as: UTF8.self)].map(Int.init)
            }
        }
    }

    /// The string at `range` of ``text``.
    func string(_ range: Range<Int>) -> String {
        text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Whether the texts at two ranges are equal as Swift's strings are (their bytes first).
    func sameText(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        let bytesEqual = text.withUnsafeBufferPointer {
            UnsafeBufferPointer(rebasing: $0[a]).hasSameBytes(as: UnsafeBufferPointer(rebasing: $0[b]))
        }
        return bytesEqual || string(a) == string(b)
    }

    /// The key of record `index`.
    func key(at index: Int) -> String { string(records[index].key) }

    /// The value of record `index`, as a catalog holds it: a string unit with no state (a
    /// `.strings` file's text), a `.stringsdict` file's localization as its reader made it, or
    /// (read for its states) the translated state's unit.
    func value(at index: Int) -> LocalizedValue { value(of: records[index]) }

    /// The entry of record `index`: its comment and its one localization.
    func entry(at index: Int) -> CatalogEntry { entry(of: records[index]) }

    /// Where record `index`'s value is in ``text``.
    func valueRange(at index: Int) -> Range<Int> { records[index].value }

    /// Calls `body` with the bytes of record `index`'s text (``Values/texts``: the decoded
    /// `.strings` value, valid UTF-8), where the table holds them.
    func withValueBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let range = records[index].value
        return text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Calls `body` with each record's number and the bytes of its key and comment, in order;
    /// the buffers are valid only during the call.
    func forEachRecordBytes(_ body: (_ key: UnsafeBufferPointer<UInt8>, _ record: Int, _ comment: UnsafeBufferPointer<UInt8>?) -> Void) {
        text.withUnsafeBufferPointer { text in
            for (index, record) in records.enumerated() {
                body(UnsafeBufferPointer(rebasing: text[record.key]), index, record.comment.map { UnsafeBufferPointer(rebasing: text[$0]) })
            }
        }
    }

    /// The comment of record `index`.
    func comment(at index: Int) -> String? {
        // Not `.map(string)`: a method taken as a function holds a copy of the table (a retain
        // and release of each of its parts, at every call).
        guard let range = records[index].comment else { return nil }
        return string(range)
    }

    private func value(of record: Record) -> LocalizedValue {
        switch values {
        case .texts: LocalizedValue(unit: StringUnit(state: nil, value: string(record.value)))
        case .stringsdict: decodedValue(at: record.value)
        case .states: CatalogDetail.value(for: .translated)
        }
    }

    private func entry(of record: Record) -> CatalogEntry {
        CatalogEntry(comment: record.comment.map { string($0) }, localizations: [locale: value(of: record)])
    }

    /// Every entry under its key as the file spells it: the records in order, each followed by
    /// the entries of its other spellings (``respelled``).
    func spelledEntries() -> [SpelledEntry] {
        let all = (respelled.isEmpty ? records : records + respelled).map { SpelledEntry(key: string($0.key), entry: entry(of: $0)) }
        return respelled.isEmpty ? all : SpelledEntry.grouped(all)
    }

    /// The index's slot for `key` (bytes of an ASCII form) and the record there, if any.
    private func probe(_ key: UnsafeBufferPointer<UInt8>, hash: Int? = nil) -> (record: Int32?, slot: Int) {
        let mask = slots.count - 1
        var slot = (hash ?? Self.hash(key)) & mask
        return text.withUnsafeBufferPointer { text in
            while true {
                let record = slots[slot]
                if record < 0 { return (nil, slot) }
                if isIndexed(Int(record), by: key, in: text) { return (record, slot) }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Whether record `index` is indexed by `key`: its key's bytes, or their ASCII form.
    private func isIndexed(_ index: Int, by key: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        if !asciiForms.isEmpty, let form = asciiForms[Int32(index)] { return form.withUnsafeBufferPointer { $0.hasSameBytes(as: key) } }
        let range = records[index].key
        guard range.count == key.count else { return false }
        return range.isEmpty || memcmp(text.baseAddress! + range.lowerBound, key.baseAddress!, range.count) == 0
    }

    /// The hash of record `index`'s indexed bytes.
    private func indexHash(of index: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        if !asciiForms.isEmpty, let form = asciiForms[Int32(index)] { return form.withUnsafeBufferPointer(Self.hash) }
        return Self.hash(UnsafeBufferPointer(rebasing: text[records[index].key]))
    }

    /// Doubles the index.
    private mutating func grow() {
        var bigger = [Int32](repeating: -1, count: slots.count * 2)
        let mask = bigger.count - 1
        text.withUnsafeBufferPointer { text in
            for record in slots where record >= 0 {
                var slot = indexHash(of: Int(record), in: text) & mask
                while bigger[slot] >= 0 { slot = (slot + 1) & mask }
                bigger[slot] = record
            }
        }
        slots = bigger
    }

    /// The bytes with U+212A, U+037E and U+1FEF replaced by their ASCII equivalents, when those
    /// are the only characters beyond ASCII; else nil. A first pass decides without allocating
    /// (a key with other characters, the usual case here, costs no array).
    static func asciiForm(of bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var i = 0
        while i < bytes.count {
            guard let (_, length) = asciiEquivalent(in: bytes, at: i) else { return nil }
            i += length
        }
        var form: [UInt8] = []
        form.reserveCapacity(bytes.count)
        i = 0
        while i < bytes.count, let (byte, length) = asciiEquivalent(in: bytes, at: i) {
            form.append(byte)
            i += length
        }
        return form
    }

    /// The ASCII byte the character at `i` is (or is canonically equivalent to) and the
    /// character's length in bytes; nil for any other character.
    @inline(__always) private static func asciiEquivalent(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (byte: UInt8, length: Int)? {
        let byte = bytes[i]
        if byte < 0x80 { return (byte, 1) }
        if byte == 0xCD, i + 1 < bytes.count, bytes[i + 1] == 0xBE { return (UInt8(ascii: ";"), 2) }  // U+037E
        guard i + 2 < bytes.count else { return nil }
        if byte == 0xE2, bytes[i + 1] == 0x84, bytes[i + 2] == 0xAA { return (UInt8(ascii: "K"), 3) }  // U+212A
        if byte == 0xE1, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xAF { return (UInt8(ascii: "`"), 3) }  // U+1FEF
        return nil
    }

    @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }
}

/// The `.strings` table's key forms, for tests.
package enum StringsKeyForm {
    /// The ASCII string `text` is canonically equivalent to, as the table indexes it, when its
    /// only characters beyond ASCII are U+212A, U+037E and U+1FEF; else nil.
    package static func asciiEquivalent(of text: String) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { StringsTable.asciiForm(of: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }
}
