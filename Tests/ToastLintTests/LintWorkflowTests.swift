import Foundation
import Testing
import ToastCatalog
import ToastLint

/// Configuration, suppression, baselines, locations in every file format, outputs and SARIF
/// schema validation.
@Suite struct LintWorkflowTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func write(_ text: String, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld files" : {
              "comment" : "%lld is the number of files.",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Dateien"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%lld files"
                  }
                }
              }
            },
            "Open" : {
              "comment" : "Button [no-lint: unchanged-translation]",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Open"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    @Test func locationPointsAtTheValueMember() {
        let findings = Linter().lint(file: "Main.xcstrings", bytes: Array(Self.catalog.utf8))
        let mismatch = findings.first { $0.rule == "placeholder-mismatch" }
        #expect(mismatch?.location == SourceLocation(file: "Main.xcstrings", line: 10, column: 13))
        #expect(mismatch?.key == "%lld files" && mismatch?.locale == "de" && mismatch?.path == "")
    }

    @Test func inlineSuppressionSilencesOnlyTheNamedRules() {
        let findings = Linter().lint(file: "Main.xcstrings", bytes: Array(Self.catalog.utf8))
        #expect(!findings.contains { $0.rule == "unchanged-translation" })
        #expect(LintSuppression.suppresses("UI [no-lint]", rule: "anything"))
        #expect(LintSuppression.suppresses("x [no-lint: a, b-c]", rule: "b-c"))
        #expect(!LintSuppression.suppresses("x [no-lint: a]", rule: "b"))
        #expect(!LintSuppression.suppresses("no lint here", rule: "a"))
    }

    @Test func configurationSeveritiesOverridesAndErrors() throws {
        let text = """
            {"rules": {"placeholder-mismatch": "warning"}, "disabled": ["missing-comment"],
             "overrides": [{"keys": ["%lld *"], "locales": ["de"], "rules": {"placeholder-mismatch": "note"}}],
             "locales": ["de", "fr"], "doNotTranslate": ["ToastKit"], "widthBudgets": {"toast.*": 40}}
            """
        let configuration = try LintConfiguration(json: Array(text.utf8), file: "c.json")
        let rule = LintRule.named("placeholder-mismatch")!
        #expect(configuration.severity(of: rule, table: "Main", key: "%lld files", locale: "de") == .note)
        #expect(configuration.severity(of: rule, table: "Main", key: "%lld files", locale: "fr") == .warning)
        #expect(configuration.severity(of: LintRule.named("missing-comment")!, table: "Main", key: "x", locale: "en") == nil)
        #expect(configuration.widthBudget(forKey: "toast.saved") == 40)
        var linter = Linter(configuration: configuration)
        let findings = linter.lint(file: "Main.xcstrings", bytes: Array(Self.catalog.utf8))
        #expect(findings.first { $0.rule == "placeholder-mismatch" }?.severity == .note)
        // fr is a project locale: both entries miss it.
        #expect(findings.filter { $0.rule == "missing-translation" && $0.locale == "fr" }.count == 2)
        linter.strictTranslations = false
        #expect(linter.lint(file: "Main.xcstrings", bytes: Array(Self.catalog.utf8)).filter { $0.rule == "missing-translation" }.allSatisfy { $0.severity == .warning })

        let bad: [(String, String)] = [
            (#"{"rules": {"no-such-rule": "error"}}"#, "c.json:1:12: error: [lint-config] unknown rule “no-such-rule”"),
            ("{\n  \"rules\": {\"bidi-control\": \"fatal\"}}", "c.json:2:13: error: [lint-config] expected \"error\", \"warning\", \"note\" or \"off\", found “fatal”"),
            (#"{"widthBudgets": {"a": -3}}"#, "c.json:1:19: error: [lint-config] expected a whole number of terminal cells from 1 to 10000"),
            (#"{"lokales": []}"#, "c.json:1:2: error: [lint-config] unknown member “lokales”"),
            (#"{"rules": "#, "c.json:1:11: error: [json-syntax] expected a value, found the end of the file"),
        ]
        for (text, expected) in bad {
            #expect(throws: CatalogError.self) { try LintConfiguration(json: Array(text.utf8), file: "c.json") }
            do { _ = try LintConfiguration(json: Array(text.utf8), file: "c.json") } catch {
                #expect(error.description.hasPrefix(expected), "\(error.description)")
            }
        }
    }

    @Test func baselineKeepsOnlyNewFindingsAndShrinks() throws {
        let findings = Linter().lint(file: "Main.xcstrings", bytes: Array(Self.catalog.utf8))
        #expect(!findings.isEmpty)
        let baseline = LintBaseline(findings: findings)
        let reread = try LintBaseline(json: Array(baseline.json.utf8), file: "b.json")
        #expect(reread == baseline)
        // The same findings on other lines are still baselined: fingerprints hold no line numbers.
        let shifted = findings.map { finding -> LintFinding in var moved = finding; moved.location.line += 40; return moved }
        let applied = reread.apply(to: shifted)
        #expect(applied.new.isEmpty && applied.baselined == findings.count)
        // A fixed finding shrinks the baseline; a new one is reported.
        var extra = findings[0]
        extra.key = "a new key"
        let second = reread.apply(to: Array(findings.dropFirst()) + [extra])
        #expect(second.new == [extra])
        #expect(second.shrunk.fingerprints.count == findings.count - 1)
    }

    @Test func lprojTablesLocateStringsAndStringsdictFindings() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("/* Shown after saving; %@ is the file name. */\n\"Saved %@\" = \"Saved %@\";\n\"Gone\" = \"Gone\";\n", folder.appendingPathComponent("en.lproj/Main.strings"))
        try Self.write("\"Saved %@\" = \"%d gesichert\";\n\n\"Old key\" = \"Alt\";\n", folder.appendingPathComponent("de.lproj/Main.strings"))
        try Self.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>%lld files</key>
              <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>%#@n@</string>
                <key>n</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key>
                  <string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key>
                  <string>lld</string>
                  <key>one</key>
                  <string>%lld файл</string>
                  <key>other</key>
                  <string>%lld файла</string>
                </dict>
              </dict>
            </dict>
            </plist>
            """, folder.appendingPathComponent("ru.lproj/Main.stringsdict"))
        let result = try Linter().lint(paths: [folder.path])
        let text = result.findings.map(LintOutput.text).joined(separator: "\n")
        let type = result.findings.first { $0.rule == "format-type-mismatch" }
        #expect(type?.location.file.hasSuffix("de.lproj/Main.strings") == true && type?.location.line == 1, "\(text)")
        let obsolete = result.findings.first { $0.rule == "obsolete-translation" }
        #expect(obsolete?.key == "Old key" && obsolete?.location.line == 3, "\(text)")
        let plural = result.findings.filter { $0.rule == "plural-missing-category" && $0.locale == "ru" }
        #expect(Set(plural.map(\.path)) == ["substitutions.n.plural.few", "substitutions.n.plural.many"], "\(text)")
        #expect(plural.allSatisfy { $0.location.file.hasSuffix("ru.lproj/Main.stringsdict") && $0.location.line == 8 }, "\(text)")
        #expect(result.findings.contains { $0.rule == "missing-translation" && $0.key == "Gone" && $0.locale == "de" })
    }

    /// A `.strings` finding is located at its key wherever the key stands: after a comment
    /// that quotes it and another entry on the same line, at the last of a repeated key (the
    /// value the reader keeps), and at a key spelled with other code points that are the same
    /// characters (a decomposed “é” found for a composed one).
    @Test func stringsFindingsAreLocatedAtTheirKeys() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("\"a\" = \"A %@\";\n\"b\" = \"B\";\n\"caf\u{E9}\" = \"Caf\u{E9} %@\";\n", folder.appendingPathComponent("en.lproj/T.strings"))
        try Self.write("/* \"a\" = \"no\"; */ \"x\" = \"X\"; \"a\" = \"A\";\n\"b\" = \"B %d\";\n\"b\" = \"B2 %d\"; \"cafe\u{301}\" = \"Kaffee\";\n",
                       folder.appendingPathComponent("de.lproj/T.strings"))
        let result = try Linter().lint(paths: [folder.path])
        let text = result.findings.map(LintOutput.text).joined(separator: "\n")
        let places = result.findings.filter { $0.rule == "placeholder-mismatch" }
            .map { "\($0.key) \($0.location.line):\($0.location.column)" }
        #expect(places.sorted() == ["a 1:30", "b 3:1", "caf\u{E9} 3:16"], "\(text)")
        #expect(result.findings.contains { $0.rule == "obsolete-translation" && $0.key == "x" && $0.location.line == 1 && $0.location.column == 19 }, "\(text)")
    }

    /// Whether a key names an Interface Builder object is asked of each spelling of the key:
    /// a key whose source spelling is not an object id (KELVIN SIGN for `K`) but whose French
    /// spelling, read after it, is, is an object's text (shown as it is, its `%@` not a
    /// placeholder), as in the table with both spellings alike.
    @Test func anObjectKeyIsKnownInEverySpelling() throws {
        func findings(sourceKey: String) throws -> [String] {
            let folder = try Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try Self.write("\"\(sourceKey)\" = \"%@ items\";\n", folder.appendingPathComponent("en.lproj/T.strings"))
            try Self.write("\"58.Key\" = \"Elements\";\n", folder.appendingPathComponent("fr.lproj/T.strings"))
            let result = try Linter().lint(paths: [folder.path])
            return result.findings.map { "\($0.rule) \($0.locale) \($0.message)" }.sorted()
        }
        let spelledAlike = try findings(sourceKey: "58.Key")
        #expect(!spelledAlike.contains { $0.hasPrefix("placeholder-mismatch") })
        #expect(try findings(sourceKey: "58.\u{212A}ey") == spelledAlike)
    }

    /// An `.lproj` table of more files than one read-ahead window: a file that does not parse
    /// and one over the size limit, in the middle, are findings of their own, and every other
    /// file is still linted, in order.
    @Test func anLprojTableLargerThanAWindowIsLintedFileByFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let locales = (0..<14).map { String(format: "x%02d", $0) }
        try Self.write("\"Saved\" = \"Saved\";\n\"Gone\" = \"Gone\";\n", folder.appendingPathComponent("en.lproj/Main.strings"))
        for (index, locale) in locales.enumerated() {
            let text: String
            switch index {
            case 5: text = "\"Saved\" = ;\n"
            case 8: text = "\"Saved\" = \"\(String(repeating: "long ", count: 200))\";\n"
            default: text = "\"Saved\" = \"Saved \(locale)\";\n"
            }
            try Self.write(text, folder.appendingPathComponent("\(locale).lproj/Main.strings"))
        }
        let result = try Linter(limits: CatalogLimits(maximumFileSize: 500)).lint(paths: [folder.path])
        let text = result.findings.map(LintOutput.text).joined(separator: "\n")
        let parseErrors = result.findings.filter { $0.rule == "parse-error" }
        #expect(parseErrors.map { URL(fileURLWithPath: $0.location.file).pathComponents.suffix(2).joined(separator: "/") }
                == ["x05.lproj/Main.strings", "x08.lproj/Main.strings"], "\(text)")
        #expect(parseErrors.last?.message.contains("limit is 500") == true, "\(text)")
        let missing = result.findings.filter { $0.rule == "missing-translation" && $0.key == "Gone" }.map(\.locale)
        #expect(missing == locales.filter { $0 != "x05" && $0 != "x08" }, "\(text)")
        #expect(result.files.count == 15)
    }

    @Test func aBrokenFileIsAFindingAndTheOthersAreStillLinted() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("{\"sourceLanguage\":\"en\",\"strings\":{\"a\":", folder.appendingPathComponent("Broken.xcstrings"))
        try Self.write(Self.catalog, folder.appendingPathComponent("Good.xcstrings"))
        let result = try Linter().lint(paths: [folder.path])
        #expect(result.findings.contains { $0.rule == "parse-error" && $0.location.file.hasSuffix("Broken.xcstrings") && $0.location.line == 1 && $0.location.column == 39 && $0.message == "expected an object, found the end of the file" })
        #expect(result.findings.contains { $0.rule == "placeholder-mismatch" && $0.location.file.hasSuffix("Good.xcstrings") })
        #expect(throws: CatalogError.self) { try Linter().lint(paths: [folder.appendingPathComponent("missing.xcstrings").path]) }
    }

    @Test func githubAndJSONOutputs() throws {
        let finding = LintFinding(rule: "format-type-mismatch", severity: .error, location: SourceLocation(file: "a,b:c.xcstrings", line: 3, column: 7),
                                  table: "a", key: "100% done\nnow", locale: "de", path: "", message: "bad")
        #expect(LintOutput.github(finding) == "::error file=a%2Cb%3Ac.xcstrings,line=3,col=7,title=format-type-mismatch::“100%25 done%0Anow” (de): bad")
        let object = try JSONSerialization.jsonObject(with: Data(LintOutput.json(finding).utf8)) as! [String: Any]
        #expect(object["rule"] as? String == "format-type-mismatch" && object["line"] as? Int == 3 && object["key"] as? String == "100% done\nnow")
        #expect(Set(object.keys).isSuperset(of: ["rule", "severity", "file", "line", "column", "table", "key", "locale", "path", "message"]))
    }

    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SARIF/sarif-2.1.0-emitted.schema.json")
    static var validatorAvailable: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import jsonschema, rfc3987"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["CI"] == "true" || validatorAvailable,
                    "Python's jsonschema and rfc3987 are not installed (pip install jsonschema rfc3987)"))
    func sarifValidatesAgainstTheSchema() throws {
        guard Self.validatorAvailable else {
            Issue.record("python3 jsonschema and rfc3987 are required in CI (.ci/run installs them)")
            return
        }
        let findings = LintRuleTests.cases.flatMap { LintRuleTests.lint($0.violating, file: "Tests/" + $0.file, configuration: $0.configuration) }
            + [LintFinding(rule: "parse-error", severity: .error, location: SourceLocation(file: "dir with space/ü.strings", line: 1, column: 1),
                           table: "", key: "", locale: "", path: "", message: "x")]
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("lint.sarif")
        try Data(LintOutput.sarif(findings, toolVersion: "0.1.0").utf8).write(to: log)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
            validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
            errors = list(validator.iter_errors(log))
            for e in errors[:5]: print(list(e.absolute_path), e.message)
            assert log["runs"][0]["results"], "no results"
            ids = [r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]]
            for result in log["runs"][0]["results"]:
                assert ids[result["ruleIndex"]] == result["ruleId"], result["ruleId"]
            print("results", len(log["runs"][0]["results"]), "errors", len(errors))
            sys.exit(1 if errors else 0)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, Self.schema.path, log.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        // The schema rejects what SARIF forbids: a check that the check can fail.
        let broken = LintOutput.sarif(findings, toolVersion: "0.1.0").replacingOccurrences(of: "\"startLine\": 1,", with: "\"startLine\": 0,")
        try Data(broken.utf8).write(to: log)
        let again = Process()
        again.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        again.arguments = ["python3", "-c", script, Self.schema.path, log.path]
        again.standardOutput = FileHandle.nullDevice
        again.standardError = FileHandle.nullDevice
        try again.run()
        again.waitUntilExit()
        #expect(again.terminationStatus != 0)
    }
}
