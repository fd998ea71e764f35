import ToastCatalog
/// The structure of a String Catalog that the typed reader does not keep: its top-level
/// member names, where each entry starts, and members repeated within one object (JSON
/// decoders keep the last silently). One pass of the byte scanner, no tree.
struct XCStringsOutline {
    struct Duplicate {
        var entry: String
        var member: String
        var location: SourceLocation
        var within: String
    }

    var topLevelMembers: [String] = []
    var entryPositions: [String: JSONScanner.Position] = [:]
    /// Where each locale member of an entry starts, by entry, when the reader handed them on.
    var localizationPositions: [String: [(code: String, position: JSONScanner.Position)]] = [:]
    var duplicates: [Duplicate] = []

    private init() {}

    /// The outline of a file whose reader saw no repeated member (``XCStringsReadNotes``):
    /// where the entries that need locating start, and their locale members, as the reader
    /// found them.
    init(entryPositions: [String: JSONScanner.Position],
         localizationPositions: [String: [(code: String, position: JSONScanner.Position)]] = [:]) {
        self.entryPositions = entryPositions
        self.localizationPositions = localizationPositions
        topLevelMembers = ["strings"]
    }

    /// Scans a file the String Catalog reader accepted (its bytes, held or mapped); `nil` if it
    /// does not scan.
    init?(bytes buffer: UnsafeBufferPointer<UInt8>, file: String) {
        var outline = XCStringsOutline()
        let ok = { () -> Bool in
            var scanner = JSONScanner(bytes: buffer, file: file)
            // The member names of the objects being scanned, innermost last: one array for the
            // whole file instead of one per object.
            var names: [JSONScanner.Key] = []
            names.reserveCapacity(64)
            do {
                try scanner.skipByteOrderMark()
                scanner.skipWhitespace()
                try scanner.rawMembers { (scanner: inout JSONScanner, key: JSONScanner.Key, position: JSONScanner.Position) throws(CatalogError) in
                    let name = key.string(in: scanner.bytes)
                    if outline.topLevelMembers.contains(name) {
                        outline.duplicates.append(Duplicate(entry: "", member: name, location: scanner.sourceLocation(position), within: "the top level"))
                    }
                    outline.topLevelMembers.append(name)
                    if name == "strings", scanner.current == UInt8(ascii: "{") {
                        var seen = Set<String>()
                        try scanner.rawMembers { (scanner: inout JSONScanner, key: JSONScanner.Key, position: JSONScanner.Position) throws(CatalogError) in
                            let entry = key.string(in: scanner.bytes)
                            // A differently spelled, canonically equal name is the reader's
                            // `key-normalization` warning, not a repeated member.
                            let (inserted, kept) = seen.insert(entry)
                            if !inserted && kept.hasSameScalars(as: entry) {
                                outline.duplicates.append(Duplicate(entry: entry, member: entry, location: scanner.sourceLocation(position), within: "\"strings\""))
                            }
                            outline.entryPositions[entry] = position
                            try Self.skip(&scanner, entry: entry, within: nil, into: &outline.duplicates, names: &names)
                        }
                    } else {
                        try Self.skip(&scanner, entry: "", within: key, into: &outline.duplicates, names: &names)
                    }
                }
                return true
            } catch {
                return false
            }
        }()
        guard ok else { return nil }
        self = outline
    }

    /// Skips one value, noting repeated member names in its objects. `within` names the
    /// enclosing member for messages (`nil`: the entry itself); it is spelled out only when a
    /// duplicate is found. `names` holds the names of the enclosing objects' members; an
    /// object's own are added after them and removed when it ends.
    static func skip(_ scanner: inout JSONScanner, entry: String, within: JSONScanner.Key?, into duplicates: inout [Duplicate],
                     names: inout [JSONScanner.Key]) throws(CatalogError) {
        scanner.skipWhitespace()
        guard let byte = scanner.current else { throw scanner.error("expected a value") }
        switch byte {
        case UInt8(ascii: "{"):
            let base = names.count
            try scanner.rawMembers { (scanner: inout JSONScanner, key: JSONScanner.Key, position: JSONScanner.Position) throws(CatalogError) in
                let bytes = scanner.bytes
                if names[base...].contains(where: { same($0, key, bytes) }) {
                    let place = within.map { "\"\($0.string(in: bytes))\"" } ?? "the entry"
                    duplicates.append(Duplicate(entry: entry, member: key.string(in: bytes), location: scanner.sourceLocation(position), within: place))
                }
                names.append(key)
                try skip(&scanner, entry: entry, within: key, into: &duplicates, names: &names)
            }
            names.removeSubrange(base...)
        case UInt8(ascii: "["):
            scanner.index += 1
            scanner.skipWhitespace()
            if scanner.current == UInt8(ascii: "]") { scanner.index += 1; return }
            while true {
                try skip(&scanner, entry: entry, within: within, into: &duplicates, names: &names)
                scanner.skipWhitespace()
                guard let next = scanner.current else { throw scanner.error("expected ',' or ']'") }
                scanner.index += 1
                if next == UInt8(ascii: "]") { return }
            }
        default:
            // A string, number or literal.
            try scanner.skipValue()
        }
    }

    static func same(_ a: JSONScanner.Key, _ b: JSONScanner.Key, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.wasDecoded || b.wasDecoded { return a.string(in: bytes) == b.string(in: bytes) }
        guard a.end - a.start == b.end - b.start else { return false }
        var i = 0
        while i < a.end - a.start { if bytes[a.start + i] != bytes[b.start + i] { return false }; i += 1 }
        return true
    }

    /// The members of the large objects met while locating (an entry with thousands of
    /// substitutions): each such object is read once, then its members are found by name.
    /// Without it, locating a finding in each of N members read N members: quadratic
    /// (8,000 substitutions: 36 s). One per part of the findings located.
    struct MemberCache {
        /// Objects with more members than this, or whose members found so far span more bytes
        /// than ``spanThreshold`` (a member before the one looked for holds thousands), are
        /// indexed.
        static let threshold = 32
        static let spanThreshold = 16384
        struct Member {
            var position: JSONScanner.Position
            var valueOffset: Int
            var valueLine: Int
            var valueLineStart: Int
        }
        /// The file of ``objects``.
        var file = ""
        /// The entry located last: its key, where it starts and where its locale members
        /// start (as the reader noted them).
        var entry: (key: String, position: JSONScanner.Position?, locales: [(code: String, position: JSONScanner.Position)])?
        /// By the offset of the object's `{`.
        var objects: [Int: [String: Member]] = [:]
    }

    /// The steps of a leaf's path (`plural.one` → `plural`, `one`): split at its `.` bytes
    /// when it is ASCII (as splitting the characters would), else at its `.` characters.
    static func steps(of path: String) -> [String] {
        var steps: [String] = []
        Self.steps(of: path, into: &steps)
        return steps
    }

    /// ``steps(of:)`` into `steps` (emptied first, its room kept): a walk keeps one array for
    /// all its findings, where making one a finding took an allocation each.
    static func steps(of path: String, into steps: inout [String]) {
        steps.removeAll(keepingCapacity: true)
        if path.isEmpty { return }
        // ASCII: each run between `.` bytes made from its bytes, as `split` would cut it (no
        // empty step); the generic split of the UTF-8 view took 2,600 instructions a path.
        let ascii = path.withUTF8Bytes { bytes -> Bool in
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 { return false }
                guard byte == UInt8(ascii: ".") else { continue }
                if index > start { steps.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            if bytes.count > start { steps.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
            return true
        }
        if !ascii {
            steps.removeAll(keepingCapacity: true)
            steps.append(contentsOf: path.split(separator: ".").map(String.init))
        }
    }

    /// Reads the members of the object `probe` stands at, in order, until `visit` returns
    /// false: each member's name (as read: ``JSONScanner/Key``), where it stands and where its
    /// value starts, and how many bytes of the object were read before it; then puts `probe`
    /// back where it stood. False when the object does not scan. The scanner is moved and put
    /// back rather than copied: a copy retains each of its parts, for every step of every
    /// finding located.
    static func forEachMember(of probe: inout JSONScanner, _ visit: (JSONScanner.Key, MemberCache.Member, Int) -> Bool) -> Bool {
        let start = (index: probe.index, line: probe.line, lineStart: probe.lineStart, depth: probe.depth)
        defer { (probe.index, probe.line, probe.lineStart, probe.depth) = start }
        do {
            guard try probe.openObject() else { return false }
            while true {
                probe.skipWhitespace()
                let position = JSONScanner.Position(offset: probe.index, line: probe.line, lineStart: probe.lineStart)
                let key = try probe.key()
                try probe.expect(UInt8(ascii: ":"), "")
                probe.skipWhitespace()
                let member = MemberCache.Member(position: position, valueOffset: probe.index, valueLine: probe.line,
                                                valueLineStart: probe.lineStart)
                if !visit(key, member, position.offset - start.index) { return true }
                try probe.skipValue()
                probe.skipWhitespace()
                guard let next = probe.current, next == UInt8(ascii: ",") || next == UInt8(ascii: "}") else { return false }
                probe.index += 1
                if next == UInt8(ascii: "}") { return true }
            }
        } catch {
            return false
        }
    }

    /// Where the leaf (`locale`, `path`) of `entry` stands: the `value` member of its string
    /// unit, or the deepest member of the path that exists (the entry itself at worst). The
    /// entry is walked, not built: only the objects on the path are read member by member,
    /// the rest is stepped over (a catalog with many findings is located in one pass each);
    /// large objects are indexed once in `cache`. `columns` indexes `bytes`, so that a column
    /// costs the same on a one-line file. `walk` is kept by the caller from one finding to the
    /// next (each part of the findings located has its own), and made here when there is none
    /// or it reads other bytes (another file's, or these held elsewhere): making one a finding,
    /// its scanner and all, was about 900 instructions.
    func location(entry: String, locale: String, path: String, bytes buffer: UnsafeBufferPointer<UInt8>, columns: ScalarColumnIndex,
                  file: String, cache: inout MemberCache, walk: inout Walk?) -> SourceLocation {
        if cache.file != file { cache = MemberCache(file: file) }
        // The entry's places, looked up once for each run of its findings (an entry's findings
        // come together): by key, they were two hashes of it and a search of its locales for
        // every finding.
        if cache.entry?.key != entry {
            cache.entry = (entry, entryPositions[entry], localizationPositions[entry] ?? [])
        }
        guard let position = cache.entry!.position else { return SourceLocation(file: file, line: 1, column: 1) }
        if walk == nil || walk!.scanner.bytes.baseAddress != buffer.baseAddress || walk!.scanner.bytes.count != buffer.count
            || walk!.scanner.file != file {
            walk = Walk(scanner: JSONScanner(bytes: buffer, file: file), best: position, firstWins: duplicates.isEmpty)
        }
        // The locale's member where the reader saw it (the file repeats no member, so it is
        // the one a walk finds): the entry's other locales are not read again.
        let known = locale.isEmpty ? nil : cache.entry!.locales.first(where: { $0.code == locale })?.position
        return walk!.locate(from: position, firstWins: duplicates.isEmpty, locale: locale, knownLocale: known, path: path,
                            columns: columns, cache: &cache)
    }

    /// A walk down one entry towards a leaf: the scanner where it stands and where the deepest
    /// member found so far stands (made a location once, at the end of the walk). Its steps are
    /// methods on it, not closures over the scanner, which would box it and copy it at each step.
    /// Each part of the findings located keeps one, which walks the part's findings in turn.
    struct Walk {
        var scanner: JSONScanner
        var best: JSONScanner.Position
        var firstWins: Bool
        /// The steps of the path being walked (``XCStringsOutline/steps(of:into:)``).
        var steps: [String] = []

        /// Walks from the entry at `position` (its name) to the leaf (`locale`, `path`), from the
        /// locale's member at `knownLocale` when the reader noted it; where the deepest member
        /// found stands.
        mutating func locate(from position: JSONScanner.Position, firstWins: Bool, locale: String, knownLocale: JSONScanner.Position?,
                             path: String, columns: ScalarColumnIndex, cache: inout MemberCache) -> SourceLocation {
            self.firstWins = firstWins
            best = position
            scanner.index = position.offset
            scanner.line = position.line
            scanner.lineStart = position.lineStart
            scanner.depth = 0
            guard (try? scanner.key()) != nil, (try? scanner.expect(UInt8(ascii: ":"), "")) != nil else {
                return scanner.sourceLocation(position, columns: columns)
            }
            scanner.skipWhitespace()
            // Without repeated members (none in the outline), the first member of a name is the
            // only one; otherwise the last one counts, as JSON readers keep the last.
            guard !locale.isEmpty else { return location(columns) }
            if let known = knownLocale {
                scanner.index = known.offset
                scanner.line = known.line
                scanner.lineStart = known.lineStart
                guard (try? scanner.key()) != nil, (try? scanner.expect(UInt8(ascii: ":"), "")) != nil else { return location(columns) }
                scanner.skipWhitespace()
                best = known
            } else {
                guard member("localizations", &cache), member(locale, &cache) else { return location(columns) }
            }
            XCStringsOutline.steps(of: path, into: &steps)
            var i = 0
            while i < steps.count {
                switch steps[i] {
                case "plural" where i + 1 < steps.count:
                    guard member("variations", &cache), member("plural", &cache), member(steps[i + 1], &cache) else { return location(columns) }
                    i += 2
                case "device" where i + 1 < steps.count:
                    guard member("variations", &cache), member("device", &cache), member(steps[i + 1], &cache) else { return location(columns) }
                    i += 2
                case "substitutions" where i + 3 < steps.count:
                    guard member("substitutions", &cache), member(steps[i + 1], &cache), member("variations", &cache),
                          member(steps[i + 2], &cache), member(steps[i + 3], &cache) else { return location(columns) }
                    i += 4
                case "substitutions" where i + 1 < steps.count:
                    guard member("substitutions", &cache), member(steps[i + 1], &cache) else { return location(columns) }
                    i += 2
                default:
                    i = steps.count
                }
            }
            _ = member("stringUnit", &cache) && member("value", &cache)
            return location(columns)
        }

        /// Where the deepest member found stands, its column counted through `columns`.
        func location(_ columns: ScalarColumnIndex) -> SourceLocation {
            scanner.sourceLocation(best, columns: columns)
        }

        mutating func moveTo(_ found: MemberCache.Member) {
            best = found.position
            scanner.index = found.valueOffset
            scanner.line = found.valueLine
            scanner.lineStart = found.valueLineStart
        }

        /// Reads every member of the object the scanner is at into the cache.
        mutating func index(_ object: Int, _ cache: inout MemberCache) -> [String: MemberCache.Member]? {
            var members: [String: MemberCache.Member] = [:]
            let bytes = scanner.bytes
            let firstWins = firstWins
            let scanned = XCStringsOutline.forEachMember(of: &scanner) { key, member, _ in
                let name = key.string(in: bytes)
                if !firstWins || members[name] == nil { members[name] = member }
                return true
            }
            guard scanned else { return nil }
            cache.objects[object] = members
            return members
        }

        /// Moves the scanner to the value of the member `name` of the object it is at, noting
        /// where that member stands.
        mutating func member(_ name: String, _ cache: inout MemberCache) -> Bool {
            guard scanner.current == UInt8(ascii: "{") else { return false }
            let object = scanner.index
            // (Most files index no object: then no look-up, which hashes the offset.)
            if !cache.objects.isEmpty, let members = cache.objects[object] {
                guard let found = members[name] else { return false }
                moveTo(found)
                return true
            }
            var found: MemberCache.Member?
            var large = false
            var count = 0
            let bytes = scanner.bytes
            let firstWins = firstWins
            let scanned = XCStringsOutline.forEachMember(of: &scanner) { key, member, span in
                count += 1
                if count > MemberCache.threshold || span > MemberCache.spanThreshold {
                    large = true
                    return false
                }
                if key.equals(name, in: bytes) {
                    found = member
                    if firstWins { return false }
                }
                return true
            }
            guard scanned else { return false }
            if large {
                // A large object: read it whole, once.
                guard let members = index(object, &cache), let whole = members[name] else { return false }
                found = whole
            }
            guard let found else { return false }
            moveTo(found)
            return true
        }
    }
}

/// Finds the line and column of a leaf in a `.strings` or `.stringsdict` file, by reading
/// it again (only when a finding needs a location). Lint reads again the `.stringsdict` and
/// property-list `.strings` files; a text `.strings` file's findings are located from where
/// its reader noted each key (``LintTable/keyPositions(ofFile:)``), and this reading of one is
/// the fallback for a table that noted none (and what tests compare the noted places with).
struct PropertyListLocator {
    private var strings: [String: SourceLocation] = [:]
    /// The entries of a `.stringsdict` by key, the last of a repeated key (as readers keep it).
    private var dictionary: [String: PropertyListEntry] = [:]
    let file: String

    /// Reads the file once; each entry is then found by its key, and columns are counted
    /// through a ``ScalarColumnIndex`` (built once a key stands on a long line), so a one-line
    /// `.strings` file of N entries is located in linear time (each column was counted from
    /// the line's start). Of a `.strings` file, only the places of `keys` (the keys of its
    /// findings) are kept, and only their keys are made into strings: its values and comments
    /// are read, not made.
    init(file: String, bytes: [UInt8], keys: Set<String>) {
        self.file = file
        if file.hasSuffix(".stringsdict") || StringCatalog.isXMLPropertyList(bytes) {
            if case .dictionary(let entries)? = try? XMLPropertyListParser.parse(bytes, file: file) {
                dictionary = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
            }
        } else if !bytes.starts(with: Array("bplist00".utf8)), let utf8 = try? StringsLexer.utf8(bytes, file: file) {
            var found: [String: SourceLocation] = [:]
            utf8.withUnsafeBufferPointer { buffer in
                let columns = ScalarColumnIndex()
                var lexer = StringsLexer(bytes: buffer, file: file)
                while let (key, position) = try? lexer.nextKey() {
                    guard keys.contains(key) else { continue }
                    found[key] = SourceLocation(file: file, line: position.line,
                                                column: columns.column(in: buffer, lineStart: position.lineStart, offset: position.offset))
                }
            }
            strings = found
        }
    }

    func location(key: String, path: String) -> SourceLocation {
        let start = SourceLocation(file: file, line: 1, column: 1)
        if let location = strings[key] { return location }
        guard let entry = dictionary[key] else { return start }
        var best = SourceLocation(file: file, line: entry.line, column: entry.column)
        guard case .dictionary(let members) = entry.value else { return best }
        // Split as a String Catalog's paths are (at `.` bytes when ASCII): splitting the
        // characters took about 13,000 instructions a path, a third of locating a
        // `.stringsdict` finding.
        let steps = XCStringsOutline.steps(of: path)
        if steps.isEmpty {
            if let format = members.last(where: { $0.key == "NSStringLocalizedFormatKey" }) {
                best = SourceLocation(file: file, line: format.line, column: format.column)
            }
            return best
        }
        guard steps.count >= 2, steps[0] == "substitutions",
              let variable = members.last(where: { $0.key == steps[1] }) else { return best }
        best = SourceLocation(file: file, line: variable.line, column: variable.column)
        if steps.count >= 4, case .dictionary(let forms) = variable.value, let form = forms.last(where: { $0.key == steps[3] }) {
            best = SourceLocation(file: file, line: form.line, column: form.column)
        }
        return best
    }
}
