import Foundation
import Testing

@Suite struct CLITests {
    @Test func binaryIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: ToastkitBinary.url.path), "\(ToastkitBinary.url.path)")
    }

    @Test func demoInEnglishWithNoColor() throws {
        let result = try ToastkitBinary.run(["demo"], environment: ["NO_COLOR": "1", "LANG": "en_US.UTF-8"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Success: Upload complete — 3 files uploaded Actions: View, Undo")
        #expect(lines.contains("Error: Couldn’t save “Report.pdf” — The disk is full. Actions: Retry, Dismiss"))
        #expect(lines.contains("Information: Downloading “ubuntu-24.04.iso” 42%"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func demoFollowsTheEnvironmentLocale() throws {
        let result = try ToastkitBinary.run(["demo"], environment: ["LANGUAGE": "ru", "LANG": "de_DE.UTF-8"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Успешно: Загрузка завершена — Загружено 3 файла Действия: Показать, Отменить\n"))
    }

    @Test func cLocaleMeansTheSourceLanguage() throws {
        let result = try ToastkitBinary.run(["demo"], environment: ["LANG": "C", "LANGUAGE": "fr"])
        #expect(result.stdout.hasPrefix("Success: "))
    }

    @Test func colorAlwaysColoursOnlyLabels() throws {
        let plain = try ToastkitBinary.run(["demo", "--locale", "pl", "--color", "never"])
        let coloured = try ToastkitBinary.run(["demo", "--locale", "pl", "--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(coloured.status == 0)
        #expect(coloured.stdout.contains("\u{1B}[1;32mSukces:\u{1B}[0m "))
        #expect(coloured.stdout.replacingOccurrences(of: #"\x{1B}\[[0-9;]*m"#, with: "", options: .regularExpression) == plain.stdout)
    }

    @Test(arguments: ["ar", "ru", "ja", "he", "pl", "zh-Hans"])
    func demoInLocales(locale: String) throws {
        let result = try ToastkitBinary.run(["demo", "--locale", locale, "--width", "40"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count >= 10)
        #expect(!result.stdout.contains("Upload complete"), "untranslated text in \(locale)")
    }

    @Test func demoAllLocales() throws {
        let result = try ToastkitBinary.run(["demo", "--locale", "all"])
        #expect(result.status == 0)
        for tag in ["ar", "de", "en", "es", "fr", "he", "ja", "pl", "ru", "uk", "zh-Hans"] {
            #expect(result.stdout.contains("== \(tag) ==\n"), "\(tag)")
        }
    }

    @Test func showOneLocalizedToast() throws {
        let result = try ToastkitBinary.run(["show", "Upload complete", "--role", "success", "--locale", "fr"])
        #expect(result.status == 0)
        #expect(result.stdout == "Succès\u{A0}: Téléversement terminé\n")
        let withColour = try ToastkitBinary.run(["show", "Upload complete", "--role", "success", "--locale", "fr", "--color", "always"])
        #expect(withColour.stdout == "\u{1B}[1;32mSuccès\u{A0}:\u{1B}[0m Téléversement terminé\n")
    }

    @Test func showJSON() throws {
        let result = try ToastkitBinary.run(["show", "%lld files uploaded", "--arg", "5", "--role", "success", "--locale", "ru-UA",
                                             "--action", "Retry", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["locale"] as? String == "ru")
        #expect(object["fallbackChain"] as? [String] == ["ru", "en"])
        #expect(object["message"] as? String == "Загружено 5 файлов")
        #expect(object["roleLabel"] as? String == "Успешно")
        #expect(object["actions"] as? [String] == ["Повторить"])
        #expect(object["direction"] as? String == "ltr")
        #expect(object["title"] is NSNull)
        #expect((object["diagnostics"] as? [Any])?.isEmpty == true)
        let keys = ["locale", "fallbackChain", "role", "title", "subtitle", "message", "actions", "direction", "diagnostics"]
        #expect(keys.allSatisfy { object.keys.contains($0) })
    }

    @Test func showReportsAMissingKeyOnStderr() throws {
        let result = try ToastkitBinary.run(["show", "No such key", "--locale", "de"])
        #expect(result.status == 0)
        #expect(result.stdout == "Information: No such key\n")
        #expect(result.stderr.contains("warning: [missing-key]"))
    }

    @Test func userCatalogsComeFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ToastKit.xcstrings")
        try #"{"sourceLanguage": "en", "strings": {"Error": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Problem"}}}}}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try ToastkitBinary.run(["show", "--verbatim", "x", "--role", "error", "--action", "Retry", "--locale", "de", "--catalog", file.path])
        #expect(result.stdout == "Problem: x Aktionen: Wiederholen\n")
    }

    @Test func brokenCatalogIsAnErrorWithItsLocation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Bad.xcstrings")
        try "{\"sourceLanguage\": \"en\",\n  \"strings\": {\"k\" 1}}".write(to: file, atomically: true, encoding: .utf8)
        let result = try ToastkitBinary.run(["show", "k", "--catalog", file.path])
        #expect(result.status == 2)
        #expect(result.stderr == "\(file.path):2:19: error: [json-syntax] expected ':' after the member name\n")
    }

    @Test(arguments: [["show"], ["demo", "--width", "1"], ["show", "x", "--style", "fancy"], ["demo", "--locale", "not a locale"],
                      ["demo", "--bidi", "mirrored"], ["nope"]])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try ToastkitBinary.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(!result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)
    }

    /// Options with fixed values list them, and their defaults, as users type them: the names
    /// come from `ChoiceArgument` (the raw values), not argument-parser's own spelling.
    @Test(arguments: [
        (["show", "--help"], ["(values: success,", "error, warning, info; default: info)", "(values: standard, indeterminate,",
                              "(values: auto, always, never; default: auto)", "(values: unicode, ascii, none)",
                              "(values: logical, visual; default: logical)"]),
        (["dump", "--help"], ["(values: jsonl; default: jsonl)"]),
        (["matrix", "--help"], ["(values: text, json, golden; default: text)"]),
        (["lint", "--help"], ["text, json, sarif, github"]),
    ])
    func choiceValuesInHelp(arguments: [String], fragments: [String]) throws {
        let result = try ToastkitBinary.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        for fragment in fragments { #expect(result.stdout.contains(fragment), "\(fragment) in \(result.stdout)") }
    }

    @Test func choiceValuesInCompletions() throws {
        let result = try ToastkitBinary.run(["--generate-completion-script", "bash"])
        #expect(result.status == 0)
        // Bash's completions list each value quoted, one per line.
        for values in [["success", "error", "warning", "info"], ["standard", "indeterminate", "progress"], ["auto", "always", "never"],
                       ["text", "json", "sarif", "github"]] {
            let words = values.map { "'\($0)'" }.joined(separator: "$'\\n'")
            #expect(result.stdout.contains("-W " + words), "\(words)")
        }
    }

    @Test func version() throws {
        let result = try ToastkitBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }

    @Test func worksWhenCopiedToAnEmptyFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("toastkit")
        try FileManager.default.copyItem(at: ToastkitBinary.url, to: copy)
        let empty = folder.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try ToastkitBinary.run(["demo", "--locale", "ja"], executable: copy, directory: empty)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("成功：アップロード完了 — 3 個のファイルをアップロードしました"))
        #expect(result.stdout.split(separator: "\n").count == 10)
    }
}

@Suite struct PluralsCommandTests {
    @Test func textListsCategoriesAndNumbers() throws {
        let result = try ToastkitBinary.run(["plurals", "--locale", "ru", "1", "1.0", "3", "5", "1.5"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "ru (ICU 72.1, CLDR 42): one, few, many, other")
        #expect(lines.contains("  few    integers: 2, 3, 4, 22, 23, 24, …  decimals: —"))
        #expect(lines.suffix(5) == ["1 → 1 → one", "1.0 → 1,0 → other", "3 → 3 → few", "5 → 5 → many", "1.5 → 1,5 → other"])
    }

    @Test func jsonShape() throws {
        let result = try ToastkitBinary.run(["plurals", "--locale", "de", "1.50", "1", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["locale"] as? String == "de")
        #expect(object["icu"] as? String == "72.1")
        #expect(object["cldr"] as? String == "42")
        let categories = try #require(object["categories"] as? [[String: Any]])
        #expect(categories.map { $0["category"] as? String } == ["one", "other"])
        #expect((categories[0]["integers"] as? [String]) == ["1"])
        let numbers = try #require(object["numbers"] as? [[String: String]])
        #expect(numbers == [["input": "1.50", "formatted": "1,50", "category": "other"], ["input": "1", "formatted": "1", "category": "one"]])
    }

    @Test(arguments: [["plurals", "--locale", String(repeating: "a", count: 200)], ["plurals", "--locale", "en", "1e5"],
                      ["plurals", "--locale", "en", "--format", "xml"], ["plurals"]])
    func badInputExitsTwo(arguments: [String]) throws {
        let result = try ToastkitBinary.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
