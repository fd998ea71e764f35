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
                    if writer.isKnownLaidOut(bytes, limits: limits) { return (nil, true) }
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
}
