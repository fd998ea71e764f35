import Foundation
import Testing

/// `toastkit matrix` on the built binary: the demo, the golden-file workflow, seeded
/// findings and exit codes, usage errors, and every String Catalog of the corpus.
@Suite struct MatrixCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-matrixcli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func demoMatrixIsCleanAndMatchesTheLibraryGolden() throws {
        let table = try ToastkitBinary.run(["matrix"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.hasPrefix("TOAST "))
        #expect(table.stdout.hasSuffix("\n219 cells, 10 toasts, 15 locales; 0 errors, 0 warnings\n"))
        let golden = try ToastkitBinary.run(["matrix", "--format", "golden"])
        let expected = try String(contentsOf: Self.packageRoot.appendingPathComponent("Tests/ToastMatrixTests/Golden/matrix-demo.txt"), encoding: .utf8)
        #expect(golden.stdout == expected, "the command and LocaleMatrix render the same golden text")
    }

    @Test func goldenFileIsWrittenComparedAndReported() throws {
        let dir = try folder([:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("matrix.txt").path
        let missing = try ToastkitBinary.run(["matrix", "--golden", file])
        #expect(missing.status == 2 && missing.stderr.contains("create it with --update"))
        let write = try ToastkitBinary.run(["matrix", "--golden", file, "--update", "--locales", "fr,pl", "--pseudo", "none"])
        #expect(write.status == 0 && write.stderr.contains("wrote \(file)"))
        let same = try ToastkitBinary.run(["matrix", "--golden", file, "--locales", "fr,pl", "--pseudo", "none"])
        #expect(same.status == 0, "\(same.stderr)")
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "Le disque est plein.", with: "Le disque est saturé.")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let changed = try ToastkitBinary.run(["matrix", "--golden", file, "--locales", "fr,pl", "--pseudo", "none"])
        #expect(changed.status == 1)
        // A unified diff: the hunk names the block and sample, both versions of the line are
        // shown, and the message says how to rewrite the file (not RECORD=1, which only the
        // Swift helper reads).
        #expect(changed.stderr.contains("matrix.txt: the output differs from the golden file (99 lines expected, 99 rendered; --update rewrites it)"),
                "\(changed.stderr)")
        #expect(changed.stderr.contains("\n@@ -18,5 +18,5 @@ save.failed · fr\n \n == save.failed · fr ==\n"), "\(changed.stderr)")
        // (French puts a no-break space before ":".)
        #expect(changed.stderr.contains("\n-Erreur\u{A0}: Impossible d’enregistrer « Report.pdf » — Le disque est saturé.\n"
            + "+Erreur\u{A0}: Impossible d’enregistrer « Report.pdf » — Le disque est plein.\n"), "\(changed.stderr)")
        #expect(!changed.stderr.contains("RECORD"))
    }

    static let catalog = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "%lld files" : {"localizations": {
            "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
                                             "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}},
            "de": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%@ Datei"}},
                                             "other": {"stringUnit": {"state": "translated", "value": "%lld Dateien"}}}}}}},
          "Saved": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Saved"}}}}}}
        """
    static let spec = """
        {"toasts": [
          {"id": "files", "role": "error", "message": {"key": "%lld files", "args": [{"int": 4}]}},
          {"id": "saved", "role": "success", "message": {"key": "Saved"}}]}
        """

    @Test func seededFindingsFailTheRun() throws {
        let dir = try folder(["Localizable.xcstrings": Self.catalog, "spec.json": Self.spec])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ToastkitBinary.run(["matrix", dir.appendingPathComponent("Localizable.xcstrings").path,
                                             "--toasts", dir.appendingPathComponent("spec.json").path, "--format", "json", "--pseudo", "none"])
        #expect(result.status == 1, "a format error fails the run")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let places = findings.map { "\($0["toast"]!) \($0["locale"]!) \($0["category"]!) \($0["kind"]!)" }.sorted()
        #expect(places == ["files de one format", "saved de <null> fallback"])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["error"] as? Int == 1 && summary["warning"] as? Int == 1)
        // The table lists the same findings with their places.
        let table = try ToastkitBinary.run(["matrix", dir.appendingPathComponent("Localizable.xcstrings").path,
                                            "--toasts", dir.appendingPathComponent("spec.json").path, "--pseudo", "none"])
        #expect(table.stdout.contains("files · de · one · 1: error: [format] [format-argument]"))
        #expect(table.stdout.contains("saved · de: warning: [fallback] “Saved” has no de translation; used en"))
    }

    @Test(arguments: [
        (["matrix", "--format", "xml"], "The value 'xml' is invalid for '--format <format>'. Please provide one of 'text', 'json' or 'golden'."),
        (["matrix", "--budget", "error=wide"], "expected [LOCALE:]ROLE=N"),
        (["matrix", "--budget", ":error=60"], "expected a locale or pseudo-locale before “:”"),
        (["matrix", "--severity", "width-budget=fatal"], "expected error, warning or note"),
        (["matrix", "--severity", "loud=error"], "expected KIND=LEVEL with KIND one of fallback"),
        (["matrix", "Examples/QuickStart/Localizable.xcstrings", "--role", "*=loud"], "unknown role “loud”"),
        (["matrix", "--role", "*=error"], "--role sets the roles of generated toasts; it needs catalogs and --toasts auto"),
        (["matrix", "--budget", "de_DE!:all=9"], "is neither a locale tag nor a pseudo-locale"),
        (["matrix", "--line-budget", "toast=2"], "unknown role “toast”"),
        (["matrix", "--pseudo", "mirror"], "--pseudo must be all, none"),
        (["matrix", "--locales", "fr,not a locale"], "is not a locale tag"),
        (["matrix", "--update"], "--update needs --golden FILE"),
        (["matrix", "/nonexistent/Localizable.xcstrings", "--toasts", "auto"], "/nonexistent/Localizable.xcstrings"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) throws {
        let result = try ToastkitBinary.run(arguments, directory: Self.packageRoot)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// `matrix PATH` without `--toasts` renders one toast per key, as `--toasts auto` does.
    @Test func catalogsWithoutToastsTakeOneToastPerKey() throws {
        let plain = try ToastkitBinary.run(["matrix", "Examples/QuickStart/Localizable.xcstrings", "--pseudo", "none"], directory: Self.packageRoot)
        let auto = try ToastkitBinary.run(["matrix", "Examples/QuickStart/Localizable.xcstrings", "--pseudo", "none", "--toasts", "auto"],
                                          directory: Self.packageRoot)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == auto.stdout)
        #expect(plain.stdout.contains("Localizable/%lld files uploaded  ar"), "\(plain.stdout)")
    }

    @Test func invalidSpecIsLocated() throws {
        let dir = try folder(["spec.json": "{\"toasts\": [\n  {\"id\": \"x\", \"role\": \"toast\", \"message\": {\"key\": \"Saved\"}}]}"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ToastkitBinary.run(["matrix", "--toasts", dir.appendingPathComponent("spec.json").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("spec.json:2:"), "\(result.stderr)")
        #expect(result.stderr.contains("expected \"role\" to be one of success, error, warning, info"))
    }

    /// The team package of issue 31: three defects, three error findings with their places,
    /// exit 1; then known, then fixed.
    @Test func aTeamsDefectsFailTheRunAndABaselineRatchets() throws {
        let team = Self.packageRoot.appendingPathComponent("Tests/ToastMatrixTests/Team")
        let dir = try folder([:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = dir.appendingPathComponent("Localizable.xcstrings")
        try FileManager.default.copyItem(at: team.appendingPathComponent("Localizable.xcstrings"), to: catalog)
        let spec = team.appendingPathComponent("toasts.json").path
        let arguments = ["matrix", catalog.path, "--toasts", spec]
        let run = try ToastkitBinary.run(arguments)
        #expect(run.status == 1)
        let errors = run.stdout.split(separator: "\n").filter { $0.contains(": error: [") }
        #expect(errors.map { String($0.prefix { $0 != ":" }) } == ["open.failed · ar", "uploaded · ru · few · 2", "items.left · de · other · 2"],
                "\(run.stdout)")
        #expect(run.stdout.hasSuffix("89 cells, 7 toasts, 9 locales; 3 errors, 0 warnings (format 2, dropped-argument 1)\n"))

        // A baseline: written with the three, then the run passes.
        let baseline = dir.appendingPathComponent("known.json").path
        let first = try ToastkitBinary.run(arguments + ["--baseline", baseline])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("wrote \(baseline) with 3 known finding(s)"))
        #expect(try String(contentsOfFile: baseline, encoding: .utf8) == """
            {
              "version" : 1,
              "known" : [
                { "toast" : "items.left", "locale" : "de", "kind" : "format" },
                { "toast" : "open.failed", "locale" : "ar", "kind" : "dropped-argument" },
                { "toast" : "uploaded", "locale" : "ru", "kind" : "format" }
              ]
            }

            """)
        let known = try ToastkitBinary.run(arguments + ["--baseline", baseline])
        #expect(known.status == 0 && known.stderr.contains("3 known finding(s) in \(baseline) not counted"), "\(known.stderr)")
        #expect(known.stdout.hasSuffix("89 cells, 7 toasts, 9 locales; 0 errors, 0 warnings\n"))

        // The Arabic text is fixed: the baseline shrinks to two.
        var text = try String(contentsOf: catalog, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"تعذّر فتح الملف\"", with: "\"تعذّر فتح “%@”\"")
        try Data(text.utf8).write(to: catalog)
        let fixed = try ToastkitBinary.run(arguments + ["--baseline", baseline])
        #expect(fixed.status == 0)
        #expect(fixed.stderr.contains("1 known finding(s) fixed; \(baseline) shrunk to 2"), "\(fixed.stderr)")
        #expect(try String(contentsOfFile: baseline, encoding: .utf8).components(separatedBy: "\"toast\"").count == 3)

        // A new defect is not hidden by the baseline.
        text = text.replacingOccurrences(of: "\"Nicht genug Speicher\"", with: "x")
            .replacingOccurrences(of: "\"Gespeichert\"", with: "\"Gespeichert %@\"")
        try Data(text.utf8).write(to: catalog)
        let new = try ToastkitBinary.run(arguments + ["--baseline", baseline])
        #expect(new.status == 1, "\(new.stdout)")
        #expect(new.stdout.contains("saved · de: error: [format]"), "\(new.stdout)")
        let broken = try folder(["known.json": "{\"known\": [{\"toast\": \"a\", \"locale\": \"de\", \"kind\": \"loud\"}]}"])
        defer { try? FileManager.default.removeItem(at: broken) }
        let bad = try ToastkitBinary.run(arguments + ["--baseline", broken.appendingPathComponent("known.json").path])
        #expect(bad.status == 2 && bad.stderr.contains("known.json:1:43: error: [matrix-baseline] unknown kind “loud”"), "\(bad.stderr)")
    }

    @Test func strictFailsOnWarningsAndSeveritiesChangeKinds() throws {
        let dir = try folder(["Localizable.xcstrings": Self.catalog, "spec.json": Self.spec])
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = ["matrix", dir.appendingPathComponent("Localizable.xcstrings").path,
                    "--toasts", dir.appendingPathComponent("spec.json").path, "--pseudo", "none"]
        // The format error demoted: only the fallback warning is left.
        let lenient = try ToastkitBinary.run(base + ["--severity", "format=warning"])
        #expect(lenient.status == 0, "\(lenient.stdout)")
        #expect(lenient.stdout.contains("files · de · one · 1: warning: [format]"))
        let strict = try ToastkitBinary.run(base + ["--severity", "format=warning", "--strict"])
        #expect(strict.status == 1)
        let notes = try ToastkitBinary.run(base + ["--severity", "format=note", "--severity", "fallback=note", "--strict"])
        #expect(notes.status == 0, "\(notes.stdout)")
    }

    @Test func fallbacksAreErrorsInCIAsInLint() throws {
        let dir = try folder(["Localizable.xcstrings": Self.catalog, "spec.json": Self.spec])
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = ["matrix", dir.appendingPathComponent("Localizable.xcstrings").path, "--toasts", dir.appendingPathComponent("spec.json").path,
                    "--pseudo", "none", "--severity", "format=note"]
        let local = try ToastkitBinary.run(base)
        #expect(local.status == 0 && local.stdout.contains("saved · de: warning: [fallback]"), "\(local.stdout)")
        for (arguments, environment) in [(base + ["--ci"], [:]), (base, ["CI": "true"])] as [([String], [String: String])] {
            let ci = try ToastkitBinary.run(arguments, environment: environment)
            #expect(ci.status == 1 && ci.stdout.contains("saved · de: error: [fallback]"), "\(ci.stdout)")
        }
        // As in lint, CI=false is not CI; and --severity still has the last word.
        #expect(try ToastkitBinary.run(base, environment: ["CI": "false"]).status == 0)
        #expect(try ToastkitBinary.run(base + ["--ci", "--severity", "fallback=warning"]).status == 0)
    }

    @Test func aBudgetForNoLocaleOfTheRunIsWarnedAbout() throws {
        let run = try ToastkitBinary.run(["matrix", "--locales", "fr", "--pseudo", "none", "--budget", "de:all=60"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning: the budgets for “de” apply to no locale of this run (locales: fr)"), "\(run.stderr)")
    }

    @Test func rolesAndLocaleBudgetsApplyToGeneratedToasts() throws {
        let dir = try folder(["Localizable.xcstrings": Self.catalog])
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = ["matrix", dir.appendingPathComponent("Localizable.xcstrings").path, "--format", "json", "--pseudo", "double",
                    "--locales", "en"]
        func widthFindings(_ extra: [String]) throws -> [String] {
            let result = try ToastkitBinary.run(base + extra)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let findings = try #require(object["findings"] as? [[String: Any]])
            return Set(findings.filter { $0["kind"] as? String == "width-budget" }.map { "\($0["toast"]!) \($0["locale"]!)" }).sorted()
        }
        // Generated toasts are info: an error budget does not apply until a role rule says so.
        #expect(try widthFindings(["--budget", "error=10"]) == [])
        #expect(try widthFindings(["--budget", "error=10", "--role", "%lld *=error"])
            == ["Localizable/%lld files en", "Localizable/%lld files en-x-double"])
        // A budget for the double pseudo-locale only; one for en only (by tag).
        #expect(try widthFindings(["--budget", "double:all=20"]) == ["Localizable/%lld files en-x-double", "Localizable/Saved en-x-double"])
        #expect(try widthFindings(["--budget", "all=10", "--budget", "en-x-double:all=200"]) == ["Localizable/%lld files en", "Localizable/Saved en"])
    }

    @Test(.enabled(if: CatalogCommandsTests.corpusAvailable, "../shared/corpus is absent"))
    func everyCorpusStringCatalogRunsWithAGeneratedSpec() throws {
        let corpus = CatalogCommandsTests.corpus
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            Issue.record("../shared/corpus is required in CI")
            return
        }
        let files = (FileManager.default.subpaths(atPath: corpus.path) ?? []).filter { $0.hasSuffix(".xcstrings") }.sorted()
        #expect(files.count == 13)
        var counts: [String: Int] = [:]
        var cells = 0
        for file in files {
            let result = try ToastkitBinary.run(["matrix", corpus.appendingPathComponent(file).path, "--toasts", "auto", "--format", "json"])
            #expect(result.status == 0 || result.status == 1, "\(file): \(result.status) \(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(file)")
            let summary = try #require(object["summary"] as? [String: Any])
            cells += summary["cells"] as? Int ?? 0
            for (kind, count) in summary["kinds"] as? [String: Int] ?? [:] { counts[kind, default: 0] += count }
            #expect((summary["error"] as? Int ?? 0) > 0 ? result.status == 1 : result.status == 0, "\(file)")
        }
        print("matrix over the corpus: \(cells) cells; " + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(cells > 30_000)
        #expect(counts["fallback", default: 0] > 0 && counts["format", default: 0] > 0)
    }
}
