import Testing
import ToastKitTesting
@testable import ToastMatrix

/// Golden diffs: a unified diff of every differing line (up to a limit) whose hunks name the
/// toast, locale and sample, and a minimal edit script underneath.
@Suite struct GoldenDifferenceTests {
    static let golden = """
        == upload.done · fr ==
        -- one · 1 --
        Succès : 1 fichier envoyé
        -- other · 2 --
        Succès : 2 fichiers envoyés

        == disk.full · fr ==
        Erreur : Le disque est plein.
        Actions : Réessayer

        """

    @Test func hunksNameTheirBlockAndSample() {
        let actual = Self.golden.replacingOccurrences(of: "2 fichiers envoyés", with: "2 fichier envoyé")
            .replacingOccurrences(of: "Actions : Réessayer", with: "Actions : Réessayer, Ignorer")
        let text = GoldenDifference.describe(expected: Self.golden, actual: actual, file: "matrix.txt", howToRecord: "--update rewrites it")
        #expect(text == """
            matrix.txt: the output differs from the golden file (9 lines expected, 9 rendered; --update rewrites it)
            @@ -3,7 +3,7 @@ upload.done · fr · other · 2, disk.full · fr
             Succès : 1 fichier envoyé
             -- other · 2 --
            -Succès : 2 fichiers envoyés
            +Succès : 2 fichier envoyé
             
             == disk.full · fr ==
             Erreur : Le disque est plein.
            -Actions : Réessayer
            +Actions : Réessayer, Ignorer
            """)
    }

    @Test func addedAndRemovedBlocksAreShown() {
        let longer = Self.golden + "\n== welcome · fr ==\nInfo : Bienvenue\n"
        let added = GoldenDifference.describe(expected: Self.golden, actual: longer, file: "m.txt")
        #expect(added.hasSuffix("@@ -8,2 +8,5 @@ welcome · fr\n Erreur : Le disque est plein.\n Actions : Réessayer\n+\n+== welcome · fr ==\n+Info : Bienvenue"), "\(added)")
        #expect(added.contains("RECORD=1 re-records"))
        let removed = GoldenDifference.describe(expected: longer, actual: Self.golden, file: "m.txt")
        #expect(removed.hasSuffix("@@ -8,5 +8,2 @@ welcome · fr\n Erreur : Le disque est plein.\n Actions : Réessayer\n-\n-== welcome · fr ==\n-Info : Bienvenue"), "\(removed)")
        // A carriage return is shown, not sent to the terminal.
        #expect(GoldenDifference.describe(expected: "a\nb\n", actual: "a\r\nb\n", file: "m.txt").hasSuffix("@@ -1,2 +1,2 @@\n-a\n+a<U+000D>\n b"))
        #expect(GoldenDifference.describe(expected: "a\nb", actual: "a\nb\n", file: "m.txt") == "m.txt: the output differs from the golden file only in its final line ending")
    }

    @Test func manyDifferencesAreCountedPastTheLimit() {
        let old = (0..<300).map { "line \($0)" }.joined(separator: "\n")
        let new = (0..<300).map { $0 % 2 == 0 ? "line \($0)" : "changed \($0)" }.joined(separator: "\n")
        let text = GoldenDifference.describe(expected: old, actual: new, file: "m.txt")
        let shown = text.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count
        #expect(shown == GoldenDifference.maximumLines)
        #expect(text.hasSuffix("… and \(300 - GoldenDifference.maximumLines) more differing line(s) not shown"), "\(text.suffix(200))")
    }

    @Test func twoChangesInALargeFileAreBothShown() {
        let old = (0..<54_000).map { "line \($0)" }
        var new = old
        new[4] = "changed 4"
        new[53_999] = "changed last"
        let text = GoldenDifference.describe(expected: old.joined(separator: "\n"), actual: new.joined(separator: "\n"), file: "m.txt")
        #expect(text.contains("@@ -3,5 +3,5 @@\n line 2\n line 3\n-line 4\n+changed 4\n line 5\n line 6"), "\(text.prefix(400))")
        #expect(text.hasSuffix("@@ -53998,2 +53998,2 @@\n line 53997\n line 53998\n-line 53999\n+changed last") == false)
        #expect(text.hasSuffix("-line 53999\n+changed last"), "\(text.suffix(200))")
        #expect(!text.contains("not shown"))
    }

    @Test func textsThatShareLittleAreComparedLineByLine() {
        let old = (0..<3_000).map { "a\($0)" }
        let new = (0..<3_000).map { $0 % 3 == 0 ? "a\($0)" : "b\($0)" }
        let edits = LineDiff.edits(from: old, to: new)
        #expect(edits.filter { $0.kind != .insert }.map(\.text) == old)
        #expect(edits.filter { $0.kind != .delete }.map(\.text) == new)
        #expect(edits.filter { $0.kind == .same }.count == 1_000)
    }

    @Test func aHunkAcrossBlocksNamesEach() {
        let golden = "== saved · de ==\nGespeichert\n\n== saved · ja ==\n保存しました\n"
        let actual = "== saved · de ==\nGesichert\n\n== saved · ja ==\n保存済み\n"
        let text = GoldenDifference.describe(expected: golden, actual: actual, file: "m.txt")
        #expect(text.contains("@@ -1,5 +1,5 @@ saved · de, saved · ja\n"), "\(text)")
    }

    /// The edit script rebuilds both texts, and is as short as the longest common
    /// subsequence allows, on random texts of a few distinct lines.
    @Test(arguments: 0..<200)
    func editsAreMinimalAndRebuildBothTexts(seed: Int) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let old = (0..<next(12)).map { _ in String(next(4)) }
        let new = (0..<next(12)).map { _ in String(next(4)) }
        let edits = LineDiff.edits(from: old, to: new)
        #expect(edits.filter { $0.kind != .insert }.map(\.text) == old)
        #expect(edits.filter { $0.kind != .delete }.map(\.text) == new)
        #expect(edits.filter { $0.kind == .same }.count == Self.lcs(old, new), "\(old) → \(new)")
        for edit in edits where edit.kind == .same { #expect(old[edit.old] == edit.text && new[edit.new] == edit.text) }
    }

    static func lcs(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
