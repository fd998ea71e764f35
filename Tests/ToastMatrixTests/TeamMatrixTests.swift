import Foundation
import Testing
import ToastCatalog
import ToastICU
import ToastKit
import ToastKitTesting

/// A team's package as issue 31 tried it: a String Catalog of 7 toasts in en, de, ru, ar and
/// ja (Tests/ToastMatrixTests/Team, a resource of this target, loaded as a team's test target
/// loads its own) with three deliberate defects, each caught as one error finding located by
/// toast, locale and sample.
@Suite struct TeamMatrixTests {
    static let matrix = try! LocaleMatrix(resources: ["Team/Localizable.xcstrings"], in: .module,
                                          toastSpec: "Team/toasts.json", pseudoLocales: PseudoLocale.allCases)

    /// The defects: Arabic drops the file name, Russian has no `few` form, German reads the
    /// count with `%@`.
    static let defects: [(place: String, kind: MatrixFinding.Kind)] = [
        ("open.failed · ar", .droppedArgument),
        ("uploaded · ru · few · 2", .format),
        ("items.left · de · other · 2", .format),
    ]

    @Test func eachDefectIsOneErrorFindingAtItsPlace() {
        let errors = Self.matrix.run().findingsWithPlace(atLeast: .error)
        #expect(errors.map(\.place) == Self.defects.map(\.place))
        #expect(errors.map(\.finding.kind) == Self.defects.map(\.kind))
        #expect(errors.first?.finding.description
            == "error: [dropped-argument] message: argument 1 (“report.pdf”) is missing from the ar text “تعذّر فتح الملف”; the en text shows it")
    }

    @Test func theTestFailsUntilTheDefectsAreFixedOrKnown() {
        let result = Self.matrix.run()
        withKnownIssue("three defects, three issues") {
            result.expectNoFindings(atLeast: .error)
        }
        // Known by toast, locale and kind, they no longer count; nothing else is hidden.
        let known: MatrixBaseline = [
            MatrixKnownFinding(toast: "open.failed", locale: "ar", kind: .droppedArgument),
            MatrixKnownFinding(toast: "uploaded", locale: "ru", kind: .format),
            MatrixKnownFinding(toast: "items.left", locale: "de", kind: .format),
        ]
        result.expectNoFindings(atLeast: .warning, except: known)
        #expect(result.findingsWithPlace(atLeast: .error, except: [known.known.first!]).count == 2)
    }

    static let byKind: [(kinds: Set<MatrixFinding.Kind>, places: [String])] = [
        ([.droppedArgument], ["open.failed · ar"]),
        ([.format], ["uploaded · ru · few · 2", "items.left · de · other · 2"]),
        ([.fallback, .widthBudget], []),
    ]

    @Test(arguments: byKind.indices)
    func findingsCanBeAskedForByKind(index: Int) {
        let (kinds, places) = Self.byKind[index]
        #expect(Self.matrix.run().findingsWithPlace(atLeast: .note, kinds: kinds).map(\.place) == places)
    }

    @Test(arguments: Self.matrix.cases)
    func everyCaseButTheDefectsRendersCleanly(_ matrixCase: LocaleMatrix.Case) {
        let block = Self.matrix.run(matrixCase)
        let known = Self.defects.contains { $0.place.hasPrefix("\(matrixCase.toast) · \(block.locale.identifier)") }
        if !known { block.expectNoFindings(atLeast: .warning) }
    }

    @Test func loadingFromPathsGivesTheSameMatrix() throws {
        let folder = try #require(Bundle.module.url(forResource: "Team", withExtension: nil)).path
        let fromPaths = try LocaleMatrix(catalogPaths: [folder + "/Localizable.xcstrings"], toastSpec: folder + "/toasts.json")
        #expect(fromPaths.run() == Self.matrix.run())
        // Where the files are in the package, from this file's place, whatever the working folder.
        let fromPackage = try LocaleMatrix(packagePaths: ["Tests/ToastMatrixTests/Team/Localizable.xcstrings"],
                                           toastSpec: "Tests/ToastMatrixTests/Team/toasts.json")
        #expect(fromPackage.run() == Self.matrix.run())
    }

    @Test func anEmptyListOfKindsIsAMistake() {
        withKnownIssue("kinds: [] checks nothing") {
            Self.matrix.run().expectNoFindings(atLeast: .note, kinds: [], except: MatrixBaseline(result: Self.matrix.run()))
        }
    }

    @Test(arguments: [
        (["Team/Missing.xcstrings"], nil as String?, "Team/Missing.xcstrings:1:1: error: [matrix-input] no resource of this name"),
        (["Team/Localizable.xcstrings"], "Team/nothing.json", "Team/nothing.json:1:1: error: [matrix-input] no resource of this name"),
    ])
    func aMissingResourceIsNamed(resources: [String], spec: String?, expected: String) {
        #expect {
            _ = try LocaleMatrix(resources: resources, in: .module, toastSpec: spec)
        } throws: { error in
            "\(error)".hasPrefix(expected) && "\(error)".contains("resources: [.copy(")
        }
    }

    @Test func anUnreadableSpecIsLocated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-team-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("toasts.json").path
        try Data(#"{"toasts": [{"role": "loud", "message": {"key": "Saved"}}]}"#.utf8).write(to: URL(fileURLWithPath: spec))
        let catalog = try #require(Bundle.module.url(forResource: "Team/Localizable.xcstrings", withExtension: nil)).path
        #expect(throws: CatalogError.self) { try LocaleMatrix(catalogPaths: [catalog], toastSpec: spec) }
        do {
            _ = try LocaleMatrix(catalogPaths: [catalog], toastSpec: spec)
        } catch {
            #expect(error.description.hasPrefix("\(spec):1:14: error: [toast-spec] expected \"role\" to be one of success"))
        }
    }
}
