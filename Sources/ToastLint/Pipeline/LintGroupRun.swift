import ToastCatalog
import ToastICU
import ToastSupport

extension Linter {
    struct Group: Sendable {
        var files: [String]
        var preloaded: [String: [UInt8]] = [:]
    }

    /// A String Catalog alone; `.strings`/`.stringsdict` by bundle folder and table name (loose
    /// files, outside any `.lproj` folder, by their own folder and name).
    static func groups(_ files: [String]) -> [Group] {
        var groups: [Group] = []
        var index: [String: Int] = [:]
        for file in files {
            guard !file.hasSuffix(".xcstrings") else {
                groups.append(Group(files: [file])); continue
            }
            let id = CatalogSet.tableID(file: file, table: StringCatalog.tableName(forPath: file))
            if let at = index[id] { groups[at].files.append(file) } else { index[id] = groups.count; groups.append(Group(files: [file])) }
        }
        return groups
    }

    /// Hands results between the two halves of a concurrent load (each written by one thread,
    /// read after both have finished).
    final class LoadBox: @unchecked Sendable { var result: Swift.Result<StringCatalog, CatalogError>? }
    final class OutlineBox: @unchecked Sendable { var outline: XCStringsOutline? }

    /// A file's bytes as a group run keeps them to locate its findings: held in memory, or a
    /// String Catalog mapped for as long as its group runs (``lintGroup(_:configuration:strict:limits:pipelined:waitingBatches:releasesInBackground:mapped:)``
    /// runs inside ``CatalogLoader/withBytes(ofFile:limits:_:)``, so the mapping outlives
    /// every use).
    struct FileBytes: @unchecked Sendable {
        /// The mapped bytes, valid while the group runs.
        var mapped: UnsafeBufferPointer<UInt8>?
        /// The bytes held, when not mapped.
        var held: [UInt8] = []

        /// Calls `body` with the bytes.
        func withBuffer<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
            if let mapped { return try body(mapped) }
            return try held.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(buffer) }
        }
    }

    static func lintGroup(_ group: Group, configuration: LintConfiguration, strict: Bool,
                          limits: CatalogLimits = .standard, pipelined: Bool = true,
                          waitingBatches: Int? = nil, releasesInBackground: Bool = false,
                          mapped: [String: FileBytes]? = nil) -> Swift.Result<[LintFinding], CatalogError> {
        // A String Catalog read from its file is mapped, not copied, for as long as its group
        // runs, where the system grants a read lease (copying 68 MB into fresh memory took 38 ms
        // on one core before its reading could start; `stats` maps it too); `withBytes` reads a
        // small file, or one without a lease, into memory. A file that cannot be opened is read
        // below, which reports what is wrong with it as before.
        if mapped == nil, group.files.count == 1, let file = group.files.first, file.hasSuffix(".xcstrings"), group.preloaded[file] == nil,
           let result = try? CatalogLoader.withBytes(ofFile: file, limits: limits, { (buffer) throws(CatalogError) in
               lintGroup(group, configuration: configuration, strict: strict, limits: limits, pipelined: pipelined,
                         waitingBatches: waitingBatches, releasesInBackground: releasesInBackground, mapped: [file: FileBytes(mapped: buffer)])
           }) {
            return result
        }
        var table = LintTable()
        var raw: [RawFinding] = []
        /// The per-entry findings of a String Catalog checked while it was read.
        var checkedWhileReading: [LintEntryFeed.Drained]?
        // The bytes of String Catalogs and of files handed to lint, kept to locate findings; a
        // text `.strings` file's findings are located from where its reader noted each key,
        // and other files are read again for that (each unchanged since its snapshot).
        var bytesByFile: [String: FileBytes] = mapped ?? [:]
        var snapshots: [String: FileSnapshot] = [:]
        let sourceLanguage = configuration.sourceLanguage ?? "en"
        // An .lproj table's files are read ahead on all cores while this thread adds the ones
        // read so far to the table; a String Catalog is read below. Two files per core may
        // wait to be added (as `CatalogLoader.readFiles` reads): with one per core, a core that
        // finished a small file waited for the one before it to be taken.
        let (files, preloaded) = (group.files, group.preloaded)
        let readAhead = files.contains { $0.hasSuffix(".xcstrings") } ? nil
            : Parallel.Pipeline(count: files.count, window: 2 * Parallel.processorCount) { index in
            LprojRead(files[index], preloaded: preloaded[files[index]], sourceLanguage: sourceLanguage, limits: limits)
        }
        for (position, file) in files.enumerated() {
            let bytes: [UInt8]
            var parsed: Swift.Result<StringCatalog, CatalogError>?
            do throws(CatalogError) {
                if let read = readAhead?.take(position) {
                    // Parsed already: the bytes are not needed here.
                    bytes = []
                    switch read {
                    case .unreadable(let error): throw error
                    case .read(let snapshot, let catalog): (snapshots[file], parsed) = (snapshot, catalog)
                    case .preloaded(let readBytes, let catalog):
                        parsed = catalog
                        // Kept to locate findings, unless the reader noted where each key is.
                        if (try? catalog.get())?.fileRecords?.keyPositions == nil { bytesByFile[file] = FileBytes(held: readBytes) }
                    }
                } else if let preloadedBytes = preloaded[file] {
                    bytes = preloadedBytes
                } else if mapped?[file] != nil {
                    bytes = []
                } else {
                    bytes = try CatalogLoader.bytes(ofFile: file, limits: limits)
                }
            } catch {
                if error.rule == .io { return .failure(error) }
                raw.append(RawFinding(rule: .parseError, file: file, message: error.message,
                                      hint: error.rule == .limit ? Self.limitHint : nil, location: error.location)); continue
            }
            if parsed == nil && mapped?[file] == nil { bytesByFile[file] = FileBytes(held: bytes) }
            let fileBytes = bytesByFile[file] ?? FileBytes(held: bytes)
            let catalog: StringCatalog
            // A String Catalog's outline (repeated members, where entries start) comes from a
            // scan of its own, unless the reader saw no repeated or unknown member and the
            // entries were checked while it read (then the reader's positions locate findings).
            let outlineBox = OutlineBox()
            do throws(CatalogError) {
                if file.hasSuffix(".xcstrings") {
                    // One core reads the catalog while both check the entries read so far; the
                    // other scans the outline first when the entries are not checked while read.
                    let loaded = LoadBox()
                    let feed = LintEntryFeed(table: StringCatalog.tableName(forPath: file), file: file, configuration: configuration,
                                             waitingLimit: waitingBatches ?? LintEntryFeed.waitingLimit)
                    let notes = XCStringsReadNotes()
                    let drained = LockedSlots<LintEntryFeed.Drained>(count: 2)
                    Parallel.forEach(2) { part in
                        if part == 0 {
                            loaded.result = Swift.Result { () throws(CatalogError) in
                                // The entries go to the checks and are freed there, not kept.
                                try fileBytes.withBuffer { (buffer) throws(CatalogError) in
                                    try StringCatalog(xcstrings: buffer, file: file, limits: limits, notes: notes, keepsEntries: false,
                                                      localizationPositions: true,
                                                      onEntry: pipelined ? { feed.add($0, $1, $2, $3, $4) } : nil)
                                }
                            }
                            feed.finish()
                        } else if !pipelined {
                            outlineBox.outline = fileBytes.withBuffer { XCStringsOutline(bytes: $0, file: file) }
                        }
                        if pipelined { drained.store(feed.drain(continuingReaders: part == 0), at: part) }
                    }
                    var read = try loaded.result!.get()
                    // The entries checked are the catalog's only if every key was read once
                    // and the source language did not change after the first entry; else the
                    // catalog is read again, entries kept, and checked as a whole.
                    if pipelined {
                        if !feed.abandoned, feed.sourceLanguage == read.sourceLanguage,
                           !read.warnings.contains(where: { $0.rule == .duplicateKey || $0.rule == .keyNormalization }) {
                            checkedWhileReading = drained.values()
                        } else {
                            read = try fileBytes.withBuffer { (buffer) throws(CatalogError) in
                                try StringCatalog(xcstrings: buffer, file: file, limits: limits, onEntry: nil)
                            }
                        }
                    }
                    catalog = read
                    if outlineBox.outline == nil && (checkedWhileReading == nil || notes.hasRepeatedOrUnknownMembers || catalog.keys.isEmpty) {
                        outlineBox.outline = fileBytes.withBuffer { XCStringsOutline(bytes: $0, file: file) }
                    }
                } else if let parsed {
                    catalog = try parsed.get()
                } else {
                    catalog = try CatalogLoader.stringsTable(bytes, file: file, sourceLanguage: sourceLanguage, limits: limits,
                                                             notesPositions: true)
                }
            } catch {
                raw.append(RawFinding(rule: error.rule.isSchemaProblem ? .schemaViolation : .parseError, file: file, message: error.message,
                                      hint: error.rule == .limit ? Self.limitHint : nil, location: error.location))
                continue
            }
            for warning in catalog.warnings {
                let rule: RuleID?
                switch warning.rule {
                // A String Catalog's repeated members are found in its outline, below.
                case .duplicateKey: rule = file.hasSuffix(".xcstrings") ? nil : .duplicateKey
                case .keyNormalization: rule = .duplicateKey
                case .assumedLocale: rule = .assumedLocale
                case .nonstandardValue, .unknownMember, .unsupportedRuleType: rule = .nonstandardValue
                default: rule = nil
                }
                guard let rule else { continue }
                raw.append(RawFinding(rule: rule, file: file, key: warning.key ?? "", message: warning.message, location: warning.location))
            }
            if file.hasSuffix(".xcstrings") {
                if let outline = outlineBox.outline {
                    table.outlines[file] = outline
                    for duplicate in outline.duplicates {
                        raw.append(RawFinding(rule: .duplicateKey, file: file, key: duplicate.entry,
                                              message: "“\(duplicate.member)” appears more than once in \(duplicate.within); JSON readers keep only the last one",
                                              location: duplicate.location))
                    }
                    if !outline.topLevelMembers.contains("strings") {
                        raw.append(RawFinding(rule: .schemaViolation, file: file, message: "the top-level \"strings\" member is missing",
                                              location: SourceLocation(file: file, line: 1, column: 1)))
                    }
                }
                table.add(catalog: catalog, file: file)
            } else {
                table.add(lproj: catalog, file: file, locale: CatalogLocale.locale(ofPath: file, sourceLanguage: sourceLanguage).locale,
                          sourceLanguage: sourceLanguage)
            }
        }
        table.finishLproj(groupFiles: group.files)
        if !table.isCatalog && table.sourceFiles == 0 && !table.keys.isEmpty, let first = group.files.sorted().first {
            let folder = sourceLanguage + ".lproj"
            raw.append(RawFinding(rule: .noSourceTable, file: first,
                                  message: table.isInterfaceBuilder
                                    ? "the table \(table.name) comes from a storyboard or xib, which lint does not read, and has no \(sourceLanguage) or Base .strings file, so its translations were not compared"
                                    : "no \(folder) or Base.lproj file of the table \(table.name) was among the files linted, so its translations were not compared",
                                  hint: table.isInterfaceBuilder
                                    ? "Nothing to fix; export the storyboard's strings (ibtool --generate-strings-file) into \(folder) to have them compared."
                                    : "Lint the folder that holds \(folder) as well, or give --source-language if the source is another folder.",
                                  location: SourceLocation(file: first, line: 1, column: 1)))
        }
        // The findings in their order: `raw` (the files' own), then each part's and the
        // checker's, handed on as they are (each list moved, not copied finding by finding).
        var chunks: [[RawFinding]] = [raw]
        raw = []
        if var parts = checkedWhileReading.take() {
            // The rest of the rules, which need the whole table.
            var checker = LintChecker(table: table, configuration: configuration)
            if let catalog = table.catalog { checker.catalogChecks(catalog) }
            let locales = parts.reduce(into: Set<String>()) { $0.formUnion($1.locales) }
            let (targets, project) = LintChecker.targets(table, configuration, locales: locales)
            var positions: [String: JSONScanner.Position] = [:]
            var localizationPositions: [String: [(code: String, position: JSONScanner.Position)]] = [:]
            chunks.reserveCapacity(parts.count + 2)
            for index in parts.indices {
                // The list itself, not its findings, is shared; the part lets go of it.
                chunks.append(parts[index].findings)
                parts[index].findings = []
                for (key, position) in parts[index].positions { positions[key] = position }
                for (key, found) in parts[index].localizationPositions { localizationPositions[key] = found }
                for (key, position, entryLocales) in parts[index].pending {
                    let found = checker.findings.count
                    checker.missingTranslations(key: key, locales: entryLocales, targets: targets, targetsAreAllLocales: project == nil)
                    if checker.findings.count > found { positions[key] = position }
                }
                for (key, comment) in parts[index].suppressions { table.suppressions[key] = comment }
            }
            // The parts (their positions, their pending keys) were freed here on one core while
            // the other waited: 12 ms of the bench catalog's lint.
            if releasesInBackground { Parallel.releaseInBackground(consume parts) }
            chunks.append(checker.findings)
            if table.outlines[table.catalogFile] == nil {
                table.outlines[table.catalogFile] = XCStringsOutline(entryPositions: positions, localizationPositions: localizationPositions)
            }
        } else {
            chunks += LintChecker.findingRuns(table: table, configuration: configuration)
        }
        // The checks have run: an .lproj table's localizations are freed before its findings
        // are located (its `.stringsdict` and property-list files are read again for that;
        // its text `.strings` files' key places are kept), so that the two are not held at once.
        table.releaseLocalizations()
        let located = resolve(chunks, table: table, bytes: bytesByFile, snapshots: snapshots, limits: limits,
                              configuration: configuration, strict: strict)
        // The table (a String Catalog's entries when it was loaded whole; an .lproj table's keys,
        // comments and origins) and the raw findings: when this is the run's only group, they
        // are freed on another core while the findings are sorted and written (beside other
        // groups, each is freed as its group ends, so that tables do not pile up waiting for a
        // free core).
        if releasesInBackground { Parallel.releaseInBackground((consume table, consume chunks)) }
        return .success(located)
    }

    /// One core's state while it makes located findings (``resolve(_:table:bytes:snapshots:limits:configuration:strict:)``):
    /// the members it looked up last, and what the last finding's file is located with.
    struct Locating {
        var cache = XCStringsOutline.MemberCache()
        /// The walk this part's String Catalog findings are located with, one after the other
        /// (``XCStringsOutline/location(entry:locale:path:bytes:columns:file:cache:walk:)``).
        var walk: XCStringsOutline.Walk?
        var file: String?
        /// The last file's outline, bytes and column index, when it is a String Catalog that has them.
        var catalog: (outline: XCStringsOutline, data: FileBytes, columns: ScalarColumnIndex)?
    }

    /// The hint of a file that crosses one of the reader's limits (a `[limit]` error), which
    /// is no syntax error.
    static let limitHint = "The file crosses a limit ToastKit keeps against hostile input (docs/ROBUSTNESS.md); the rest of the file is not checked until it is within it."

    /// How a finding kept is located: where it was noted already (or nowhere: at its file's
    /// start), from its file's noted key places (``Selection/fromKeys``), by reading its file
    /// again, or in its String Catalog's outline.
    enum Place {
        case noted, fromKeys, inFile, inOutline
    }

    /// The findings of one list kept (their rule is known, their severity is not off, no
    /// comment suppresses them): each one's index, rule (its place in ``LintRule/all``),
    /// severity and how it is located, in a few bytes; and the places found from noted keys.
    struct Selection {
        var kept: [(index: Int32, rulePlace: UInt8, severity: Severity, place: Place)] = []
        /// For each finding kept that is located from its file's noted key places, its position
        /// in ``kept`` and its location.
        var fromKeys: [(item: Int32, location: SourceLocation)] = []
    }

    /// The most findings of one list whose severities and suppressions one core works out at
    /// a time (``resolve(_:table:bytes:snapshots:limits:configuration:strict:)``).
    static let selectionPieceLength = 4096

    /// The ``Selection`` of the findings of `raw`.
    static func selection(of raw: UnsafeBufferPointer<RawFinding>, table: LintTable, bytes: [String: FileBytes],
                          snapshots: [String: FileSnapshot], configuration: LintConfiguration, strict: Bool) -> Selection {
        var selection = Selection()
        // What depends only on a finding's file or rule, kept for the last one met: findings
        // come file by file, and a few rules make most of them.
        var lastFile: String?
        var fileFacts = (isCatalog: false, readable: false, hasOutline: false, inMemory: false)
        // Where the keys of the last finding's file are, when its reader noted them (a text
        // `.strings` file): its findings are located from there, the file not read again.
        var lastKeyPositions: [KeyPosition]?
        var lastRule: (name: RuleID, rule: (rule: LintRule, place: UInt8)?)?
        // The comment that may suppress the last finding's key: an entry's findings come
        // together, and looking it up hashed the key for each of them.
        var lastComment: (key: String, comment: String?)?
        // Each finding is read where it is held: a copy retained each of its strings and
        // released them again, for every finding.
        for index in raw.indices {
            let named: (rule: LintRule, place: UInt8)?
            if let lastRule, lastRule.name == raw[index].rule {
                named = lastRule.rule
            } else {
                named = LintRule.place(of: raw[index].rule).map { (LintRule.all[Int($0)], $0) }
                lastRule = (raw[index].rule, named)
            }
            guard let (rule, rulePlace) = named,
                  var severity = configuration.severity(of: rule, table: table.name, key: raw[index].key, locale: raw[index].locale)
            else { continue }
            if let cap = raw[index].cap { severity = min(severity, cap) }
            if rule.id == .missingTranslation && !strict { severity = min(severity, .warning) }
            if !raw[index].key.isEmpty {
                let comment: String?
                if let lastComment, lastComment.key == raw[index].key {
                    comment = lastComment.comment
                } else {
                    comment = table.comment(forKey: raw[index].key) ?? table.suppressions[raw[index].key]
                    lastComment = (raw[index].key, comment)
                }
                if let comment, LintSuppression.suppresses(comment, rule: rule.id) { continue }
            }
            if lastFile != raw[index].file {
                lastFile = raw[index].file
                let held = bytes[raw[index].file] != nil
                fileFacts = (raw[index].file.hasSuffix(".xcstrings"), held || snapshots[raw[index].file] != nil,
                             table.outlines[raw[index].file] != nil, held)
                lastKeyPositions = fileFacts.isCatalog ? nil : table.keyPositions(ofFile: raw[index].file)
            }
            let (isCatalog, readable, hasOutline, inMemory) = fileFacts
            let place: Place
            if raw[index].location != nil {
                place = .noted
            } else if let keyPositions = lastKeyPositions {
                place = .fromKeys
                selection.fromKeys.append((Int32(selection.kept.count),
                                           table.location(ofKey: raw[index].key, in: keyPositions, file: raw[index].file)))
            } else if !isCatalog || !hasOutline {
                place = readable ? .inFile : .noted
            } else {
                place = inMemory ? .inOutline : .noted
            }
            selection.kept.append((Int32(index), rulePlace, severity, place))
        }
        return selection
    }

    /// Applies severities and suppressions and locates each finding of `chunks` (lists of
    /// findings in their order, one after the other). `bytes` are the files kept in memory; a
    /// file with a snapshot is read again to locate its findings, unless the table noted where
    /// its keys are (a text `.strings` file, ``LintTable/keyPositions(ofFile:)``).
    static func resolve(_ chunks: [[RawFinding]], table: LintTable, bytes: [String: FileBytes], snapshots: [String: FileSnapshot],
                        limits: CatalogLimits, configuration: LintConfiguration, strict: Bool) -> [LintFinding] {
        // Severities and suppressions first, and how each finding kept is to be located: each
        // list on whichever core is free (alone on one core, this was a twentieth of linting
        // the bench tree), then gathered in order.
        // Each list in pieces of at most `selectionPieceLength` findings (an empty list is one
        // empty piece), so that a list holding most of them (a String Catalog's checked
        // entries) is not left to one core while the other waits; a piece's indices are the list's.
        let pieces = chunks.indices.flatMap { chunk in
            let count = chunks[chunk].count
            return Parallel.slices(of: count, into: (count + selectionPieceLength - 1) / selectionPieceLength).map { (chunk: chunk, range: $0) }
        }
        var selections = Parallel.map(pieces.count) { piece in
            let (chunk, range) = pieces[piece]
            return chunks[chunk].withUnsafeBufferPointer { raw in
                var made = selection(of: UnsafeBufferPointer(rebasing: raw[range]), table: table, bytes: bytes, snapshots: snapshots,
                                     configuration: configuration, strict: strict)
                if range.lowerBound > 0 {
                    for item in made.kept.indices { made.kept[item].index += Int32(range.lowerBound) }
                }
                return made
            }
        }
        // The findings kept, by chunk and index, with their rule's place in `LintRule.all`.
        var selected: [(chunk: Int32, index: Int32, rulePlace: UInt8, severity: Severity)] = []
        selected.reserveCapacity(selections.reduce(0) { $0 + $1.kept.count })
        // The files read again to locate findings in (`.stringsdict` and property-list
        // `.strings` files: a text `.strings` file's are located from its noted key places),
        // each once, in the order first needed, with the kept findings of each (by position in
        // `selected`).
        var locatorFiles: [String] = [], locatorFindings: [[Int]] = [], locatorIndex: [String: Int] = [:]
        var columnFiles: [String] = []
        var needsColumns = Set<String>()
        var locatedFromKeys: [(position: Int, location: SourceLocation)] = []
        // The locator of the last finding's file (findings come file by file).
        var lastLocator: (file: String, at: Int)?
        for (piece, selection) in selections.enumerated() {
            let chunk = pieces[piece].chunk
            let first = selected.count
            for (position, location) in selection.fromKeys { locatedFromKeys.append((first + Int(position), location)) }
            for item in selection.kept {
                let position = selected.count
                switch item.place {
                case .noted, .fromKeys: break
                case .inFile:
                    let file = chunks[chunk][Int(item.index)].file
                    if let lastLocator, lastLocator.file == file {
                        locatorFindings[lastLocator.at].append(position)
                    } else if let at = locatorIndex[file] {
                        locatorFindings[at].append(position)
                        lastLocator = (file, at)
                    } else {
                        locatorIndex[file] = locatorFiles.count
                        lastLocator = (file, locatorFiles.count)
                        locatorFiles.append(file)
                        locatorFindings.append([position])
                    }
                case .inOutline:
                    let file = chunks[chunk][Int(item.index)].file
                    if columnFiles.last != file, needsColumns.insert(file).inserted { columnFiles.append(file) }
                }
                selected.append((Int32(chunk), item.index, item.rulePlace, item.severity))
            }
        }
        selections = []
        // The findings of each of those files are located file by file on all cores:
        // each file is read again (or taken from memory) and its locator freed once its
        // findings are located, so that a core holds one file's at a time.
        let (toLocate, toLocateFindings, kept) = (locatorFiles, locatorFindings, selected)
        let locatedInFiles = Parallel.map(toLocate.count) { at -> [SourceLocation] in
            let file = toLocate[at]
            guard let data = LprojRead.bytesAgain(of: file, preloaded: bytes[file].map { $0.mapped.map(Array.init) ?? $0.held },
                                                    snapshot: snapshots[file], limits: limits) else {
                return toLocateFindings[at].map { _ in SourceLocation(file: file, line: 1, column: 1) }
            }
            let locator = PropertyListLocator(file: file, bytes: data, keys: Set(toLocateFindings[at].lazy.map { chunks[Int(kept[$0].chunk)][Int(kept[$0].index)].key }))
            return toLocateFindings[at].map { position in
                let finding = chunks[Int(kept[position].chunk)][Int(kept[position].index)]
                return locator.location(key: finding.key, path: finding.path)
            }
        }
        var fileLocations = [SourceLocation?](repeating: nil, count: kept.count)
        for (positions, locations) in zip(toLocateFindings, locatedInFiles) {
            for (position, location) in zip(positions, locations) { fileLocations[position] = location }
        }
        for (position, location) in locatedFromKeys { fileLocations[position] = location }
        // Each catalog's column index is built only if one of its findings stands on a long line.
        let columns = Dictionary(uniqueKeysWithValues: columnFiles.map { ($0, ScalarColumnIndex()) })
        // Then each finding is made (a String Catalog's located, reading its entry again), on
        // all cores when there are many, into one list; each part keeps a cache of the members
        // it looked up last. Four parts a core, taken by whichever core is free: findings cost
        // unevenly to locate (a missing plural form's walk is longer), and with a part a core,
        // one core finished the bench catalog's last part alone.
        let locatedFiles = fileLocations
        return Parallel.array(count: kept.count, parts: kept.count >= 512 ? min(kept.count / 128, 4 * Parallel.processorCount) : 1,
                              state: { Locating() }) { at, state in
            let (chunk, index, rulePlace, severity) = kept[at]
            let finding = chunks[Int(chunk)][Int(index)]
            let rule = LintRule.all[Int(rulePlace)]
            // What a String Catalog's findings are located with, looked up when the file changes
            // (findings come file by file): three lookups by a path of forty bytes for each
            // finding were a fifth of making it.
            if state.file != finding.file {
                state.file = finding.file
                if finding.file.hasSuffix(".xcstrings"), let outline = table.outlines[finding.file], let data = bytes[finding.file],
                   let columnIndex = columns[finding.file] {
                    state.catalog = (outline, data, columnIndex)
                } else {
                    state.catalog = nil
                }
            }
            let location: SourceLocation
            if let known = finding.location {
                location = known
            } else if let (outline, data, columnIndex) = state.catalog {
                location = data.withBuffer { data in
                    outline.location(entry: finding.key, locale: finding.locale, path: finding.path, bytes: data, columns: columnIndex,
                                     file: finding.file, cache: &state.cache, walk: &state.walk)
                }
            } else if let inFile = locatedFiles[at] {
                location = inFile
            } else {
                location = SourceLocation(file: finding.file, line: 1, column: 1)
            }
            var located = LintFinding(rule: rule.id, severity: severity, location: location, table: table.name, key: finding.key,
                                      locale: finding.locale, path: finding.path, message: finding.message,
                                      source: finding.source, target: finding.target, hint: finding.hint ?? rule.help)
            located.isSourceSide = finding.locale.isEmpty || finding.locale == table.sourceLanguage
            return located
        }
    }
}
