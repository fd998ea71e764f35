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
        let bad = try ToastkitBinary.run(["lint", "Main.xcstrings"], directory: dir)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("Main.xcstrings:7:59: error: [format-type-mismatch] “%lld files” (de): argument 1 is integer (“%lld”) in the source but read as object (“%@”) in de"), "\(bad.stderr)")
        #expect(bad.stderr.contains("  source: ⟪%lld⟫ files\n  target: ⟪%@⟫ Dateien\n  hint: Use “%lld” for this argument."))
        #expect(bad.stdout.isEmpty)
        let clean = try ToastkitBinary.run(["lint", "Clean.xcstrings"], directory: dir)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stderr.hasSuffix("toastkit lint: 0 error(s), 0 warning(s), 0 note(s) in 1 file(s)\n"))
        let missing = try ToastkitBinary.run(["lint", "Nope.xcstrings"], directory: dir)
        #expect(missing.status == 2 && missing.stderr.contains("Nope.xcstrings:1:1: error: [io] no such file or folder"))
        let usage = try ToastkitBinary.run(["lint", "--format", "xml", "Main.xcstrings"], directory: dir)
        #expect(usage.status == 2)
        let none = try ToastkitBinary.run(["lint"], directory: dir)
        #expect(none.status == 2)
    }

    @Test func formats() throws {
        let dir = try folder(["Main.xcstrings": Self.broken])
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
        let configured = try ToastkitBinary.run(["lint", "Main.xcstrings"], directory: dir)
        #expect(configured.status == 0 && configured.stderr.contains("warning: [format-type-mismatch]"), "\(configured.stderr)")
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
        #expect(third.status == 1 && third.stderr.contains("[control-character]") && !third.stderr.contains("[format-type-mismatch]"), "\(third.stderr)")
        // Fixing the baselined finding shrinks the baseline.
        try Data(Self.broken.replacingOccurrences(of: "%@ Dateien", with: "%lld Dateien").utf8).write(to: dir.appendingPathComponent("Main.xcstrings"))
        let fourth = try ToastkitBinary.run(["lint", "--baseline", "lint-baseline.json", "Main.xcstrings"], directory: dir)
        #expect(fourth.status == 0 && fourth.stderr.contains("shrunk to 0"), "\(fourth.stderr)")
    }

    @Test func missingTranslationIsAnErrorOnlyInCI() throws {
        let catalog = """
            {"sourceLanguage":"en","strings":{"Open":{"comment":"Button.","localizations":{"en":{"stringUnit":{"state":"translated","value":"Open"}},"de":{"stringUnit":{"state":"translated","value":"Öffnen"}}}},
            "Close":{"comment":"Button.","localizations":{"en":{"stringUnit":{"state":"translated","value":"Close"}}}}},"version":"1.0"}
            """
        let dir = try folder(["Main.xcstrings": catalog])
        let local = try ToastkitBinary.run(["lint", "Main.xcstrings"], directory: dir)
        #expect(local.status == 0 && local.stderr.contains("warning: [missing-translation] “Close” (de)"), "\(local.stderr)")
        let ci = try ToastkitBinary.run(["lint", "Main.xcstrings"], environment: ["CI": "true"], directory: dir)
        #expect(ci.status == 1 && ci.stderr.contains("error: [missing-translation] “Close” (de)"))
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
