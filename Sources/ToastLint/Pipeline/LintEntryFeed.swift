import ToastCatalog
import ToastSupport

/// Hands the entries of a String Catalog from the reader to the checkers while the rest of
/// the file is still being read, so that linting a large catalog overlaps reading it.
///
/// The reader thread calls ``add(_:_:_:)`` for each entry (in batches of ``batchSize``), then
/// ``finish()``; any number of threads call ``drain(table:file:configuration:)`` and each
/// checks the batches it takes. The checks are the per-entry rules only: the catalog-level
/// checks and the target locales an entry lacks need the whole table and run afterwards
/// (``Drained/pending`` keeps what they need of each entry). The reader keeps no entry: a batch
/// checked while the file is still being read goes back to the reader thread, which frees it
/// in ``add(_:_:_:)`` (the allocator then works for one thread at a time). When the source
/// language is not known before the first entry (a file that puts "sourceLanguage" after
/// "strings"), the feed gives up and the caller lints the loaded table as a whole instead.
final class LintEntryFeed: @unchecked Sendable {
    static let batchSize = 64

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
        /// The locales of the entries checked.
        var locales: Set<String> = []
    }

    private let condition = Condition()
    typealias Item = (key: String, entry: CatalogEntry, position: JSONScanner.Position)
    private var batches: [[Item]] = []
    private var finished = false
    /// Batches checked, handed back to the reader thread to be freed.
    private var done: [[Item]] = []
    /// Touched by the reader thread only.
    private var batch: [Item] = []
    /// Set by the reader thread before the first batch is published, read after it.
    private(set) var sourceLanguage: String?
    /// Whether the feed gave up (no source language before the first entry).
    private(set) var abandoned = false

    init() { batch.reserveCapacity(Self.batchSize) }

    /// Called by the reader for each entry, in file order.
    func add(_ sourceLanguage: String?, _ key: String, _ entry: CatalogEntry, _ position: JSONScanner.Position) {
        if abandoned { return }
        if self.sourceLanguage == nil {
            guard let sourceLanguage else { abandoned = true; return }
            self.sourceLanguage = sourceLanguage
        }
        batch.append((key, entry, position))
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
        condition.unlock()
        batch = []
        batch.reserveCapacity(Self.batchSize)
        // The batches checked so far are freed here, on the thread that made them: freeing
        // them on the checking thread would contend for the allocator's lock with this one.
        _ = consume checked
    }

    /// Checks batches until the reader has finished and none is left.
    func drain(table name: String, file: String, configuration: LintConfiguration) -> Drained {
        var result = Drained()
        var locales = LocaleCodeSet()
        var checker: LintChecker?
        var project: Set<String>?
        while true {
            condition.lock()
            while batches.isEmpty && !finished { condition.wait() }
            if batches.isEmpty {
                condition.unlock()
                break
            }
            let next = batches.removeLast()
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
            if checker == nil, let language {
                var table = LintTable()
                table.name = name
                table.sourceLanguage = language
                table.isCatalog = true
                table.catalogFile = file
                checker = LintChecker(table: table, configuration: configuration)
                project = LintChecker.project(configuration, sourceLanguage: language)
            }
            for (key, entry, position) in next {
                let found = checker!.findings.count
                let codes = Array(entry.localizations.keys)
                if checker!.checkEntry(key: key, entry: entry, project: project) { result.pending.append((key, position, codes)) }
                if let comment = entry.comment, LintSuppression.maySuppress(comment) { result.suppressions.append((key, comment)) }
                if checker!.findings.count > found { result.positions.append((key, position)) }
                for code in codes { locales.insert(code) }
            }
        }
        // What the reader had not taken back yet.
        condition.lock()
        let checked = done
        done = []
        condition.unlock()
        _ = consume checked
        if let checker { result.findings = checker.findings }
        result.locales = locales.set
        return result
    }
}
