import ToastCatalog
import ToastICU
import ToastKit

extension MatrixResult {
    /// The golden-file form: a block per toast and locale, its cells' lines under a
    /// `-- category · number · device --` header (none for a toast without number or device),
    /// findings after the lines they concern, indented. Meant to be committed and diffed.
    ///
    /// ```text
    /// == upload.done · pl ==
    /// -- one · 1 --
    /// Sukces: Przesyłanie zakończone — Przesłano 1 plik Działania: Pokaż, Cofnij
    /// -- few · 2 --
    /// Sukces: Przesyłanie zakończone — Przesłano 2 pliki Działania: Pokaż, Cofnij
    /// ```
    public var goldenText: String {
        var out = ""
        for (index, block) in blocks.enumerated() {
            if index > 0 { out += "\n" }
            out += "== \(CodePoint.visible(block.toast)) · \(block.locale.identifier)"
            if let pseudo = block.pseudo { out += " (\(pseudo.rawValue))" }
            out += " ==\n"
            for cell in block.cells {
                let label = cell.sampleLabel
                if !label.isEmpty { out += "-- \(label) --\n" }
                for line in cell.lines { out += line + "\n" }
                for finding in cell.findings { out += "  " + finding.description + "\n" }
            }
            for finding in block.findings { out += "  " + finding.description + "\n" }
        }
        return out
    }

    /// A table for people: one row per cell (lines, widest line, findings by kind), then
    /// every finding with its place, then the counts.
    public var textTable: String {
        let header = ["TOAST", "LOCALE", "SAMPLE", "LINES", "WIDEST", "FINDINGS"]
        var rows: [[String]] = []
        for block in blocks {
            for cell in block.cells {
                var kinds: [String: Int] = [:]
                for finding in cell.findings { kinds[finding.kind.rawValue, default: 0] += 1 }
                let summary = kinds.isEmpty ? "-" : kinds.sorted { $0.key < $1.key }.map { $0.value > 1 ? "\($0.key)×\($0.value)" : $0.key }.joined(separator: " ")
                rows.append([Self.shortened(block.toast), locale(block), cell.sampleLabel.isEmpty ? "-" : cell.sampleLabel,
                             String(cell.lines.count), String(cell.widest), summary])
            }
        }
        var widths = header.map { TextWidth.cells(of: $0) }
        for row in rows { for (column, text) in row.enumerated() { widths[column] = max(widths[column], TextWidth.cells(of: text)) } }
        func format(_ row: [String]) -> String {
            var line = ""
            for (column, text) in row.enumerated() {
                if column > 0 { line += "  " }
                line += text
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - TextWidth.cells(of: text)) }
            }
            return line
        }
        var out = format(header) + "\n"
        for row in rows { out += format(row) + "\n" }
        let all = findingsWithPlace
        if !all.isEmpty {
            out += "\n"
            for (place, finding) in all { out += "\(CodePoint.visibleLineStart(place)): \(finding.description)\n" }
        }
        out += "\n" + summaryLine + "\n"
        return out
    }

    /// A toast id as a table cell: controls, bidi controls and separators shown as
    /// `<U+XXXX>` (as every text output shows them), at most 40 cells (then `…`).
    static func shortened(_ id: String) -> String {
        var out = ""
        var cells = 0
        for character in CodePoint.visibleLineStart(id) {
            let width = TextWidth.cells(of: character)
            if cells + width > 39 { return out + "…" }
            out.append(character)
            cells += width
        }
        return out
    }

    /// `124 cells, 10 toasts, 15 locales; 3 errors, 12 warnings (fallback 9, …)`.
    public var summaryLine: String {
        let toasts = Set(blocks.map(\.toast)).count
        let locales = Set(blocks.map(\.locale)).count
        let kinds = counts.filter { $0.count > 0 }.map { "\($0.kind.rawValue) \($0.count)" }
        var line = "\(cells.count) cells, \(toasts) toasts, \(locales) locales; \(count(.error)) errors, \(count(.warning)) warnings"
        if !kinds.isEmpty { line += " (" + kinds.joined(separator: ", ") + ")" }
        return line
    }

    /// The JSON of `matrix --format json`:
    /// `{"cells": [{"toast", "locale", "pseudo", "category", "number", "device", "lines", "wraps",
    /// "widest", "direction", "findings": [{"kind", "severity", "field", "message"}]}],
    /// "findings": [{"toast", "locale", "category", "number", "device", "kind", "severity", "field",
    /// "message"}], "summary": {"cells", "toasts", "locales", "error", "warning", "kinds": {…}}}`.
    /// `findings` lists every finding with its place, the block-level ones (unreached
    /// variants) with `category`, `number` and `device` null.
    public var json: JSONValue {
        var cells: [JSONValue] = []
        var all: [JSONValue] = []
        for block in blocks {
            for cell in block.cells {
                cells.append(.members([
                    "toast": .string(cell.toast), "locale": .string(cell.locale.identifier),
                    "pseudo": .optional(block.pseudo?.rawValue), "category": .optional(cell.category?.rawValue),
                    "number": cell.number.map { .number($0) } ?? .null, "device": .optional(cell.device),
                    "lines": .array(cell.lines.map { .string($0) }), "wraps": .number(String(cell.wraps)),
                    "widest": .number(String(cell.widest)), "direction": .string(cell.direction == .rightToLeft ? "rtl" : "ltr"),
                    "findings": .array(cell.findings.map(Self.json)),
                ]))
                for finding in cell.findings { all.append(Self.json(finding, block: block, cell: cell)) }
            }
            for finding in block.findings { all.append(Self.json(finding, block: block, cell: nil)) }
        }
        var kinds: [JSONMember] = []
        for (kind, count) in counts { kinds.append(JSONMember(key: kind.rawValue, value: .number(String(count)))) }
        return .members([
            "cells": .array(cells), "findings": .array(all),
            "summary": .members([
                "cells": .number(String(self.cells.count)), "toasts": .number(String(Set(blocks.map(\.toast)).count)),
                "locales": .number(String(Set(blocks.map(\.locale)).count)),
                "error": .number(String(count(.error))), "warning": .number(String(count(.warning))),
                "kinds": .object(kinds),
            ]),
        ])
    }

    private static func json(_ finding: MatrixFinding) -> JSONValue {
        .members(["kind": .string(finding.kind.rawValue), "severity": .string(finding.severity.rawValue),
                  "field": .optional(finding.field), "message": .string(finding.message)])
    }

    private static func json(_ finding: MatrixFinding, block: MatrixBlock, cell: MatrixCell?) -> JSONValue {
        .members(["toast": .string(block.toast), "locale": .string(block.locale.identifier),
                  "category": .optional(cell?.category?.rawValue), "number": cell?.number.map { .number($0) } ?? .null,
                  "device": .optional(cell?.device), "kind": .string(finding.kind.rawValue),
                  "severity": .string(finding.severity.rawValue), "field": .optional(finding.field),
                  "message": .string(finding.message)])
    }

    /// Every finding with its place: `upload.done · pl · few · 2`.
    public var findingsWithPlace: [(place: String, finding: MatrixFinding)] {
        findingsWithPlace(atLeast: .note)
    }

    /// The findings at `severity` or worse, of `kinds` (`nil`: every kind), that `known`
    /// does not list, with their places.
    public func findingsWithPlace(atLeast severity: Severity, kinds: Set<MatrixFinding.Kind>? = nil,
                                  except known: MatrixBaseline = []) -> [(place: String, finding: MatrixFinding)] {
        var result: [(String, MatrixFinding)] = []
        func counts(_ finding: MatrixFinding, _ block: MatrixBlock) -> Bool {
            finding.severity >= severity && kinds.map { $0.contains(finding.kind) } != false && !known.contains(finding, in: block)
        }
        for block in blocks {
            for cell in block.cells {
                let place = ([block.toast, locale(block)] + (cell.sampleLabel.isEmpty ? [] : [cell.sampleLabel])).joined(separator: " · ")
                for finding in cell.findings where counts(finding, block) { result.append((place, finding)) }
            }
            for finding in block.findings where counts(finding, block) { result.append(("\(block.toast) · \(locale(block))", finding)) }
        }
        return result
    }

    private func locale(_ block: MatrixBlock) -> String {
        block.pseudo.map { "\(block.locale.identifier) (\($0.rawValue))" } ?? block.locale.identifier
    }
}
