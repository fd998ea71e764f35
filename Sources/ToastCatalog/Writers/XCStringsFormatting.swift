import ToastSupport

/// A String Catalog read for `fmt`: its JSON tree, which is what is written back (every
/// member kept, unknown ones included), the model, which checks the schema, and whether the
/// bytes already are Xcode's layout.
public struct XCStringsFormatting: Sendable {
    /// The document, members in file order.
    public let tree: JSONValue
    /// The catalog the bytes define (read to check the schema; `fmt` writes ``tree``).
    public let catalog: StringCatalog
    /// Whether the bytes are exactly ``tree`` in Xcode's layout (``XCStringsWriter/isLaidOut(_:as:)``).
    public let isLaidOut: Bool

    /// Reads `bytes` both ways at once, on two cores: the JSON tree and the layout check on
    /// one, the catalog on the other. A syntax error is reported as the JSON parser reports
    /// it; then a schema error as the catalog reader reports it.
    ///
    /// - Throws: ``CatalogError`` with `file:line:column` and what was expected.
    public init(_ bytes: [UInt8], file: String, writer: XCStringsWriter, limits: CatalogLimits = .standard) throws(CatalogError) {
        enum Part: Sendable {
            case tree(Result<(JSONValue, Bool), CatalogError>)
            case catalog(Result<StringCatalog, CatalogError>)
        }
        let parts = Parallel.map(2) { index -> Part in
            if index == 0 {
                return .tree(Result { () throws(CatalogError) in
                    let tree = try JSONParser.parse(bytes, file: file, limits: limits)
                    return (tree, writer.isLaidOut(tree, as: bytes))
                })
            }
            return .catalog(Result { () throws(CatalogError) in
                try StringCatalog(xcstrings: bytes, file: file, limits: limits, parallelism: .sequential)
            })
        }
        guard case .tree(let tree) = parts[0], case .catalog(let catalog) = parts[1] else {
            preconditionFailure("Parallel.map returns its parts in index order")
        }
        (self.tree, isLaidOut) = try tree.get()
        self.catalog = try catalog.get()
    }
}
