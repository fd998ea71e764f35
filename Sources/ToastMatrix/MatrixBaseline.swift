import ToastCatalog
import ToastICU

/// A finding a team knows about and accepts for now: a kind of finding of one toast in one
/// locale, whatever sample or device it shows in and whatever its message says.
public struct MatrixKnownFinding: Sendable, Hashable, CustomStringConvertible {
    /// The toast's id.
    public var toast: String
    /// The locale as the matrix shows it (`ru`, `en-x-double`), or a pseudo-locale's name
    /// (`double`).
    public var locale: String
    /// The kind.
    public var kind: MatrixFinding.Kind

    /// Creates a known finding.
    public init(toast: String, locale: String, kind: MatrixFinding.Kind) {
        self.toast = toast
        self.locale = locale
        self.kind = kind
    }

    /// `files · ru · format`.
    public var description: String { "\(toast) · \(locale) · \(kind.rawValue)" }

    static func precedes(_ a: Self, _ b: Self) -> Bool {
        (a.toast, a.locale, a.kind.rawValue) != (b.toast, b.locale, b.kind.rawValue)
            && [a.toast, a.locale, a.kind.rawValue].lexicographicallyPrecedes([b.toast, b.locale, b.kind.rawValue]) {
                $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars)
            }
    }
}

/// The matrix's known findings, like lint's baseline: findings it knows do not count, and
/// it shrinks as they are fixed. Keyed by (toast, locale, kind), never by message text or
/// line numbers.
///
/// In a test, list them where they are accepted:
///
/// ```swift
/// result.expectNoFindings(except: [
///     MatrixKnownFinding(toast: "files", locale: "ru", kind: .format),  // few form: translator asked
/// ])
/// ```
///
/// The file of `toastkit matrix --baseline FILE` is JSON, sorted, one finding per line:
///
/// ```json
/// {
///   "version" : 1,
///   "known" : [
///     { "toast" : "files", "locale" : "ru", "kind" : "format" }
///   ]
/// }
/// ```
public struct MatrixBaseline: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// The known findings.
    public var known: Set<MatrixKnownFinding>

    /// A baseline of these findings.
    public init(known: Set<MatrixKnownFinding>) { self.known = known }

    /// A baseline of these findings.
    public init(arrayLiteral elements: MatrixKnownFinding...) { known = Set(elements) }

    /// The baseline that accepts every finding of `result`.
    public init(result: MatrixResult) {
        var known = Set<MatrixKnownFinding>()
        for block in result.blocks {
            for finding in block.allFindings { known.insert(Self.key(finding, in: block)) }
        }
        self.known = known
    }

    /// Reads a baseline file's bytes; errors name `file:line:column` and what was expected.
    public init(json bytes: [UInt8], file: String) throws(CatalogError) {
        let root = try JSONParser.parse(bytes, file: file)
        func fail(_ line: Int, _ column: Int, _ message: String) -> CatalogError {
            CatalogError(location: SourceLocation(file: file, line: max(line, 1), column: max(column, 1)), rule: .matrixBaseline,
                         message: message)
        }
        guard case .object(let members) = root, let list = members.last(where: { $0.key == "known" }),
              case .array(let items) = list.value else {
            throw fail(1, 1, "expected an object with a \"known\" array of {\"toast\", \"locale\", \"kind\"} objects")
        }
        var known = Set<MatrixKnownFinding>()
        for item in items {
            guard case .object(let fields) = item,
                  let toast = item["toast"]?.stringValue, let locale = item["locale"]?.stringValue,
                  let kindName = item["kind"]?.stringValue else {
                throw fail(list.line, list.column, "expected each of \"known\" to be an object with strings \"toast\", \"locale\" and \"kind\"")
            }
            guard let kind = MatrixFinding.Kind(rawValue: kindName) else {
                let place = fields.last { $0.key == "kind" }
                throw fail(place?.line ?? list.line, place?.column ?? list.column,
                           "unknown kind “\(CodePoint.visible(String(kindName.prefix(40))))” (expected one of \(MatrixFinding.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            known.insert(MatrixKnownFinding(toast: toast, locale: locale, kind: kind))
        }
        self.known = known
    }

    /// The file's text.
    public var json: String {
        var out = "{\n  \"version\" : 1,\n  \"known\" : ["
        for (index, item) in known.sorted(by: MatrixKnownFinding.precedes).enumerated() {
            out += index == 0 ? "\n    { \"toast\" : " : ",\n    { \"toast\" : "
            JSONWriter.writeString(item.toast, escaping: .minimal, into: &out)
            out += ", \"locale\" : "
            JSONWriter.writeString(item.locale, escaping: .minimal, into: &out)
            out += ", \"kind\" : \"\(item.kind.rawValue)\" }"
        }
        out += known.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// Whether `finding`, of `block`, is known.
    public func contains(_ finding: MatrixFinding, in block: MatrixBlock) -> Bool {
        entry(for: finding, in: block) != nil
    }

    /// The entry that knows `finding`, by the block's locale or its pseudo-locale's name.
    func entry(for finding: MatrixFinding, in block: MatrixBlock) -> MatrixKnownFinding? {
        let shown = Self.key(finding, in: block)
        if known.contains(shown) { return shown }
        guard let pseudo = block.pseudo else { return nil }
        let named = MatrixKnownFinding(toast: block.toast, locale: pseudo.rawValue, kind: finding.kind)
        return known.contains(named) ? named : nil
    }

    static func key(_ finding: MatrixFinding, in block: MatrixBlock) -> MatrixKnownFinding {
        MatrixKnownFinding(toast: block.toast, locale: block.locale.identifier, kind: finding.kind)
    }
}

extension MatrixResult {
    /// The result without the findings `baseline` knows, how many findings it took out, and
    /// the baseline shrunk: an entry whose toast was rendered in its locale without the
    /// finding drops out (it was fixed); an entry for a toast or locale this run did not
    /// render (`--locales de`, another spec file) stays.
    public func applying(_ baseline: MatrixBaseline) -> (result: MatrixResult, baselined: Int, shrunk: MatrixBaseline) {
        var still = Set<MatrixKnownFinding>()
        var baselined = 0
        func keep(_ finding: MatrixFinding, _ block: MatrixBlock) -> Bool {
            guard let entry = baseline.entry(for: finding, in: block) else { return true }
            still.insert(entry)
            baselined += 1
            return false
        }
        var rendered = Set<String>()
        for block in blocks {
            rendered.insert(block.toast + "\u{0}" + block.locale.identifier)
            if let pseudo = block.pseudo { rendered.insert(block.toast + "\u{0}" + pseudo.rawValue) }
        }
        for entry in baseline.known where !rendered.contains(entry.toast + "\u{0}" + entry.locale) { still.insert(entry) }
        var blocks = self.blocks
        for index in blocks.indices {
            let block = blocks[index]
            for cell in blocks[index].cells.indices {
                blocks[index].cells[cell].findings = block.cells[cell].findings.filter { keep($0, block) }
            }
            blocks[index].findings = block.findings.filter { keep($0, block) }
        }
        return (MatrixResult(blocks: blocks), baselined, MatrixBaseline(known: still))
    }
}
