import ToastCatalog
import ToastSupport

/// Hands the entries of a String Catalog from the reader to the checkers while the rest of
/// the file is still being read, so that linting a large catalog overlaps reading it.
///
/// The reader thread calls ``add(_:_:_:_:_:)`` for each entry (in batches of ``batchSize``), then
/// ``finish()``; any number of threads call ``drain(continuingReaders:)`` and each checks the
/// batches it takes. The checks are the per-entry rules only: the catalog-level checks and the
/// target locales an entry lacks need the whole table and run afterwards (``Drained/pending``
/// keeps what they need of each entry).
///
/// Memory stays bounded by a few batches, not the catalog: reading is several times faster
/// than checking, so when more than ``waitingLimit`` batches wait, the reader checks the oldest
/// one itself before it reads on (its checks are kept apart and handed on when the reader
/// drains). The reader keeps no entry: a batch checked while the file is still being read goes
/// back to the reader thread, which frees it in ``add(_:_:_:_:_:)`` (the allocator then works
/// for one thread at a time). When the source language is not known before the first entry (a
/// file that puts "sourceLanguage" after "strings"), the feed gives up and the caller lints the
/// loaded table as a whole instead.
final class LintEntryFeed: @unchecked Sendable {
    static let batchSize = 64
    /// How many batches may wait for a checker before the reader checks one itself.
    static let waitingLimit = 2 * Parallel.processorCount

    /// What one draining thread found.
    struct Drained {
        var findings: [RawFinding] = []
        /// Keys whose missing target locales are still to be reported, and where each entry
        /// starts.
        var pending: [(key: String, position: JSONScanner.Position, locales: [String])] = []
        /// The comments of the entries checked that suppress findings (`[no-lint`), by key:
        /// the entries themselves are not kept.
        var suppressions: [(key: String, comment: String)] = []
        /// Where the entries with findings start (for locating them).
        var positions: [(key: String, position: JSONScanner.Position)] = []
        /// Where the locale members with findings of those entries start, as the reader found
        /// them (a finding in a locale is located from there, without reading the entry's other
        /// locales again).
        var localizationPositions: [(key: String, positions: [(code: String, position: JSONScanner.Position)])] = []
        /// The locales of the entries checked.
        var locales: Set<String> = []
    }

    /// One thread's checks of the batches it takes: its own checker and what it found.
    struct Worker {
        private let table: String
        private let file: String
        private let configuration: LintConfiguration
        private var result = Drained()
        private var locales = LocaleCodeSet()
        /// The locale codes of the last entry checked: the next entry's, usually (the same
        /// codes, spelled alike, in the same order), which are then in the set already.
        private var lastCodes: [String] = []
        private var checker: LintChecker?
        private var project: Set<String>?
        private let plurals: PluralReachabilityStore

        init(table: String, file: String, configuration: LintConfiguration, plurals: PluralReachabilityStore) {
            self.table = table
            self.file = file
            self.configuration = configuration
            self.plurals = plurals
        }

        /// Checks one batch of entries of a catalog whose source language is `language`.
        mutating func check(_ items: [Item], sourceLanguage language: String) {
            if checker == nil {
                var lintTable = LintTable()
                lintTable.name = table
                lintTable.sourceLanguage = language
                lintTable.isCatalog = true
                lintTable.catalogFile = file
                checker = LintChecker(table: lintTable, configuration: configuration, plurals: plurals)
                project = LintChecker.project(configuration, sourceLanguage: language)
            }
            for (key, entry, position, localizationPositions) in items {
                let found = checker!.findings.count
                let codes = Array(entry.localizations.keys)
                if checker!.checkEntry(key: key, entry: entry, project: project) { result.pending.append((key, position, codes)) }
                if let comment = entry.comment, LintSuppression.maySuppress(comment) { result.suppressions.append((key, comment)) }
                if checker!.findings.count > found {
                    result.positions.append((key, position))
                    // Only the locales found at: a few of the entry's dozens, usually. Each run
                    // of findings in one locale looks its locale up once (not every position
                    // against every finding's locale), and the positions stay in the file's
                    // order. A code the entry repeats keeps its first position only: the one
                    // the locator's `first(where:)` takes (and a file with repeats is located
                    // from its whole outline, without these positions).
                    var picked: [Int] = []
                    var lastLocale = ""
                    for index in found..<checker!.findings.count where index == found || checker!.findings[index].locale != lastLocale {
                        lastLocale = checker!.findings[index].locale
                        if let at = localizationPositions.firstIndex(where: { $0.code == lastLocale }), !picked.contains(at) { picked.append(at) }
                    }
                    picked.sort()
                    result.localizationPositions.append((key, picked.map { localizationPositions[$0] }))
                }
                // Compared by scalars, as the set tells codes apart by their bytes.
                if codes.count != lastCodes.count || zip(codes, lastCodes).contains(where: { !$0.hasSameScalars(as: $1) }) {
                    for code in codes { locales.insert(code) }
                    lastCodes = codes
                }
            }
        }

        /// What was found, the checker's findings included.
        consuming func finished() -> Drained {
            if let checker { result.findings = checker.findings }
            result.locales = locales.set
            return result
        }
    }

    private let condition = Condition()
    typealias Item = (key: String, entry: CatalogEntry, position: JSONScanner.Position,
                      localizations: [(code: String, position: JSONScanner.Position)])
    private var batches: [[Item]] = []
    /// The oldest batch not yet taken (batches before it are taken and emptied).
    private var nextBatch = 0
    private var finished = false
    /// Batches checked, handed back to the reader thread to be freed.
    private var done: [[Item]] = []
    /// Touched by the reader thread only.
    private var batch: [Item] = []
    /// The reader's own checks, of the batches it took when too many waited; touched by the
    /// reader thread only.
    private var readerWorker: Worker
    /// Set by the reader thread before the first batch is published, read after it.
    private(set) var sourceLanguage: String?
    /// Whether the feed gave up (no source language before the first entry).
    private(set) var abandoned = false

    /// What every worker checks with.
    private let table: String, file: String, configuration: LintConfiguration
    /// The plural reachability every worker's checker shares.
    private let plurals = PluralReachabilityStore()

    /// How many batches may wait before the reader checks one (``waitingLimit`` unless a test
    /// says otherwise).
    private let waitingLimit: Int

    init(table: String, file: String, configuration: LintConfiguration, waitingLimit: Int = LintEntryFeed.waitingLimit) {
        (self.table, self.file, self.configuration) = (table, file, configuration)
        self.waitingLimit = waitingLimit
        readerWorker = Worker(table: table, file: file, configuration: configuration, plurals: plurals)
        batch.reserveCapacity(Self.batchSize)
    }

    /// Called by the reader for each entry, in file order.
    func add(_ sourceLanguage: String?, _ key: String, _ entry: CatalogEntry, _ position: JSONScanner.Position,
             _ localizations: [(code: String, position: JSONScanner.Position)]) {
        if abandoned { return }
        if self.sourceLanguage == nil {
            guard let sourceLanguage else { abandoned = true; return }
            self.sourceLanguage = sourceLanguage
        }
        batch.append((key, entry, position, localizations))
        if batch.count >= Self.batchSize { publish() }
    }

    /// Called by the reader when it has stopped (at the end or at an error).
    func finish() {
        if !batch.isEmpty && !abandoned { publish() }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func publish() {
        condition.lock()
        batches.append(batch)
        condition.signal()
        let checked = done
        done = []
        // The checkers are behind: the reader takes the oldest waiting batch itself.
        let behind = batches.count - nextBatch > waitingLimit ? take() : nil
        condition.unlock()
        batch = []
        batch.reserveCapacity(Self.batchSize)
        // The batches checked so far are freed here, on the thread that made them: freeing
        // them on the checking thread would contend for the allocator's lock with this one.
        _ = consume checked
        if let behind, let sourceLanguage { readerWorker.check(behind, sourceLanguage: sourceLanguage) }
    }

    /// The oldest waiting batch (the lock held, a batch waiting).
    private func take() -> [Item] {
        let next = batches[nextBatch]
        batches[nextBatch] = []
        nextBatch += 1
        // The taken slots are dropped now and then, so the list stays as short as the wait.
        if nextBatch >= 64 && nextBatch * 2 >= batches.count {
            batches.removeFirst(nextBatch)
            nextBatch = 0
        }
        return next
    }

    /// Checks batches until the reader has finished and none is left. The reader's thread
    /// passes `continuingReaders: true` to go on with the checks it made while reading.
    func drain(continuingReaders: Bool) -> Drained {
        // The reader's checks are moved out, not copied: the feed keeps no second reference that
        // would make the next batch copy its findings.
        var worker = Worker(table: table, file: file, configuration: configuration, plurals: plurals)
        if continuingReaders { swap(&worker, &readerWorker) }
        while true {
            condition.lock()
            while batches.count == nextBatch && !finished { condition.wait() }
            if batches.count == nextBatch {
                condition.unlock()
                break
            }
            let next = take()
            let language = sourceLanguage
            let reading = !finished
            condition.unlock()
            defer {
                if reading {
                    condition.lock()
                    done.append(next)
                    condition.unlock()
                }
            }
            if let language { worker.check(next, sourceLanguage: language) }
        }
        // What the reader had not taken back yet.
        condition.lock()
        let checked = done
        done = []
        condition.unlock()
        _ = consume checked
        return worker.finished()
    }
}
