import Foundation
import Testing

/// `toastkit lint` on the built binary: exit codes, output formats, configuration file,
/// baseline ratchet, and the corpus without a crash.
@Suite struct LintCommandTests {
    static let corpus = CatalogCommandsTests.corpus

    static let broken = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld files" : {
              "comment" : "%lld is the number of files.",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%@ Dateien" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } }
              }
            }
          },
          "version" : "1.0"
        }
        """

    func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-lintcli-\(UUID().uuidString)")
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test func exitCodesAndTextDiagnostics() throws {
        let dir = try folder(["Main.xcstrings": Self.broken, "Clean.xcstrings": Self.broken.replacingOccurrences(of: "%@ Dateien", with: "%lld Dateien")])
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = try ToastkitBinary.run(["lint", "Main.xcstrings"], directory: dir)
        #expect(bad.status == 1)
        // Findings on stdout (for | less and | grep), the summary on stderr.
        #expect(bad.stdout.contains("Main.xcstrings:7:59: error: [format-type-mismatch] “%lld files” (de): argument 1 is integer (“%lld”) in the source but read as object (“%@”) in de"), "\(bad.stdout)")
        #expect(bad.stdout.contains("  source: ⟪%lld⟫ files\n  target: ⟪%@⟫ Dateien\n  hint: Use “%lld” for this argument."))
        #expect(bad.stderr == """
            toastkit lint: 1 error(s), 0 warning(s), 0 note(s) in 1 file(s)
              rule                    error warning    note
              format-type-mismatch        1       0       0

            """, "\(bad.stderr)")
        let clean = try ToastkitBinary.run(["lint", "Clean.xcstrings"], directory: dir)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.isEmpty)
        #expect(clean.stderr == "toastkit lint: 0 error(s), 0 warning(s), 0 note(s) in 1 file(s)\n")
        let missing = try ToastkitBinary.run(["lint", "Nope.xcstrings"], directory: dir)
        #expect(missing.status == 2 && missing.stderr.contains("Nope.xcstrings:1:1: error: [io] no such file or folder"))
        let usage = try ToastkitBinary.run(["lint", "--format", "xml", "Main.xcstrings"], directory: dir)
        #expect(usage.status == 2)
        let none = try ToastkitBinary.run(["lint"], directory: dir)
        #expect(none.status == 2)
    }

    @Test func formats() throws {
        let dir = try folder(["Main.xcstrings": Self.broken])
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = try ToastkitBinary.run(["lint", "--format", "json", "Main.xcstrings"], directory: dir)
        #expect(json.status == 1)
        let objects = try json.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(objects.contains { $0["rule"] as? String == "format-type-mismatch" && $0["line"] as? Int == 7 && $0["locale"] as? String == "de" })
        let github = try ToastkitBinary.run(["lint", "--format", "github", "Main.xcstrings"], directory: dir)
        #expect(github.stdout.contains("::error file=Main.xcstrings,line=7,col=59,title=format-type-mismatch::“%25lld files” (de): argument 1"), "\(github.stdout)")
        let sarif = try ToastkitBinary.run(["lint", "--format", "sarif", "Main.xcstrings"], directory: dir)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as! [String: Any]
        #expect(log["version"] as? String == "2.1.0")
        #expect(sarif.status == 1)
    }

    @Test func configurationFileAndBaseline() throws {
        let dir = try folder(["Main.xcstrings": Self.broken,
                              ".toastkit-lint.json": #"{"rules": {"format-type-mismatch": "warning"}}"#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let configured = try ToastkitBinary.run(["lint", "Main.xcstrings"], directory: dir)
        #expect(configured.status == 0 && configured.stdout.contains("warning: [format-type-mismatch]"), "\(configured.stdout)")
        let badConfig = try ToastkitBinary.run(["lint", "--config", "nope.json", "Main.xcstrings"], directory: dir)
        #expect(badConfig.status == 2)
        try FileManager.default.removeItem(at: dir.appendingPathComponent(".toastkit-lint.json"))

        let first = try ToastkitBinary.run(["lint", "--baseline", "lint-baseline.json", "Main.xcstrings"], directory: dir)
        #expect(first.status == 0 && first.stderr.contains("wrote lint-baseline.json with 1 finding(s)"), "\(first.stderr)")
        let second = try ToastkitBinary.run(["lint", "--baseline", "lint-baseline.json", "Main.xcstrings"], directory: dir)
        #expect(second.status == 0 && second.stderr.contains("1 baselined"), "\(second.stderr)")
        // A new defect fails; the baselined one stays quiet.
        let worse = Self.broken.replacingOccurrences(of: "\"en\" : { \"stringUnit\"", with: "\"fr\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\\u001b[2J%lld fichiers\" } },\n        \"en\" : { \"stringUnit\"")
        try Data(worse.utf8).write(to: dir.appendingPathComponent("Main.xcstrings"))
        let third = try ToastkitBinary.run(["lint", "--baseline", "lint-baseline.json", "Main.xcstrings"], directory: dir)
        #expect(third.status == 1 && third.stdout.contains("[control-character]") && !third.stdout.contains("[format-type-mismatch]"), "\(third.stdout)")
        // Fixing the baselined finding shrinks the baseline.
        try Data(Self.broken.replacingOccurrences(of: "%@ Dateien", with: "%lld Dateien").utf8).write(to: dir.appendingPathComponent("Main.xcstrings"))
        let fourth = try ToastkitBinary.run(["lint", "--baseline", "lint-baseline.json", "Main.xcstrings"], directory: dir)
        #expect(fourth.status == 0 && fourth.stderr.contains("shrunk to 0"), "\(fourth.stderr)")
    }

    /// A three-locale `.lproj` tree with a problem in two locales, one in one locale, a note,
    /// a source-side problem and a key holding a line break.
    static let tree: [String: String] = [
        "en.lproj/Main.strings": """
            /* %@ is a file name. */
            "a" = "Open %@";
            /* A question. */
            "b" = "Delete the file?";
            /* Downloads, %@. */
            "c" = "Download files";
            /* %@ is a name, %@ a file. */
            "d" = "%@ shared %@";
            /* Two lines. */
            "line\nbreak" = "Two\nlines";
            """,
        "de.lproj/Main.strings": """
            "a" = "Öffnen";
            "b" = "Datei löschen";
            "c" = "Download files";
            "d" = "%@ teilte %@";
            "line\nbreak" = "";
            """,
        "fr.lproj/Main.strings": """
            "a" = "Ouvrir";
            "b" = "Supprimer le fichier ?";
            "c" = "Télécharger des fichiers";
            "d" = "%@ a partagé %@";
            "line\nbreak" = "Deux\nlignes";
            """,
    ]

    @Test func translatorOutput() throws {
        let dir = try folder(Self.tree)
        defer { try? FileManager.default.removeItem(at: dir) }
        let all = try ToastkitBinary.run(["lint", "."], directory: dir)
        #expect(all.status == 1)
        // One problem in two locales: shown once, both locales named, the other located.
        #expect(all.stdout.contains("./de.lproj/Main.strings:1:1: error: [placeholder-mismatch] “a” (de, fr): the de text drops argument 1 (“%@” in the source)\n  also in: fr (fr.lproj/Main.strings:1:1)\n"), "\(all.stdout)")
        // A source-side problem once; a key with a line break on its header line, escaped.
        #expect(all.stdout.components(separatedBy: "[source-not-positional]").count == 2)
        #expect(all.stdout.contains("[empty-translation] “line<U+000A>break” (de)"), "\(all.stdout)")
        #expect(all.stdout.contains("[punctuation-mismatch] “b” (de): the source ends with a question mark (“?”), the de text with no punctuation"))
        // Notes are counted, not listed; the summary has the locales and the rule table.
        #expect(!all.stdout.contains("unchanged-translation"))
        #expect(all.stderr.hasPrefix("toastkit lint: 3 error(s), 2 warning(s), 1 note(s) in 3 file(s) (1 note(s) not listed: --notes lists them)\n  de: 2 error(s), 1 warning(s), 1 note(s)\n  en: 0 error(s), 1 warning(s), 0 note(s)\n  fr: 1 error(s), 0 warning(s), 0 note(s)\n"), "\(all.stderr)")
        #expect(all.stderr.contains("  unchanged-translation        0       0       1\n"), "\(all.stderr)")
        let notes = try ToastkitBinary.run(["lint", "--notes", "."], directory: dir)
        #expect(notes.stdout.contains("note: [unchanged-translation] “c” (de)"))

        // A translator of fr: fr's findings and the source's, nothing of de.
        let fr = try ToastkitBinary.run(["lint", "--locales", "fr", "."], directory: dir)
        #expect(fr.status == 1)
        #expect(fr.stdout.contains("[placeholder-mismatch] “a” (fr)") && fr.stdout.contains("[source-not-positional] “d” (en)"), "\(fr.stdout)")
        #expect(!fr.stdout.contains("(de") && !fr.stderr.contains("de:"), "\(fr.stdout)\n\(fr.stderr)")
        let usage = try ToastkitBinary.run(["lint", "--locales", ",", "."], directory: dir)
        #expect(usage.status == 2)

        // JSON keeps one object per finding, with the group they share.
        let json = try ToastkitBinary.run(["lint", "--format", "json", "."], directory: dir)
        let objects = try json.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let mismatch = objects.filter { $0["rule"] as? String == "placeholder-mismatch" }
        #expect(mismatch.count == 2 && Set(mismatch.compactMap { $0["group"] as? String }).count == 1)
        #expect(objects.contains { $0["rule"] as? String == "unchanged-translation" })

        // One .lproj folder without its source says nothing was compared.
        let alone = try ToastkitBinary.run(["lint", "de.lproj"], directory: dir)
        #expect(alone.status == 0 && alone.stdout.contains("warning: [no-source-table]") && alone.stdout.contains("no en.lproj or Base.lproj file of the table Main"), "\(alone.stdout)")
    }

    @Test func missingTranslationIsAnErrorOnlyInCI() throws {
        let catalog = """
            {"sourceLanguage":"en","strings":{"Open":{"comment":"Button.","localizations":{"en":{"stringUnit":{"state":"translated","value":"Open"}},"de":{"stringUnit":{"state":"translated","value":"Öffnen"}}}},
            "Close":{"comment":"Button.","localizations":{"en":{"stringUnit":{"state":"translated","value":"Close"}}}}},"version":"1.0"}
            """
        let dir = try folder(["Main.xcstrings": catalog])
        defer { try? FileManager.default.removeItem(at: dir) }
        let local = try ToastkitBinary.run(["lint", "Main.xcstrings"], directory: dir)
        #expect(local.status == 0 && local.stdout.contains("warning: [missing-translation] “Close” (de)"), "\(local.stdout)")
        let ci = try ToastkitBinary.run(["lint", "Main.xcstrings"], environment: ["CI": "true"], directory: dir)
        #expect(ci.status == 1 && ci.stdout.contains("error: [missing-translation] “Close” (de)"))
    }

    @Test(.enabled(if: CatalogCommandsTests.corpusAvailable, "../shared/corpus is absent"))
    func corpusLintsWithoutACrash() throws {
        guard FileManager.default.fileExists(atPath: Self.corpus.path) else {
            Issue.record("../shared/corpus is required in CI")
            return
        }
        let result = try ToastkitBinary.run(["lint", "--format", "json", Self.corpus.path])
        #expect(result.status == 1, "\(result.stderr)")
        var counts: [String: Int] = [:]
        for line in result.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            counts[object["rule"] as! String, default: 0] += 1
            #expect((object["line"] as! Int) >= 1 && (object["column"] as! Int) >= 1)
        }
        print("lint over the corpus: " + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(counts["parse-error"] == nil, "every corpus file parses")
        #expect(counts["placeholder-mismatch", default: 0] > 0 && counts["plural-missing-category", default: 0] > 0)
    }
}
