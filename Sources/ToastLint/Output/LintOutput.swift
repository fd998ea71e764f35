import ToastCatalog
import ToastSupport

/// The output formats of `toastkit lint`.
public enum LintOutputFormat: String, Sendable, CaseIterable {
    /// Diagnostics for people (stderr): `file:line:col: error: [rule] message`, then the
    /// source and target excerpts and a hint.
    case text
    /// One JSON object per finding and line (stdout), fields as in validation-checks.md §3.
    case json
    /// One SARIF 2.1.0 log (stdout) with the rule registry and fingerprints.
    case sarif
    /// GitHub Actions workflow commands (stdout): `::error file=…,line=…,col=…,title=rule::…`.
    case github
}

/// Renders findings in the formats of ``LintOutputFormat``.
public enum LintOutput {
    /// One finding as text:
    ///
    /// ```
    /// de.lproj/Localizable.strings:3:1: error: [placeholder-mismatch] the de text drops argument 1 (“%lld” in the source)
    ///   source: ⟪%lld⟫ files
    ///   target: Dateien
    ///   hint: Use exactly the source's placeholders; …
    /// ```
    public static func text(_ finding: LintFinding) -> String {
        var out = "\(CodePoint.visibleLineStart("\(finding.location)")): \(finding.severity.rawValue): [\(finding.rule)] "
        if !finding.key.isEmpty {
            out += "“\(CodePoint.visible(finding.key))”"
                + (finding.locale.isEmpty ? "" : " (\(CodePoint.visible(finding.locale + (finding.path.isEmpty ? "" : " " + finding.path))))") + ": "
        }
        out += CodePoint.visible(finding.message)
        if let source = finding.source { out += "\n  source: " + source }
        if let target = finding.target { out += "\n  target: " + target }
        if let hint = finding.hint { out += "\n  hint: " + CodePoint.visible(hint) }
        return out
    }

    /// One finding as a JSON object on one line.
    public static func json(_ finding: LintFinding) -> String {
        var line = ByteOutput(capacity: 512)
        appendJSON(finding, to: &line)
        return line.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Every finding as ``appendJSON(_:to:)`` writes it, one per line, handed to `write` in runs
    /// of whole lines, in order, on the calling thread; the runs are made on all cores, a
    /// window of them at a time.
    public static func writeJSONLines(_ findings: [LintFinding], _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        Parallel.forEachRun(of: findings.count, length: 512, { range in
            // Through one buffer: a line is some eighty pieces, and `Array.append(contentsOf:)`
            // cost about a hundred instructions a piece however short.
            var out = ByteOutput(capacity: range.count * 512)
            // Each finding read where it is held, not copied out (a retain of each string).
            findings.withUnsafeBufferPointer { held in
                for index in range {
                    appendJSON(held[index], to: &out)
                    out.append(0x0A)
                }
            }
            return out.take()
        }, then: { lines in lines.withUnsafeBufferPointer(write) })
    }

    /// Appends ``json(_:)`` of `finding` to UTF-8 bytes (no line feed).
    public static func appendJSON(_ finding: LintFinding, to out: inout [UInt8]) {
        var line = ByteOutput(capacity: 512)
        appendJSON(finding, to: &line)
        line.withBytes { out.append(contentsOf: $0) }
    }

    /// The same line appended to a ``ByteOutput``, a member at a time.
    static func appendJSON(_ finding: LintFinding, to out: inout ByteOutput) {
        // Each member's name with the punctuation before and after it, as one run of bytes.
        func name(_ head: StaticString) { out.append(head) }
        // A string member; where its escaped text stands in `out` (between its quotes).
        @discardableResult func string(_ head: StaticString, _ value: String) -> Range<Int> {
            name(head)
            out.append(UInt8(ascii: "\""))
            let start = out.count
            JSONWriter.appendEscaped(value, to: &out)
            let end = out.count
            out.append(UInt8(ascii: "\""))
            return start..<end
        }
        func number(_ head: StaticString, _ value: Int) { name(head); appendDecimal(value, to: &out) }
        let rule = string(#"{"rule":"#, finding.rule.rawValue)
        string(#","severity":"#, finding.severity.rawValue)
        let file = string(#","file":"#, finding.location.file)
        number(#","line":"#, finding.location.line)
        number(#","column":"#, finding.location.column)
        let table = string(#","table":"#, finding.table)
        let key = string(#","key":"#, finding.key)
        let locale = string(#","locale":"#, finding.locale)
        let path = string(#","path":"#, finding.path)
        string(#","message":"#, finding.message)
        if let source = finding.source { string(#","source":"#, source) }
        if let target = finding.target { string(#","target":"#, target) }
        if let hint = finding.hint { string(#","hint":"#, hint) }
        name(#","fingerprint":"#)
        // The fingerprint's parts are members written above: their escaped bytes are copied.
        finding.appendFingerprintJSON(to: &out, escaped: LintFinding.EscapedParts(file: file, table: table, key: key, locale: locale,
                                                                                   path: path, rule: rule))
        name(#","group":""#)
        appendHex16(finding.groupHash, to: &out)
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: "}"))
    }

    /// Appends the decimal digits of `value` (a `-` first when negative), as `String(value)`
    /// spells it.
    static func appendDecimal<Sink: ByteSink & ~Copyable>(_ value: Int, to out: inout Sink) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        // The highest power of ten the value reaches, then a digit per power, most significant
        // first (no power overflows: each is at most the value).
        var power: UInt = 1
        while power <= magnitude / 10 { power *= 10 }
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(magnitude / power % 10))
            power /= 10
        } while power > 0
    }

    /// Appends the 16 lowercase hex digits of `value`, leading zeros included: ``stableHash(_:)``'s
    /// spelling.
    static func appendHex16<Sink: ByteSink & ~Copyable>(_ value: UInt64, to out: inout Sink) {
        // Spelled into sixteen bytes of its own, then appended as one piece (a piece a digit
        // was a bounds check each).
        var digits: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &digits) { raw in
            for index in 0..<16 {
                let digit = UInt8((value >> UInt64(60 - 4 * index)) & 0xF)
                raw[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
            }
        }
        withUnsafeBytes(of: &digits) { raw in out.append(raw.bindMemory(to: UInt8.self)) }
    }

    /// One finding as a GitHub Actions workflow command, escaped as `CodePoint.githubCommandText`
    /// says: input text shows its controls as `<U+XXXX>`, so a key holding CR LF and
    /// `::error …` stays inside this one command.
    public static func github(_ finding: LintFinding) -> String {
        let command = finding.severity == .error ? "error" : finding.severity == .warning ? "warning" : "notice"
        func property(_ text: String) -> String { CodePoint.githubCommandText([text], property: true) }
        var lines = [(finding.key.isEmpty ? "" : "“\(finding.key)” (\(finding.locale)): ") + finding.message]
        if let hint = finding.hint { lines.append(hint) }
        return "::\(command) file=\(property(finding.location.file)),line=\(finding.location.line),col=\(finding.location.column),title=\(property(finding.rule.rawValue))::\(CodePoint.githubCommandText(lines))"
    }

    /// The findings as one SARIF 2.1.0 log.
    public static func sarif(_ findings: [LintFinding], toolVersion: String) -> String {
        let rules: [JSONValue] = LintRule.all.map { rule in
            .object([
                JSONMember(key: "id", value: .string(rule.id.rawValue)),
                JSONMember(key: "name", value: .string(rule.id.rawValue)),
                JSONMember(key: "shortDescription", value: .object([JSONMember(key: "text", value: .string(rule.summary))])),
                JSONMember(key: "help", value: .object([JSONMember(key: "text", value: .string(rule.help))])),
                JSONMember(key: "defaultConfiguration", value: .object([JSONMember(key: "level", value: .string(level(rule.defaultSeverity)))])),
                JSONMember(key: "properties", value: .object([JSONMember(key: "tags", value: .array([.string(rule.group)]))])),
            ])
        }
        let index = Dictionary(uniqueKeysWithValues: LintRule.all.enumerated().map { ($0.element.id, $0.offset) })
        let results: [JSONValue] = findings.map { finding in
            var text = (finding.key.isEmpty ? "" : "“\(finding.key)” (\(finding.locale)\(finding.path.isEmpty ? "" : " " + finding.path)): ") + finding.message
            if let source = finding.source { text += "\nsource: " + source }
            if let target = finding.target { text += "\ntarget: " + target }
            return .object([
                JSONMember(key: "ruleId", value: .string(finding.rule.rawValue)),
                JSONMember(key: "ruleIndex", value: .number(String(index[finding.rule] ?? 0))),
                JSONMember(key: "level", value: .string(level(finding.severity))),
                JSONMember(key: "message", value: .object([JSONMember(key: "text", value: .string(text))])),
                JSONMember(key: "locations", value: .array([.object([
                    JSONMember(key: "physicalLocation", value: .object([
                        JSONMember(key: "artifactLocation", value: .object([JSONMember(key: "uri", value: .string(uri(finding.location.file)))])),
                        JSONMember(key: "region", value: .object([
                            JSONMember(key: "startLine", value: .number(String(finding.location.line))),
                            JSONMember(key: "startColumn", value: .number(String(finding.location.column))),
                        ])),
                    ])),
                ])])),
                JSONMember(key: "partialFingerprints", value: .object([
                    JSONMember(key: "toastkitFinding/v1", value: .string(stableHash(finding.fingerprint))),
                ])),
                JSONMember(key: "properties", value: .object([
                    JSONMember(key: "table", value: .string(finding.table)),
                    JSONMember(key: "key", value: .string(finding.key)),
                    JSONMember(key: "locale", value: .string(finding.locale)),
                    JSONMember(key: "path", value: .string(finding.path)),
                    JSONMember(key: "group", value: .string(finding.group)),
                ])),
            ])
        }
        let log: JSONValue = .object([
            JSONMember(key: "$schema", value: .string("https://json.schemastore.org/sarif-2.1.0.json")),
            JSONMember(key: "version", value: .string("2.1.0")),
            JSONMember(key: "runs", value: .array([.object([
                JSONMember(key: "tool", value: .object([JSONMember(key: "driver", value: .object([
                    JSONMember(key: "name", value: .string("toastkit lint")),
                    JSONMember(key: "version", value: .string(toolVersion)),
                    JSONMember(key: "informationUri", value: .string("https://github.com/toastkit/toastkit")),
                    JSONMember(key: "rules", value: .array(rules)),
                ]))])),
                JSONMember(key: "results", value: .array(results)),
            ])])),
        ])
        return JSONWriter.string(log, style: .pretty)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A relative path as a URI reference (percent-encoding what URIs do not allow).
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let allowed = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "-._~/".utf8.contains(byte)
            if allowed { out.unicodeScalars.append(Unicode.Scalar(byte)) } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// FNV-1a 64 of the fingerprint, as 16 hex digits: stable across runs and machines.
    public static func stableHash(_ text: String) -> String {
        var hash = StableHash()
        hash.add(text)
        var out: [UInt8] = []
        appendHex16(hash.value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// FNV-1a 64 over UTF-8 bytes added in pieces (``LintOutput/stableHash(_:)``).
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(byte: UInt8) { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }

    mutating func add(_ text: String) {
        text.withUTF8Bytes { add(bytes: $0) }
    }

    mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
        var value = value
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        self.value = value
    }
}
