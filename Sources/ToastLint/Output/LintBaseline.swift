import ToastCatalog
/// A ratchet for legacy catalogs: the fingerprints (file, table, key, locale, path, rule —
/// never line numbers) of findings accepted once. Only findings outside it count; it may
/// only shrink.
///
/// The file is JSON: `{"version": 1, "fingerprints": ["…", …]}`, sorted, one per line.
public struct LintBaseline: Sendable, Equatable {
    /// The accepted fingerprints.
    public var fingerprints: Set<String>

    /// A baseline of these fingerprints.
    public init(fingerprints: Set<String>) { self.fingerprints = fingerprints }

    /// The baseline of a run's findings.
    public init(findings: [LintFinding]) { fingerprints = Set(findings.map(\.fingerprint)) }

    /// Reads a baseline file's bytes; errors name file:line:column.
    public init(json bytes: [UInt8], file: String) throws(CatalogError) {
        let root = try JSONParser.parse(bytes, file: file)
        guard case .object(let members) = root,
              let list = members.last(where: { $0.key == "fingerprints" }), case .array(let items) = list.value else {
            throw CatalogError(location: SourceLocation(file: file, line: 1, column: 1), rule: .lintBaseline,
                               message: "expected an object with a \"fingerprints\" array")
        }
        var set = Set<String>()
        for item in items {
            guard case .string(let text) = item else {
                throw CatalogError(location: SourceLocation(file: file, line: list.line, column: list.column), rule: .lintBaseline,
                                   message: "expected \"fingerprints\" to hold strings only")
            }
            set.insert(text)
        }
        fingerprints = set
    }

    /// The file's text.
    public var json: String {
        var out = "{\n  \"version\" : 1,\n  \"fingerprints\" : ["
        let sorted = fingerprints.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        for (i, fingerprint) in sorted.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            JSONWriter.writeString(fingerprint, into: &out)
        }
        out += sorted.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// Splits findings into new ones and baselined ones, and returns the baseline shrunk to
    /// what still occurs.
    public func apply(to findings: [LintFinding]) -> (new: [LintFinding], baselined: Int, shrunk: LintBaseline) {
        var new: [LintFinding] = []
        var still = Set<String>()
        for finding in findings {
            let fingerprint = finding.fingerprint
            if fingerprints.contains(fingerprint) { still.insert(fingerprint) } else { new.append(finding) }
        }
        return (new, findings.count - new.count, LintBaseline(fingerprints: still))
    }
}
