import Testing
import ToastCatalog
import ToastICU
import ToastKit
import ToastKitTesting

/// What a team adopting the matrix sets: known findings, budgets per locale, roles for
/// generated toasts, and golden diffs that say where.
@Suite struct MatrixAdoptionTests {
    // MARK: Known findings

    static let known: MatrixBaseline = [
        MatrixKnownFinding(toast: "uploaded", locale: "ru", kind: .format),
        MatrixKnownFinding(toast: "a “quoted” \\ id", locale: "en-x-double", kind: .widthBudget),
    ]

    @Test func aBaselineRoundTripsThroughItsFile() throws {
        let text = Self.known.json
        #expect(text == """
            {
              "version" : 1,
              "known" : [
                { "toast" : "a “quoted” \\\\ id", "locale" : "en-x-double", "kind" : "width-budget" },
                { "toast" : "uploaded", "locale" : "ru", "kind" : "format" }
              ]
            }

            """)
        #expect(try MatrixBaseline(json: Array(text.utf8), file: "known.json") == Self.known)
        #expect(MatrixBaseline(known: []).json == "{\n  \"version\" : 1,\n  \"known\" : []\n}\n")
    }

    @Test(arguments: [
        ("[]", "known.json:1:1: error: [matrix-baseline] expected an object with a \"known\" array"),
        ("{\"known\": {}}", "known.json:1:1: error: [matrix-baseline] expected an object with a \"known\" array"),
        ("{\"known\": [\n  {\"toast\": \"a\", \"locale\": 3, \"kind\": \"format\"}]}", "known.json:1:2: error: [matrix-baseline] expected each of \"known\" to be an object"),
        ("{\"known\": [\n  {\"toast\": \"a\", \"locale\": \"de\",\n   \"kind\": \"typo\"}]}", "known.json:3:4: error: [matrix-baseline] unknown kind “typo”"),
        ("{\"known\": [", "known.json:1:12: error: [json-syntax]"),
    ])
    func aBadBaselineIsLocated(text: String, expected: String) {
        do {
            _ = try MatrixBaseline(json: Array(text.utf8), file: "known.json")
            Issue.record("read \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    @Test func applyingABaselineRemovesOnlyWhatItKnowsAndShrinks() throws {
        let catalog = try Seeded.catalog([
            ("%lld files", [("en", .plural(["one": "%lld file", "other": "%lld files"])),
                            ("ru", .plural(["one": "%lld файл", "many": "%lld файлов", "other": "%lld файла"])),
                            ("de", .plural(["one": "%lld Datei", "other": "%@ Dateien"]))]),
        ])
        let toasts = [Toast(.info, id: "uploaded", message: .key(key: "%lld files", arguments: [.int(3)]))]
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: [Seeded.tag("ru"), Seeded.tag("de")],
                                  pseudoLocales: []).run()
        #expect(result.findingsWithPlace(atLeast: .error).map(\.place) == ["uploaded · ru · few · 2", "uploaded · de · other · 2"])
        let applied = result.applying(Self.known)
        #expect(applied.baselined == 1)
        #expect(applied.result.findingsWithPlace(atLeast: .note).map(\.place) == ["uploaded · de · other · 2"])
        // The pseudo-locale entry stays: this run rendered no pseudo-locale.
        #expect(applied.shrunk == Self.known)
        #expect(applied.result.goldenText != result.goldenText, "the counted result leaves the known finding out")
        #expect(MatrixBaseline(result: result).known.count == 2)
        #expect(result.applying(MatrixBaseline(result: result)).result.findings.isEmpty)
    }

    @Test func aRunOverSomeLocalesShrinksOnlyWhatItRendered() throws {
        let catalog = try Seeded.catalog([
            ("Open %@", [("en", .text("Open %@")), ("de", .text("Öffnen")), ("fr", .text("Ouvrir"))]),
        ])
        let toasts = [Toast(.info, id: "open", message: .key(key: "Open %@", arguments: [.string("a.txt")]))]
        let known: MatrixBaseline = [MatrixKnownFinding(toast: "open", locale: "de", kind: .droppedArgument),
                                     MatrixKnownFinding(toast: "open", locale: "fr", kind: .droppedArgument),
                                     MatrixKnownFinding(toast: "gone", locale: "de", kind: .fallback)]
        let deOnly = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: [Seeded.tag("de")], pseudoLocales: []).run()
        let applied = deOnly.applying(known)
        #expect(applied.baselined == 1 && applied.result.findings.isEmpty)
        #expect(applied.shrunk == known, "fr was not rendered and the toast “gone” is not in this run: both stay")
        // Fixed in fr and rendered there: that entry drops out.
        let fixed = try Seeded.catalog([("Open %@", [("en", .text("Open %@")), ("de", .text("Öffnen")), ("fr", .text("Ouvrir %@"))])])
        let both = LocaleMatrix(catalogs: [fixed], toasts: toasts, locales: [Seeded.tag("de"), Seeded.tag("fr")], pseudoLocales: []).run()
        #expect(both.applying(known).shrunk == [MatrixKnownFinding(toast: "open", locale: "de", kind: .droppedArgument),
                                                 MatrixKnownFinding(toast: "gone", locale: "de", kind: .fallback)])
    }

    @Test func aPseudoLocaleIsKnownByNameOrTag() throws {
        let catalog = try Seeded.catalog([("Saved", [("en", .text("Saved"))])])
        var options = LocaleMatrix.Options(width: nil)
        #expect(options.applyBudget("all=30", lines: false) == nil)  // en is 18 cells, double 36
        let result = LocaleMatrix(catalogs: [catalog], toasts: [Toast(.info, id: "saved", message: "Saved")], locales: nil,
                                  pseudoLocales: [.double], options: options).run()
        #expect(result.findingsWithPlace(atLeast: .error).map(\.place) == ["saved · en-x-double (double)"])
        for name in ["double", "en-x-double"] {
            let applied = result.applying([MatrixKnownFinding(toast: "saved", locale: name, kind: .widthBudget)])
            #expect(applied.baselined == 1 && applied.shrunk.known.count == 1, "\(name)")
        }
    }

    // MARK: Budgets

    @Test(arguments: [
        // (budgets applied, role, target, expected cells)
        (["all=80"], ToastRole.error, "de", 80),
        (["all=80", "error=60"], .error, "de", 60),
        (["all=80", "error=60", "de:all=90"], .error, "de", 90),
        (["all=80", "error=60", "de:all=90", "de:error=70"], .error, "de", 70),
        (["all=80", "error=60", "de:all=90"], .error, "fr", 60),
        (["all=80", "double:all=160"], .info, "double", 160),
        (["all=80", "en-x-double:info=150"], .info, "double", 150),
        (["all=80", "double:all=160"], .info, "accented", 80),
        (["de:info=50"], .info, "de", 50),
        (["de:info=50"], .success, "de", nil),
    ] as [([String], ToastRole, String, Int?)])
    func theMostSpecificBudgetWins(budgets: [String], role: ToastRole, target: String, cells: Int?) {
        var options = LocaleMatrix.Options()
        for text in budgets { #expect(options.applyBudget(text, lines: false) == nil) }
        let pseudo = PseudoLocale(rawValue: target)
        let tag = pseudo?.tag(sourceLanguage: LocaleTag("en")!) ?? LocaleTag(target)!
        #expect(options.budget(for: role, target: LocaleMatrix.Target(locale: tag, pseudo: pseudo)).cells == cells)
    }

    @Test func aPseudoLocalesNameAndTagCombine() {
        var options = LocaleMatrix.Options()
        #expect(options.applyBudget("double:all=160", lines: false) == nil)
        #expect(options.applyBudget("en-x-double:error=120", lines: false) == nil)
        #expect(options.applyBudget("double:all=3", lines: true) == nil)
        let target = LocaleMatrix.Target(locale: PseudoLocale.double.tag(sourceLanguage: LocaleTag("en")!), pseudo: .double)
        #expect(options.budget(for: .error, target: target) == LocaleMatrix.Budget(cells: 120, lines: 3))
        #expect(options.budget(for: .info, target: target) == LocaleMatrix.Budget(cells: 160, lines: 3))
        #expect(options.unusedBudgetScopes(for: [target]) == [])
        #expect(options.unusedBudgetScopes(for: [LocaleMatrix.Target(locale: LocaleTag("de")!)]) == ["double", "en-x-double"])
    }

    @Test(arguments: ["ru_RU?:all=10", "not a tag:all=10", "@@:error=5"])
    func aScopeThatIsNoLocaleIsRefused(text: String) {
        var options = LocaleMatrix.Options()
        let problem = options.applyBudget(text, lines: false) ?? ""
        #expect(problem.contains("is neither a locale tag nor a pseudo-locale") || problem.hasPrefix("expected a locale or pseudo-locale"), "\(problem)")
        #expect(options.localeBudgets.isEmpty)
    }

    @Test func cellsAndLinesAreScopedApart() {
        var options = LocaleMatrix.Options()
        #expect(options.applyBudget("ja:all=40", lines: false) == nil)
        #expect(options.applyBudget("all=2", lines: true) == nil)
        let budget = options.budget(for: .warning, target: LocaleMatrix.Target(locale: LocaleTag("ja")!, pseudo: nil))
        #expect(budget == LocaleMatrix.Budget(cells: 40, lines: 2))
    }

    @Test func aLocaleBudgetAppliesInItsLocaleOnly() throws {
        let text = "The disk is full and nothing more can be saved."
        let catalog = try Seeded.catalog([(text, [("en", .text(text)), ("de", .text("Die Festplatte ist voll; es kann nichts mehr gesichert werden."))])])
        var options = LocaleMatrix.Options(width: nil)
        #expect(options.applyBudget("all=60", lines: false) == nil)  // en is 54 cells, de 70
        #expect(options.applyBudget("double:all=200", lines: false) == nil)
        let toasts = [Toast(.error, id: "full", message: .key(key: text))]
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: [Seeded.tag("en"), Seeded.tag("de")],
                                  pseudoLocales: [.double], options: options).run()
        // The double pseudo-locale doubles the role word too ("Error Error:"), 108 cells: over
        // 60, within its own 200.
        #expect(result.findingsWithPlace(atLeast: .note).map(\.place) == ["full · de"])
        #expect(result.blocks.last?.cells.first?.lines.first?.hasPrefix("Error Error: The The disk disk") == true)
        #expect(result.blocks.last?.cells.first?.widest == 108)
    }

    // MARK: Roles for generated toasts

    @Test(arguments: [
        ("error.*", "error.disk", true), ("error.*", "errors.disk", false), ("*failed*", "upload failed: %@", true),
        ("*failed", "failed later", false), ("?x", "ax", true), ("?x", "x", false), ("*", "", true), ("", "", true),
        ("a*b*c", "abxxbc", true), ("a*b*c", "abxxbx", false), ("*.*.*", "a.b", false), ("日本*", "日本語", true),
        ("Errors/*", "anything", true),
    ])
    func patternsMatchWholeKeys(pattern: String, key: String, matches: Bool) {
        #expect(ToastSpec.RoleRule(pattern: pattern, role: .error).matches(key: key, id: "Errors/" + key) == matches)
    }

    @Test func generatedToastsTakeTheFirstMatchingRole() throws {
        let catalog = try Seeded.catalog([("error.disk", [("en", .text("Disk full"))]), ("saved", [("en", .text("Saved"))]),
                                          ("warning.low", [("en", .text("Low"))])])
        let rules = try ["error.*=error", "*.low=warning", "*=success", "*=error"].map { text throws in try ToastSpec.RoleRule(parsing: text) }
        let toasts = ToastSpec.generated(from: [catalog], roles: rules)
        #expect(toasts.map { "\($0.id) \($0.role.rawValue)" } == ["Localizable/error.disk error", "Localizable/saved success",
                                                                     "Localizable/warning.low warning"])
        #expect(ToastSpec.generated(from: [catalog]).allSatisfy { $0.role == .info })
    }

    @Test(arguments: [("error", "expected PATTERN=ROLE"), ("=error", "expected PATTERN=ROLE"), ("x=loud", "unknown role “loud”")])
    func aBadRoleRuleIsExplained(text: String, expected: String) {
        #expect(throws: ToastSpec.RoleRuleError.self) { try ToastSpec.RoleRule(parsing: text) }
        do { _ = try ToastSpec.RoleRule(parsing: text) } catch { #expect(error.message.hasPrefix(expected)) }
    }
}
