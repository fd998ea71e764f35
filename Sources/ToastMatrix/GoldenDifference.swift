import ToastCatalog

/// Describes how a rendered golden text differs from its file: a unified diff whose hunks
/// name the toast, locale and sample of the block they fall in.
///
/// ```text
/// matrix.txt: the output differs from the golden file (99 lines expected, 99 rendered; --update rewrites it)
/// @@ -18,5 +18,5 @@ save.failed · fr
///  
///  == save.failed · fr ==
/// -Erreur : Impossible d’enregistrer « Report.pdf » — Le disque est saturé.
/// +Erreur : Impossible d’enregistrer « Report.pdf » — Le disque est plein.
///           Actions : Réessayer, Ignorer
///  
/// ```
///
/// Every differing line is shown up to ``maximumLines``; the rest are counted. Lines are shown
/// with controls, bidi controls and separators as `<U+XXXX>`, as every text output shows them.
public enum GoldenDifference {
    /// The most differing lines shown; the others are counted.
    public static let maximumLines = 80

    /// Lines of context around each change.
    static let context = 2

    /// The differences of `actual` from `expected` (the file `file`), with `howToRecord`
    /// (`RECORD=1 re-records`, `--update rewrites it`) in the first line.
    public static func describe(expected: String, actual: String, file: String,
                                howToRecord: String = "RECORD=1 re-records") -> String {
        let old = lines(expected), new = lines(actual)
        let edits = LineDiff.edits(from: old, to: new)
        guard edits.contains(where: { $0.kind != .same }) else {
            return "\(file): the output differs from the golden file only in its final line ending"
        }
        var out = "\(file): the output differs from the golden file (\(old.count) lines expected, \(new.count) rendered; \(howToRecord))"
        var shown = 0
        var hidden = 0
        for hunk in hunks(edits) {
            if shown >= maximumLines {
                hidden += hunk.filter { $0.kind != .same }.count
                continue
            }
            let first = hunk[0]
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            // Unified-diff ranges: 1-based start, and for an empty side the line before it.
            let oldStart = oldCount == 0 ? first.old : first.old + 1
            let newStart = newCount == 0 ? first.new : first.new + 1
            // Named after the blocks of its changed lines with text (a blank line between
            // blocks belongs to neither), each once, in order.
            var places: [String] = []
            for edit in hunk where edit.kind != .same && !edit.text.isEmpty {
                let place = edit.kind == .insert ? blockName(in: new, at: edit.new) : blockName(in: old, at: edit.old)
                if let place, !places.contains(place) { places.append(place) }
            }
            out += "\n@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@" + (places.isEmpty ? "" : " " + places.joined(separator: ", "))
            for edit in hunk {
                switch edit.kind {
                case .same: out += "\n " + CodePoint.visible(edit.text)
                case .delete, .insert:
                    if shown >= maximumLines { hidden += 1; continue }
                    shown += 1
                    out += "\n" + (edit.kind == .delete ? "-" : "+") + CodePoint.visible(edit.text)
                }
            }
        }
        if hidden > 0 { out += "\n… and \(hidden) more differing line(s) not shown" }
        return out
    }

    /// The lines of a text, as `wc -l` counts them: a final line feed ends the last line
    /// rather than starting an empty one.
    static func lines(_ text: String) -> [String] {
        // By scalars: as characters, CR LF is one, which is not a line feed.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The toast, locale and sample of the block line `index` of `lines` falls in:
    /// `disk.full · fr · one · 1`, from the `== … ==` and `-- … --` headers above it.
    static func blockName(in lines: [String], at index: Int) -> String? {
        var sample: String?
        var line = min(index, lines.count - 1)
        while line >= 0 {
            let text = lines[line]
            if text.hasPrefix("== ") && text.hasSuffix(" ==") && text.count >= 6 {
                let block = String(text.dropFirst(3).dropLast(3))
                return sample.map { block + " · " + $0 } ?? block
            }
            if sample == nil, text.hasPrefix("-- ") && text.hasSuffix(" --") && text.count >= 6 {
                sample = String(text.dropFirst(3).dropLast(3))
            }
            line -= 1
        }
        return nil
    }

    /// The edits grouped into hunks: each change with up to ``context`` unchanged lines
    /// around it, changes closer than twice that in one hunk.
    static func hunks(_ edits: [LineDiff.Edit]) -> [[LineDiff.Edit]] {
        var hunks: [[LineDiff.Edit]] = []
        var index = 0
        while index < edits.count {
            guard let start = edits[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var end = start
            var scan = start
            while scan < edits.count {
                if edits[scan].kind != .same { end = scan; scan += 1; continue }
                // A run of unchanged lines longer than two contexts ends the hunk.
                let run = edits[scan...].prefix { $0.kind == .same }.count
                if scan + run >= edits.count || run > 2 * context { break }
                scan += run
            }
            let from = max(start - context, index)
            let to = min(end + context, edits.count - 1)
            hunks.append(Array(edits[from...to]))
            index = to + 1
        }
        return hunks
    }
}

/// The shortest edit script between two lists of lines (Myers' algorithm), after the common
/// start and end are set aside.
enum LineDiff {
    struct Edit: Equatable {
        enum Kind { case same, delete, insert }
        let kind: Kind
        let text: String
        /// 0-based positions in the old and new lists where the edit stands.
        let old: Int
        let new: Int
    }

    /// Past this many differences the middle is compared line by line, at the same
    /// positions, keeping the work bounded on texts that share little (the work grows with
    /// the length times the differences, never with the length squared).
    static let maximumDifferences = 1_000

    static func edits(from old: [String], to new: [String]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        var edits = (0..<prefix).map { Edit(kind: .same, text: old[$0], old: $0, new: $0) }
        let a = Array(old[prefix..<(old.count - suffix)])
        let b = Array(new[prefix..<(new.count - suffix)])
        edits += middle(a, b, offset: prefix)
        for index in 0..<suffix {
            let o = old.count - suffix + index, n = new.count - suffix + index
            edits.append(Edit(kind: .same, text: old[o], old: o, new: n))
        }
        return edits
    }

    /// Myers' greedy forward search with a trace of each round's furthest points.
    private static func middle(_ a: [String], _ b: [String], offset: Int) -> [Edit] {
        let n = a.count, m = b.count
        if n == 0 || m == 0 { return positional(a, b, offset: offset) }
        let limit = min(n + m, maximumDifferences)
        let shift = limit + 1
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...limit {
            trace.append(furthest)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && furthest[shift + k - 1] < furthest[shift + k + 1]) {
                    x = furthest[shift + k + 1]
                } else {
                    x = furthest[shift + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                furthest[shift + k] = x
                if x >= n && y >= m { found = true; break search }
            }
        }
        guard found else { return positional(a, b, offset: offset) }
        // Walk back through the rounds.
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if d == 0 {
                previousK = 0
            } else if k == -d || (k != d && v[shift + k - 1] < v[shift + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : v[shift + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1; y -= 1
                edits.append(Edit(kind: .same, text: a[x], old: offset + x, new: offset + y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    edits.append(Edit(kind: .insert, text: b[y], old: offset + x, new: offset + y))
                } else {
                    x -= 1
                    edits.append(Edit(kind: .delete, text: a[x], old: offset + x, new: offset + y))
                }
            }
        }
        return edits.reversed()
    }

    /// Line `i` of one side against line `i` of the other: equal lines are kept, the others
    /// removed and added; the longer side's rest is removed or added.
    private static func positional(_ a: [String], _ b: [String], offset: Int) -> [Edit] {
        var edits: [Edit] = []
        for index in 0..<max(a.count, b.count) {
            if index < a.count, index < b.count, a[index] == b[index] {
                edits.append(Edit(kind: .same, text: a[index], old: offset + index, new: offset + index))
                continue
            }
            if index < a.count { edits.append(Edit(kind: .delete, text: a[index], old: offset + index, new: offset + min(index, b.count))) }
            if index < b.count { edits.append(Edit(kind: .insert, text: b[index], old: offset + min(index + 1, a.count), new: offset + index)) }
        }
        return edits
    }
}
