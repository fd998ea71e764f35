@_exported import ToastMatrix
import Foundation
import ToastCatalog
import ToastICU
import ToastKit
import Testing

/// Swift Testing support for the locale matrix.
///
/// ```swift
/// import Testing
/// import ToastKitTesting
///
/// let matrix = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: nil)
///
/// @Test func matrixIsUnchanged() {
///     matrix.run().assertMatches(GoldenFile(path: "Tests/AppTests/Golden/matrix.txt"))
/// }
///
/// @Test(arguments: matrix.cases)   // one case per toast × locale: "upload.done · fr"
/// func rendersCleanly(_ matrixCase: LocaleMatrix.Case) {
///     matrix.run(matrixCase).expectNoFindings(atLeast: .error)
/// }
/// ```
extension LocaleMatrix.Case: CustomTestStringConvertible {
    /// `upload.done · fr`, the name Swift Testing shows for the case.
    public var testDescription: String { description }
}

extension MatrixResult {
    /// Compares ``goldenText`` with a golden file; `RECORD=1` (or a missing file) records it
    /// instead and reports that it did. A mismatch shows a unified diff whose hunks name the
    /// toast, locale and sample (``GoldenDifference``).
    public func assertMatches(_ golden: GoldenFile, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        golden.assertMatches(goldenText, sourceLocation: sourceLocation)
    }

    /// Records an issue per finding at `severity` or worse, with its place
    /// (`files · ru · few · 2: error: [format] …`).
    ///
    /// - Parameters:
    ///   - severity: the least severity that counts.
    ///   - kinds: the kinds that count; `nil` for all.
    ///   - known: findings accepted for now, by toast, locale and kind (``MatrixBaseline``).
    public func expectNoFindings(atLeast severity: Severity = .error, kinds: Set<MatrixFinding.Kind>? = nil,
                                 except known: MatrixBaseline = [],
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        if kinds?.isEmpty == true {
            Issue.record("expectNoFindings(kinds: []) checks no kind; pass nil for every kind", sourceLocation: sourceLocation)
        }
        for (place, finding) in findingsWithPlace(atLeast: severity, kinds: kinds, except: known) {
            Issue.record("\(place): \(finding.description)", sourceLocation: sourceLocation)
        }
    }
}

extension MatrixBlock {
    /// Records an issue per finding of the block at `severity` or worse, of `kinds` (`nil`:
    /// all), not in `known`.
    public func expectNoFindings(atLeast severity: Severity = .error, kinds: Set<MatrixFinding.Kind>? = nil,
                                 except known: MatrixBaseline = [],
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        MatrixResult(blocks: [self]).expectNoFindings(atLeast: severity, kinds: kinds, except: known,
                                                      sourceLocation: sourceLocation)
    }
}

extension LocaleMatrix {
    /// A matrix of catalogs a test target carries as resources, found in `bundle`
    /// (`Bundle.module`), with toasts from a spec file there too, or one info toast per key.
    ///
    /// ```swift
    /// // Package.swift
    /// .testTarget(name: "AppTests",
    ///             dependencies: [.product(name: "ToastKitTesting", package: "ToastKit")],
    ///             resources: [.copy("Localizable.xcstrings"), .copy("toasts.json")])
    ///
    /// // Tests/AppTests/MatrixTests.swift
    /// let matrix = try LocaleMatrix(resources: ["Localizable.xcstrings"], in: .module, toastSpec: "toasts.json")
    /// ```
    ///
    /// - Parameters:
    ///   - resources: resource names with their extensions (`Localizable.xcstrings`, a
    ///     folder such as `Resources` holding `.lproj` folders).
    ///   - bundle: where to find them.
    ///   - toastSpec: a spec file's resource name; `nil` for one info toast per key, with
    ///     `roles` applied.
    ///   - roles: roles for the generated toasts, by key pattern (``ToastSpec/RoleRule``).
    /// - Throws: ``CatalogError`` naming a resource the bundle does not have, or a catalog or
    ///   spec file that cannot be read (`file:line:column`).
    public init(resources: [String], in bundle: Bundle, toastSpec: String? = nil, roles: [ToastSpec.RoleRule] = [],
                locales: [LocaleTag]? = nil, pseudoLocales: [PseudoLocale] = PseudoLocale.allCases,
                options: Options = Options(), limits: CatalogLimits = .standard) throws(CatalogError) {
        func path(_ name: String) throws(CatalogError) -> String {
            guard let url = bundle.url(forResource: name, withExtension: nil) else {
                throw CatalogError(location: SourceLocation(file: name, line: 1, column: 1), rule: .matrixInput,
                                   message: "no resource of this name in \(bundle.bundlePath); does the test target list it, as resources: [.copy(\"\(name)\")]?")
            }
            return url.path
        }
        var paths: [String] = []
        for name in resources { paths.append(try path(name)) }
        try self.init(catalogPaths: paths, toastSpec: try toastSpec.map(path), roles: roles, locales: locales,
                      pseudoLocales: pseudoLocales, options: options, limits: limits)
    }
}

extension LocaleMatrix {
    /// A matrix of catalogs in the package, at paths relative to its root, which it finds from
    /// the calling test file's `#filePath` (`<root>/Tests/<Target>/<File>.swift`), as
    /// ``GoldenFile/init(path:relativeTo:)`` does: the app's own catalog, without a copy in the
    /// test target, wherever the tests run from.
    ///
    /// ```swift
    /// let matrix = try LocaleMatrix(packagePaths: ["Sources/App/Localizable.xcstrings"],
    ///                               toastSpec: "Tests/AppTests/toasts.json")
    /// ```
    ///
    /// - Throws: ``CatalogError`` naming the file, line and column of what cannot be read.
    public init(packagePaths: [String], toastSpec: String? = nil, roles: [ToastSpec.RoleRule] = [],
                locales: [LocaleTag]? = nil, pseudoLocales: [PseudoLocale] = PseudoLocale.allCases,
                options: Options = Options(), limits: CatalogLimits = .standard,
                relativeTo filePath: String = #filePath) throws(CatalogError) {
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        func resolved(_ path: String) -> String { path.hasPrefix("/") ? path : root.appendingPathComponent(path).path }
        try self.init(catalogPaths: packagePaths.map(resolved), toastSpec: toastSpec.map(resolved), roles: roles, locales: locales,
                      pseudoLocales: pseudoLocales, options: options, limits: limits)
    }
}
