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
        #expect(changed.stderr.contains("output differs from the golden file"))
        #expect(changed.stderr.contains(":20: output differs"), "the first changed line is named")
        #expect(changed.stderr.contains("Le disque est saturé.") && changed.stderr.contains("Le disque est plein."))
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
        (["matrix", "--budget", "error=wide"], "expected ROLE=N"),
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
        let result = try ToastkitBinary.run(["matrix", "--toasts", dir.appendingPathComponent("spec.json").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("spec.json:2:"), "\(result.stderr)")
        #expect(result.stderr.contains("expected \"role\" to be one of success, error, warning, info"))
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
