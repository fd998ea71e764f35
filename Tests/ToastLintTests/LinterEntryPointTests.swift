import Foundation
import Testing
import ToastCatalog
import ToastLint

/// `Linter`'s entry point: findings handed to a consumer, in order, the same as the collected
/// result; nothing handed on when a path cannot be read.
@Suite struct LinterEntryPointTests {
    /// A catalog folder with findings in several files and rules: the test app of
    /// `LintWorkflowTests` plus a broken file and a loose `.strings` table.
    static func project() throws -> URL {
        let folder = try LintWorkflowTests.temporaryFolder()
        try LintWorkflowTests.write(LintWorkflowTests.catalog, folder.appendingPathComponent("App/Localizable.xcstrings"))
        try LintWorkflowTests.write("{\"sourceLanguage\":\"en\",\"strings\":{\"a\":", folder.appendingPathComponent("App/Broken.xcstrings"))
        try LintWorkflowTests.write("\"Saved %@\" = \"Saved %@\";\n\"Gone\" = \"Gone\";\n", folder.appendingPathComponent("App/en.lproj/Main.strings"))
        try LintWorkflowTests.write("\"Saved %@\" = \"%d gesichert\";\n", folder.appendingPathComponent("App/de.lproj/Main.strings"))
        return folder
    }

    @Test(arguments: [true, false])
    func consumerGetsTheCollectedFindingsInOrder(strict: Bool) throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let linter = Linter(strictTranslations: strict)
        var handed: [LintFinding] = []
        let files = try linter.lint(paths: [folder.path]) { handed.append($0) }
        let collected = try linter.lint(paths: [folder.path])
        #expect(handed == collected.findings)
        #expect(files == collected.files && files.count == 4)
        #expect(Set(handed.map(\.rule)).isSuperset(of: ["parse-error", "placeholder-mismatch", "format-type-mismatch", "missing-translation"]))
        #expect(zip(handed, handed.dropFirst()).allSatisfy { !LintFinding.precedes($1, $0) })
    }

    @Test func nothingIsHandedOnWhenAPathCannotBeRead() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        var handed = 0
        #expect(throws: CatalogError.self) {
            try Linter().lint(paths: [folder.path, folder.appendingPathComponent("missing.xcstrings").path]) { _ in handed += 1 }
        }
        #expect(handed == 0)
    }

    /// A String Catalog over 8 MiB with findings in many entries and one entry written twice
    /// (so that the catalog is read again whole and its outline scanned): linted from its file
    /// (mapped under a read lease where the system grants one, as `toastkit lint` reads it) and
    /// from its bytes in memory, the findings are the same, located the same.
    @Test(arguments: [false, true])
    func aLargeCatalogLintsTheSameFromItsFileAsFromMemory(repeatsAnEntry: Bool) throws {
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        let keys = 16_000
        for index in 0..<keys {
            let value = "%lld files in folder \(index)"
            text += "    \"\(value)\" : {\n      \"localizations\" : {\n"
            for (position, locale) in ["de", "fr", "ja", "pt-BR"].enumerated() {
                // Every seventh a trailing space, every eleventh in review, every thirteenth
                // without its specifier.
                var translated = "\(locale) %lld \(index)"
                if index % 7 == position { translated += " " }
                if index % 13 == position { translated = "\(locale) \(index)" }
                let state = index % 11 == position ? "needs_review" : "translated"
                text += "        \"\(locale)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"\(state)\",\n"
                text += "            \"value\" : \"\(translated)\"\n          }\n        }" + (position == 3 ? "\n" : ",\n")
            }
            text += "      }\n    }" + (index == keys - 1 ? "\n" : ",\n")
        }
        if repeatsAnEntry {
            text = String(text.dropLast()) + ",\n    \"%lld files in folder 3\" : {\n      \"localizations\" : {\n        \"de\" : {\n"
                + "          \"stringUnit\" : {\n            \"state\" : \"new\",\n            \"value\" : \"x \"\n          }\n        }\n      }\n    }\n"
        }
        text += "  },\n  \"version\" : \"1.0\"\n}\n"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 8 << 20)
        let folder = try LintWorkflowTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Large.xcstrings").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fromFile = try Linter().lint(paths: [path]).findings
        let fromMemory = Linter().lint(file: path, bytes: bytes)
        #expect(fromFile.count > 10_000)
        #expect(fromFile == fromMemory)
        #expect(Set(fromFile.map(\.rule)).isSuperset(of: ["whitespace-mismatch", "review-state", "placeholder-mismatch"]))
        #expect(fromFile.contains { $0.rule == "duplicate-key" } == repeatsAnEntry)
        // The file lint read was mapped where this system grants leases (always under CI on Linux).
        #if os(Linux)
        let mapped = try CatalogLoader.withBytes(ofFile: path) { (_, isMapped) throws(CatalogError) in isMapped }
        #expect(mapped || ProcessInfo.processInfo.environment["CI"] != "true")
        #endif
    }
}
