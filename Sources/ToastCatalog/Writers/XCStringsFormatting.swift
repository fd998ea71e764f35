import ToastSupport

/// A String Catalog read for `fmt`: its JSON tree, which is what is written back (every
/// member kept, unknown ones included), the model, which checks the schema, and whether the
/// bytes already are Xcode's layout.
public struct XCStringsFormatting: Sendable {
    /// The document, members in file order; `nil` when the bytes already are Xcode's layout
    /// (found without building it: there is nothing to write).
    public let tree: JSONValue?
    /// The catalog the bytes define, read for its states (``CatalogDetail/states``) to check
    /// the schema; `fmt` writes ``tree``.
    public let catalog: StringCatalog
    /// Whether the bytes are exactly their document in Xcode's layout (``XCStringsWriter/isLaidOut(_:as:)``).
    public let isLaidOut: Bool

    /// Reads `bytes` both ways at once, on two cores: the layout check on one, the catalog on
    /// the other. A file already in Xcode's layout is known so from its bytes
    /// (``XCStringsLayoutCheck``); any other is parsed into its JSON tree and compared with the
    /// writer's output. A syntax error is reported as the JSON parser reports it; then a schema
    /// error as the catalog reader reports it. The catalog is read for its states
    /// (``CatalogDetail/states``): every entry is checked, its texts are not kept.
    ///
    /// - Throws: ``CatalogError`` with `file:line:column` and what was expected.
    public init(_ bytes: [UInt8], file: String, writer: XCStringsWriter, limits: CatalogLimits = .standard) throws(CatalogError) {
        enum Part: Sendable {
            case tree(Result<(JSONValue?, Bool), CatalogError>)
            case catalog(Result<StringCatalog, CatalogError>)
        }
        let parts = Parallel.map(2) { index -> Part in
            if index == 0 {
                return .tree(Result { () throws(CatalogError) in
                    if writer.isLaidOut(bytes: bytes, limits: limits) { return (nil, true) }
                    let tree = try JSONParser.parse(bytes, file: file, limits: limits)
                    return (tree, writer.isLaidOut(tree, as: bytes))
                })
            }
            return .catalog(Result { () throws(CatalogError) in
                try StringCatalog(xcstrings: bytes, file: file, limits: limits, parallelism: .sequential, detail: .states, onEntry: nil)
            })
        }
        guard case .tree(let tree) = parts[0], case .catalog(let catalog) = parts[1] else {
            preconditionFailure("Parallel.map returns its parts in index order")
        }
        (self.tree, isLaidOut) = try tree.get()
        self.catalog = try catalog.get()
    }

    /// Whether `bytes` are a String Catalog in Xcode's layout, as `fmt --check` asks: the same
    /// answer, and the same error, as ``init(_:file:writer:limits:)`` and its `isLaidOut`, without
    /// building the tree of a file that differs.
    ///
    /// Two passes read the bytes: their layout (``XCStringsWriter``'s check on bytes, which is
    /// exact) and the catalog. A large catalog is read in parts, two a core, with the layout
    /// check handed out first (``XCStringsParallelism/alongside``): the cores share both passes.
    /// A smaller one is read on one core while the layout is checked on another.
    /// When the catalog reads, the JSON parser reads the bytes too (the catalog reader reads
    /// them with the parser's scanner and grammar, and more strictly), so the check's answer
    /// stands: a file that is not laid out is known so at its first difference. Only when the
    /// catalog does not read is the file parsed as a tree, so that a syntax error is reported
    /// as the JSON parser reports it before the schema error.
    ///
    /// - Throws: ``CatalogError`` with `file:line:column` and what was expected.
    public static func isLaidOut(_ bytes: [UInt8], file: String, writer: XCStringsWriter,
                                 limits: CatalogLimits = .standard) throws(CatalogError) -> Bool {
        try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogError) in try isLaidOut(buffer, file: file, writer: writer, limits: limits) }
    }

    /// ``isLaidOut(_:file:writer:limits:)`` of bytes the caller holds (a mapped file,
    /// ``CatalogLoader/withBytes(ofFile:limits:_:)``).
    package static func isLaidOut(_ bytes: UnsafeBufferPointer<UInt8>, file: String, writer: XCStringsWriter,
                                  limits: CatalogLimits = .standard) throws(CatalogError) -> Bool {
        /// The bytes, read by the layout check while this function waits for it.
        struct Shared: @unchecked Sendable { let bytes: UnsafeBufferPointer<UInt8> }
        let shared = Shared(bytes: bytes)
        @Sendable func check() -> Bool { writer.isLaidOut(bytes: shared.bytes, limits: limits) }
        @Sendable func read(_ parallelism: XCStringsParallelism) -> CatalogError? {
            let read = Result { () throws(CatalogError) in
                try StringCatalog(xcstrings: shared.bytes, file: file, limits: limits, parallelism: parallelism, detail: .states)
            }
            if case .failure(let error) = read { return error }
            // Only whether it reads is asked: its thousands of entries are freed on another
            // thread, not while the caller waits for the answer.
            Parallel.releaseInBackground(consume read)
            return nil
        }
        let layout = LockedSlots<Bool>(count: 1)
        let failure: CatalogError?
        if bytes.count < XCStringsParallelism.standard.minimumBytes {
            // Too small to be read in parts: the layout is checked on one core while the
            // catalog is read on another.
            failure = Parallel.map(2) { index -> CatalogError? in
                guard index == 1 else { layout.store(check(), at: 0); return nil }
                return read(.sequential)
            }[1]
        } else {
            failure = read(XCStringsParallelism(parts: min(16, 2 * Parallel.processorCount),
                                                minimumBytes: XCStringsParallelism.standard.minimumBytes,
                                                alongside: { layout.store(check(), at: 0) }))
        }
        // A large catalog not read in parts (minified, or failed before its strings) leaves
        // the layout unchecked.
        let laidOut = layout.take()[0] ?? check()
        guard let failure else { return laidOut }
        // Bytes laid out are known to parse; any other file may hold a syntax error, which
        // comes first.
        if !laidOut { _ = try JSONParser.parse(bytes, file: file, limits: limits) }
        throw failure
    }
}
