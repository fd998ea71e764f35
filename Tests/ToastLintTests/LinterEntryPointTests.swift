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
}
